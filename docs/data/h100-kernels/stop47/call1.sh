#!/bin/bash
# stop 47, call 1 (H200): CSR-adaptive's direct rows, variants read with --cl-dir from one build
# of HEAD: A HEAD's cl/; P the direct rows' matrix loads plain (as CSR-vector's) instead of
# streamed; R P and, in a direct-only program, no red[] (v capped at the warp); D R and the
# block's rows taken from the group id (valid only where every block holds WG/32 rows).
# CSR-adaptive and CSR-vector (unchanged: a check of the machine) at bench's automatic mapping.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c22; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c22.tgz.part -C /tmp c22 2>/dev/null && mv $OUT/c22.tgz.part $OUT/c22.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
( cmake -S . -B build-x -DCMAKE_BUILD_TYPE=Release && cmake --build build-x --target spmvp -j 16 ) >$c/build.log 2>&1
[ -x build-x/spmvp ] || { echo "build failed" >>$c/host.txt; save; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
i=0
for m in random:40000:150:normal random:50000:300:normal perm:band:60000:80 band:40000:150 \
         random:100000:200:uniform band:10000:400 blockdiag:24000:480 random:20000:1000:uniform \
         random:20000:500:normal rmat:20 random:60000:81:fixed .gpu/matrices/lp_d6cube.mtx.gz \
         band:120000:40 laplace3d:100; do
  name=$(basename "$m" .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 4)) in 0) order="A P R D";; 1) order="D A P R";; 2) order="R D A P";; 3) order="P R D A";; esac
    for v in $order; do
      timeout 60 ./build-x/spmvp bench "$m" --device nvidia --precision $prec --formats csr_adaptive,csr_vector \
        --runs 30 --warmup 10 --batch 200 --cl-dir .gpu/v/$v --json >$c/r/${name}_${prec}_$v.json 2>$c/r/${name}_${prec}_$v.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 470 ] && { echo "stopped at $m" >>$c/host.txt; break; }
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
