#!/bin/bash
# stop 40, call 7 (H200): finish the single rows' refill that call 3 left at its limit.
source .gpu/setup.sh >/dev/null 2>&1
set -u
mkdir -p "$OUT/t"
t0=$(date +%s)
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >"$OUT/t/build.log" 2>&1 || exit 1
M=.gpu/matrices tab=/tmp/h200.single.tsv log=$OUT/t/h200.single.log
zcat .gpu/s40/h200.single.part.tsv.gz >$tab
./build-gpu/spmvp train --device nvidia --base .gpu/nvidia-h200.json --table $tab -o /tmp/x.json \
    --manifest $M/MANIFEST.tsv --all-configs-nnz 70 --corpus none band:10000:400 perm:band:10000:400 blockdiag:24000:480 perm:blockdiag:24000:480 >>"$log" 2>&1 &
pid=$! s=$(date +%s)
while kill -0 $pid 2>/dev/null; do
    grep -q "configurations measured now" "$log" && break
    [ $(($(date +%s) - s)) -gt 300 ] && { echo "LIMIT" >>"$OUT/t/host.txt"; break; }
    sleep 1
done
kill $pid 2>/dev/null; wait $pid 2>/dev/null
echo "refill $(($(date +%s) - s)) s, total $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
gzip -c $tab >"$OUT/t/h200.single.tsv.gz"
cd "$OUT" && tar czf t.tgz t && rm -rf t
