#!/bin/bash
# stop 53, call 2 (H200): session 2 of the CSR-adaptive/CSR-scalar retrain (gpu_retrain.sh).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
SESSIONS=${SESSIONS:-2} LIM=${LIM:-330} NAME=h200 bash scripts/gpu_retrain.sh
tar xzf $OUT/t.tgz -O t/gpu.txt
