#!/bin/bash
# The pending patch measured on the H100 (one call of the device tool, about 4 minutes; carry
# .gpu with its matrices): A = main, B = main with the patch (.gpu/b, made below), alternating
# (scripts/gpu_ab.sh), CSR-adaptive at its automatic mapping and at 4 entries a work-item, on
# the power-law matrices the patch changes (R-MAT, the largest social graphs) and, as controls,
# matrices it leaves alone (pde100, random rows). Everything lands in $OUT/serial.tgz.
#   rm -rf .gpu/b && mkdir .gpu/b && git archive HEAD | tar -x -C .gpu/b &&
#   (cd .gpu/b && git apply ../../docs/data/pending-adaptive-serial/0001-*.patch) &&
#   rm -rf .gpu/b/docs .gpu/b/devices/*.json
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=$OUT/serial; mkdir -p $r
m="rmat:20 rmat:21 rmat:19:12:5 .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/cit-HepPh.mtx.gz
   .gpu/matrices/email-Enron.mtx.gz laplace3d:100 random:1000000:20:uniform"
LIMIT=200 FORMATS=csr_adaptive RUNS=30 scripts/gpu_ab.sh $r/auto . .gpu/b $m >$r/auto.log 2>&1
LIMIT=120 FORMATS=csr_adaptive RUNS=30 A_ARGS="--adaptive-items 4" B_ARGS="--adaptive-items 4" \
  scripts/gpu_ab.sh $r/items4 . .gpu/b rmat:20 rmat:21 laplace3d:100 >$r/items4.log 2>&1
tar czf $OUT/serial.tgz -C $OUT serial && rm -rf $r
