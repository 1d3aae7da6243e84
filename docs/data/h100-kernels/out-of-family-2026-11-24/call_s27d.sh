#!/bin/bash
# H100 2026-11-24 (stop 27): spmvp against cuSPARSE on the three families no table holds
# (blocks3d, arrow, powerlaw). Per matrix and precision: spmvp bench (every format at its
# automatic mapping, 10 warm-ups, 50 runs, batch 200, --max-seconds 2) and cusparse_ref (every
# algorithm, same counts), the archive rewritten after each.
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
r=/tmp/s27d; rm -rf $r; mkdir -p $r/spmvp $r/cusparse
save() { tar czf $OUT/s27d.tgz.part -C /tmp s27d && mv $OUT/s27d.tgz.part $OUT/s27d.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$r/build.log 2>&1
{ cmake -S . -B build-cuda -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc && cmake --build build-cuda --target cusparse_ref -j 16; } >$r/build-cuda.log 2>&1
echo "builds $(( $(date +%s) - t0 )) s" >>$r/summary.txt
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >$r/gpu.txt 2>&1
save
mats="blocks3d:40:3 powerlaw:1000000:4:100000:1 arrow:1000000:2:2 perm:5:blocks3d:30:3 blocks3d:16:3 powerlaw:100000:2:20000:2 arrow:200000:1:2"
for m in $mats; do
    for p in double single; do
        [ $(( $(date +%s) - t0 )) -gt 480 ] && { echo "LIMIT before $m $p" >>$r/summary.txt; break 2; }
        n=$(echo "$m" | tr ':/' '__')
        timeout 60 ./build-gpu/spmvp bench "$m" --precision $p --device nvidia --warmup 10 --runs 50 --batch 200 --json >"$r/spmvp/bench_${n}_$p.json" 2>"$r/spmvp/bench_${n}_$p.err" || echo "bench failed ($?): $m $p" >>$r/summary.txt
        timeout 60 ./build-cuda/bench/cusparse_ref "$m" --precision $p --warmup 10 --runs 50 --batch 200 --json >"$r/cusparse/cusparse_${n}_$p.json" 2>"$r/cusparse/cusparse_${n}_$p.err" || echo "cusparse failed ($?): $m $p" >>$r/summary.txt
        echo "$p $m $(( $(date +%s) - t0 )) s" >>$r/summary.txt
        save
    done
done
echo "total $(( $(date +%s) - t0 )) s" >>$r/summary.txt
save
