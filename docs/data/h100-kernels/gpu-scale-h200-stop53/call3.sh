#!/bin/bash
# stop 53, call 3 (H200): issue 10's goals table in one session of both sides on HEAD 2eed2ad
# (CSR-adaptive's lean share as committed): scripts/gpu_goals.sh.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } 
TAG=s53g bash scripts/gpu_goals.sh
cat /tmp/s53g/times.txt
