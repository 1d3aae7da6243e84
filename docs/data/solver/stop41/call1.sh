#!/bin/bash
# stop 41, call 1 (NAME=h200) / 2 (NAME=h100): the upload A/B (upload_ab.c: pageable writes
# against pinned staging), then on the H200 its SELL rows' setups refilled by this tree
# (.gpu/s41/h200.sell.nan.tsv.gz, convert_us nan), limited to LIM seconds.
source .gpu/setup.sh >/dev/null 2>&1
set -u
NAME=${NAME:-h200} LIM=${LIM:-330}
mkdir -p "$OUT/t"
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/t/host.txt" 2>&1
gcc -O2 -std=c11 -fopenmp .gpu/s41/upload_ab.c -o /tmp/upload_ab -lOpenCL >"$OUT/t/build.log" 2>&1 || exit 1
/tmp/upload_ab 7 >"$OUT/t/upload-$NAME.tsv" 2>>"$OUT/t/host.txt"
echo "upload_ab $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
if [ "$NAME" = h200 ]; then
    { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >>"$OUT/t/build.log" 2>&1 || exit 1
    M=.gpu/matrices tab=/tmp/$NAME.sell.tsv log=$OUT/t/$NAME.sell.log
    zcat .gpu/s41/$NAME.sell.nan.tsv.gz >$tab
    run() { # LIMIT ARGS...
        local lim=$1; shift
        ./build-gpu/spmvp train --device nvidia --base ".gpu/nvidia-$NAME.json" --table $tab -o /tmp/x.json \
            --manifest $M/MANIFEST.tsv --all-configs-nnz 70 "$@" >>"$log" 2>&1 &
        local pid=$! s=$(date +%s)
        while kill -0 $pid 2>/dev/null; do
            grep -q "configurations measured now" "$log" && break
            [ $(($(date +%s) - s)) -gt "$lim" ] && { echo "LIMIT" >>"$OUT/t/host.txt"; break; }
            sleep 1
        done
        kill $pid 2>/dev/null; wait $pid 2>/dev/null
        echo "refill $(($(date +%s) - s)) s" >>"$OUT/t/host.txt"
    }
    run $((LIM * 3 / 4))
    run $((LIM / 4)) --quick --corpus none $M/*.mtx.gz
    gzip -c $tab >"$OUT/t/$NAME.sell.tsv.gz"
fi
echo "total $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
cd "$OUT" && tar czf t.tgz t && rm -rf t
