#!/bin/bash
# H200 2026-11-24 (stop 34): the ten generated matrices of 12-96 MB new to the corpus, every
# configuration, two sessions (scripts/gpu_retrain.sh MATRICES=...), as call_s34a/c on the H100.
NAME=h200 SESSIONS="${SESSIONS:-1 2}" LIM=${LIM:-270} MATRICES="--corpus none laplace3d:80 laplace3d:90 laplace3d27:38 laplace3d27:52 laplace3d27:66 blockdiag:300000:8 blockdiag:150000:32 random:10000:800:normal random:40000:150:normal laplace2d:1200" bash scripts/gpu_retrain.sh
