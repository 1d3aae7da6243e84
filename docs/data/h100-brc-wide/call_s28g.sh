#!/bin/bash
# H100 2026-11-24 (stop 28): BRC work-groups past the multi-tile blocks leave before the barriers (branch brc-exit) against main, A/B,
# both precisions, with CSR-adaptive beside it as the reference. The archive is rewritten every
# 20 s, so a cut-off call still returns what it measured.
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=/tmp/ab; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/s28g.tgz.part -C /tmp ab 2>/dev/null && mv $OUT/s28g.tgz.part $OUT/s28g.tgz; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv >$r/gpu.txt 2>&1
( while sleep 20; do save; done ) &
saver=$!
FORMATS=brc,csr_adaptive RUNS=20 BATCH=100 LIMIT=430 scripts/gpu_ab.sh $r .gpu/a . \
    arrow:1000000:2:2 longrows:1000000:4:36:50000 powerlaw:1000000:4:100000:1 rmat:20 random:1000000:16:normal \
    random:50000:300:fixed laplace3d:100 rmat:21
kill $saver
save
