#!/bin/bash
# H100 2026-11-24 (stop 28): BRC with wide rows and two-level sums (main at the merge of
# brc-wide) on stop 26's every-matrix set, as scripts/gpu_kernels.sh ran it (warm-up 10, runs
# 50, batch 200, both precisions), CSR-adaptive beside it as the anchor to stop 26's session.
# The GPU-scale set first, then the real matrices largest first; archive rewritten every 20 s.
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
r=/tmp/s28d; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/s28d.tgz.part -C /tmp s28d 2>/dev/null && mv $OUT/s28d.tgz.part $OUT/s28d.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$r/build.log 2>&1
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; sha256sum cl/brc.cl; } >$r/runs.txt
( while sleep 20; do save; done ) &
saver=$!
mats="laplace3d:100 laplace3d27:60 rmat:20 rmat:21 random:1000000:20:uniform random:50000:300:fixed longrows:1000000:4:36:50000"
mats="$mats $(ls -S .gpu/matrices/*.mtx.gz)"
for m in $mats; do
    [ $(( $(date +%s) - t0 )) -gt 520 ] && { echo "LIMIT before $m" >>$r/runs.txt; break; }
    n=$(basename "$m" .mtx.gz | tr ':' '_')
    for p in double single; do
        timeout 60 ./build-gpu/spmvp bench "$m" --device nvidia --precision $p --formats brc,csr_adaptive \
            --runs 50 --warmup 10 --batch 200 --json >$r/bench_${n}_$p.json 2>$r/bench_${n}_$p.err ||
            echo "FAILED $m $p" >>$r/runs.txt
    done
done
echo "total $(( $(date +%s) - t0 )) s" >>$r/runs.txt
kill $saver
save
