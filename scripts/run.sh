#!/bin/sh
# scripts/run.sh [MATRIX] [rank options...]: README command 1, spmvp's main job: installs what
# spmvp needs, builds it, ranks every format and thread mapping for the matrix with the shipped
# trained profile that fits the default device (the H100's on an H100, PoCL's CPU profile
# elsewhere), then measures the five it ranks first on that device, measured beside predicted,
# and advises the configuration for 10 to 10,000 products, counting conversion and upload.
set -e
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh build
matrix=${1:-matrices/cage8.mtx.gz}
[ $# -gt 0 ] && shift
if ./build/spmvp devices 2>/dev/null | grep -q "NVIDIA H100"; then
    profile=devices/nvidia-h100.json device=nvidia
else
    profile=devices/pocl-cpu.json device=pocl
fi
./build/spmvp rank "$matrix" --profile "$profile" --measure 5 --device "$device" "$@"
echo
precision=single
case " $* " in *" --precision double "*|*" --precision=double "*) precision=double ;; esac
exec ./build/spmvp advise "$matrix" --profile "$profile" --precision "$precision" --products 10,100,1000,10000
