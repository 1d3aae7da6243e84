#!/bin/bash
# stop 43, call 2 (H100): CSR-adaptive's direct blocks packed to 8 rows past the share, their
# columns loaded ADAPT_U at a time, and the rows' sums by warp shuffles (B, the working tree)
# against HEAD (A, .gpu/a); then C (.gpu/c: B without the unrolled loads) against A on the
# matrices where direct blocks carry the work; then test_cl_kernels on the GPU.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c2; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c2.tgz.part -C /tmp c2 2>/dev/null && mv $OUT/c2.tgz.part $OUT/c2.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
source scripts/gpu_scale_set.sh
FORMATS=csr_adaptive,csr_vector LIMIT=280 \
  bash scripts/gpu_ab.sh $c/ab .gpu/a . $SPMVP_GPU_SCALE_SET .gpu/s43/mats/*.mtx.gz >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
save
FORMATS=csr_adaptive,csr_vector LIMIT=120 \
  bash scripts/gpu_ab.sh $c/ac .gpu/a .gpu/c random:50000:300:fixed random:20000:1000:fixed rmat:20 .gpu/s43/mats/soc-Slashdot0902.mtx.gz .gpu/s43/mats/bcsstk33.mtx.gz >$c/ac.log 2>&1
echo "ac done $(($(date +%s) - t0)) s" >>$c/host.txt
save
cmake --build build-ab --target test_cl_kernels -j 16 >$c/build-test.log 2>&1
export SPMVP_TEST_DEVICE=nvidia
timeout $((570 - ($(date +%s) - t0))) ./build-ab/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
