#!/bin/bash
# stop 42, calls 6-7: compare-set session 13 on GPU $1 (h100, h200) with the shipped profiles
# (stop 41's, whose product models are stop 38's fits of the same rows): bench + rank --measure
# 8, the protocol of sessions 9-12.
source .gpu/setup.sh >/dev/null 2>&1
g=$1
RANK_PROFILE=.gpu/nvidia-$g.json SET=.gpu/compare_set.txt LIMIT=${LIMIT:-470} scripts/gpu_compare_set.sh "$OUT" 13
ls "$OUT"
