#!/bin/bash
# H100 2026-11-24 (stop 34): session 2 of call_s34a's ten new generated matrices.
NAME=h100 SESSIONS=2 LIM=${LIM:-300} MATRICES="--corpus none laplace3d:80 laplace3d:90 laplace3d27:38 laplace3d27:52 laplace3d27:66 blockdiag:300000:8 blockdiag:150000:32 random:10000:800:normal random:40000:150:normal laplace2d:1200" bash scripts/gpu_retrain.sh
