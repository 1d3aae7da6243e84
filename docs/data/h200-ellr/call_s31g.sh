#!/bin/bash
# H200 2026-11-24 (stop 31): ELL-R in double, seed 003's pairs (A, before 78e8ae6) against the
# loop unrolled by 4 (B, main), on small products: the training's re-measured ELL-R rows on the
# H200 came out 1.37x slower below 20 µs (4.4 -> 6.6 µs), with no other format measured beside
# them. CSR-scalar (unchanged) is the control of the session's launch floor. Each matrix twice.
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=/tmp/s31g; rm -rf $r; mkdir -p $r
( while sleep 20; do tar czf $OUT/s31g.tgz.part -C /tmp s31g && mv $OUT/s31g.tgz.part $OUT/s31g.tgz; done ) &
m=.gpu/matrices
mats="laplace3d:10 laplace3d:46 band:10000:1 band:100000:4 blockdiag:20000:8 laplace2d:316 $m/lns_3937.mtx.gz $m/M80PI_n.mtx.gz $m/cti.mtx.gz $m/3elt.mtx.gz $m/fd18.mtx.gz random:60000:81:fixed $m/lpi_gosh.mtx.gz"
PRECISIONS=double FORMATS=ellr,csr_scalar RUNS=30 BATCH=200 LIMIT=150 bash scripts/gpu_ab.sh $r/run1 .gpu/a .gpu/b $mats
PRECISIONS=double FORMATS=ellr,csr_scalar RUNS=30 BATCH=200 LIMIT=150 bash scripts/gpu_ab.sh $r/run2 .gpu/a .gpu/b $mats
tar czf $OUT/s31g.tgz.part -C /tmp s31g && mv $OUT/s31g.tgz.part $OUT/s31g.tgz
