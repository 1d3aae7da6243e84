#!/bin/bash
# H100 2026-11-24 (stop 31): ELL-R's loops. A = main (double: `#pragma unroll 4`; single: seed
# 003's pairs), B = quads of slots loaded before they are added, then a pair, then a single
# (both precisions). Small products included: unroll 4 took ELL-R's floor from ~5 to ~7 µs.
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=/tmp/s31d; rm -rf $r; mkdir -p $r
( while sleep 20; do tar czf $OUT/s31d.tgz.part -C /tmp s31d && mv $OUT/s31d.tgz.part $OUT/s31d.tgz; done ) &
m=.gpu/matrices
mats="laplace3d:10 band:10000:1 laplace2d:316 laplace3d:46 band:100000:4 blockdiag:20000:8 $m/lns_3937.mtx.gz $m/M80PI_n.mtx.gz $m/fd18.mtx.gz $m/3elt.mtx.gz $m/cti.mtx.gz random:50000:300:normal perm:band:60000:80 band:120000:40 random:60000:81:fixed laplace3d27:100 $m/lpi_gosh.mtx.gz $m/dynamicSoaringProblem_5.mtx.gz $m/lp_dfl001.mtx.gz rmat:12:8"
FORMATS=ellr,csr_scalar RUNS=30 BATCH=100 LIMIT=400 bash scripts/gpu_ab.sh $r/quad .gpu/a .gpu/b $mats
tar czf $OUT/s31d.tgz.part -C /tmp s31d && mv $OUT/s31d.tgz.part $OUT/s31d.tgz
