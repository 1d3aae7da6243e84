#!/bin/bash
# stop 41, call 9 (H100): the 1,334 rows of the H100 table whose staged upload came out above
# the pageable one in calls 4-5 (a stalling host; merge_large.py kept the pageable time)
# measured again by this tree, whose train times a setup under 50 ms twice and keeps the
# lesser (cmd_train.c's setup_again). .gpu/s41/h100.kept.nan.tsv.gz, limited to LIM seconds.
source .gpu/setup.sh >/dev/null 2>&1
set -u
LIM=${LIM:-380}
mkdir -p "$OUT/t"
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/t/host.txt" 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >"$OUT/t/build.log" 2>&1 || exit 1
M=.gpu/matrices tab=/tmp/h100.kept.tsv log=$OUT/t/h100.kept.log
zcat .gpu/s41/h100.kept.nan.tsv.gz >$tab
./build-gpu/spmvp train --device nvidia --base .gpu/nvidia-h100.json --table $tab -o /tmp/x.json \
    --manifest $M/MANIFEST.tsv --all-configs-nnz 70 $M/*.mtx.gz >>"$log" 2>&1 &
pid=$! s=$(date +%s)
while kill -0 $pid 2>/dev/null; do
    grep -q "configurations measured now" "$log" && break
    [ $(($(date +%s) - s)) -gt "$LIM" ] && { echo "LIMIT" >>"$OUT/t/host.txt"; break; }
    sleep 1
done
kill $pid 2>/dev/null; wait $pid 2>/dev/null
echo "refill $(($(date +%s) - s)) s" >>"$OUT/t/host.txt"
gzip -c $tab >"$OUT/t/h100.kept.tsv.gz"
echo "total $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
cd "$OUT" && tar czf t.tgz t && rm -rf t
