#!/bin/bash
# stop 44, call 3 (H200): stop 43's call4.sh with SESSIONS=2, a second session of CSR-adaptive's
# rows and CSR-scalar's (its anchor), on a fresh H200 machine (scripts/gpu_retrain.sh; the
# generated corpus at every configuration, the real matrices at --quick, as that table was made).
# Carried: .gpu/debs, .gpu/setup.sh, .gpu/matrices, .gpu/h200.drop.tsv (stop 43's), .gpu/nvidia-h200.json
# (a link to devices/).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
SESSIONS=2 LIM=200 NAME=h200 bash scripts/gpu_retrain.sh
