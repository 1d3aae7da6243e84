#!/bin/bash
# scripts/gpu_train.sh [TRAIN OPTIONS]: on the GPU machine of the `device` tool (carry .gpu,
# which holds .gpu/matrices from ../shared/matrices): build, then `spmvp train` the full
# corpus and the real matrices on the NVIDIA GPU into $OUT/nvidia-h100.json and its table.
# A table left by an earlier call in .gpu/train/ is resumed, and the run stops itself after
# LIMIT seconds (default 470) so that what it measured comes back within the tool's 10-minute
# limit: call it again with the returned table copied to .gpu/train/ to go on. DEVICE picks
# the device (default nvidia; pocl for the machine's 16-core PoCL), NAME the profile.
set -e
source .gpu/setup.sh >/dev/null
cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-gpu -j16 >/dev/null
name=${NAME:-nvidia-h100}
[ -f ".gpu/train/$name.train.tsv" ] && cp ".gpu/train/$name.train.tsv" "$OUT/"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$OUT/gpu.txt"
date -u +%FT%TZ >>"$OUT/gpu.txt"
rc=0
timeout "${LIMIT:-470}" ./build-gpu/spmvp train --device "${DEVICE:-nvidia}" -o "$OUT/$name.json" \
    --manifest .gpu/matrices/MANIFEST.tsv "$@" .gpu/matrices/*.mtx.gz 2>"$OUT/train.log" || rc=$?
echo "train exit status $rc" >>"$OUT/train.log"
tail -40 "$OUT/train.log"
wc -l "$OUT/$name.train.tsv"
