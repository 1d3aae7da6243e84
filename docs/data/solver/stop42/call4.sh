#!/bin/bash
# stop 42, call 4 (H200): test_cl_kernels and test_cl_cg on the GPU (aaccc04), then the second
# session of the real matrices' setups for their arrays of 4 MiB and more, staged (127 rows).
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=$OUT/c; mkdir -p $c
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels test_cl_cg -j 16; } >$c/build.log 2>&1 || { tail -30 $c/build.log; exit 1; }
export SPMVP_TEST_DEVICE=nvidia
timeout 200 ./build-gpu/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
timeout 100 ./build-gpu/tests/test_cl_cg >$c/test_cl_cg.log 2>&1; echo "rc $?" >>$c/test_cl_cg.log
echo "tests $(($(date +%s) - t0)) s" >>$c/host.txt
unset SPMVP_TEST_DEVICE
REAL=1 NAME=h200 LIM=240 bash scripts/gpu_refill_setup.sh
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
cd $OUT && tar czf c.tgz c && rm -rf c
