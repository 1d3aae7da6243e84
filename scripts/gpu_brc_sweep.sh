#!/bin/bash
# scripts/gpu_brc_sweep.sh OUTDIR MATRIX_DIR [PRECISION]: BRC's block size B swept over 1, 2, 4,
# ..., 64 and the model's own choice (--brc-block left on auto, model/sparse/brc.c), on the real
# matrices in MATRIX_DIR and the generated GPU-scale set of scripts/gpu_evaluate.sh: how far the
# model's B is from the best measured B. Writes OUTDIR/brc-sweep-PRECISION.jsonl (one
# `spmvp bench --json` document per matrix and B; "params" names the B that ran) and prints,
# per matrix, the model's B, the best B and the model's time over the best.
# SPMVP_DEVICE picks the device (nvidia by default); SPMVP_GENERATED overrides the generated
# matrices ("" for none: a CPU run); SPMVP_BLOCKS the B swept ("1 2 4 8 16 32 64").
set -u
out=$1
mdir=$2
prec=${3:-double}
dev=${SPMVP_DEVICE:-nvidia}
gen=${SPMVP_GENERATED-"laplace3d:100 laplace2d:1000 laplace3d27:60 random:1000000:16:normal
random:2000000:8:uniform random:1000000:64:fixed random:1500000:32:normal rmat:20 rmat:21:8"}
runs=${SPMVP_RUNS:-50}
res="$out/brc-sweep-$prec.jsonl"
: >"$res"
fails=0
for m in "$mdir"/*.mtx.gz $gen; do
    for b in auto ${SPMVP_BLOCKS:-1 2 4 8 16 32 64}; do
        opt=""
        [ "$b" = auto ] || opt="--brc-block $b"
        # shellcheck disable=SC2086
        ./build/spmvp bench "$m" --device "$dev" --precision "$prec" --formats brc $opt \
            --runs "$runs" --warmup 5 --batch 100 --json >>"$res" 2>>"$out/brc-sweep-$prec.log" ||
            fails=$((fails + 1))
    done
done
echo "failed runs: $fails"
python3 - "$res" <<'PY'
import os, sys
sys.path.insert(0, "scripts")
from jsonstream import documents
runs = {}
for d in documents(sys.argv[1]):
    for r in d["results"]:
        if r.get("state") == "ok":
            runs.setdefault(d["matrix"]["name"], []).append(r)
print("| matrix | model B | best B | model µs | best µs | model / best |")
print("|---|---:|---:|---:|---:|---:|")
ratios = []
for name, rs in runs.items():
    model, sweep = rs[0], rs[1:]  # the auto run comes first
    if not sweep:
        continue
    best = min(rs, key=lambda r: r["median_us"])  # the auto run is one of the B too
    b = lambda r: r["params"].split(",")[0].removeprefix("B=")
    ratios.append(model["median_us"] / best["median_us"])
    print(f"| {name.split('/')[-1]} | {b(model)} | {b(best)} | {model['median_us']:.1f} | "
          f"{best['median_us']:.1f} | {ratios[-1]:.2f} |")
if ratios:
    g = 1.0
    for x in ratios:
        g *= x
    print(f"\ngeometric mean of model / best over {len(ratios)} matrices: {g ** (1 / len(ratios)):.3f}")
PY
