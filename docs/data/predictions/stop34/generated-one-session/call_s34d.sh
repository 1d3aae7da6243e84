#!/bin/bash
# H100 2026-11-24 (stop 34): every generated matrix of the corpus, every configuration, in one
# session (the drop table keeps only the real matrices' rows, which stop 31 measured together),
# so that a generated matrix's formats are no longer timed in different sessions (stops 29-34).
NAME=h100 SESSIONS=1 LIM=${LIM:-540} bash scripts/gpu_retrain.sh
