#!/bin/sh
# scripts/run.sh [MATRIX] [bench options...]: README command 1, spmvp's main job: installs what
# spmvp needs, builds it, predicts every format's time for the matrix from the shipped profile
# that fits the default device (the H100's on an H100, PoCL's CPU profile elsewhere) with the
# recommended format, then measures every format on that device to check the prediction.
set -e
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh build
matrix=${1:-matrices/cage8.mtx.gz}
[ $# -gt 0 ] && shift
if ./build/spmvp devices 2>/dev/null | grep -q "NVIDIA H100"; then
    profile=devices/nvidia-h100.json
else
    profile=devices/pocl-cpu.json
fi
echo "== predicted from $profile"
./build/spmvp predict "$matrix" --profile "$profile"
echo
echo "== measured on the default device"
exec ./build/spmvp bench "$matrix" "$@"
