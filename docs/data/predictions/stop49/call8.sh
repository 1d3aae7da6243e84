#!/bin/bash
# stop 49, call 8 (H200): are a fresh process's launch-bound products slow because the GPU has
# not left its idle clocks? (call 7: the same small product 4.9 µs in one bench process, 6.5-7.5
# in the next, seconds apart; the training table, one long process, at the low end.) Bench with
# 10, 300 and 3,000 warm-up products (about 0.05, 1.5 and 15 ms), three rounds, orders rotated;
# CSR-scalar and CSR-vector at work-group 256 on cage8 and bcsstk04, both precisions.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c49h; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
{ cmake -S . -B build-ab -DCMAKE_BUILD_TYPE=Release && cmake --build build-ab --target spmvp -j 16; } >$c/build.log 2>&1
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader; date -u +%FT%TZ; } >>$c/host.txt
i=0
for round in 1 2 3; do
  for m in cage8 bcsstk04; do
    for prec in double single; do
      case $((i % 3)) in 0) order="10 300 3000";; 1) order="3000 10 300";; 2) order="300 3000 10";; esac
      for w in $order; do
        timeout 30 ./build-ab/spmvp bench .gpu/matrices/$m.mtx.gz --device nvidia --precision $prec --wg-size 256 \
          --formats csr_scalar,csr_vector --runs 30 --warmup $w --batch 200 --json >$c/r/${m}_${prec}_w${w}_$round.json 2>>$c/r/bench.err
      done
      i=$((i + 1))
    done
  done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
tar czf $OUT/c49h.tgz -C /tmp c49h
cat $c/host.txt
