#!/bin/bash
# H100 2026-11-24 (stop 28): BRC's block size swept (brc-wide with two-level sums) on the
# generated matrices with long rows and two controls, double precision: the model's B against
# the best measured (scripts/gpu_brc_sweep.sh). Archive rewritten every 20 s.
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=/tmp/sweep; rm -rf $r; mkdir -p $r/empty
save() { tar czf $OUT/s28c.tgz.part -C /tmp sweep 2>/dev/null && mv $OUT/s28c.tgz.part $OUT/s28c.tgz; }
{ cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build --target spmvp -j 16; } >$r/build.log 2>&1
( while sleep 20; do save; done ) &
saver=$!
SPMVP_RUNS=20 SPMVP_BLOCKS="8 16 32 64 128" SPMVP_GENERATED="arrow:1000000:2:2 longrows:1000000:4:36:50000 powerlaw:1000000:4:100000:1 powerlaw:2000000:4:1000000:1 rmat:21 rmat:20 random:1000000:16:normal laplace3d:100" \
    timeout 540 scripts/gpu_brc_sweep.sh $r $r/empty double >$r/table.txt 2>&1
kill $saver
save
