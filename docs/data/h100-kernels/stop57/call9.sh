#!/bin/bash
# stop 57, call 9 (H200): a lead for the next stop, nothing kept. JAD, BRC and CSR-adaptive given
# the L2 pin that ELL, HYB, SELL and COO have (their plans' l2_pin = 1 in the working tree, B)
# against HEAD (A, .gpu/a: git archive of HEAD without docs/data and devices), on products
# from 40 MB to about 200 MB, both precisions (scripts/gpu_ab.sh, order swapped by matrix).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c57i; rm -rf $c; mkdir -p $c
date -u +%FT%TZ >$c/host.txt
FORMATS=jad,brc,csr_adaptive RUNS=30 LIMIT=230 bash scripts/gpu_ab.sh $c/r .gpu/a . \
  laplace2d:1000 laplace3d:93 laplace3d27:60 blockdiag:340000:16 random:550000:10:fixed band:1000000:8 \
  laplace3d:110 rmat:19:16 random:1000000:20:fixed >$c/ab.log 2>&1
date -u +%FT%TZ >>$c/host.txt
python3 scripts/ab_table.py $c/r >$c/ab.md 2>&1
tar czf $OUT/c57i.tgz -C /tmp c57i
tail -45 $c/ab.md
