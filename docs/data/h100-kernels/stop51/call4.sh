#!/bin/bash
# stop 51, call 4 (H200): COO's ranges, a few a group (round robin), against HEAD (cc12cd9):
# Call 4: ranges found at once and tiles pipelined across ranges. A = HEAD, B = 8 ranges a
# group (the default), D = 4, E = 2, F = 16
# (-DSPMVP_COO_RANGES, model/sparse/coo.c). The kernel tests on NVIDIA with B; then COO and
# HYB on the GPU-scale set and two real matrices, both precisions, the variants in rotating order.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
source scripts/gpu_scale_set.sh
set -u
c=/tmp/c51d; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c51d.tgz.part -C /tmp c51d 2>/dev/null && mv $OUT/c51d.tgz.part $OUT/c51d.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
{ cmake -S .gpu/head -B build-a -DCMAKE_BUILD_TYPE=Release && cmake --build build-a --target spmvp -j 16; } >$c/build-a.log 2>&1 || { echo build A failed; exit 1; }
for k in 2 4 16; do
  { cmake -S . -B build-k$k -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-DSPMVP_COO_RANGES=$k && cmake --build build-k$k --target spmvp -j 16; } >$c/build-k$k.log 2>&1 || { echo build k$k failed; exit 1; }
done
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
SPMVP_TEST_DEVICE=nvidia timeout 150 ./build-gpu/tests/test_cl_kernels >$c/test_nvidia.log 2>&1
echo "test B rc $? $(($(date +%s) - t0)) s" >>$c/host.txt
save
i=0
for m in $SPMVP_GPU_SCALE_SET .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/cit-HepPh.mtx.gz; do
  name=$(basename $m .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 4)) in 0) order="A B D E F";; 1) order="F E D B A";; 2) order="B F A E D";; 3) order="D A F B E";; esac
    for v in $order; do
      case $v in A) bin=./build-a/spmvp;; B) bin=./build-gpu/spmvp;; D) bin=./build-k4/spmvp;; E) bin=./build-k2/spmvp;; F) bin=./build-k16/spmvp;; esac
      timeout 60 $bin bench $m --device nvidia --precision $prec --formats coo,hyb --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_${v}1.json 2>$c/r/${name}_${prec}_${v}1.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 480 ] && break
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt; tail -1 $c/test_nvidia.log; grep -h "check failed" $c/test_nvidia.log | head; cat $c/r/*.err | head
