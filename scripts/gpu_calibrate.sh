#!/bin/bash
# scripts/gpu_calibrate.sh OUTDIR [PRECISION]: quick and full calibrations of the NVIDIA GPU
# (timed), profiles and logs into OUTDIR. Build first; on the device machine source .gpu/setup.sh.
set -u
out=$1
prec=${2:-double}
spmvp=./build/spmvp
dev=${SPMVP_DEVICE:-nvidia}
t0=$(date +%s)
$spmvp calibrate --device "$dev" --quick --precision "$prec" -o "$out/quick-$prec.json" 2>"$out/quick-$prec.log"
t1=$(date +%s)
$spmvp calibrate --device "$dev" --precision "$prec" -o "$out/full-$prec.json" 2>"$out/full-$prec.log"
t2=$(date +%s)
echo "$prec: quick calibration $((t1 - t0)) s, full calibration $((t2 - t1)) s" | tee -a "$out/times.txt"
grep -v "^skipped" "$out/full-$prec.log" | tail -4
