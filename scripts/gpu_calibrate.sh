#!/bin/bash
# scripts/gpu_calibrate.sh OUTDIR MATRIX_DIR [PRECISION]: the issue-3 measurements on an NVIDIA
# GPU: a quick and a full calibration (timed), then `spmvp evaluate` on every matrix in
# MATRIX_DIR plus generated GPU-scale ones (1M+ rows). Results in OUTDIR/results.tar.gz.
set -u
out=$1
mdir=$2
prec=${3:-double}
res=$(mktemp -d)
spmvp=./build/spmvp
dev=${SPMVP_DEVICE:-nvidia}
t0=$(date +%s)
$spmvp calibrate --device "$dev" --quick --precision "$prec" -o "$res/quick.json" 2>"$res/quick.log"
t1=$(date +%s)
$spmvp calibrate --device "$dev" --precision "$prec" -o "$res/full.json" 2>"$res/full.log"
t2=$(date +%s)
echo "quick calibration: $((t1 - t0)) s; full calibration: $((t2 - t1)) s" | tee "$res/times.txt"
tail -3 "$res/full.log"
gen="laplace3d:100 laplace2d:1000 laplace3d27:60 random:1000000:16:normal random:2000000:8:uniform
random:1000000:64:fixed random:1500000:32:normal rmat:20 rmat:21:8"
$spmvp evaluate --device "$dev" --profile "$res/full.json" --precision "$prec" -o "$res/eval-full" \
    "$mdir"/*.mtx.gz $gen >"$res/eval-full.txt" 2>"$res/eval-full.log"
cat "$res/eval-full.txt"
$spmvp evaluate --device "$dev" --profile "$res/quick.json" --precision "$prec" -o "$res/eval-quick" \
    --plot none "$mdir"/*.mtx.gz $gen >"$res/eval-quick.txt" 2>"$res/eval-quick.log"
t3=$(date +%s)
echo "evaluations: $((t3 - t2)) s" | tee -a "$res/times.txt"
tar -czf "$out/results.tar.gz" -C "$res" .
