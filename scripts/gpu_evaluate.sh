#!/bin/bash
# scripts/gpu_evaluate.sh OUTDIR PROFILE MATRIX_DIR [PRECISION] [NAME]: `spmvp evaluate` on every
# matrix in MATRIX_DIR plus generated GPU-scale ones (1M+ rows); results in OUTDIR/NAME.*.
set -u
out=$1
profile=$2
mdir=$3
prec=${4:-double}
name=${5:-eval}
dev=${SPMVP_DEVICE:-nvidia}
gen="laplace3d:100 laplace2d:1000 laplace3d27:60 random:1000000:16:normal random:2000000:8:uniform
random:1000000:64:fixed random:1500000:32:normal rmat:20 rmat:21:8"
t0=$(date +%s)
./build/spmvp evaluate --device "$dev" --profile "$profile" --precision "$prec" -o "$out/$name" \
    "$mdir"/*.mtx.gz $gen >"$out/$name.txt" 2>"$out/$name.log"
echo "evaluate: $(($(date +%s) - t0)) s, exit $?"
cat "$out/$name.txt"
