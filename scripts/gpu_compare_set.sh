#!/bin/bash
# scripts/gpu_compare_set.sh OUTDIR REP [SPMVP]: the compare set of issue 13 (generated matrices
# neither device profile trained on; docs/solver-h100.md "Two GPUs") measured as `spmvp
# compare` is judged: `spmvp bench`, every format at its automatic mapping, both precisions,
# one JSON per matrix and precision, OUTDIR/NAME.PRECISION.REP.json (NAME the spec with ':' as
# '_'; stderr beside it, .err), the files `scripts/device_ratios.py set --rep REP` reads. REP
# names the measurement (1, 2, ...: a session of the device tool each, so that the measured
# ratio's spread from one session to the next is known). SPMVP: the binary (default
# build-gpu/spmvp, built by scripts/build.sh when missing).
# Environment: SET (the list, default docs/data/devices/compare_set.txt), RUNS (10), WARMUP
# (3), BATCH (1000 products back to back per timed run, so that a 5 µs product's launch is
# timed as a solver sees it), LIMIT (seconds, default 480: matrices left when it has passed are
# skipped and listed, so that the call ends within the device tool's 10 minutes).
# RANK_PROFILE (a profile of this device, e.g. .gpu/nvidia-h100.json, its training table beside
# it): also `spmvp rank --measure 8 --json` with it, OUTDIR/NAME.PRECISION.REP.rank.json, so that
# the fastest measured counts the configurations rank predicts best (SELL's 16-bit columns, the
# work-group sizes), which bench at its automatic mappings never runs, as `spmvp compare`'s
# predictions do (stop 34).
# Everything ends up in OUTDIR/compare-REP.tgz (the device tool brings back 8 files).
# On the device machine, `source .gpu/setup.sh` first. About 170 s on the H100 or H200.
set -u
if [ $# -lt 2 ]; then
    echo "usage: $0 OUTDIR REP [SPMVP]" >&2
    exit 2
fi
out=$1 rep=$2 spmvp=${3:-build-gpu/spmvp}
t0=$(date +%s)
dir=$out/compare-$rep
mkdir -p "$dir" || exit 1
if [ ! -x "$spmvp" ]; then
    scripts/build.sh build-gpu >"$dir/build.log" 2>&1 || { tail -20 "$dir/build.log"; exit 1; }
    spmvp=build-gpu/spmvp
fi
{
    date -u
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
    git rev-parse HEAD 2>/dev/null
    # the device tool's copy of the tree can carry a stale HEAD (2026-11-24: c10b9a7 printed
    # for a tree of 92a8a6b): the kernels' own hash says what ran
    echo "cl/*.cl sha256 $(cat cl/*.cl | sha256sum | cut -c1-16)"
    echo "RUNS=${RUNS:-10} WARMUP=${WARMUP:-3} BATCH=${BATCH:-1000} RANK_PROFILE=${RANK_PROFILE:-}"
    [ -z "${RANK_PROFILE:-}" ] || sha256sum "$RANK_PROFILE"
} >"$dir/runs.txt"
fails=0
while read -r m; do
    [ -n "$m" ] || continue
    if [ $(($(date +%s) - t0)) -gt "${LIMIT:-480}" ]; then
        echo "skipped (LIMIT): $m" >>"$dir/runs.txt"
        continue
    fi
    name=$(echo "$m" | tr ':' '_')
    for prec in double single; do
        f=$dir/$name.$prec.$rep
        "$spmvp" bench "$m" --device "${SPMVP_DEVICE:-nvidia}" --precision "$prec" --runs "${RUNS:-10}" \
            --warmup "${WARMUP:-3}" --batch "${BATCH:-1000}" --json >"$f.json" 2>"$f.err" || {
            fails=$((fails + 1))
            echo "FAILED: $m $prec" >>"$dir/runs.txt"
        }
        [ -s "$f.err" ] || rm -f "$f.err"
        if [ -n "${RANK_PROFILE:-}" ]; then
            "$spmvp" rank "$m" --profile "$RANK_PROFILE" --device "${SPMVP_DEVICE:-nvidia}" --precision "$prec" \
                --measure 8 --top 8 --json >"$f.rank.json" 2>"$f.rank.err" || {
                fails=$((fails + 1))
                echo "FAILED: rank $m $prec" >>"$dir/runs.txt"
            }
            [ -s "$f.rank.err" ] || rm -f "$f.rank.err"
        fi
    done
    echo "$m $(($(date +%s) - t0)) s" >>"$dir/runs.txt"
done <"${SET:-docs/data/devices/compare_set.txt}"
echo "failed runs: $fails; $(($(date +%s) - t0)) s" | tee -a "$dir/runs.txt"
tar czf "$out/compare-$rep.tgz" -C "$out" "compare-$rep" && rm -rf "$dir"
