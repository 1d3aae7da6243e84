#!/bin/bash
# scripts/gpu_hyb_threshold.sh OUTDIR KS.tsv MATRIX_DIR [PRECISION]: HYB timed at the K of every
# threshold rule of KS.tsv (scripts/hyb_threshold_ks.py: seed 002's Algorithm 2 on T, on CT and
# calibrated, CUSP, ViennaCL, mean row length, spmvp's default) and at the sweep's best K, in
# one `spmvp bench` per matrix, so all of a matrix's widths are timed in the same session.
set -u
out=$1
ks=$2
mdir=$3
prec=${4:-double}
dev=${SPMVP_DEVICE:-nvidia}
tail -n +2 "$ks" | while IFS=$'\t' read -r name spec k0 max best rest; do
    case $spec in *.mtx.gz) m="$mdir/$spec" ;; *) m=$spec ;; esac
    widths=$(printf '%s\n' $best $rest | awk '$1 >= 0' | sort -n | uniq | paste -sd, -)
    ./build/spmvp bench "$m" --device "$dev" --precision "$prec" --hyb-widths "$widths" --runs 20 \
        --warmup 3 --batch 1 --json
done >"$out/hyb-threshold-$prec.jsonl" 2>"$out/hyb-threshold-$prec.log"
echo "benches: $(grep -c '"matrix"' "$out/hyb-threshold-$prec.jsonl"), errors: $(grep -c spmvp "$out/hyb-threshold-$prec.log")"
