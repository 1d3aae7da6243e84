#!/bin/bash
# stop 42, call 1 (H100): stop 41's staging code checked on the GPU (test_cl_kernels,
# test_cl_cg), CG's uploads under the rent-or-buy rule beside bench's (which pins first), then
# the second session of the real matrices' setups for their arrays of 4 MiB and more, staged.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=$OUT/c; mkdir -p $c
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels test_cl_cg -j 16; } >$c/build.log 2>&1 || { tail -30 $c/build.log; exit 1; }
export SPMVP_TEST_DEVICE=nvidia
timeout 240 ./build-gpu/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
timeout 120 ./build-gpu/tests/test_cl_cg >$c/test_cl_cg.log 2>&1; echo "rc $?" >>$c/test_cl_cg.log
echo "tests done $(($(date +%s) - t0)) s" >>$c/host.txt
for m in laplace3d:100 laplace3d:150; do
  for p in double single; do
    tol=1e-8; [ $p = single ] && tol=1e-4
    ./build-gpu/spmvp cg $m --device nvidia --precision $p --tol $tol --json >$c/cg-$m-$p.json 2>>$c/cg.err
    ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats csr_vector,csr_scalar --runs 5 --batch 10 --json >$c/bench-$m-$p.json 2>>$c/cg.err
  done
done
echo "cg done $(($(date +%s) - t0)) s" >>$c/host.txt
rem=$((560 - ($(date +%s) - t0)))
[ $rem -gt 300 ] && rem=300
REAL=1 NAME=h100 LIM=$rem bash scripts/gpu_refill_setup.sh
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
