#!/bin/bash
# H100 2026-11-24 (stop 29): warp shuffles (branch warp-shuffle: COO's tile scan, CSR-vector's
# row sums) -- test_cl_kernels on the GPU, then A/B against main on the GPU-scale set, COO, HYB
# and CSR-vector, both precisions. Archive rewritten every 20 s.
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=/tmp/s29a; rm -rf $r; mkdir -p $r/ab
save() { tar czf $OUT/s29a.tgz.part -C /tmp s29a 2>/dev/null && mv $OUT/s29a.tgz.part $OUT/s29a.tgz; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv; sha256sum cl/coo.cl cl/csr_vector.cl cl/prelude.cl .gpu/a/cl/coo.cl; } >$r/gpu.txt 2>&1
( while sleep 20; do save; done ) &
saver=$!
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target test_cl_kernels -j 16; } >$r/build.log 2>&1 || { tail -20 $r/build.log; }
( cd build-gpu && SPMVP_TEST_DEVICE=nvidia timeout 200 ./tests/test_cl_kernels >$r/test_cl_kernels.log 2>&1; echo "rc=$?" >>$r/test_cl_kernels.log )
tail -2 $r/test_cl_kernels.log; grep -v "^ok" $r/test_cl_kernels.log | head -20
FORMATS=coo,hyb,csr_vector RUNS=20 BATCH=100 LIMIT=300 scripts/gpu_ab.sh $r/ab .gpu/a . \
    laplace3d27:60 laplace3d:100 rmat:20 random:1000000:20:uniform longrows:1000000:4:36:50000 \
    random:50000:300:fixed random:2000000:6:uniform rmat:21
python3 scripts/ab_table.py $r/ab > $r/ab_table.md 2>&1; cat $r/ab_table.md | head -60
kill $saver
save
