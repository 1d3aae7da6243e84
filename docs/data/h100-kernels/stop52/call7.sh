#!/bin/bash
# stop 52, call 7 (H200): CSR-adaptive's lean share (SPMVP_ADAPTIVE_LEAN_FILL) on the matrices
# it switches to 4 entries a work-item that calls 4-5 did not measure at 4: rows of 4 with 36
# rows of 50,000 (the GPU-scale set's, whose long rows it cuts into chunks of 1,024), the
# tridiagonal band of 1 M rows and random rows of 4; the default (B) against --adaptive-items 8
# (A, the old default), both precisions, two rounds in reverse orders.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c52d; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c52d.tgz.part -C /tmp c52d 2>/dev/null && mv $OUT/c52d.tgz.part $OUT/c52d.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
for round in 1 2; do
  for m in longrows:1000000:4:36:50000 band:1000000:1 random:100000:4:uniform; do
    name=$(echo $m | tr ':' '_')
    for prec in double single; do
      order="A B"; [ $round = 2 ] && order="B A"
      for v in $order; do
        extra=""; [ $v = A ] && extra="--adaptive-items 8"
        timeout 30 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_adaptive $extra \
          --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_${v}$round.json 2>$c/r/${name}_${prec}_${v}$round.err
      done
    done
  done
  echo "round $round $(($(date +%s) - t0)) s" >>$c/host.txt
  save
  [ $(($(date +%s) - t0)) -gt 120 ] && break
done
save
cat $c/host.txt
for f in $c/r/*.json; do printf '%s ' $(basename $f .json); python3 -c "import json,sys;r=json.load(open('$f'))['results'][0];print(r.get('params'),round(r.get('batch_us',0),1))" 2>/dev/null || echo; done
