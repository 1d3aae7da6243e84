#!/bin/bash
# stop 50, call 8 (H200): COO's entries a work-item again, with the one-barrier tile (stop 48
# swept them with three: 4 the best, 8 1.00-1.25x its time). The build's kernel; --coo-items 4
# and 8 at work-groups of 256, 8 at 128; the GPU-scale set, both precisions, rotated orders.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
source scripts/gpu_scale_set.sh
set -u
c=/tmp/c50h; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c50h.tgz.part -C /tmp c50h 2>/dev/null && mv $OUT/c50h.tgz.part $OUT/c50h.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
cfgs="4:256 8:256 8:128"
i=0
for m in laplace3d27:60 laplace3d:100 $SPMVP_GPU_SCALE_SET; do
  case $m in laplace3d27:60|laplace3d:100) [ $i -ge 4 ] && continue;; esac
  name=$(echo $m | tr ':' '_')
  for prec in single double; do
    order=$(echo $cfgs | tr ' ' '\n' | awk -v k=$i '{a[NR-1]=$0} END {for (j=0;j<NR;j++) print a[(j+k)%NR]}')
    for cfg in $order; do
      IFS=: read -r it wg <<<"$cfg"
      timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats coo --coo-items $it --wg-size $wg --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_i$it-w$wg.json 2>$c/r/${name}_${prec}_i$it-w$wg.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 200 ] && { echo "stopped at $m" >>$c/host.txt; break; }
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
