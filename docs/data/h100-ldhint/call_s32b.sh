#!/bin/bash
# H100 2026-11-24 (stop 32): streaming loads (SPMVP_STREAM: ld.global.cs on the matrix's arrays
# when the product exceeds the L2) -- test_cl_kernels with the loads forced on for every program
# (SPMVP_CLOPTS=-DSPMVP_STREAM: its matrices fit the L2), the PTX of one streamed bench, then
# an A/B against main (.gpu/a) on the GPU-scale set, every format, both precisions.
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
r=/tmp/s32b; rm -rf $r; mkdir -p $r/ab $r/ptx
save() { tar czf $OUT/s32b.tgz.part -C /tmp s32b 2>/dev/null && mv $OUT/s32b.tgz.part $OUT/s32b.tgz; }
( while sleep 20; do save; done ) &
saver=$!
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv >$r/gpu.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$r/build.log 2>&1 || { tail -20 $r/build.log; }
( cd build-gpu && SPMVP_CLOPTS=-DSPMVP_STREAM SPMVP_TEST_DEVICE=nvidia timeout 170 ./tests/test_cl_kernels >$r/test_cl_kernels.log 2>&1; echo "rc=$?" >>$r/test_cl_kernels.log )
tail -2 $r/test_cl_kernels.log; grep -v "^ok" $r/test_cl_kernels.log | head -20
SPMVP_DUMP_PROGRAMS=$r/ptx timeout 60 ./build-gpu/spmvp bench laplace3d:100 --device nvidia --precision double \
  --runs 3 --warmup 1 >$r/ptx/bench.txt 2>&1
for f in $r/ptx/*.bin; do echo "$(basename $f) $(strings $f | grep -c 'ld.global.cs')"; done >$r/ptx/cs_counts.txt
FORMATS=csr_scalar,csr_vector,ell,ellr,jad,hyb,coo,csr_adaptive,sell,brc RUNS=20 BATCH=100 LIMIT=$((520 - ($(date +%s) - t0))) \
  scripts/gpu_ab.sh $r/ab .gpu/a . laplace3d:100 laplace3d27:60 rmat:20 random:1000000:20:uniform \
  random:50000:300:fixed longrows:1000000:4:36:50000 rmat:21
echo "total $(( $(date +%s) - t0 )) s" >>$r/ab/runs.txt
kill $saver
save
