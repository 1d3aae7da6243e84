#!/bin/sh
# scripts/run.sh [MATRIX] [bench options...]: README command 1. Installs what spmvp needs,
# builds it, and benchmarks every format on the default device (the first GPU, else PoCL's
# CPU device) with a shipped example matrix.
set -e
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh build
matrix=${1:-matrices/cage8.mtx.gz}
[ $# -gt 0 ] && shift
exec ./build/spmvp bench "$matrix" "$@"
