#!/bin/bash
# H100 2026-11-24 (stop 33): SELL pinned in part (the plan's l2_pin, share 0.5). test_cl_kernels
# with the pin forced into every program; the SELL training rows that pinning (or 16-bit
# columns' plain loads) changed, measured again in two sessions (scripts/gpu_retrain.sh); CG on
# two stencils with SELL, pinned and not (SPMVP_PIN_SHARE=0), in the order on, off, on, off.
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=$OUT/s33c; mkdir -p $r
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$r/build.log 2>&1
SPMVP_CLOPTS="-DSPMVP_STREAM -DSPMVP_PIN=0.5" SPMVP_TEST_DEVICE=nvidia timeout 100 ./build-gpu/tests/test_cl_kernels >$r/test_cl_kernels_pin.log 2>&1
echo "test rc=$?" >>$r/status.txt
for m in laplace3d27:60 laplace3d:100; do
  for p in double single; do
    for k in 1 2; do
      for s in 0.5 0; do
        SPMVP_PIN_SHARE=$s timeout 60 ./build-gpu/spmvp cg $m --device nvidia --format sell --precision $p --json \
          >$r/cg_$(echo $m | tr ':' '_')_${p}_${s}_$k.json 2>&1
      done
    done
  done
done
echo "cg done" >>$r/status.txt
NAME=h100 LIM=170 bash scripts/gpu_retrain.sh
