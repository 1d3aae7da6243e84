#!/bin/bash
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
r=/tmp/e36d; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/e36d.tgz.part -C /tmp e36d && mv $OUT/e36d.tgz.part $OUT/e36d.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$r/build.log 2>&1 || { tail -30 $r/build.log; exit 1; }
( while sleep 20; do save; done ) & saver=$!
for rep in 1 2; do
for mp in laplace3d27:60/double laplace3d27:60/single laplace3d:100/double laplace3d:100/single rmat:20/double random:1000000:20:uniform/double longrows:1000000:4:36:50000/double; do
  m=${mp%/*}; p=${mp#*/}
  for v in a/0/4/0/x b/528/4/1/x s/528/4/1/-DCOO_SHFL h/396/4/1/x i/528/8/1/x j/528/8/1/-DCOO_SHFL k/1056/4/1/-DCOO_SHFL; do
    IFS=/ read V G I P S <<< "$v"
    [ $S = x ] && S=""
    [ $P = 1 ] && export SPMVP_COO_PIN=1 || unset SPMVP_COO_PIN
    f=$r/$(echo $m | tr ':' '_')_${p}_${V}_r$rep.json
    SPMVP_CLOPTS="$S" SPMVP_PIN_SHARE=0.5 SPMVP_COO_GROUPS=$G timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats coo --coo-items $I --runs 30 --warmup 10 --batch 200 --json > $f 2>$f.err
  done
  unset SPMVP_COO_PIN
  echo "$rep $mp $(($(date +%s)-t0))" >> $r/times.txt
done
done
save
export SPMVP_TEST_DEVICE=nvidia SPMVP_TEST_ONLY=edge_cases,long_rows,same_bits,product_after_product,stencils
SPMVP_CLOPTS=-DCOO_SHFL SPMVP_COO_GROUPS=3 timeout 200 ./build-gpu/tests/test_cl_kernels > $r/tck_shfl_g3.log 2>&1; echo "rc $?" >> $r/tck_shfl_g3.log
save
[ $(($(date +%s)-t0)) -lt 420 ] && { SPMVP_COO_PIN=1 SPMVP_COO_GROUPS=5 timeout 120 ./build-gpu/tests/test_cl_kernels > $r/tck_pin_g5.log 2>&1; echo "rc $?" >> $r/tck_pin_g5.log; }
echo "total $(($(date +%s)-t0))" >> $r/times.txt
kill $saver; save
