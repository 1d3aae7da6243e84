#!/bin/sh
# scripts/build.sh [BUILD_DIR] [cmake args...]: configure and build spmvp (Release by default).
set -e
cd "$(dirname "$0")/.."
dir=${1:-build}
[ $# -gt 0 ] && shift
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$dir" -j "$(nproc)"
