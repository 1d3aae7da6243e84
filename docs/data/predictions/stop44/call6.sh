#!/bin/bash
# stop 44, call 6 (H100): stop 42's stall probe (docs/data/solver/stop42/stall_probe.c, carried as .gpu/stall_probe.c),
# 8 processes of 10 rounds, on one more machine. Carried: .gpu/debs, .gpu/setup.sh, this script.
source .gpu/setup.sh >/dev/null 2>&1
mkdir -p "$OUT/p"
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/p/host.txt" 2>&1
gcc -O2 -std=c11 -fopenmp .gpu/stall_probe.c -o /tmp/stall_probe -lOpenCL >"$OUT/p/build.log" 2>&1
for i in 1 2 3 4 5 6 7 8; do /tmp/stall_probe 10 8 >"$OUT/p/probe$i.tsv" 2>&1; done
date -u +%FT%TZ >>"$OUT/p/host.txt"
(cd "$OUT" && tar czf probe.tgz p && rm -rf p)
