#!/bin/bash
# H100 2026-11-24 (stop 29): CSR-vector's cost of scattered x, by row length, to design the
# feature the models lack (docs/predictions-h100.md, stop 29): rows of 27 (laplace3d27:60),
# 81 (band:120000:40) and 161 (band:60000:80), each as generated (x read locally) and permuted
# (perm:5:..., x scattered), and random rows of 81 (x scattered, 120,000 columns). Single
# precision; CSR-vector at V = 4, 8, 16, 32, then SELL and ELL-R at their automatic mappings.
# No blocks3d (the out-of-family test family). Archive rewritten every 20 s.
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
r=/tmp/s29h; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/s29h.tgz.part -C /tmp s29h 2>/dev/null && mv $OUT/s29h.tgz.part $OUT/s29h.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$r/build.log 2>&1
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; sha256sum cl/csr_vector.cl cl/sell.cl cl/ellr.cl; } >$r/runs.txt
( while sleep 20; do save; done ) &
saver=$!
for m in laplace3d27:60 perm:5:laplace3d27:60 band:120000:40 perm:5:band:120000:40 band:60000:80 perm:5:band:60000:80 random:120000:81:fixed; do
    n=$(echo "$m" | tr ':' '_')
    for v in 4 8 16 32; do
        [ $(( $(date +%s) - t0 )) -gt 330 ] && { echo "LIMIT before $m" >>$r/runs.txt; break 2; }
        timeout 40 ./build-gpu/spmvp bench $m --device nvidia --precision single --formats csr_vector \
            --vector-width $v --runs 20 --warmup 5 --batch 100 --json >$r/${n}_v$v.json 2>$r/${n}_v$v.err
    done
    timeout 40 ./build-gpu/spmvp bench $m --device nvidia --precision single --formats sell,ellr,csr_adaptive \
        --runs 20 --warmup 5 --batch 100 --json >$r/${n}_other.json 2>$r/${n}_other.err
done
echo "total $(( $(date +%s) - t0 )) s" >>$r/runs.txt
kill $saver
save
