#!/bin/bash
# stop 53, call 8 (H200): the README's main job (rank, measure the five ranked first, advise)
# with the profile refitted this stop (CSR-adaptive's generated rows of the lean share), the matrices of stop 52's call 6, on seven generated matrices none of whose parameters the
# table holds (their families it does), both precisions
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >/tmp/build-r.log 2>&1 || { tail -20 /tmp/build-r.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ
for m in rmat:19:24 random:500000:40:normal laplace3d27:80 band:300000:60 longrows:500000:6:100:20000 perm:band:200000:30 random:1000000:20:uniform; do
  for p in single double; do
    echo "=== $m $p"
    timeout 90 ./build-gpu/spmvp rank $m --profile devices/nvidia-h200.json --measure 5 --device nvidia --precision $p 2>&1 | head -14
    timeout 60 ./build-gpu/spmvp advise $m --profile devices/nvidia-h200.json --precision $p --products 10,100,1000,10000 2>&1 | tail -6
  done
  [ $(($(date +%s) - t0)) -gt 300 ] && break
done
echo "total $(($(date +%s) - t0)) s"
