#!/bin/bash
# stop 46, call 9 (H200): CSR-adaptive's blocks whose first row has 64 entries or more made
# direct blocks (B, the working tree; C the same from 32 entries) against HEAD (A, .gpu/a), so
# that matrices of rows of 64-300 get a program without the stream path's local memory;
# CSR-adaptive and CSR-vector (unchanged, a check of the machine), bench's automatic mapping.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c20; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c20.tgz.part -C /tmp c20 2>/dev/null && mv $OUT/c20.tgz.part $OUT/c20.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
pids=
for s in .gpu/a . .gpu/c; do
  ( cmake -S $s -B $s/build-ab -DCMAKE_BUILD_TYPE=Release && cmake --build $s/build-ab --target spmvp -j 6 ) >$c/build-$(basename $s).log 2>&1 &
  pids="$pids $!"
done
wait $pids
for s in .gpu/a . .gpu/c; do [ -x $s/build-ab/spmvp ] || { echo "build $s failed" >>$c/host.txt; save; exit 1; }; done
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
i=0
for m in random:40000:150:normal random:50000:300:normal perm:band:60000:80 random:60000:81:fixed band:120000:40 \
         band:40000:150 random:20000:1000:uniform rmat:20 laplace3d:100 band:10000:400 blockdiag:24000:480 \
         .gpu/matrices/lp_pilot.mtx.gz .gpu/matrices/lp_d6cube.mtx.gz rmat:16; do
  name=$(basename "$m" .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 3)) in 0) order="a b c";; 1) order="c a b";; 2) order="b c a";; esac
    for v in $order; do
      case $v in a) s=.gpu/a;; b) s=.;; c) s=.gpu/c;; esac
      $s/build-ab/spmvp bench "$m" --device nvidia --precision $prec --formats csr_adaptive,csr_vector \
        --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_$v.json 2>$c/r/${name}_${prec}_$v.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 290 ] && { echo "stopped at $m" >>$c/host.txt; break; }
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
