#!/bin/bash
# stop 43, call 5 (H200, call 4's machine): call 4's session resumed (.gpu/h200.s1.tsv, carried
# back) for the 80 rows its 150 s left: the five wide-row matrices of 7.8-12 M entries.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
SESSIONS=1 LIM=150 NAME=h200 bash scripts/gpu_retrain.sh
