#!/bin/bash
# stop 35: the generated corpus in one session per GPU (stop 34's call_s34d/e, resumed). The
# tables hold the real matrices' rows and stop 34's ten new matrices (measured together, every
# configuration, in one session each): train measures the rest of the generated corpus.
# NAME=h100|h200; resumes .gpu/NAME.s1.tsv (from .gpu/NAME.drop.tsv the first time).
NAME=${NAME:-h100} SESSIONS=1 LIM=${LIM:-540} MATRICES="--corpus full" bash scripts/gpu_retrain.sh
