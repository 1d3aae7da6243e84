#!/bin/bash
# H100 2026-11-24 (stop 30): ELL-R's loop, seed 003's pairs (main, .gpu/a) against a plain loop
# over the row's length that the compiler unrolls as it likes (.gpu/b) and the same with
# `#pragma unroll 4` (.gpu/c); ELL (unchanged) as the control.
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=/tmp/s30i; rm -rf $r; mkdir -p $r
( while sleep 20; do tar czf $OUT/s30i.tgz.part -C /tmp s30i && mv $OUT/s30i.tgz.part $OUT/s30i.tgz; done ) &
mats="band:120000:40 perm:band:60000:80 random:60000:81:fixed laplace3d27:100 band:1000000:8 blockdiag:100000:64 random:1000000:8:normal random:50000:300:normal laplace2d:1000 laplace3d:100"
FORMATS=ellr,ell RUNS=30 BATCH=100 LIMIT=200 bash scripts/gpu_ab.sh $r/plain .gpu/a .gpu/b $mats
FORMATS=ellr,ell RUNS=30 BATCH=100 LIMIT=200 bash scripts/gpu_ab.sh $r/unroll4 .gpu/a .gpu/c $mats
tar czf $OUT/s30i.tgz.part -C /tmp s30i && mv $OUT/s30i.tgz.part $OUT/s30i.tgz
