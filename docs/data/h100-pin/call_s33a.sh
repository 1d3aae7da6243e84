#!/bin/bash
# H100 2026-11-24 (stop 33): pinning part of the matrix in L2 (prelude.cl's SPMVP_PIN, the share
# of the L2 through SPMVP_PIN_SHARE; 0 = stop 32's streaming loads, the control). First
# test_cl_kernels with the pin policy forced into every program and the PTX of one pinned
# program, then the sweep: CSR-adaptive, SELL, BRC, COO on eight matrices above the L2, both
# precisions, shares in an order rotated from matrix to matrix. Archive rewritten every 20 s.
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
r=/tmp/s33a; rm -rf $r; mkdir -p $r/runs $r/ptx
save() { tar czf $OUT/s33a.tgz.part -C /tmp s33a 2>/dev/null && mv $OUT/s33a.tgz.part $OUT/s33a.tgz; }
( while sleep 20; do save; done ) &
saver=$!
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv >$r/gpu.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels -j 16; } >$r/build.log 2>&1 || { tail -20 $r/build.log; }
SPMVP_CLOPTS="-DSPMVP_STREAM -DSPMVP_PIN=0.5" SPMVP_TEST_DEVICE=nvidia timeout 100 ./build-gpu/tests/test_cl_kernels >$r/test_cl_kernels_pin.log 2>&1
echo "test rc=$?" >>$r/status.txt
SPMVP_PIN_SHARE=0.6 SPMVP_DUMP_PROGRAMS=$r/ptx timeout 60 ./build-gpu/spmvp bench laplace3d:100 --device nvidia \
  --precision double --formats csr_adaptive,sell,brc,coo --runs 3 --warmup 1 >$r/ptx.txt 2>&1
echo "ptx rc=$?" >>$r/status.txt
i=0
for m in laplace3d27:60 laplace3d:100 rmat:20 random:1000000:20:uniform longrows:1000000:4:36:50000 \
         band:120000:40 random:50000:300:fixed rmat:21; do
  n=$(echo $m | tr ':' '_')
  set -- 0 0.4 0.6 0.8 1.0; k=$((i % $#)); order="${@:$((k+1))} ${@:1:$k}"
  for p in double single; do
    for v in $order; do
      [ $(( $(date +%s) - t0 )) -gt 530 ] && break 3
      SPMVP_PIN_SHARE=$v timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $p \
        --formats csr_adaptive,sell,brc,coo --runs 20 --warmup 5 --batch 100 --json \
        >$r/runs/${n}_${p}_$v.json 2>$r/runs/${n}_${p}_$v.err
    done
  done
  i=$((i + 1))
done
echo "total $(( $(date +%s) - t0 )) s" >>$r/status.txt
kill $saver
save
