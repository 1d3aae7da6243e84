#!/bin/bash
# H100 2026-11-24 (stop 34): (1) test_cl_kernels with stop 33's one-set loaders forced pinned
# into every program; (2) CG with SELL pinned (share 0.5) and not (0), two stencils, both
# precisions, order on/off/on/off; (3) ten generated matrices of 12-96 MB new to the corpus,
# every configuration, session 1 (scripts/gpu_retrain.sh MATRICES=...).
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=$OUT/s34a; mkdir -p $r
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >$r/gpu.txt; date -u >>$r/gpu.txt
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$r/build.log 2>&1
echo "built $(($(date +%s)-t0)) s" >>$r/status.txt
SPMVP_CLOPTS="-DSPMVP_STREAM -DSPMVP_PIN=0.5" SPMVP_TEST_DEVICE=nvidia timeout 150 ./build-gpu/tests/test_cl_kernels >$r/test_cl_kernels_pin.log 2>&1
echo "test rc=$? $(($(date +%s)-t0)) s" >>$r/status.txt
for m in laplace3d27:60 laplace3d:100; do
  for p in double single; do
    tol=1e-8; [ $p = single ] && tol=1e-5
    for k in 1 2; do
      for s in 0.5 0; do
        SPMVP_PIN_SHARE=$s timeout 60 ./build-gpu/spmvp cg $m --device nvidia --format sell --precision $p --tol $tol --max-it 3000 --json \
          >$r/cg_$(echo $m | tr ':' '_')_${p}_${s}_$k.json 2>$r/cg_$(echo $m | tr ':' '_')_${p}_${s}_$k.err
      done
    done
  done
done
echo "cg done $(($(date +%s)-t0)) s" >>$r/status.txt
(cd $OUT && tar czf s34a.tgz s34a && rm -rf s34a)
NAME=h100 SESSIONS=1 LIM=${LIM:-330} MATRICES="--corpus none laplace3d:80 laplace3d:90 laplace3d27:38 laplace3d27:52 laplace3d27:66 blockdiag:300000:8 blockdiag:150000:32 random:10000:800:normal random:40000:150:normal laplace2d:1200" bash scripts/gpu_retrain.sh
