#!/bin/bash
# stop 40, calls 3-4: after the chunked narrowing (733b16e), refill the single rows' setups of
# the shipped table (.gpu/s40/NAME.single.nan.tsv.gz) and a second session of the real
# matrices (NAME=h100: sess2b, its single rows; h200: sess2, both precisions), by train.
source .gpu/setup.sh >/dev/null 2>&1
set -u
NAME=${NAME:-h100} LIM=${LIM:-400} LIM2=${LIM2:-90}
mkdir -p "$OUT/t"
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >"$OUT/t/host.txt" 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >"$OUT/t/build.log" 2>&1 || exit 1
M=.gpu/matrices
run() { # TABLE LIMIT ARGS...: refill until "measured now" (before the fit) or LIMIT seconds
    local tab=$1 lim=$2 log=$OUT/t/$(basename "$1" .tsv).log
    shift 2
    ./build-gpu/spmvp train --device nvidia --base ".gpu/nvidia-$NAME.json" --table "$tab" -o /tmp/x.json \
        --manifest $M/MANIFEST.tsv --all-configs-nnz 70 "$@" >>"$log" 2>&1 &
    local pid=$! s=$(date +%s)
    while kill -0 $pid 2>/dev/null; do
        grep -q "configurations measured now" "$log" && break
        [ $(($(date +%s) - s)) -gt "$lim" ] && { echo "LIMIT $tab" >>"$OUT/t/host.txt"; break; }
        sleep 1
    done
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    echo "$(basename "$tab"): $(($(date +%s) - s)) s" >>"$OUT/t/host.txt"
}
a=/tmp/$NAME.single.tsv
zcat .gpu/s40/$NAME.single.nan.tsv.gz >$a
if [ "$NAME" = h200 ]; then
    run $a $((LIM * 3 / 4))
    run $a $((LIM / 4)) --quick --corpus none $M/*.mtx.gz
    b=/tmp/$NAME.sess2.tsv; zcat .gpu/s40/$NAME.sess2.nan.tsv.gz >$b
    run $b "$LIM2" --quick --corpus none $M/*.mtx.gz
else
    run $a "$LIM" $M/*.mtx.gz
    b=/tmp/$NAME.sess2b.tsv; zcat .gpu/s40/$NAME.sess2b.nan.tsv.gz >$b
    run $b "$LIM2" --corpus none $M/*.mtx.gz
fi
cp $a $b "$OUT/t/"
echo "total $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
cd "$OUT" && gzip t/*.tsv && tar czf t.tgz t && rm -rf t
