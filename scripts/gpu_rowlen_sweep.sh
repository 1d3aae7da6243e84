#!/bin/bash
# scripts/gpu_rowlen_sweep.sh [PRECISION]: on the GPU machine (carry .gpu; `source
# .gpu/setup.sh` is done here), CSR-vector and SELL on rows of one length, over row lengths
# around 256 and column counts around the L1's size, to tell apart the two candidate causes of
# CSR-vector's 2x on random:60000:250:fixed (docs/predictions-h100.md, "Rows of one length in
# the hundreds"): a row start off a 128-byte line (length not a multiple of 32) or x larger
# than what the L1 keeps (60,000 columns: 240 KB in single). Each matrix has about 10^7 entries
# (rows = 10^7 / length), so the products compare per entry; x's size is set by xCOLS. bench
# runs the two formats at their automatic mappings and CSR-vector at work-group 512 (rank's pick
# there). Writes $OUT/rowlen.tgz: rowlen/COLS_LEN.json and COLS_LEN_wg512.json; per format,
# batch_us / nnz is its time per entry.
source .gpu/setup.sh >/dev/null 2>&1
set -u
prec=${1:-single}
o=$OUT/rowlen
mkdir -p "$o"
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >"$o/build.log" 2>&1 || exit 1
for cols in 30000 40000 50000 60000; do
    for len in 248 250 252 256 264; do
        rows=$((10000000 / len))
        m=random:${rows}x$cols:$len:fixed:7
        f="$o/${cols}_$len.json"
        ./build-gpu/spmvp bench "$m" --precision "$prec" --device nvidia --formats csr_vector,sell \
            --runs 20 --batch 100 --json >"$f" 2>/dev/null
        ./build-gpu/spmvp bench "$m" --precision "$prec" --device nvidia --formats csr_vector \
            --wg-size 512 --runs 20 --batch 100 --json >"${f%.json}_wg512.json" 2>/dev/null
    done
done
cd "$OUT" && tar czf rowlen.tgz rowlen && rm -rf rowlen
