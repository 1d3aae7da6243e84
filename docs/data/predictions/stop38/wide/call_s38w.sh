#!/bin/bash
# stop 38: rows of 300-800 in the band, block-diagonal and permuted families (the corpus had them
# only in the random family, which cross-validation holds out whole): six matrices, every
# configuration, two sessions on this GPU (NAME=h100|h200), resuming a copy of the shipped table.
NAME=${NAME:-h100} SESSIONS="${SESSIONS:-1 2}" LIM=${LIM:-240} \
    MATRICES="--corpus none band:40000:150 perm:band:40000:150 blockdiag:24000:480 perm:blockdiag:24000:480 band:10000:400 perm:band:10000:400" \
    bash scripts/gpu_retrain.sh
