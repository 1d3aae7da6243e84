#!/bin/bash
# stop 53, call 1 (H200): test_cl_kernels on NVIDIA of HEAD 2eed2ad (CSR-adaptive's lean share
# as committed, fused into the conversion), then the H200 table's CSR-adaptive and CSR-scalar
# (anchor) rows measured again, session 1 of 2 (gpu_retrain.sh).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c53a; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c53a.tgz.part -C /tmp c53a 2>/dev/null && mv $OUT/c53a.tgz.part $OUT/c53a.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
SPMVP_TEST_DEVICE=nvidia timeout 150 ./build-gpu/tests/test_cl_kernels >$c/test_nvidia.log 2>&1
echo "test rc $? $(($(date +%s) - t0)) s" >>$c/host.txt
save
SESSIONS=1 LIM=${LIM:-300} NAME=h200 bash scripts/gpu_retrain.sh
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt; tail -2 $c/test_nvidia.log; grep -h "FAIL\|fail" $c/test_nvidia.log | head -20; tar xzf $OUT/t.tgz -O t/gpu.txt
