#!/bin/bash
# stop 50, call 1 (H200): COO with one barrier a tile (cl/coo.cl COO_ONE_BARRIER, NVIDIA's
# persistent groups) against HEAD's three (A: HEAD's coo.cl through --cl-dir .gpu/v/A; B: the
# build's). First the kernel tests on NVIDIA, then COO and HYB on the GPU-scale set and three
# real matrices, both precisions, two rounds, order alternating.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
source scripts/gpu_scale_set.sh
set -u
c=/tmp/c50a; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c50a.tgz.part -C /tmp c50a 2>/dev/null && mv $OUT/c50a.tgz.part $OUT/c50a.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
SPMVP_TEST_DEVICE=nvidia timeout 200 ./build-gpu/tests/test_cl_kernels >$c/test_nvidia.log 2>&1
echo "test rc $? $(($(date +%s) - t0)) s" >>$c/host.txt
save
i=0
for round in 1 2; do
for m in laplace3d27:60 laplace3d:100 rmat:21 $SPMVP_GPU_SCALE_SET .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/rajat19.mtx.gz .gpu/matrices/cit-HepPh.mtx.gz; do
  [ $round = 1 ] || case $m in laplace3d27:60|laplace3d:100|rmat:21) ;; *) continue;; esac
  name=$(basename $m .mtx.gz | tr ':' '_')
  for prec in single double; do
    order="A B"; [ $((i % 2)) = 1 ] && order="B A"
    for v in $order; do
      extra=""; [ $v = A ] && extra="--cl-dir .gpu/v/A"
      timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats coo,hyb --runs 30 --warmup 10 --batch 200 $extra --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 470 ] && { echo "stopped at $m round $round" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt; tail -4 $c/test_nvidia.log
