#!/bin/bash
# scripts/gpu_kernels.sh OUTDIR MATRIX_DIR: issue 10's measurements ("kernels that hold up on
# irregular matrices") on an NVIDIA GPU through its OpenCL runtime: `spmvp bench` of every
# format (the new COO and csr_adaptive included) in double and single precision, 50 timed runs
# and batches of 200, as JSON, on
#   the generated GPU-scale set (scripts/gpu_scale_set.sh) and every MATRIX_DIR/*.mtx.gz;
# then the two new kernels' tile sizes (--coo-items, --adaptive-items 2..16) on pde100, rmat:20
# and the long rows, in double. One JSON file per run lands in OUTDIR (created), with its
# stderr beside it (.err) and a summary in OUTDIR/runs.txt.
# Build first (scripts/build.sh); on the device machine, `source .gpu/setup.sh` before.
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 OUTDIR MATRIX_DIR" >&2
    exit 2
fi
out=$1
mdir=$2
spmvp=${SPMVP:-./build/spmvp}
dev=${SPMVP_DEVICE:-nvidia}
mkdir -p "$out" || exit 1
fails=0
runs=0

# bench NAME MATRIX PRECISION [extra options...]: one JSON result file
bench() {
    local name=$1 m=$2 prec=$3
    shift 3
    runs=$((runs + 1))
    if ! "$spmvp" bench "$m" --device "$dev" --precision "$prec" --runs 50 --warmup 10 \
        --batch 200 --json "$@" >"$out/$name.json" 2>"$out/$name.err"; then
        fails=$((fails + 1))
        echo "FAILED: $name ($m $prec $*)" >>"$out/runs.txt"
    fi
}

{
    date -u
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1
    git rev-parse HEAD 2>&1
    "$spmvp" devices
} >"$out/runs.txt" 2>&1

# SPMVP_MATRICES / SPMVP_SWEEP replace the lists (a smoke test on small matrices; SPMVP_SWEEP=""
# skips the sweeps)
source "$(dirname "$0")/gpu_scale_set.sh"
generated=${SPMVP_MATRICES:-$SPMVP_GPU_SCALE_SET}
sweep=${SPMVP_SWEEP-"laplace3d:100 rmat:20 longrows:1000000:4:36:50000"}
for prec in double single; do
    for m in $generated; do
        bench "bench_$(echo "$m" | tr ':' '_')_$prec" "$m" $prec
    done
    for m in "$mdir"/*.mtx.gz; do
        [ -e "$m" ] || continue
        bench "bench_$(basename "$m" .mtx.gz)_$prec" "$m" $prec
    done
done

# tile sizes of the two new kernels
for m in $sweep; do
    tag=$(echo "$m" | tr ':' '_')
    for n in 2 4 8 16; do
        bench "cooitems_${n}_${tag}_double" "$m" double --formats coo,hyb --coo-items $n
        bench "adaptiveitems_${n}_${tag}_double" "$m" double --formats csr_adaptive --adaptive-items $n
    done
done

echo "runs: $runs, failed: $fails" | tee -a "$out/runs.txt"
[ "$fails" -eq 0 ]
