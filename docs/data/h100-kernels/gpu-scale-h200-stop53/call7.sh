#!/bin/bash
# stop 53, call 7 (H200): CSR-adaptive's entries a work-item below 4 where it trails cuSPARSE's
# best CSR (R-MAT 21 double 0.96 in call 3), and R-MAT 20 beside it: WG 256 at 8 / 4 / 2 and
# WG 128 at 4 / 2, both precisions, two rounds in reverse orders.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c53g; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c53g.tgz.part -C /tmp c53g 2>/dev/null && mv $OUT/c53g.tgz.part $OUT/c53g.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
cfgs="256,8 256,4 256,2 128,4 128,2"
for round in 1 2; do
  for m in rmat:21 rmat:20; do
    name=$(echo $m | tr ':' '_')
    for prec in double single; do
      list=$cfgs; [ $round = 2 ] && list=$(echo $cfgs | tr ' ' '\n' | tac | tr '\n' ' ')
      for cfg in $list; do
        wg=${cfg%,*} it=${cfg#*,}
        timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_adaptive --wg-size $wg --adaptive-items $it \
          --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_w${wg}_i${it}_$round.json 2>$c/r/${name}_${prec}_w${wg}_i${it}_$round.err
      done
    done
  done
  echo "round $round $(($(date +%s) - t0)) s" >>$c/host.txt
  save
  [ $(($(date +%s) - t0)) -gt 200 ] && break
done
save
cat $c/host.txt
for f in $c/r/*.json; do printf '%s ' $(basename $f .json); python3 -c "
import json;d=json.load(open('$f'));r=d['results'][0]
print('%.1f'%r['batch_us'], r.get('params'))" 2>/dev/null || echo; done
