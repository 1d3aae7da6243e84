#!/bin/bash
# stop 46, call 6 (H200): the change as landed (B, the working tree: 16-bit columns with T > 1
# and C < 64 loaded plainly, no pin) against HEAD (A, .gpu/a), SELL with 16-bit columns at
# bench's automatic C and T, scripts/gpu_ab.sh; then test_cl_kernels of B on the H200.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c17; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c17.tgz.part -C /tmp c17 2>/dev/null && mv $OUT/c17.tgz.part $OUT/c17.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
FORMATS=sell A_ARGS="--sell-idx 16" B_ARGS="--sell-idx 16" RUNS=30 LIMIT=300 \
  bash scripts/gpu_ab.sh $c/ab .gpu/a . band:120000:40 band:60000:80 band:40000:150 blockdiag:24000:480 \
  random:20000:1000:uniform random:10000:800:normal band:10000:400 random:5000:300:normal \
  .gpu/matrices/mbeacxc.mtx.gz .gpu/matrices/Haverford76.mtx.gz .gpu/matrices/lp_wood1p.mtx.gz \
  .gpu/matrices/lp_d6cube.mtx.gz laplace3d:100 >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
save
cmake --build build-ab --target test_cl_kernels -j 16 >$c/build-test.log 2>&1
SPMVP_TEST_DEVICE=nvidia timeout $((560 - ($(date +%s) - t0))) ./build-ab/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
