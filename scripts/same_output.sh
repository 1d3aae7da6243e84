#!/bin/bash
# scripts/same_output.sh BINARY OUTDIR: the outputs that must not change when the code is
# reorganised (issue 8): predict (text and --json, --hyb-threshold), compare, refit and bench
# (--json, timings removed) for the shipped matrices and profiles, one file per command.
# Compare two trees with `diff -r OUT_BEFORE OUT_AFTER`. Needs an OpenCL device for bench.
set -u
bin=$1
out=$2
mkdir -p "$out"
cd "$(dirname "$0")/.."
mats="matrices/*.mtx.gz laplace3d:20 rmat:10 random:3000:9:normal"
# lines holding a time of the run itself, not of a prediction, and the memory PoCL reports
# (a share of what is free at the time)
mask='"(global_mem_bytes|max_alloc_bytes|median_us|min_us|max_us|batch_us|gflops|gbs_format|gbs_csr|max_error_over_bound|prediction_us|row_statistics_us)"|^predicted in '
n=0
run() { # NAME CMD...: stdout and stderr and the exit status, timing lines dropped
    local name=$1
    shift
    "$@" >"$out/$name.out" 2>"$out/$name.err"
    echo "exit $?" >>"$out/$name.err"
    grep -v -E "$mask" "$out/$name.out" >"$out/$name.tmp"
    mv "$out/$name.tmp" "$out/$name.out"
    n=$((n + 1))
}
for p in devices/*.json; do
    pn=$(basename "$p" .json)
    for prec in single double; do
        for m in $mats; do
            mn=$(basename "$m" .mtx.gz | tr ':' '_')
            run "predict_${pn}_${prec}_${mn}_json" "$bin" predict "$m" --profile "$p" --precision $prec --json
            run "predict_${pn}_${prec}_${mn}" "$bin" predict "$m" --profile "$p" --precision $prec
        done
        for m in matrices/cage8.mtx.gz matrices/rajat14.mtx.gz laplace3d:20; do
            mn=$(basename "$m" .mtx.gz | tr ':' '_')
            run "hyb_${pn}_${prec}_${mn}_json" "$bin" predict "$m" --profile "$p" --precision $prec --hyb-threshold --json
            run "hyb_${pn}_${prec}_${mn}" "$bin" predict "$m" --profile "$p" --precision $prec --hyb-threshold
        done
    done
    tmp=$(mktemp -d)
    cp "$p" "$tmp/in.json"
    run "refit_${pn}" "$bin" refit "$tmp/in.json" -o "$tmp/out.json"
    cp "$tmp/out.json" "$out/refit_${pn}.json" 2>/dev/null
    rm -rf "$tmp"
done
for a in devices/*.json; do
    for b in devices/*.json; do
        [ "$a" = "$b" ] && continue
        an=$(basename "$a" .json)
        bn=$(basename "$b" .json)
        for prec in single double; do
            run "compare_${an}_${bn}_${prec}" "$bin" compare "$a" "$b" --precision $prec
            for model in fixed normal uniform pmf pmf-cal; do
                run "compare_${an}_${bn}_${prec}_${model}" "$bin" compare "$a" "$b" --precision $prec \
                    --model $model matrices/cage8.mtx.gz matrices/west0381.mtx.gz laplace3d:20
            done
        done
    done
done
if [ -z "${SKIP_BENCH:-}" ]; then
    for prec in single double; do
        for m in matrices/cage8.mtx.gz matrices/rajat14.mtx.gz matrices/Harvard500.mtx.gz laplace3d:12; do
            mn=$(basename "$m" .mtx.gz | tr ':' '_')
            run "bench_${prec}_${mn}" "$bin" bench "$m" --precision $prec --runs 2 --warmup 0 --batch 2 --json
        done
        run "bench_${prec}_hybk" "$bin" bench matrices/cage8.mtx.gz --precision $prec --runs 2 --warmup 0 \
            --batch 2 --json --formats hyb,csr_vector --hyb-width 3 --vector-width 4 --wg-size 64
        run "bench_${prec}_widths" "$bin" bench matrices/cage8.mtx.gz --precision $prec --runs 2 --warmup 0 \
            --batch 2 --json --hyb-widths 0,2,5,40
    done
fi
echo "$n commands, outputs in $out"
