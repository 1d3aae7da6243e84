#!/bin/bash
# stop 35: compare-set session 10 on this GPU with the refitted profiles (the generated corpus in
# one session per GPU): bench + rank --measure 8, the consistent protocol of session 9.
source .gpu/setup.sh >/dev/null 2>&1
g=$1
RANK_PROFILE=.gpu/nvidia-$g.json SET=.gpu/compare_set.txt LIMIT=${LIMIT:-470} scripts/gpu_compare_set.sh "$OUT" 10
ls "$OUT"
