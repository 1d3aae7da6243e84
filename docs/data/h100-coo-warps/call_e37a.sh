#!/bin/bash
# stop 37: COO with a tile a warp (COO_WARPS, no barriers) against HEAD eaeaec9 (persistent
# groups), then warps a compute unit 16 / 64, then test_cl_kernels with warps.
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
r=/tmp/e37a; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/e37a.tgz.part -C /tmp e37a && mv $OUT/e37a.tgz.part $OUT/e37a.tgz; }
( while sleep 20; do save; done ) & saver=$!
M="laplace3d27:60 laplace3d:100 longrows:1000000:4:36:50000 rmat:20 random:1000000:20:uniform random:50000:300:fixed"
SPMVP_COO_WARPS=32 FORMATS=coo RUNS=30 LIMIT=200 scripts/gpu_ab.sh $r/ab .gpu/a . $M > $r/ab.log 2>&1
echo "ab $(($(date +%s)-t0))" >> $r/times.txt
save
for w in 16 64 32; do for m in laplace3d27:60 longrows:1000000:4:36:50000 rmat:20; do for p in double single; do
  [ $(($(date +%s)-t0)) -gt 380 ] && break 3
  SPMVP_COO_WARPS=$w ./build-ab/spmvp bench $m --device nvidia --precision $p --formats coo --runs 30 --warmup 10 --batch 200 --json > $r/w${w}_$(echo $m | tr ':' '_')_$p.json 2>$r/w${w}_$(echo $m | tr ':' '_')_$p.err
done; done; done
echo "sweep $(($(date +%s)-t0))" >> $r/times.txt
save
SPMVP_COO_WARPS=32 ONLY=edge_cases,long_rows,same_bits,product_after_product,stencils VERIFY_LIMIT=150 scripts/gpu_verify.sh $r/verify > $r/verify.log 2>&1
echo "verify rc $? $(($(date +%s)-t0))" >> $r/times.txt
rm -rf $r/verify/programs
kill $saver; save
