#!/bin/bash
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
r=/tmp/e36c; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/e36c.tgz.part -C /tmp e36c && mv $OUT/e36c.tgz.part $OUT/e36c.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$r/build.log 2>&1 || { tail -30 $r/build.log; exit 1; }
( while sleep 20; do save; done ) & saver=$!
for rep in 1 2; do
for mp in laplace3d27:60/double laplace3d27:60/single laplace3d:100/double laplace3d:100/single rmat:20/double rmat:21/double random:1000000:20:uniform/double random:50000:300:fixed/double longrows:1000000:4:36:50000/double; do
  m=${mp%/*}; p=${mp#*/}
  for v in a/0/256/x b/528/256/x c/264/256/x d/1056/256/x e/264/512/x f/528/256/0.5 g/528/256/0.35; do
    IFS=/ read V G W P <<< "$v"
    f=$r/$(echo $m | tr ':' '_')_${p}_${V}_r$rep.json
    if [ $P = x ]; then
      SPMVP_COO_GROUPS=$G timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats coo --wg-size $W --runs 30 --warmup 10 --batch 200 --json > $f 2>$f.err
    else
      SPMVP_COO_PIN=1 SPMVP_PIN_SHARE=$P SPMVP_COO_GROUPS=$G timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats coo --wg-size $W --runs 30 --warmup 10 --batch 200 --json > $f 2>$f.err
    fi
  done
  echo "$rep $mp $(($(date +%s)-t0))" >> $r/times.txt
  [ $(($(date +%s)-t0)) -gt 500 ] && break 2
done
done
echo "total $(($(date +%s)-t0))" >> $r/times.txt
kill $saver; save
