#!/bin/bash
# stop 55, call 3 (H200): six generated matrices in the regime of the sweep window (sorted rows
# of similar lengths, x of 190 KB - 1 MB single) added to the corpus, every configuration, two
# sessions, resuming a copy of the shipped table (as stop 38's wide rows).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
NAME=h200 SESSIONS="1 2" LIM=${LIM:-250} \
    MATRICES="--corpus none random:100000:50:fixed random:180000:70:uniform random:70000:120:normal perm:laplace3d27:56 perm:band:150000:50 random:250000:24:fixed" \
    bash scripts/gpu_retrain.sh
cat $OUT/t/gpu.txt 2>/dev/null; ls -la $OUT
