#!/bin/sh
# cli_exit_codes.sh: usage errors exit 2 with one line, runtime errors exit 1 with one line,
# and the happy paths exit 0. Run from the source root with the spmvp binary as $1.
. "$(dirname "$0")/lib_cli.sh"

printf '%%%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1.0\n4 1 2.0\n' >"$tmp/bad.mtx"

expect 2 1 "$SPMVP"
expect 2 1 "$SPMVP" frobnicate
expect 2 1 "$SPMVP" bench
expect 2 1 "$SPMVP" bench matrices/bcsstk04.mtx.gz --runs x
expect 2 1 "$SPMVP" bench matrices/bcsstk04.mtx.gz --runs
expect 2 1 "$SPMVP" bench matrices/bcsstk04.mtx.gz --formats ell,nosuch
expect 2 1 "$SPMVP" bench matrices/bcsstk04.mtx.gz --precision quad
expect 2 1 "$SPMVP" bench matrices/bcsstk04.mtx.gz --vector-width 3
expect 2 1 "$SPMVP" bench matrices/bcsstk04.mtx.gz --bogus 1
expect 2 1 "$SPMVP" bench a.mtx b.mtx
expect 2 1 "$SPMVP" bench matrices/bcsstk04.mtx.gz --hyb-widths 3,x
expect 2 1 "$SPMVP" devices --bogus
expect 2 1 "$SPMVP" microbench --mib 0
expect 2 1 "$SPMVP" microbench --runs
expect 1 1 "$SPMVP" bench "$tmp/missing.mtx"
expect 1 1 "$SPMVP" bench "$tmp/bad.mtx"
expect 1 1 "$SPMVP" bench laplace3d:0
expect 1 1 "$SPMVP" bench matrices/bcsstk04.mtx.gz --device no-such-device
expect 1 1 "$SPMVP" bench matrices/bcsstk04.mtx.gz --device 99:0
expect 0 0 "$SPMVP" --help
expect 0 0 "$SPMVP" bench --help
expect 0 0 "$SPMVP" devices
expect 0 0 "$SPMVP" devices --json
expect 0 0 "$SPMVP" microbench --mib 8 --runs 2
expect 0 0 "$SPMVP" bench matrices/bcsstk04.mtx.gz --runs 3 --warmup 1 --batch 2
expect 0 0 "$SPMVP" features laplace2d:20
expect 0 0 "$SPMVP" features laplace2d:20 --json
# the lock-step window of x: seven parts of x by V, and each format's lanes and part
tr -d ' \t\n' <"$tmp/out" >"$tmp/flat"
grep -q '"lockstep_window_ratio":\[[0-9.e-]*\(,[0-9.e-]*\)\{6\}\]' "$tmp/flat" &&
    grep -q '"format":"coo",[^}]*"gather_lanes":0,"x_window_ratio":1[,}]' "$tmp/flat" ||
    { echo "FAIL: features --json should give the lock-step windows of x"; fails=$((fails + 1)); }
expect 0 0 "$SPMVP" bench laplace2d:20 --runs 2 --formats ell,coo --json
expect 0 0 "$SPMVP" bench laplace2d:20 --runs 1 --warmup 0 --hyb-widths 0,2,4,9
[ "$(grep -c '^hyb ' "$tmp/out")" -eq 4 ] || { echo "FAIL: --hyb-widths should time 4 HYBs"; fails=$((fails + 1)); }

# --max-seconds: a format whose products would take longer is timed with fewer of them (and
# says so), at least 3 runs and a batch of 1; 0 keeps the counts
expect 0 0 "$SPMVP" bench laplace2d:20 --formats coo --runs 40 --batch 60 --max-seconds 0.000001
grep -q "^note      coo takes .* timed with 2 warm-up, 3 runs and a batch of 1 to stay within" "$tmp/out" ||
    { echo "FAIL: --max-seconds note: $(cat "$tmp/out")"; fails=$((fails + 1)); }
