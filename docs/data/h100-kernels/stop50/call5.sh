#!/bin/bash
# stop 50, call 5 (H200): what in the one-barrier COO kernel (C) costs 1.04-1.06x on the
# single-precision stencils. Variants of C through --cl-dir: Ca the tile's ends at once (a
# second barrier), Cb every lane's head row loaded a tile ahead (no shuffle before the serial
# loop), Cc the last row by a dynamic index (as HEAD), Cd the next tile loaded before this
# tile's x gathers. A = HEAD. Single precision, two rounds, orders rotated.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c50e; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c50e.tgz.part -C /tmp c50e 2>/dev/null && mv $OUT/c50e.tgz.part $OUT/c50e.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
vs="A C Ca Cb Cc Cd"
i=0
for round in 1 2; do
for m in laplace3d27:60 laplace3d:100 random:50000:300:fixed; do
  name=$(echo $m | tr ':' '_')
  for prec in single; do
    order=$(echo $vs | tr ' ' '\n' | awk -v k=$i '{a[NR-1]=$0} END {for (j=0;j<NR;j++) print a[(j+k)%NR]}')
    for v in $order; do
      timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats coo --runs 30 --warmup 10 --batch 200 --cl-dir .gpu/v/$v --json >$c/r/${name}_${prec}_$v-$round.json 2>$c/r/${name}_${prec}_$v-$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 480 ] && { echo "stopped at $m round $round" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
