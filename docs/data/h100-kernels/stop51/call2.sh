#!/bin/bash
# stop 51, call 2 (H200): COO's persistent groups on ranges of tiles, one launch at any size
# (cl/coo.cl's COO_RANGES). Builds the working tree (build-gpu) and HEAD (cc12cd9, stop 50's
# Call 2: the same after the fix (a row ending at a tile's end within a range was dropped).
# kernel with its tidied functions, .gpu/head: git archive) side by side; the kernel tests on
# NVIDIA of both; then COO and HYB, A = HEAD's build against B = the new one, on the GPU-scale
# set and three real matrices, both precisions, alternating, two rounds; then cuSPARSE in the
# same session (COO ALG1 / ALG2, issue 10's COO goal), as far as time allows.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
source scripts/gpu_scale_set.sh
set -u
c=/tmp/c51b; rm -rf $c; mkdir -p $c/r $c/cu $c/empty
t0=$(date +%s)
save() { tar czf $OUT/c51b.tgz.part -C /tmp c51b 2>/dev/null && mv $OUT/c51b.tgz.part $OUT/c51b.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
{ cmake -S .gpu/head -B build-a -DCMAKE_BUILD_TYPE=Release && cmake --build build-a --target spmvp test_cl_kernels -j 16; } >$c/build-a.log 2>&1 || { echo build A failed; tail -30 $c/build-a.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
SPMVP_TEST_DEVICE=nvidia timeout 150 ./build-gpu/tests/test_cl_kernels >$c/test_nvidia.log 2>&1
echo "test B rc $? $(($(date +%s) - t0)) s" >>$c/host.txt
save
for round in 1 2; do
i=0
for m in $SPMVP_GPU_SCALE_SET .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/rajat19.mtx.gz .gpu/matrices/cit-HepPh.mtx.gz; do
  name=$(basename $m .mtx.gz | tr ':' '_')
  for prec in single double; do
    order="A B"; [ $(((i + round) % 2)) = 1 ] && order="B A"
    for v in $order; do
      bin=./build-gpu/spmvp; [ $v = A ] && bin=./build-a/spmvp
      timeout 60 $bin bench $m --device nvidia --precision $prec --formats coo,hyb --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_${v}$round.json 2>$c/r/${name}_${prec}_${v}$round.err
    done
    i=$((i + 1))
  done
done
echo "ab round $round $(($(date +%s) - t0)) s" >>$c/host.txt
save
done
left=$((420 - ($(date +%s) - t0)))
[ $left -gt 60 ] && timeout $left scripts/gpu_cusparse.sh $c/cu $c/empty >$c/cusparse.log 2>&1
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
