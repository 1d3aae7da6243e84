#!/bin/bash
# stop 47, call 6 (H200): CSR-adaptive's stream blocks with v (work-items a row) a constant of
# a stream-only program, variants read with --cl-dir from one build of HEAD: A HEAD's cl/; W1
# v = 1 (right wherever, a row of fewer work-items); W2 v = 2 (right only where no stream
# block has more than 128 rows: not the 7-point stencils). CSR-adaptive and CSR-vector, two rounds.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c27; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c27.tgz.part -C /tmp c27 2>/dev/null && mv $OUT/c27.tgz.part $OUT/c27.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
( cmake -S . -B build-x -DCMAKE_BUILD_TYPE=Release && cmake --build build-x --target spmvp -j 16 ) >$c/build.log 2>&1
[ -x build-x/spmvp ] || { echo "build failed" >>$c/host.txt; save; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
i=0
for round in 1 2; do
for m in laplace3d:100 laplace3d27:60 random:1000000:20:uniform laplace2d:1000 random:60000:81:fixed band:120000:40; do
  name=$(basename "$m" .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 3)) in 0) order="A W1 W2";; 1) order="W2 A W1";; 2) order="W1 W2 A";; esac
    for v in $order; do
      timeout 60 ./build-x/spmvp bench "$m" --device nvidia --precision $prec --formats csr_adaptive,csr_vector \
        --runs 30 --warmup 10 --batch 200 --cl-dir .gpu/v/$v --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 400 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
