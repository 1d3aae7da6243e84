#!/bin/bash
# H100 2026-11-24 (stop 29): CSR-vector's shuffle sums (this tree) against main's local-memory
# tree (.gpu/a) on 28 real matrices of all sizes (every fourth of the corpus by file size),
# CSR-scalar beside it as the unchanged control: do small, launch-bound products lose?
source .gpu/setup.sh >/dev/null 2>&1
set -u
r=/tmp/s29d; rm -rf $r; mkdir -p $r/ab
save() { tar czf $OUT/s29d.tgz.part -C /tmp s29d 2>/dev/null && mv $OUT/s29d.tgz.part $OUT/s29d.tgz; }
( while sleep 20; do save; done ) &
saver=$!
FORMATS=csr_vector,csr_scalar RUNS=30 BATCH=200 LIMIT=330 scripts/gpu_ab.sh $r/ab .gpu/a . $(ls -S .gpu/small/*.mtx.gz)
python3 scripts/ab_table.py $r/ab > $r/ab_table.md 2>&1; tail -12 $r/ab_table.md
kill $saver
save
