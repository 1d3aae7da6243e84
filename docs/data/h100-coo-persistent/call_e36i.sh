#!/bin/bash
# stop 36: the landed COO against a two-stage pipeline (COO_X2), group counts, pin share, shapes
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
r=/tmp/e36i; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/e36i.tgz.part -C /tmp e36i && mv $OUT/e36i.tgz.part $OUT/e36i.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$r/build.log 2>&1 || { tail -30 $r/build.log; exit 1; }
( while sleep 20; do save; done ) & saver=$!
for rep in 1 2; do
for mp in laplace3d27:60/double laplace3d27:60/single laplace3d:100/double longrows:1000000:4:36:50000/single rmat:20/double; do
  m=${mp%/*}; p=${mp#*/}
  for v in a/0/x/x/4/256 x/0/-DCOO_X2/x/4/256 g/264/x/x/4/256 h/792/x/x/4/256 p/0/x/0.7/4/256 i/0/x/x/2/256 w/0/x/x/4/128 u/0/x/x/4/512 y/264/-DCOO_X2/x/4/256; do
    IFS=/ read V G S P I W <<< "$v"
    [ $S = x ] && S=""
    [ $P = x ] && unset SPMVP_PIN_SHARE || export SPMVP_PIN_SHARE=$P
    f=$r/$(echo $m | tr ':' '_')_${p}_${V}_r$rep.json
    SPMVP_CLOPTS="$S" SPMVP_COO_GROUPS=$G timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats coo --coo-items $I --wg-size $W --runs 30 --warmup 10 --batch 200 --json > $f 2>$f.err
  done
  unset SPMVP_PIN_SHARE
  echo "$rep $mp $(($(date +%s)-t0))" >> $r/times.txt
done
done
save
SPMVP_TEST_DEVICE=nvidia SPMVP_TEST_ONLY=edge_cases,long_rows,same_bits,product_after_product,stencils SPMVP_CLOPTS=-DCOO_X2 SPMVP_COO_GROUPS=3 timeout 150 ./build-gpu/tests/test_cl_kernels > $r/tck_x2.log 2>&1; echo "rc $?" >> $r/tck_x2.log
echo "total $(($(date +%s)-t0))" >> $r/times.txt
kill $saver; save
