#!/bin/bash
# stop 48, call 1 (H200): CSR-adaptive with v (work-items a row) a constant of each block's copy
# of the row reduction, by a switch over v in the kernel (no host change), variants read with
# --cl-dir from one build of the working tree: A HEAD's cl/; X the switch (the host's ADAPT_V /
# ADAPT_SV constants kept); Y X without ADAPT_SV (a stream-only program's blocks each their own
# v, in its switch case). CSR-adaptive and CSR-vector, two rounds; then test_cl_kernels of X.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c48a; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c48a.tgz.part -C /tmp c48a 2>/dev/null && mv $OUT/c48a.tgz.part $OUT/c48a.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
( cmake -S . -B build-x -DCMAKE_BUILD_TYPE=Release && cmake --build build-x --target spmvp test_cl_kernels -j 16 ) >$c/build.log 2>&1
[ -x build-x/spmvp ] || { echo "build failed" >>$c/host.txt; save; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
i=0
for round in 1 2; do
for m in rmat:20 rmat:21 random:1000000:20:uniform longrows:1000000:4:36:50000 band:120000:40 band:60000:60 \
         laplace3d:100 laplace3d27:60 blockdiag:100000:64 random:100000:64:fixed random:50000:300:fixed \
         .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/cit-HepPh.mtx.gz .gpu/matrices/as-caida20071105.mtx.gz; do
  name=$(basename "$m" .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 3)) in 0) order="A X Y";; 1) order="Y A X";; 2) order="X Y A";; esac
    for v in $order; do
      timeout 60 ./build-x/spmvp bench "$m" --device nvidia --precision $prec --formats csr_adaptive,csr_vector \
        --runs 30 --warmup 10 --batch 200 --cl-dir .gpu/v/$v --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 420 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
done
done
echo "bench done $(($(date +%s) - t0)) s" >>$c/host.txt
save
SPMVP_TEST_DEVICE=nvidia timeout 120 ./build-x/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "test rc $? $(($(date +%s) - t0)) s" >>$c/host.txt
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
