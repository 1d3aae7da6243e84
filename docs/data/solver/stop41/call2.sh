#!/bin/bash
# stop 41, call 2 (H100): upload_ab2.c, pageable writes against pinned staging of 2-16 threads and 1-16 MiB chunks, 7 rounds, twice.
source .gpu/setup.sh >/dev/null 2>&1
mkdir -p "$OUT/t"
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/t/host.txt" 2>&1
gcc -O2 -std=c11 -fopenmp .gpu/s41/upload_ab2.c -o /tmp/upload_ab2 -lOpenCL >"$OUT/t/build.log" 2>&1 || exit 1
/tmp/upload_ab2 7 >"$OUT/t/upload2-${NAME:-h100}.tsv" 2>>"$OUT/t/host.txt"
OMP_WAIT_POLICY=passive /tmp/upload_ab2 3 >"$OUT/t/upload2-${NAME:-h100}-passive.tsv" 2>>"$OUT/t/host.txt"
cd "$OUT" && tar czf t.tgz t && rm -rf t
