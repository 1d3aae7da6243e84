#!/bin/bash
# stop 43, call 3 (H100): C of call 2 (direct blocks packed to 8 rows past the share, the rows'
# sums by warp shuffles; the working tree) against HEAD (.gpu/a) on the GPU-scale set, rows of
# 1,000 and the eight real matrices, both precisions, the sides alternating.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c3; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c3.tgz.part -C /tmp c3 2>/dev/null && mv $OUT/c3.tgz.part $OUT/c3.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
source scripts/gpu_scale_set.sh
FORMATS=csr_adaptive,csr_vector LIMIT=300 \
  bash scripts/gpu_ab.sh $c/ab .gpu/a . $SPMVP_GPU_SCALE_SET random:20000:1000:fixed .gpu/s43/mats/*.mtx.gz >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
cmake --build build-ab --target test_cl_kernels -j 16 >$c/build-test.log 2>&1
export SPMVP_TEST_DEVICE=nvidia
timeout $((570 - ($(date +%s) - t0))) ./build-ab/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
