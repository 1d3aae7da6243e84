#!/bin/bash
# stop 42, call 5 (H100): the library's spmvp_device_pin_staging on the GPU (test_lib_api,
# test_lib_cl, which open the first GPU), and CG on laplace3d:150 once more with 7fd9c38.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=$OUT/c; mkdir -p $c
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_lib_api test_lib_cl -j 16; } >$c/build.log 2>&1 || { tail -30 $c/build.log; exit 1; }
timeout 120 ./build-gpu/tests/test_lib_api >$c/test_lib_api.log 2>&1; echo "rc $?" >>$c/test_lib_api.log
timeout 60 ./build-gpu/tests/test_lib_cl >$c/test_lib_cl.log 2>&1; echo "rc $?" >>$c/test_lib_cl.log
true
cd $OUT && tar czf c.tgz c && rm -rf c
