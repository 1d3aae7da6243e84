#!/bin/bash
# stop 47, call 5 (H200): the H200 table's CSR-adaptive rows and CSR-scalar's (the anchor)
# measured again after eb27fd0 (a direct-only matrix's rows 32 work-items each), two sessions
# in one call, as stop 45's call 3
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
SESSIONS="1 2" LIM=200 NAME=h200 bash scripts/gpu_retrain.sh
