#!/bin/bash
# stop 47, call 8 (H200): CSR-adaptive with one v (work-items a row) a constant of a
# stream-only matrix's program (-DADAPT_SV; B, the working tree) against eb27fd0 (A, .gpu/a);
# test_cl_kernels of B; then the H200 table's CSR-adaptive and CSR-scalar (the anchor) rows
# measured again in one session (gpu_retrain.sh, SESSIONS=1).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c29; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c29.tgz.part -C /tmp c29 2>/dev/null && mv $OUT/c29.tgz.part $OUT/c29.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
FORMATS=csr_adaptive RUNS=30 LIMIT=110 \
  bash scripts/gpu_ab.sh $c/ab .gpu/a . laplace3d:100 laplace3d27:60 laplace2d:1000 band:120000:40 band:60000:60 \
  random:1000000:20:uniform random:100000:64:fixed random:60000:81:fixed rmat:20 random:40000:150:normal \
  .gpu/matrices/cage8.mtx.gz .gpu/matrices/1138_bus.mtx.gz .gpu/matrices/3elt.mtx.gz >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
save
cmake --build build-ab --target test_cl_kernels -j 16 >$c/build-test.log 2>&1
SPMVP_TEST_DEVICE=nvidia timeout 60 ./build-ab/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
echo "test done $(($(date +%s) - t0)) s" >>$c/host.txt
save
SESSIONS=1 LIM=200 NAME=h200 bash scripts/gpu_retrain.sh
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
