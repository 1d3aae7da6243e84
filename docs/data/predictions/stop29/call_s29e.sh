#!/bin/bash
# H200 2026-11-24 (stop 29): every format of the 112 real matrices measured again in one session
# (train --quick, as the table was made), twice, so that the table's launch-bound products
# (4-6 µs, where sessions differ by 5-20 %) all come from one session: the CSR-vector rows
# measured this morning had run 1.07-1.09x slower than the same day's others on an unchanged
# launch-bound path. The generated corpus stays as measured (the morning's CSR-vector rows in it).
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
mkdir -p "$OUT/t"
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >"$OUT/t/build.log" 2>&1 || exit 1
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; sha256sum cl/*.cl; } >"$OUT/t/gpu.txt"
for s in 1 2; do
    tab=$OUT/t/h200.s$s.tsv log=$OUT/t/train-s$s.log
    cp .gpu/h200.real.drop.tsv "$tab"
    left=$((570 - ($(date +%s) - t0)))
    [ $s = 2 ] && [ $left -lt 200 ] && { echo "no time for session 2 ($left s)" >>"$OUT/t/gpu.txt"; rm -f "$tab"; break; }
    ./build-gpu/spmvp train --device nvidia --base .gpu/nvidia-h200.json --table "$tab" -o "$OUT/t/x.json" \
        --manifest .gpu/matrices/MANIFEST.tsv --all-configs-nnz 70 --precision both --quick --corpus none \
        .gpu/matrices/*.mtx.gz >"$log" 2>&1 &
    pid=$! s0=$(date +%s)
    while kill -0 $pid 2>/dev/null; do
        tail -c 3000 "$log" | grep -q "configurations measured now" && break
        [ $(($(date +%s) - t0)) -gt 570 ] && { echo "LIMIT session $s" >>"$OUT/t/gpu.txt"; break; }
        sleep 1
    done
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    echo "session $s: $(($(date +%s) - s0)) s, $(wc -l <"$tab") lines" >>"$OUT/t/gpu.txt"
done
rm -f "$OUT/t/x.json"
cd "$OUT" && tar czf t.tgz t && rm -rf t
