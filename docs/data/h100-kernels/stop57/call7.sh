#!/bin/bash
# stop 57, call 7 (H200): CSR-scalar reads 4 entries a load where every row starts at a
# multiple of 4 (cl/csr_scalar.cl, the plan's -DSPMVP_SCALAR_VEC=4). First test_cl_kernels on
# NVIDIA (it now holds rows of 0-12 entries and blocks of 16, both precisions); then the H200
# table's CSR-scalar rows of the 18 matrices that qualify (15 generated, 3 real) measured again
# with CSR-vector's rows of the same matrices as the anchor, two sessions (gpu_retrain.sh;
# .gpu/h200.drop.tsv is the table without those rows).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
mkdir -p $OUT/k
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target test_cl_kernels -j 16; } >$OUT/k/build.log 2>&1 || { echo build failed; tail -30 $OUT/k/build.log; exit 1; }
SPMVP_TEST_DEVICE=nvidia timeout 150 ./build-gpu/tests/test_cl_kernels >$OUT/k/test_nvidia.log 2>&1
echo "test rc $? $(($(date +%s) - t0)) s"; tail -1 $OUT/k/test_nvidia.log; grep -h "FAIL\|failed:" $OUT/k/test_nvidia.log | head -5
SESSIONS="1 2" LIM=${LIM:-170} NAME=h200 bash scripts/gpu_retrain.sh
echo "total $(($(date +%s) - t0)) s"
tar xzf $OUT/t.tgz -O t/gpu.txt
