#!/bin/bash
# stop 48, call 2 (H200): issue 10's goals table, one session of both sides, the tree of af013a4
# (CSR-adaptive's switch over v, after stop 47's constant-v programs)
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
TAG=s48g bash scripts/gpu_goals.sh
cat /tmp/s48g/times.txt
# then COO's entries a work-item (--coo-items 4, the default, 8 and 16) on the same set: not
# swept since its tile moved from local memory to registers (model/sparse/coo.c)
source .gpu/setup.sh >/dev/null 2>&1
source scripts/gpu_scale_set.sh
t0=$(date +%s)
mkdir -p /tmp/s48g/coo
for round in 1 2; do
for m in $SPMVP_GPU_SCALE_SET; do
  for p in single double; do
    for n in 4 8 16; do
      timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats coo --coo-items $n \
        --runs 30 --warmup 10 --batch 200 --json >/tmp/s48g/coo/$(echo $m | tr ':' '_')_${p}_I$n$round.json 2>/dev/null
    done
  done
  [ $(($(date +%s) - t0)) -gt 250 ] && break 2
done
done
echo "coo sweep $(($(date +%s) - t0)) s" >>/tmp/s48g/times.txt
tar czf $OUT/s48g.tgz.part -C /tmp s48g && mv $OUT/s48g.tgz.part $OUT/s48g.tgz
cat /tmp/s48g/times.txt
