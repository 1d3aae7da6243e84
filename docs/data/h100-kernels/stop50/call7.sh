#!/bin/bash
# stop 50, call 7 (H200): the kept kernel (cl/coo.cl, COO_ONE_BARRIER: one barrier a tile, the
# tile's ends written by the work-items that finish them). The kernel tests on NVIDIA; then
# A = HEAD's cl/ (--cl-dir .gpu/v/A) against the build's, COO and HYB on the GPU-scale set and
# three real matrices, both precisions, alternating; then cuSPARSE on the GPU-scale set in the
# same session (COO ALG1 / ALG2 for issue 10's COO goal), as far as time allows.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
source scripts/gpu_scale_set.sh
set -u
c=/tmp/c50g; rm -rf $c; mkdir -p $c/r $c/cu $c/empty
t0=$(date +%s)
save() { tar czf $OUT/c50g.tgz.part -C /tmp c50g 2>/dev/null && mv $OUT/c50g.tgz.part $OUT/c50g.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
SPMVP_TEST_DEVICE=nvidia timeout 200 ./build-gpu/tests/test_cl_kernels >$c/test_nvidia.log 2>&1
echo "test rc $? $(($(date +%s) - t0)) s" >>$c/host.txt
save
i=0
for m in $SPMVP_GPU_SCALE_SET .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/rajat19.mtx.gz .gpu/matrices/cit-HepPh.mtx.gz; do
  name=$(basename $m .mtx.gz | tr ':' '_')
  for prec in single double; do
    order="A B"; [ $((i % 2)) = 1 ] && order="B A"
    for v in $order; do
      extra=""; [ $v = A ] && extra="--cl-dir .gpu/v/A"
      timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats coo,hyb --runs 30 --warmup 10 --batch 200 $extra --json >$c/r/${name}_${prec}_${v}1.json 2>$c/r/${name}_${prec}_${v}1.err
    done
    i=$((i + 1))
  done
done
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
save
left=$((400 - ($(date +%s) - t0)))
[ $left -gt 60 ] && timeout $left scripts/gpu_cusparse.sh $c/cu $c/empty >$c/cusparse.log 2>&1
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt; tail -2 $c/test_nvidia.log
