#!/bin/bash
# scripts/gpu_cusparse.sh OUTDIR MATRIX_DIR: builds bench/cusparse_ref with CUDA (in build-cuda)
# and runs it on the GPU scripts' matrix set in both precisions, one JSON per matrix and
# precision: OUTDIR/cusparse_<matrix>_<precision>.json (stderr beside it in .err). Same
# warm-ups, runs and batch as scripts/gpu_bench.sh, so that
#   scripts/side_by_side.py BENCH_DIR OUTDIR
# compares like with like. CUSPARSE_REF_ARGS replaces those options (e.g. "--no-gate").
# On the device machine, `source .gpu/setup.sh` first. See docs/cusparse.md.
set -u
out=$1
mdir=$2
read -r -a args <<<"${CUSPARSE_REF_ARGS:-"--runs 100 --warmup 10 --batch 200"}"
nvcc=${CUDACXX:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$out"
if ! { cmake -S . -B build-cuda -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$nvcc" &&
    cmake --build build-cuda --target cusparse_ref -j "$(nproc)"; } >"$out/build.log" 2>&1; then
    tail -20 "$out/build.log"
    echo "gpu_cusparse: the build failed (log in $out/build.log)" >&2
    exit 1
fi
ref=./build-cuda/bench/cusparse_ref
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.memory --format=csv 2>&1
} >"$out/devices.txt"
# the generated set, gpu_kernels.sh's (SPMVP_MATRICES replaces it)
source "$(dirname "$0")/gpu_scale_set.sh"
gen=${SPMVP_MATRICES:-$SPMVP_GPU_SCALE_SET}
fails=0
for prec in double single; do
    for m in $gen "$mdir"/*.mtx.gz; do
        [ -e "$m" ] || [ "${m#*:}" != "$m" ] || continue # an empty MATRIX_DIR leaves its glob
        name=$(basename "$m" .mtx.gz | tr ':' '_')
        $ref "$m" --precision $prec "${args[@]}" --json >"$out/cusparse_${name}_$prec.json" \
            2>"$out/cusparse_${name}_$prec.err" || {
            fails=$((fails + 1))
            echo "gpu_cusparse: $m ($prec) failed: $(head -c 300 "$out/cusparse_${name}_$prec.err")" >&2
        }
        for f in "$out/cusparse_${name}_$prec".{json,err}; do
            [ -s "$f" ] || rm -f "$f" # no empty JSON where setup failed, no empty .err
        done
    done
done
echo "failed runs: $fails" | tee -a "$out/devices.txt"
$ref laplace3d:100 --precision double "${args[@]}" # one table on the terminal, as a check by eye
