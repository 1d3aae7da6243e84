#!/bin/bash
# stop 44, calls 1-2 and 4-5: compare-set session $2 (14, 15) on GPU $1 (h100, h200) with the
# profiles then shipped and today's kernels (stop 43's packed CSR-adaptive): bench + rank
# --measure 8, the protocol of sessions 9-13 (stop 42's call6.sh with the session as $2).
source .gpu/setup.sh >/dev/null 2>&1
g=$1
RANK_PROFILE=.gpu/nvidia-$g.json SET=.gpu/compare_set.txt LIMIT=${LIMIT:-470} scripts/gpu_compare_set.sh "$OUT" "${2:-14}"
ls "$OUT"
