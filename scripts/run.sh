#!/bin/sh
# scripts/run.sh [MATRIX] [rank options...]: README command 1, spmvp's main job: installs what
# spmvp needs, builds it, ranks every format and thread mapping for the matrix with the shipped
# trained profile that fits the default device (the H100's on an H100, the H200's on an H200,
# PoCL's CPU profile elsewhere), then measures the five it ranks first on that device, measured
# beside predicted, and advises the configuration for 10 to 10,000 products, counting conversion
# and upload.
set -e
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh build
matrix=${1:-matrices/cage8.mtx.gz}
[ $# -gt 0 ] && shift
# a GPU a shipped profile was trained on (the H100 first); else PoCL's CPU device and profile,
# saying so when the machine has another GPU (another GPU's profile would predict the times of
# the GPU it was trained on, not of this one)
devices=$(./build/spmvp devices 2>/dev/null || true)
case "$devices" in
*"NVIDIA H100"*) profile=devices/nvidia-h100.json device=nvidia ;;
*"NVIDIA H200"*) profile=devices/nvidia-h200.json device=nvidia ;;
*)
    profile=devices/pocl-cpu.json device=pocl
    if printf '%s\n' "$devices" | grep -q "type *GPU"; then
        echo "run.sh: no shipped profile for this machine's GPU; ranking on PoCL's CPU device" \
            "(train one for the GPU: spmvp train --help)" >&2
    fi
    ;;
esac
./build/spmvp rank "$matrix" --profile "$profile" --measure 5 --device "$device" "$@"
echo
precision=single
case " $* " in *" --precision double "*|*" --precision=double "*) precision=double ;; esac
exec ./build/spmvp advise "$matrix" --profile "$profile" --precision "$precision" --products 10,100,1000,10000
