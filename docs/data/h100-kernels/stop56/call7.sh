#!/bin/bash
# stop 56, call 7 (H200): test_cl_kernels on NVIDIA at HEAD, once as built and once with
# streaming and the L2 policy forced into every program (SPMVP_CLOPTS="-DSPMVP_STREAM
# -DSPMVP_PIN=0.5"), so that ELL's and HYB's pinned loads (stop 56) run on every case of the
# test, not only above the L2.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c56g; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c56g.tgz.part -C /tmp c56g 2>/dev/null && mv $OUT/c56g.tgz.part $OUT/c56g.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target test_cl_kernels -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
SPMVP_TEST_DEVICE=nvidia timeout 200 ./build-gpu/tests/test_cl_kernels >$c/test_nvidia.log 2>&1
echo "plain rc $? $(($(date +%s) - t0)) s" >>$c/host.txt
save
SPMVP_CLOPTS="-DSPMVP_STREAM -DSPMVP_PIN=0.5" SPMVP_TEST_DEVICE=nvidia timeout 200 ./build-gpu/tests/test_cl_kernels >$c/test_nvidia_pinned.log 2>&1
echo "pinned rc $? $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt; tail -1 $c/test_nvidia.log $c/test_nvidia_pinned.log; grep -h "FAIL\|failed:" $c/test_nvidia*.log | head -10
