#!/bin/bash
# The two pending CSR-adaptive patches measured on the H100 (one call of the device tool, about
# 6 minutes; carry .gpu with its matrices). Make the trees first, on this machine:
#   for p in 1 2; do rm -rf .gpu/p$p && mkdir .gpu/p$p && git archive HEAD | tar -x -C .gpu/p$p &&
#     git apply --directory=.gpu/p$p docs/data/pending-adaptive/000$p-*.patch &&
#     rm -rf .gpu/p$p/docs .gpu/p$p/devices/*.json; done
# (from the repository's root: `git apply` run inside .gpu/p$p, a folder git ignores, skips
# every file of the patch and still succeeds)
# Then A = main against B = each patch (scripts/gpu_ab.sh, alternating), CSR-adaptive at its
# automatic mapping, on the power-law matrices patch 1 changes (R-MAT, the largest social
# graphs) and on matrices it leaves alone (pde100 in both precisions, where patch 2 should show
# most, random rows); then main and patch 1 at 4 entries a work-item on R-MAT and pde100.
# Everything lands in $OUT/pending.tgz; scripts/ab_table.py DIR prints each table.
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=$OUT/pending; mkdir -p $r
# each tree must hold its patch (a patch that did not apply would measure main against main)
grep -q SPMVP_ADAPTIVE_SERIAL .gpu/p1/model/sparse/csr_adaptive.h &&
  grep -q lrow .gpu/p2/cl/csr_adaptive.cl || { echo "gpu_call: .gpu/p1 or .gpu/p2 lacks its patch" >&2; exit 1; }
m="rmat:20 rmat:21 rmat:19:12:5 .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/cit-HepPh.mtx.gz
   .gpu/matrices/email-Enron.mtx.gz laplace3d:100 random:1000000:20:uniform"
for p in 1 2; do
  LIMIT=150 FORMATS=csr_adaptive RUNS=30 scripts/gpu_ab.sh $r/p$p . .gpu/p$p $m >$r/p$p.log 2>&1
done
LIMIT=90 FORMATS=csr_adaptive RUNS=30 A_ARGS="--adaptive-items 4" B_ARGS="--adaptive-items 4" \
  scripts/gpu_ab.sh $r/p1-items4 . .gpu/p1 rmat:20 rmat:21 laplace3d:100 >$r/p1-items4.log 2>&1
tar czf $OUT/pending.tgz -C $OUT pending && rm -rf $r
