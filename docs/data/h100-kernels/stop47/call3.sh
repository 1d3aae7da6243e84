#!/bin/bash
# stop 47, call 3 (H200): CSR-adaptive with v = 32 work-items a row fixed in a direct-only
# matrix and its blocks of wg / 32 rows whatever their lengths (B, the working tree) against
# HEAD (A, .gpu/a); CSR-adaptive and CSR-vector (unchanged, a check of the machine); then
# test_cl_kernels of B.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c24; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c24.tgz.part -C /tmp c24 2>/dev/null && mv $OUT/c24.tgz.part $OUT/c24.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
FORMATS=csr_adaptive,csr_vector RUNS=30 LIMIT=250 \
  bash scripts/gpu_ab.sh $c/ab .gpu/a . random:40000:150:normal random:50000:300:normal perm:band:60000:80 \
  band:40000:150 random:100000:200:uniform band:10000:400 blockdiag:24000:480 perm:blockdiag:24000:480 \
  random:20000:500:normal random:20000:1000:uniform random:5000:300:normal random:200000:161:normal \
  .gpu/matrices/lp_wood1p.mtx.gz band:120000:40 laplace3d:100 rmat:20 .gpu/matrices/lp_d6cube.mtx.gz >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
save
cmake --build build-ab --target test_cl_kernels -j 16 >$c/build-test.log 2>&1
SPMVP_TEST_DEVICE=nvidia timeout $((540 - ($(date +%s) - t0))) ./build-ab/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
