#!/bin/bash
# H100 2026-11-24 (stop 32): cache hints on the loads (cl/prelude.cl, SPMVP_LD_HINT and
# SPMVP_X_HINT through SPMVP_CLOPTS) -- first the PTX of each variant (does NVIDIA's OpenCL
# take it?), then every variant on the GPU-scale set, CSR-adaptive, SELL, BRC and CSR-vector,
# both precisions, variants in an order rotated from matrix to matrix; v0 (no hint) is the
# control. Archive rewritten every 20 s.
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
r=/tmp/s32a; rm -rf $r; mkdir -p $r/runs $r/ptx
save() { tar czf $OUT/s32a.tgz.part -C /tmp s32a 2>/dev/null && mv $OUT/s32a.tgz.part $OUT/s32a.tgz; }
( while sleep 20; do save; done ) &
saver=$!
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv >$r/gpu.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$r/build.log 2>&1 || { tail -20 $r/build.log; }
declare -A opt=([v0]="" [l1]="-DSPMVP_LD_HINT=1" [l2]="-DSPMVP_LD_HINT=2" [l3]="-DSPMVP_LD_HINT=3"
  [x1]="-DSPMVP_X_HINT=1" [l3x2]="-DSPMVP_LD_HINT=3 -DSPMVP_X_HINT=2")
vs="v0 l1 l2 l3 x1 l3x2"
ok=""
for v in $vs; do
  mkdir -p $r/ptx/$v
  SPMVP_CLOPTS="${opt[$v]}" SPMVP_DUMP_PROGRAMS=$r/ptx/$v timeout 60 ./build-gpu/spmvp bench laplace2d:300 \
    --device nvidia --precision double --formats csr_adaptive,sell,brc,csr_vector --runs 3 --warmup 1 \
    >$r/ptx/$v.txt 2>&1 && ok="$ok $v"
  echo "$v rc=$?" >>$r/ptx/status.txt
done
echo "working:$ok" >>$r/ptx/status.txt
i=0
for m in laplace3d27:60 laplace3d:100 rmat:20 random:1000000:20:uniform random:50000:300:fixed \
         longrows:1000000:4:36:50000 rmat:21 random:4000000:16:normal; do
  n=$(echo $m | tr ':' '_')
  set -- $ok; k=$((i % $#)); order="${@:$((k+1))} ${@:1:$k}"
  for p in double single; do
    for v in $order; do
      [ $(( $(date +%s) - t0 )) -gt 520 ] && break 3
      SPMVP_CLOPTS="${opt[$v]}" timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $p \
        --formats csr_adaptive,sell,brc,csr_vector --runs 20 --warmup 5 --batch 100 --json \
        >$r/runs/${n}_${p}_$v.json 2>$r/runs/${n}_${p}_$v.err
    done
  done
  i=$((i + 1))
done
echo "total $(( $(date +%s) - t0 )) s" >>$r/ptx/status.txt
kill $saver
save
