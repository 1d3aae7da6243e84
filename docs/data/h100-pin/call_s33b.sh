#!/bin/bash
# H100 2026-11-24 (stop 33), second call: s33a found pinning's L2 gain lost to its L1 side
# (ld.global.nc.L1::no_allocate: COO and CSR-adaptive 1.05-1.2x slower even with little pinned).
# Here the pin policy with three L1 behaviours (SPMVP_CLOPTS -DSPMVP_PIN_OP: 1 ld.global.cs,
# 2 ld.global.nc.L1::evict_first, 3 ld.global.nc) at two shares of the L2 (SPMVP_PIN_SHARE 0.35
# and 0.5), against share 0 (stop 32's streaming loads), in an order rotated from matrix to
# matrix. Archive rewritten every 20 s.
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
r=/tmp/s33b; rm -rf $r; mkdir -p $r/runs
save() { tar czf $OUT/s33b.tgz.part -C /tmp s33b 2>/dev/null && mv $OUT/s33b.tgz.part $OUT/s33b.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$r/build.log 2>&1 || { tail -20 $r/build.log; }
declare -A share=([c]=0 [a1]=0.35 [b1]=0.5 [a2]=0.35 [b2]=0.5 [a3]=0.35 [b3]=0.5)
declare -A op=([c]=1 [a1]=1 [b1]=1 [a2]=2 [b2]=2 [a3]=3 [b3]=3)
i=0
for m in laplace3d27:60 laplace3d:100 rmat:20 longrows:1000000:4:36:50000 band:120000:40 \
         random:50000:300:fixed random:1000000:20:uniform; do
  n=$(echo $m | tr ':' '_')
  set -- c a1 b1 a2 b2 a3 b3; k=$((i % $#)); order="${@:$((k+1))} ${@:1:$k}"
  for p in double single; do
    for v in $order; do
      [ $(( $(date +%s) - t0 )) -gt 540 ] && break 3
      SPMVP_CLOPTS="-DSPMVP_PIN_OP=${op[$v]}" SPMVP_PIN_SHARE=${share[$v]} timeout 60 ./build-gpu/spmvp bench $m \
        --device nvidia --precision $p --formats csr_adaptive,sell,brc,coo --runs 20 --warmup 5 --batch 100 --json \
        >$r/runs/${n}_${p}_$v.json 2>$r/runs/${n}_${p}_$v.err
    done
  done
  i=$((i + 1))
done
echo "total $(( $(date +%s) - t0 )) s" >>$r/status.txt
kill $saver
save
