#!/bin/bash
# stop 52, call 2 (H200): session 1 of the COO/HYB/CSR-scalar retrain resumed (call 1 stopped
# at its 130 s limit with 28 of 73 generated matrices measured): its table from call 1 resumes.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
SESSIONS=${SESSIONS:-1} LIM=${LIM:-280} NAME=h200 bash scripts/gpu_retrain.sh
tar xzf $OUT/t.tgz -O t/gpu.txt