expect 0 0 "$SPMVP" bench laplace2d:20 --formats coo --runs 40 --batch 60 --max-seconds 0.000001 --json
tr -d ' \t\n' <"$tmp/out" | grep -q '"batch_us":[-+.e0-9]*,"warmup":2,"runs":3,"batch":1,' ||
    { echo "FAIL: --max-seconds counts in JSON"; fails=$((fails + 1)); }
expect 0 0 "$SPMVP" bench laplace2d:20 --formats coo --runs 4 --batch 6 --max-seconds 0 --json
tr -d ' \t\n' <"$tmp/out" | grep -q '"batch_us":[-+.e0-9]*,"warmup":5,"runs":4,"batch":6,' ||
    { echo "FAIL: --max-seconds 0 should keep the counts"; fails=$((fails + 1)); }
expect 2 1 "$SPMVP" bench laplace2d:20 --max-seconds -1

# a batch slower than SPMVP_BENCH_RETIME_RATIO (default 1.3) times the event median is timed
# again and the faster kept, and said; 0.01 makes every batch such a batch, 0 none
expect 0 0 env SPMVP_BENCH_RETIME_RATIO=0.01 "$SPMVP" bench laplace2d:20 --formats coo,ell --runs 3 --json
[ "$(tr -d ' \t\n' <"$tmp/out" | grep -o '"batch_retimed":true,"batch_first_us"' | wc -l)" -eq 2 ] ||
    { echo "FAIL: SPMVP_BENCH_RETIME_RATIO=0.01 should retime both batches"; fails=$((fails + 1)); }
expect 0 0 env SPMVP_BENCH_RETIME_RATIO=0.01 "$SPMVP" bench laplace2d:20 --formats coo --runs 3
grep -q "^note      coo's batch took .* timed again, .* kept (the faster)" "$tmp/out" ||
    { echo "FAIL: the retimed batch's note: $(cat "$tmp/out")"; fails=$((fails + 1)); }
expect 0 0 env SPMVP_BENCH_RETIME_RATIO=0 "$SPMVP" bench laplace2d:20 --formats coo --runs 3 --json
tr -d ' \t\n' <"$tmp/out" | grep -q '"batch_retimed":false' ||
    { echo "FAIL: SPMVP_BENCH_RETIME_RATIO=0 should retime nothing"; fails=$((fails + 1)); }

# no OpenCL platform at all (an empty ICD directory): one clear line, exit 1
mkdir -p "$tmp/novendors"
expect 1 1 env OCL_ICD_VENDORS="$tmp/novendors" "$SPMVP" devices
grep -q "no OpenCL platform" "$tmp/err" || { echo "FAIL: no-platform message"; fails=$((fails + 1)); }

