#!/bin/bash
# stop 36: the new COO checked on the H100 (test_cl_kernels: edge cases, long rows, same bits,
# product after product, stencils), then A/B against HEAD c3e3944 on 16 real matrices.
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
r=/tmp/e36f; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/e36f.tgz.part -C /tmp e36f && mv $OUT/e36f.tgz.part $OUT/e36f.tgz; }
( while sleep 20; do save; done ) & saver=$!
ONLY=edge_cases,long_rows,same_bits,product_after_product,stencils VERIFY_LIMIT=260 scripts/gpu_verify.sh $r/verify > $r/verify.log 2>&1
echo "verify rc $? $(($(date +%s)-t0))" >> $r/times.txt
save
FORMATS=coo,hyb RUNS=30 LIMIT=520 scripts/gpu_ab.sh $r/ab .gpu/a . .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/nh2010.mtx.gz .gpu/matrices/luxembourg.mtx.gz .gpu/matrices/lpi_gosh.mtx.gz .gpu/matrices/fd18.mtx.gz .gpu/matrices/wing_nodal.mtx.gz .gpu/matrices/add32.mtx.gz .gpu/matrices/lns_3937.mtx.gz .gpu/matrices/lp_dfl001.mtx.gz .gpu/matrices/lp_qap12.mtx.gz .gpu/matrices/lp_d6cube.mtx.gz .gpu/matrices/soc-sign-bitcoin-alpha.mtx.gz .gpu/matrices/bcsstk10.mtx.gz .gpu/matrices/lp_bnl2.mtx.gz .gpu/matrices/orsreg_1.mtx.gz .gpu/matrices/lpi_ceria3d.mtx.gz  > $r/ab.log 2>&1
echo "total $(($(date +%s)-t0))" >> $r/times.txt
rm -rf $r/verify/programs
kill $saver; save
