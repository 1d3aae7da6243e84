#!/bin/bash
# stop 56, call 1 (H200): the L2 pin (prelude.cl's SPMVP_PIN, stop 33) for ELL, ELL-R, HYB and
# JAD, whose warps read whole lines of the matrix as SELL's do at C >= 32. A/B: A = HEAD's tree
# (.gpu/a), B = the working tree (the four plans ask for l2_pin). Matrices above the L2 (50 MiB)
# in double, most in single too, and laplace3d:60 below it (a control: no pin on either side);
# SELL at its default mapping is unchanged (a second control).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c56a; rm -rf $c; mkdir -p $c/ab
t0=$(date +%s)
save() { tar czf $OUT/c56a.tgz.part -C /tmp c56a 2>/dev/null && mv $OUT/c56a.tgz.part $OUT/c56a.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
FORMATS=ell,ellr,hyb,jad,sell RUNS=30 LIMIT=440 bash scripts/gpu_ab.sh $c/ab .gpu/a . \
  blockdiag:150000:32 laplace3d:100 perm:band:120000:40 laplace3d27:66 blockdiag:100000:64 laplace3d:60 \
  random:300000:32:fixed perm:band:60000:80 laplace2d:1000 band:1000000:8 rmat:20 random:50000:300:normal \
  random:1000000:24:uniform laplace3d27:100 >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
cat $c/host.txt; tail -3 $c/ab/runs.txt
python3 scripts/ab_table.py $c/ab 2>&1 | tail -80
