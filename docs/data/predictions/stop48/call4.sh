#!/bin/bash
# stop 48, call 4 (H200): the README's main job by hand (scripts/run.sh without its apt step,
# which the device machine cannot reach): rank with the refitted H200 profile, measure the
# five ranked first, advise; on cage8 (the README's matrix), two real graphs of mixed row
# lengths and three generated GPU-scale matrices, both precisions
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
{ cmake -S . -B build-r -DCMAKE_BUILD_TYPE=Release && cmake --build build-r --target spmvp -j 16; } >/tmp/build-r.log 2>&1 || { tail -20 /tmp/build-r.log; exit 1; }
for m in matrices/cage8.mtx.gz .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/as-caida20071105.mtx.gz rmat:20 random:1000000:20:uniform laplace3d:100; do
  for p in single double; do
    echo "=== $m $p"
    timeout 90 ./build-r/spmvp rank $m --profile devices/nvidia-h200.json --measure 5 --device nvidia --precision $p 2>&1 | head -14
    timeout 60 ./build-r/spmvp advise $m --profile devices/nvidia-h200.json --precision $p --products 10,100,1000,10000 2>&1 | tail -6
  done
  [ $(($(date +%s) - t0)) -gt 400 ] && break
done
echo "total $(($(date +%s) - t0)) s"
