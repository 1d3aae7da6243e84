#!/bin/bash
# stop 52, call 5 (H200): CSR-adaptive's entries a work-item (2, 4, 8 at WG 256)
# on the 41 real matrices of 60,000 entries or more and five generated ones of mid size, both
# precisions; rounds alternate the order of the configurations, as many as time allows.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c52c; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c52c.tgz.part -C /tmp c52c 2>/dev/null && mv $OUT/c52c.tgz.part $OUT/c52c.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
cfgs="256,8 256,4 256,2"
for round in 1 2 3; do
  for m in .gpu/matrices/*.mtx.gz rmat:16 rmat:18 laplace3d:40 laplace3d:60 random:300000:12:normal; do
    name=$(basename $m .mtx.gz | tr ':' '_')
    for prec in double single; do
      list=$cfgs; [ $round = 2 ] && list=$(echo $cfgs | tr ' ' '\n' | tac | tr '\n' ' ')
      for cfg in $list; do
        wg=${cfg%,*} it=${cfg#*,}
        timeout 30 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_adaptive --wg-size $wg --adaptive-items $it \
          --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_w${wg}_i${it}_$round.json 2>$c/r/${name}_${prec}_w${wg}_i${it}_$round.err
      done
    done
  done
  echo "round $round $(($(date +%s) - t0)) s" >>$c/host.txt
  save
  [ $(($(date +%s) - t0)) -gt 200 ] && break
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
