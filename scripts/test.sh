#!/bin/sh
# scripts/test.sh: README command 2. Installs what spmvp needs, builds it, runs every test.
set -e
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh build
cd build
ctest --output-on-failure -j 2 --timeout 900
