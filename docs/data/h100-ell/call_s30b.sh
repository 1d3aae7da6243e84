#!/bin/bash
# H100 2026-11-24 (stop 30): ELL's kernel, two rewrites against main: B (.gpu/b) loads a pair of
# slots before adding either and stops at the pair that holds the row's end; P (the working tree)
# runs the full width, predicated on the slot holding an entry (no break, so the compiler can
# keep several slots' loads in flight). ELL, HYB (its ELL part is this kernel) and ELL-R (the
# control, unchanged) on long and short rows, local and scattered x, padded and not.
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=/tmp/s30b; rm -rf $r; mkdir -p $r
( while sleep 20; do tar czf $OUT/s30b.tgz.part -C /tmp s30b && mv $OUT/s30b.tgz.part $OUT/s30b.tgz; done ) &
mats="band:120000:40 perm:band:60000:80 random:60000:81:fixed laplace3d27:100 band:1000000:8 blockdiag:100000:64 random:1000000:8:normal rmat:18 random:50000:300:normal laplace2d:1000 laplace3d:100"
FORMATS=ell,hyb,ellr RUNS=30 BATCH=100 LIMIT=200 bash scripts/gpu_ab.sh $r/b .gpu/a .gpu/b $mats
FORMATS=ell,hyb,ellr RUNS=30 BATCH=100 LIMIT=200 bash scripts/gpu_ab.sh $r/p .gpu/a . $mats
tar czf $OUT/s30b.tgz.part -C /tmp s30b && mv $OUT/s30b.tgz.part $OUT/s30b.tgz
