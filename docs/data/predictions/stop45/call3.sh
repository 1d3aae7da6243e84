#!/bin/bash
# stop 45, call 3 (H200): CSR-adaptive built with only its matrix's paths; the H200 table's
# CSR-adaptive rows and CSR-scalar's (the anchor) measured again, two sessions in one call
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
SESSIONS="1 2" LIM=200 NAME=h200 bash scripts/gpu_retrain.sh
