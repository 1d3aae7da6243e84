#!/bin/bash
# scripts/gpu_ab.sh OUTDIR A_SRC B_SRC MATRIX...: a kernel change measured as users would see
# it, two source trees side by side on one device: A_SRC and B_SRC (e.g. a `git archive` of
# main unpacked into .gpu/a, and the working tree, ".") are built (A_SRC/build-ab,
# B_SRC/build-ab), then every MATRIX (a file or a generator spec) is benched by both builds in
# both precisions, the two alternating and their order swapped from matrix to matrix so that a
# drifting machine favours neither. One JSON per run: OUTDIR/<matrix>_<precision>_<a|b>.json
# (stderr beside it, .err). Then `scripts/ab_table.py OUTDIR` prints the table.
# Environment: FORMATS (bench --formats; default every format), A_ARGS / B_ARGS (extra bench
# options of each side, e.g. B_ARGS="--sell-idx 16"), RUNS (50), BATCH (200), PRECISIONS
# ("double single"), SPMVP_DEVICE (nvidia), LIMIT (seconds; matrices left when it has passed
# are skipped, so that what was measured comes back within the device tool's 10 minutes).
# It writes 4 files a matrix: on the device tool (8 files back), tar OUTDIR before the call ends.
# On the GPU machine, `source .gpu/setup.sh` first.
set -u
if [ $# -lt 4 ]; then
    echo "usage: $0 OUTDIR A_SRC B_SRC MATRIX..." >&2
    exit 2
fi
out=$1 a_src=$2 b_src=$3
shift 3
mkdir -p "$out" || exit 1
t0=$(date +%s)
for side in "$a_src" "$b_src"; do
    if ! { cmake -S "$side" -B "$side/build-ab" -DCMAKE_BUILD_TYPE=Release &&
        cmake --build "$side/build-ab" --target spmvp -j "$(nproc)"; } >"$out/build-$(basename "$(cd "$side" && pwd)").log" 2>&1; then
        echo "gpu_ab: building $side failed (log in $out)" >&2
        exit 1
    fi
done
{
    date -u
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
    echo "A: $a_src ${A_ARGS:-}"
    echo "B: $b_src ${B_ARGS:-}"
} >"$out/runs.txt"
fmt=()
[ -n "${FORMATS:-}" ] && fmt=(--formats "$FORMATS")
read -r -a a_args <<<"${A_ARGS:-}"
read -r -a b_args <<<"${B_ARGS:-}"
fails=0 i=0
for m in "$@"; do
    if [ -n "${LIMIT:-}" ] && [ $(($(date +%s) - t0)) -gt "$LIMIT" ]; then
        echo "skipped (LIMIT): $m" >>"$out/runs.txt"
        continue
    fi
    name=$(basename "$m" .mtx.gz | tr ':' '_')
    for prec in ${PRECISIONS:-double single}; do
        order="a b"
        [ $((i % 2)) -eq 1 ] && order="b a"
        for s in $order; do
            if [ "$s" = a ]; then src=$a_src extra=("${a_args[@]}"); else src=$b_src extra=("${b_args[@]}"); fi
            "$src/build-ab/spmvp" bench "$m" --device "${SPMVP_DEVICE:-nvidia}" --precision "$prec" \
                --runs "${RUNS:-50}" --warmup 10 --batch "${BATCH:-200}" --json "${fmt[@]}" "${extra[@]}" \
                >"$out/${name}_${prec}_$s.json" 2>"$out/${name}_${prec}_$s.err" || {
                fails=$((fails + 1))
                echo "FAILED: $s $m $prec" >>"$out/runs.txt"
            }
        done
    done
    i=$((i + 1))
done
echo "failed runs: $fails; $(($(date +%s) - t0)) s" | tee -a "$out/runs.txt"
