#!/bin/bash
# H100 2026-11-24 (stop 30): ELL and ELL-R read ELL_U = 8 slots a block, as sell.cl does (the
# working tree), against main (.gpu/a) and against the predicated full-width ELL of call_s30b.sh
# (.gpu/b, ELL-R as main): ELL, HYB and ELL-R on long and short rows, local and scattered x.
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=/tmp/s30c; rm -rf $r; mkdir -p $r
( while sleep 20; do tar czf $OUT/s30c.tgz.part -C /tmp s30c && mv $OUT/s30c.tgz.part $OUT/s30c.tgz; done ) &
mats="band:120000:40 perm:band:60000:80 random:60000:81:fixed laplace3d27:100 band:1000000:8 blockdiag:100000:64 random:1000000:8:normal rmat:18 random:50000:300:normal laplace2d:1000 laplace3d:100"
FORMATS=ell,hyb,ellr RUNS=30 BATCH=100 LIMIT=200 bash scripts/gpu_ab.sh $r/new .gpu/a . $mats
FORMATS=ell,hyb,ellr RUNS=30 BATCH=100 LIMIT=200 bash scripts/gpu_ab.sh $r/pn .gpu/b . $mats
tar czf $OUT/s30c.tgz.part -C /tmp s30c && mv $OUT/s30c.tgz.part $OUT/s30c.tgz
