#!/bin/bash
# stop 53, call 4 (H200): the real matrices' CSR-adaptive rows again, with CSR-scalar and
# CSR-vector beside them (two sessions, gpu_retrain.sh with MATRICES): calls 1-2's launch
# floor moved (CSR-adaptive's least real product 4.3 -> 5.1 / 6.9 µs), and CSR-scalar, 30 µs
# and more on many of them, cannot carry a launch-bound row's shift; CSR-vector, launch-bound
# where CSR-adaptive is, can.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; }
SESSIONS="1 2" LIM=150 NAME=h200 MATRICES="--quick --corpus none $(echo .gpu/matrices/*.mtx.gz)" bash scripts/gpu_retrain.sh
tar xzf $OUT/t.tgz -O t/gpu.txt
