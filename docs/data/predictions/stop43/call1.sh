#!/bin/bash
# stop 43, call 1 (H100): stop 42's stall probe in 8 processes of 10 rounds (before anything
# else loads the host), then every CSR-adaptive row of the H100 table measured again with
# 48a47d2's packed direct blocks (scripts/gpu_retrain.sh, two sessions). Carried: .gpu/debs,
# .gpu/setup.sh, .gpu/matrices, .gpu/h100.drop.tsv (the table without its CSR-adaptive rows),
# .gpu/nvidia-h100.json (a link to devices/), .gpu/stall_probe.c.
source .gpu/setup.sh >/dev/null 2>&1
mkdir -p "$OUT/p"
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/p/host.txt" 2>&1
gcc -O2 -std=c11 -fopenmp .gpu/stall_probe.c -o /tmp/stall_probe -lOpenCL >"$OUT/p/build.log" 2>&1
for i in 1 2 3 4 5 6 7 8; do /tmp/stall_probe 10 8 >"$OUT/p/probe$i.tsv" 2>&1; done
date -u +%FT%TZ >>"$OUT/p/host.txt"
(cd "$OUT" && tar czf probe.tgz p && rm -rf p)
LIM=240 NAME=h100 bash scripts/gpu_retrain.sh
