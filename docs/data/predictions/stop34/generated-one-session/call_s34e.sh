#!/bin/bash
# H200 2026-11-24 (stop 34): every generated matrix of the corpus, every configuration, in one
# session (the drop table keeps only the real matrices' rows, which its --quick run measured),
# so that a generated matrix's formats are no longer timed in different sessions (stops 29-34).
NAME=h200 SESSIONS=1 LIM=${LIM:-520} bash scripts/gpu_retrain.sh
