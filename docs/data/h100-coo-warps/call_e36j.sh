#!/bin/bash
# stop 36: the final COO (COO_PERSISTENT on GPUs; CPUs keep a group a tile) checked on the H100
source .gpu/setup.sh >/dev/null 2>&1
r=/tmp/e36j; rm -rf $r; mkdir -p $r
ONLY=edge_cases,long_rows,same_bits,product_after_product,stencils VERIFY_LIMIT=200 scripts/gpu_verify.sh $r/verify > $r/verify.log 2>&1
echo "verify rc $?" >> $r/times.txt
rm -rf $r/verify/programs
for m in laplace3d27:60 laplace3d:100 rmat:20; do for p in double single; do
  ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats coo,hyb --runs 30 --warmup 10 --batch 200 --json > $r/$(echo $m | tr ':' '_')_$p.json 2>$r/$(echo $m | tr ':' '_')_$p.err
done; done
tar czf $OUT/e36j.tgz -C /tmp e36j
