#!/bin/bash
# H100 2026-11-24 (stop 31): test_cl_kernels on NVIDIA OpenCL with ELL-R's unrolled loop
# (double) in the tree: every format against the CPU, both precisions.
source .gpu/setup.sh >/dev/null 2>&1
set -u
o=$OUT
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date; } >$o/test_cl_kernels-gpu.txt
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target test_cl_kernels -j 16; } >$o/build.log 2>&1 || exit 1
SPMVP_TEST_DEVICE=nvidia timeout 400 ./build-gpu/tests/test_cl_kernels >$o/test_cl_kernels.log 2>&1; echo "rc=$?" >>$o/test_cl_kernels.log
