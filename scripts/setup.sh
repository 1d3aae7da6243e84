#!/bin/sh
# scripts/setup.sh: install the Debian packages spmvp needs to build, test and run (idempotent);
# clang and libclang-rt-dev (libFuzzer) are for the fuzz targets of tests/fuzz that test.sh runs;
# python3 for the tests of scripts/ (cli_keep_setup.sh) and the JSON check of cli_exit_codes.sh.
set -e
PKGS="build-essential cmake pkg-config python3 ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd clinfo libcjson-dev zlib1g-dev libgsl-dev libxgboost-dev gnuplot-nox clang libclang-rt-dev"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi
