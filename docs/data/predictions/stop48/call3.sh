#!/bin/bash
# stop 48, call 3 (H200): the H200 table's CSR-adaptive rows and CSR-scalar's (the anchor)
# measured again after af013a4 (the switch over v), two sessions in one call, as stop 47's call 5
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
SESSIONS="1 2" LIM=200 NAME=h200 bash scripts/gpu_retrain.sh