# a kernel that does not build: the log and options go to stderr, exit 1
mkdir -p "$tmp/cl"
cp cl/*.cl "$tmp/cl/"
printf '\n__kernel void broken(void) { this is not C; }\n' >>"$tmp/cl/ell.cl"
expect 1 0 "$SPMVP" bench laplace2d:10 --formats ell --cl-dir "$tmp/cl"
grep -q "build log of ell.cl" "$tmp/err" && grep -q "CL_BUILD_PROGRAM_FAILURE" "$tmp/err" &&
    grep -q "options: -DVALUE_TYPE=float" "$tmp/err" ||
    { echo "FAIL: build failure report"; cat "$tmp/err"; fails=$((fails + 1)); }

# the table names every format of the table (as an unknown format's message lists them) and
# the JSON is one document with a result for each
formats=$("$SPMVP" bench laplace2d:4 --formats nosuch 2>&1 | sed 's/.*(\(.*\))$/\1/; s/,//g')
nformats=$(echo $formats | wc -w)
[ "$nformats" -ge 9 ] || { echo "FAIL: format list \"$formats\""; fails=$((fails + 1)); }
"$SPMVP" bench matrices/west0381.mtx.gz --runs 2 --warmup 0 --batch 1 >"$tmp/table" 2>&1
for f in $formats; do
    grep -q "^$f " "$tmp/table" || { echo "FAIL: table lacks $f"; cat "$tmp/table"; fails=$((fails + 1)); }
done
"$SPMVP" bench matrices/west0381.mtx.gz --runs 2 --warmup 0 --batch 1 --json >"$tmp/json"
n=$(grep -c '"state":[[:space:]]*"ok"' "$tmp/json")
[ "$n" -eq "$nformats" ] || { echo "FAIL: JSON has $n ok results, want $nformats"; fails=$((fails + 1)); }
# python3 is one of scripts/setup.sh's packages: missing, it is a failure, not a skipped check
if ! command -v python3 >/dev/null 2>&1; then
    echo "FAIL: python3 is missing (scripts/setup.sh installs it)"; fails=$((fails + 1))
elif ! python3 -m json.tool "$tmp/json" >/dev/null; then
    echo "FAIL: bench --json is not valid JSON"; fails=$((fails + 1))
fi

# SPMVP_DUMP_PROGRAMS: each program built lands in the folder as the device returned it, a
# line on stderr names it; a folder that is not there costs a line, not the run
mkdir -p "$tmp/dump"
expect 0 1 env SPMVP_DUMP_PROGRAMS="$tmp/dump" "$SPMVP" bench laplace2d:10 --runs 1 --warmup 0 --formats ell
ls "$tmp/dump"/ell-*.bin >/dev/null 2>&1 && [ -s "$(ls "$tmp/dump"/ell-*.bin | head -1)" ] &&
    grep -q "ell.cl built with" "$tmp/err" || { echo "FAIL: SPMVP_DUMP_PROGRAMS wrote no ell-*.bin"; fails=$((fails + 1)); }
expect 0 1 env SPMVP_DUMP_PROGRAMS="$tmp/no/such/dir" "$SPMVP" bench laplace2d:10 --runs 1 --warmup 0 --formats ell
grep -q "not written" "$tmp/err" || { echo "FAIL: a failed dump should say so"; fails=$((fails + 1)); }

# SPMVP_CLOPTS: NVIDIA's full-width ELL loop (cl/ell.cl) and ELL-R's loop unrolled by 4
# (cl/ellr.cl, NVIDIA's in double) on this device, verified against the CPU by bench (a wrong
# product exits 1), on padded rows (a few long rows among short ones, odd and even lengths) and
# HYB's ELL part, both precisions; the dump's line shows the options reached the compiler
for p in double single; do
    expect 0 0 env SPMVP_CLOPTS="-DSPMVP_ELL_FULL_WIDTH=1 -DSPMVP_ELLR_UNROLL4=1" SPMVP_DUMP_PROGRAMS="$tmp/dump" \
        "$SPMVP" bench longrows:3000:4:3:300 --precision $p --runs 1 --warmup 0 --batch 1 --formats ell,hyb,ellr --json
    grep -q "SPMVP_ELL_FULL_WIDTH=1" "$tmp/err" || { echo "FAIL: SPMVP_CLOPTS did not reach ell.cl's build ($p)"; fails=$((fails + 1)); }
    grep -q "ellr.cl built with.*SPMVP_ELLR_UNROLL4=1" "$tmp/err" || { echo "FAIL: SPMVP_CLOPTS did not reach ellr.cl's build ($p)"; fails=$((fails + 1)); }
    n=$(grep -c '"state":[[:space:]]*"ok"' "$tmp/out")
    [ "$n" -eq 3 ] || { echo "FAIL: full-width ELL, HYB and unrolled ELL-R: $n ok results of 3 ($p)"; fails=$((fails + 1)); }
done

echo "$fails failed"
[ "$fails" -eq 0 ]
