#!/bin/bash
# stop 50, call 2 (H200): why one barrier a tile is 1.03-1.04x slower on the stencils (call 1)
# while 0.78-0.97 on R-MAT, rows of 300 and rajat19. A = HEAD's coo.cl, B = one barrier,
# B1 = B + a barrier at the end of each tile (two), B2 = B1 + one after the gather (three, where
# HEAD's are). All through --cl-dir (one build). COO only; rounds with orders rotated.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c50b; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c50b.tgz.part -C /tmp c50b 2>/dev/null && mv $OUT/c50b.tgz.part $OUT/c50b.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
i=0
for round in 1 2 3; do
for m in laplace3d27:60 laplace3d:100 rmat:20 random:50000:300:fixed .gpu/matrices/rajat19.mtx.gz; do
  name=$(basename $m .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 4)) in 0) order="A B B1 B2";; 1) order="B2 A B B1";; 2) order="B1 B2 A B";; 3) order="B B1 B2 A";; esac
    for v in $order; do
      timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats coo --runs 30 --warmup 10 --batch 200 --cl-dir .gpu/v/$v --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 420 ] && { echo "stopped at $m round $round" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
