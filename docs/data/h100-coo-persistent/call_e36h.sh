#!/bin/bash
# stop 36 on the H200: COO (persistent groups, local heads, shuffle scan, L2 pin) A/B against HEAD c3e3944 on
# the GPU-scale set, both precisions, then cuSPARSE on the same set in the same session.
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
r=/tmp/e36h; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/e36h.tgz.part -C /tmp e36h && mv $OUT/e36h.tgz.part $OUT/e36h.tgz; }
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
( cmake -S . -B build-cuda -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$nvcc" && cmake --build build-cuda --target cusparse_ref -j 8 ) > $r/cubuild.log 2>&1 &
cb=$!
( while sleep 20; do save; done ) & saver=$!
source scripts/gpu_scale_set.sh
FORMATS=coo,hyb RUNS=30 LIMIT=330 scripts/gpu_ab.sh $r/ab .gpu/a . $SPMVP_GPU_SCALE_SET > $r/ab.log 2>&1
echo "ab $(($(date +%s)-t0))" >> $r/times.txt
save
wait $cb
mkdir -p $r/cu
for prec in double single; do for m in $SPMVP_GPU_SCALE_SET; do
  [ $(($(date +%s)-t0)) -gt 540 ] && break 2
  timeout 40 ./build-cuda/bench/cusparse_ref $m --precision $prec --runs 30 --warmup 10 --batch 200 --json > $r/cu/cusparse_$(echo $m | tr ':' '_')_$prec.json 2>>$r/cu/err.txt
done; done
echo "total $(($(date +%s)-t0))" >> $r/times.txt
kill $saver; save
