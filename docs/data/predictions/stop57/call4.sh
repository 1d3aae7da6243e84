#!/bin/bash
# stop 57, call 4 (H200): rank --measure 4 with the H200 profile before (old: fitted on the
# products of 42-52 MB measured with plain loads, reading their pinned bytes as today's features
# give them, which is where the H100's profile stands now) and after (new: those rows measured
# again pinned, refitted), on 16 generated matrix-precision pairs none of whose parameters the
# table holds, sized to put their products at 42-52 MB (scripts/gpu_rank.sh, two profiles).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$OUT/host.txt 2>&1
PROFILES=".gpu/old-h200.json .gpu/new-h200.json" MEASURE=4 LIMIT=420 bash scripts/gpu_rank.sh \
  laplace2d:950@single band:600000:4@single random:430000:12:normal@single blocks3d:29:3@single \
  perm:band:300000:9@single laplace3d:89@single blockdiag:140000:40@single powerlaw:750000:2:300@single \
  laplace2d:760@double band:390000:4@double random:280000:12:normal@double blocks3d:26:3@double \
  perm:band:200000:9@double laplace3d:76@double blockdiag:95000:40@double powerlaw:520000:2:300@double \
  >$OUT/oracle.md 2>$OUT/rank.err
date -u +%FT%TZ >>$OUT/host.txt
tail -40 $OUT/oracle.md; tail -5 $OUT/rank.err
