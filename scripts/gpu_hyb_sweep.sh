#!/bin/bash
# scripts/gpu_hyb_sweep.sh OUTDIR MATRIX_DIR [PRECISION]: HYB time at every ELL width K in
# 0..32 and a coarse tail up to 512 (capped at each matrix's longest row), on the real matrices
# in MATRIX_DIR and generated skewed ones: the measured optimum that issue 4's threshold rules
# (the PMF model's Algorithm 2, CUSP, ViennaCL, mean row length) are compared with.
# SPMVP_DEVICE picks the device (nvidia by default).
set -u
out=$1
mdir=$2
prec=${3:-double}
dev=${SPMVP_DEVICE:-nvidia}
ks=$(seq -s, 0 32),40,48,64,96,128,192,256,384,512
# SPMVP_GENERATED overrides the generated matrices ("" for none: a CPU run)
gen=${SPMVP_GENERATED-"random:1000000:16:normal random:1000000:32:uniform rmat:20 rmat:21:8 laplace3d:100"}
for m in "$mdir"/*.mtx.gz $gen; do
    ./build/spmvp bench "$m" --device "$dev" --precision "$prec" --hyb-widths "$ks" --runs 20 \
        --warmup 3 --batch 1 --json
done >"$out/hyb-sweep-$prec.jsonl" 2>"$out/hyb-sweep-$prec.log"
echo "sweeps: $(grep -c '"matrix"' "$out/hyb-sweep-$prec.jsonl"), errors: $(grep -c spmvp "$out/hyb-sweep-$prec.log")"
