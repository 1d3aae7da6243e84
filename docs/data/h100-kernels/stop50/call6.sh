#!/bin/bash
# stop 50, call 6 (H200): call 5 found the cost of C on the stencils in its deferred ends (Ca,
# ends at once after a second barrier: 1.012-1.018 instead of 1.044-1.058). Ce: no ends at all,
# the work-items that finish a tile's first and last rows write its carries (or y) themselves;
# Cf: Ce with the last row by a dynamic index (Cc). A = HEAD, C, Ca. Both precisions, the
# one-launch path on cit-HepPh (verified by bench), two rounds, orders rotated.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c50f; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c50f.tgz.part -C /tmp c50f 2>/dev/null && mv $OUT/c50f.tgz.part $OUT/c50f.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
vs="A C Ca Ce Cf"
i=0
for round in 1 2; do
for m in laplace3d27:60 laplace3d:100 random:50000:300:fixed rmat:20 .gpu/matrices/cit-HepPh.mtx.gz; do
  name=$(basename $m .mtx.gz | tr ':' '_')
  for prec in single double; do
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
