#!/bin/bash
# stop 43, call 3 (H100): call 1's CSR-adaptive rows came from a session whose launches ran
# 1.5-2 µs faster than the table's (the table's best moved to CSR-adaptive on 116 of 279
# launch-bound matrix-precision pairs, against 49): every CSR-adaptive row measured again with
# CSR-scalar's rows beside it, in the same two sessions (scripts/gpu_retrain.sh), so that
# CSR-scalar, whose kernel did not change, anchors the new rows to the table's session
# (scripts/anchor_rows.py). Carried: .gpu/debs, .gpu/setup.sh, .gpu/matrices,
# .gpu/h100.drop.tsv (the committed table without its CSR-adaptive and CSR-scalar rows),
# .gpu/nvidia-h100.json (a link to devices/, the committed profile).
source .gpu/setup.sh >/dev/null 2>&1
LIM=250 NAME=h100 bash scripts/gpu_retrain.sh
