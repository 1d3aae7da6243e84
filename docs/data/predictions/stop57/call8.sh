#!/bin/bash
# stop 57, call 8 (H200): rank --measure 4 with the H200 profile before CSR-scalar read 4 entries
# a load (old: its rows of the matrices that do measured one entry a load) and after (new: those
# rows measured again, refitted), both run on today's kernels, on six generated matrices whose
# every row starts at a multiple of 4 and that the table does not hold (scripts/gpu_rank.sh,
# two profiles, both precisions).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$OUT/host.txt 2>&1
PROFILES=".gpu/old-h200.json .gpu/new-h200.json" MEASURE=4 LIMIT=300 bash scripts/gpu_rank.sh \
  blockdiag:250000:24 blockdiag:60000:96 random:200000:48:fixed perm:blockdiag:100000:32 \
  blockdiag:400000:12 random:500000:16:fixed >$OUT/oracle.md 2>$OUT/rank.err
date -u +%FT%TZ >>$OUT/host.txt
tail -40 $OUT/oracle.md; tail -5 $OUT/rank.err
