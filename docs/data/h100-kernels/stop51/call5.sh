#!/bin/bash
# stop 51, call 5 (H200): why COO's ranges lose on R-MAT in double. A = HEAD (.gpu/head),
# K = the working tree at one range a group (-DSPMVP_COO_RANGES=1), each with the L2 pin
# (default) and without (SPMVP_PIN_SHARE=0), and K at 2 entries a work-item.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c51e; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c51e.tgz.part -C /tmp c51e 2>/dev/null && mv $OUT/c51e.tgz.part $OUT/c51e.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S .gpu/head -B build-a -DCMAKE_BUILD_TYPE=Release && cmake --build build-a --target spmvp -j 16; } >$c/build-a.log 2>&1 || { echo build A failed; exit 1; }
{ cmake -S . -B build-k1 -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-DSPMVP_COO_RANGES=1 && cmake --build build-k1 --target spmvp -j 16; } >$c/build-k1.log 2>&1 || { echo build k1 failed; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
for m in rmat:20 random:50000:300:fixed laplace3d27:60; do
  for prec in double single; do
    [ $m = laplace3d27:60 ] && [ $prec = double ] && continue
    name=$(echo $m | tr ':' '_')
    for v in A K AP KP K2; do
      bin=./build-k1/spmvp; case $v in A*) bin=./build-a/spmvp;; esac
      env=""; case $v in ?P) env="SPMVP_PIN_SHARE=0";; esac
      it=""; [ $v = K2 ] && it="--coo-items 2"
      env $env timeout 60 $bin bench $m --device nvidia --precision $prec --formats coo $it --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_${v}.json 2>$c/r/${name}_${prec}_${v}.err
    done
  done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
cd $c/r && for f in *.json; do python3 -c "import json,sys;j=json.load(open('$f'));print('$f',[ (r['format'],r.get('batch_us')) for r in j['results']])"; done
