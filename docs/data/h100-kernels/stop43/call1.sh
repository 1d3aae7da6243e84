#!/bin/bash
# stop 43, call 1 (H100): CSR-adaptive's equal-share tiles (--adaptive-split 2) against its row
# blocks (1) and COO, on the GPU-scale set and eight real matrices, both precisions, the two
# sides alternating (scripts/gpu_ab.sh); then test_cl_kernels on the GPU.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c1; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c1.tgz.part -C /tmp c1 2>/dev/null && mv $OUT/c1.tgz.part $OUT/c1.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
source scripts/gpu_scale_set.sh
FORMATS=csr_adaptive,coo A_ARGS="--adaptive-split 1" B_ARGS="--adaptive-split 2" LIMIT=330 \
  bash scripts/gpu_ab.sh $c/ab . . $SPMVP_GPU_SCALE_SET .gpu/s43/mats/*.mtx.gz >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
save
cmake --build build-ab --target test_cl_kernels -j 16 >$c/build-test.log 2>&1
export SPMVP_TEST_DEVICE=nvidia
timeout $((560 - ($(date +%s) - t0))) ./build-ab/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
