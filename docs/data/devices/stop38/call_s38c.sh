#!/bin/bash
# stop 38: compare-set session 12 on this GPU with the shipped profiles (unchanged since stop 36) (COO with persistent
# work-groups, its rows measured again): bench + rank --measure 8, the protocol of sessions 9-10.
source .gpu/setup.sh >/dev/null 2>&1
g=$1
RANK_PROFILE=.gpu/nvidia-$g.json SET=.gpu/compare_set.txt LIMIT=${LIMIT:-470} scripts/gpu_compare_set.sh "$OUT" 12
ls "$OUT"
