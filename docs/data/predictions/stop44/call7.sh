#!/bin/bash
# stop 44: stop 43 call 4 again, a second H200 session (SESSIONS=2) of CSR-adaptive+CSR-scalar rows
# stop 43, call 6 (H200, if one comes: a call of kind nvidia-h200 may get an H100, and then
# this ends at once): call 3 for the H200's table, one session (device time), CSR-adaptive's
# rows and CSR-scalar's, its anchor, measured again (scripts/gpu_retrain.sh; the generated
# corpus at every configuration, the real matrices at --quick, as that table was made).
# Carried: .gpu/debs, .gpu/setup.sh, .gpu/matrices, .gpu/h200.drop.tsv, .gpu/nvidia-h200.json
# (a link to devices/).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
SESSIONS=2 LIM=200 NAME=h200 bash scripts/gpu_retrain.sh
