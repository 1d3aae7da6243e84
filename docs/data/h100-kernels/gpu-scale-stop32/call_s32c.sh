#!/bin/bash
# H100 2026-11-24 (stop 32): the GPU-scale set in one session against cuSPARSE, with streaming loads (SPMVP_STREAM) and today's
# kernels (full-width ELL and HYB): scripts/gpu_kernels.sh without its sweeps
# (every format, automatic mappings, both precisions), SELL with 16-bit columns beside it (the
# variant rank ranks), then scripts/gpu_cusparse.sh on the same matrices (long rows included).
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
r=/tmp/s32c; rm -rf $r; mkdir -p $r/empty $r/sp $r/cu
save() { tar czf $OUT/s32c.tgz.part -C /tmp s32c 2>/dev/null && mv $OUT/s32c.tgz.part $OUT/s32c.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$r/build.log 2>&1
( while sleep 20; do save; done ) &
saver=$!
SPMVP=./build-gpu/spmvp SPMVP_SWEEP="" timeout 330 scripts/gpu_kernels.sh $r/sp $r/empty >$r/kernels.log 2>&1
for p in double single; do
    for m in laplace3d:100 laplace3d27:60 random:50000:300:fixed; do
        timeout 40 ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats sell --sell-idx 16 \
            --runs 50 --warmup 10 --batch 200 --json >$r/sp/sell16_$(echo $m | tr ':' '_')_$p.json 2>/dev/null
    done
done
echo "spmvp done $(( $(date +%s) - t0 )) s" >>$r/times.txt
save
timeout $(( 570 - ($(date +%s) - t0) )) scripts/gpu_cusparse.sh $r/cu $r/empty >$r/cusparse.log 2>&1
echo "total $(( $(date +%s) - t0 )) s" >>$r/times.txt
kill $saver
save
