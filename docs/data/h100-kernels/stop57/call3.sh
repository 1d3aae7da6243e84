#!/bin/bash
# stop 57, call 3 (H200): the H200 table's ELL, HYB, SELL and COO rows of work bytes in (0.8, 1] x 50 MiB,
# where the plans now pin part of the matrix (call 2), measured again with CSR-scalar's rows of the same
# matrices as the anchor, two sessions (gpu_retrain.sh; .gpu/h200.drop.tsv is the table without
# those rows).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
git log --oneline -1
SESSIONS="1 2" LIM=${LIM:-200} NAME=h200 bash scripts/gpu_retrain.sh
echo "total $(($(date +%s) - t0)) s"
tar xzf $OUT/t.tgz -O t/gpu.txt
