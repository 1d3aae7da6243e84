#!/bin/sh
# cli_models.sh: calibrate (quick, tiny grid, on the default device: PoCL in CI), refit,
# predict against a hand-computed value, compare, evaluate with plots, and their usage errors.
# Run from the source root with the spmvp binary as $1.
. "$(dirname "$0")/lib_cli.sh"
known=tests/data/profiles/good_minimal.json

check() { # check DESCRIPTION COMMAND...: the command must succeed
    what=$1; shift
    if "$@" >"$tmp/out" 2>"$tmp/err"; then echo "ok   $what"; else
        echo "FAIL: $what"; cat "$tmp/out" "$tmp/err"; fails=$((fails + 1)); fi
}
expect_exit() { c=$1; shift; expect "$c" 1 "$@"; } # CODE CMD...: that status, one stderr line

# predict: the ELL model of good_minimal.json (A=0.0625 B=0.5 p=3.5 q=4.25 P1=4, S=270336) on
# laplace2d:10 (100 rows, longest row 5): I0 = 1, P0 = 5,
# T = (A+B)*5 + (p+q) - (A+B)*4 = 2.8125 + 7.75 - 2.25 = 8.3125 us
check "predict --json on a known profile" "$SPMVP" predict laplace2d:10 --profile $known --json
tr -d ' \t\n' <"$tmp/out" | grep -q '"format":"ell","model":"fixed","state":"ok","predicted_us":8.3125' ||
    { echo "FAIL: predicted ELL time is not 8.3125 us"; cat "$tmp/out"; fails=$((fails + 1)); }
check "predict table" "$SPMVP" predict laplace2d:10 --profile $known
grep -q "^ell .* 8.31" "$tmp/out" || { echo "FAIL: table lacks ELL 8.31"; cat "$tmp/out"; fails=$((fails + 1)); }
grep -q "no model" "$tmp/out" || { echo "FAIL: formats without a model should say so"; fails=$((fails + 1)); }

# a profile calibrated at single precision only, asked for double: one line, exit 1 (no table
# of device-parameter guesses that reads as if something had been measured)
expect_exit 1 "$SPMVP" predict laplace2d:10 --profile $known --precision double
grep -q "precisions.double: missing (this profile was calibrated for single precision only)" "$tmp/err" ||
    { echo "FAIL: missing precision not named"; cat "$tmp/err"; fails=$((fails + 1)); }
expect_exit 1 "$SPMVP" predict laplace2d:10 --profile tests/data/profiles/good_no_microbench.json --precision double
grep -q "precisions.double" "$tmp/err" || { echo "FAIL: missing precision not named"; fails=$((fails + 1)); }
check "predict without micro-benchmarks" "$SPMVP" predict laplace2d:10 --profile tests/data/profiles/good_no_microbench.json
grep -q "pmf       not available: microbench.copy_gbs" "$tmp/out" || { echo "FAIL: why no PMF model is not said"; cat "$tmp/out"; fails=$((fails + 1)); }

# the PMF model with the paper's GT 645M parameters (Table 2), by hand: laplace2d:10 has 4 rows
# of 3, 32 of 4, 64 of 5 entries; W = 32 fractiles give E(Q) = (3 + 10*4 + 21*5)/32 = 4.625;
# CSR, eqs 33-36: N/C (((2 + 2) + 1 + 1 + E(Q)) / CR + 3 E(Q) / F)
#   = 100/384 (10.625 / 9e8 + 13.875 / 7.6e8) s = 0.00782868 us;
# DTT, eq. 31: ((4 + 4) 460 + 4 * 101 + 2 * 4 * 100) / 16e9 s = 0.30525 us
check "predict with the GT 645M paper profile" "$SPMVP" predict laplace2d:10 --profile devices/gt645m-paper.json --json
tr -d ' \t\n' <"$tmp/out" | grep -q '"format":"csr_scalar","model":"pmf","state":"ok","predicted_us":0.00782868[0-9]*,"gflops":[0-9.e+-]*,"dtt_us":0.30525' ||
    { echo "FAIL: GT 645M CSR estimate is not 0.00782868 us + DTT 0.30525 us"; cat "$tmp/out"; fails=$((fails + 1)); }
# Algorithm 1 on T: DTT decides, COO (12 B per entry) 0.395 us, ELL (5 x 8 B per row) 0.325 us
# against CSR's 0.305 us (CT adds ~0.01 us to each): CSR
tr -d ' \t\n' <"$tmp/out" | grep -q '"pmf_algorithm1":"csr_scalar"' ||
    { echo "FAIL: Algorithm 1 should pick CSR for laplace2d:10 on the GT 645M"; fails=$((fails + 1)); }

# --hyb-threshold: Algorithm 2 beside the rules, its curve, and the plot on request
check "predict --hyb-threshold" "$SPMVP" predict rmat:10 --profile devices/nvidia-h100.json --precision double --hyb-threshold
for w in "Algorithm 2" "T = DTT + CT" "pmf-cal, CT" "CUSP" "ViennaCL" "mean row length" "<- minimum"; do
    grep -q "$w" "$tmp/out" || { echo "FAIL: --hyb-threshold lacks \"$w\""; cat "$tmp/out"; fails=$((fails + 1)); }
done
check "predict --hyb-threshold --json --plot" "$SPMVP" predict rmat:10 --profile devices/nvidia-h100.json \
    --precision double --json --plot "$tmp/curve.svg"
tr -d ' \t\n' <"$tmp/out" | grep -q '"hyb_threshold":{"k0":[0-9]*,"max":[0-9]*,"K":{"pmf_t":[0-9]*,"pmf_ct":[0-9]*,"pmf_cal":[0-9]*' ||
    { echo "FAIL: JSON hyb_threshold"; cat "$tmp/out"; fails=$((fails + 1)); }
for f in curve.svg curve.dat curve.gp; do
    [ -s "$tmp/$f" ] || { echo "FAIL: --plot did not write $f"; fails=$((fails + 1)); }
done
expect_exit 2 "$SPMVP" predict rmat:10 --profile devices/nvidia-h100.json --plot "$tmp/curve.pdf"
expect_exit 1 "$SPMVP" predict rmat:10 --profile tests/data/profiles/good_no_microbench.json --plot "$tmp/c.png"
grep -q "no PMF model to plot: microbench.copy_gbs" "$tmp/err" || { echo "FAIL: --plot without a PMF model"; cat "$tmp/err"; fails=$((fails + 1)); }
expect_exit 1 "$SPMVP" predict laplace2d:10 --profile tests/data/profiles/bad_unknown_format.json
expect_exit 2 "$SPMVP" predict laplace2d:10
expect_exit 2 "$SPMVP" calibrate --quick
expect_exit 2 "$SPMVP" calibrate -o "$tmp/x.json" --precision quad
expect_exit 2 "$SPMVP" evaluate --profile $known
expect_exit 2 "$SPMVP" compare $known
expect_exit 1 "$SPMVP" refit "$tmp/missing.json"

# calibrate end to end on a tiny grid, then use the profile it wrote
check "calibrate --quick (tiny grid)" "$SPMVP" calibrate --quick --max-nnz 300000 --runs 2 --warmup 1 -o "$tmp/p.json"
grep -q '"grid": "quick"' "$tmp/p.json" || { echo "FAIL: profile lacks the quick grid"; fails=$((fails + 1)); }
check "predict with the new profile" "$SPMVP" predict matrices/cage8.mtx.gz --profile "$tmp/p.json"
grep -q "^recommended [a-z_]*, predicted [0-9.]* µs by" "$tmp/out" || { echo "FAIL: predict recommends no format"; cat "$tmp/out"; fails=$((fails + 1)); }
check "refit" "$SPMVP" refit "$tmp/p.json" -o "$tmp/p2.json"
check "compare with matrices" "$SPMVP" compare "$tmp/p.json" $known laplace2d:10
grep -q "picks" "$tmp/out" || { echo "FAIL: compare picks no format"; cat "$tmp/out"; fails=$((fails + 1)); }
check "evaluate with plots" "$SPMVP" evaluate --profile "$tmp/p.json" --runs 2 --warmup 1 --plot "$tmp/ev.svg" \
    -o "$tmp/ev" matrices/cage8.mtx.gz laplace2d:40
for f in ev.csv ev.json ev.svg ev-error.svg; do
    [ -s "$tmp/$f" ] || { echo "FAIL: evaluate did not write $f"; fails=$((fails + 1)); }
done
# 2 matrices x every format of the table x 5 models (3 strip, pmf, pmf-cal: the learned models
# have no data in this profile, and evaluate leaves them out)
nformats=$("$SPMVP" bench laplace2d:4 --formats nosuch 2>&1 | sed 's/.*(\(.*\))$/\1/; s/,//g' | wc -w)
[ "$(wc -l <"$tmp/ev.csv")" -eq $((1 + 2 * nformats * 5)) ] ||
    { echo "FAIL: ev.csv should have 1 + 2x${nformats}x5 lines"; fails=$((fails + 1)); }
grep -q "PMF calibrated" "$tmp/ev.gp" || { echo "FAIL: evaluate lacks the calibrated PMF model"; fails=$((fails + 1)); }
grep -q '"pmf-cal"' "$tmp/ev.json" || { echo "FAIL: evaluate JSON lacks pmf-cal"; fails=$((fails + 1)); }

# the two shipped profiles side by side, with a matrix
check "compare shipped profiles" "$SPMVP" compare devices/pocl-cpu.json devices/nvidia-h100.json laplace3d:20
grep -q "NVIDIA H100" "$tmp/out" && grep -q "strip CSR-S/ELL/JAD" "$tmp/out" ||
    { echo "FAIL: compare output"; cat "$tmp/out"; fails=$((fails + 1)); }
check "compare shipped profiles, double" "$SPMVP" compare devices/pocl-cpu.json devices/nvidia-h100.json --precision double --model fixed
# the shipped GPU profiles find their training tables (a profile names its table relative to
# itself): compare pairs them
check "compare the shipped GPU profiles, paired" "$SPMVP" compare devices/nvidia-h100.json devices/nvidia-h200.json laplace3d:20
grep -q "^  paired .*B/A" "$tmp/out" && ! grep -q "no paired ratio" "$tmp/err" ||
    { echo "FAIL: the shipped GPU profiles did not pair"; cat "$tmp/out" "$tmp/err"; fails=$((fails + 1)); }
# a product within the launch time (laplace3d:20: about 5 µs on the H100, whose launch takes
# 6.2) is marked launch-bound, its ratio being session noise; a 17 µs product is not
grep -q "^  note  *launch-bound" "$tmp/out" ||
    { echo "FAIL: compare did not mark a 5 µs product launch-bound"; cat "$tmp/out"; fails=$((fails + 1)); }
check "compare the shipped GPU profiles, a large product" "$SPMVP" compare devices/nvidia-h100.json devices/nvidia-h200.json laplace3d:100 --json
python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))["matrices"][0]
sys.exit(0 if m["paired"]["launch_bound"] is False and m["ranked"]["launch_bound"] is False else 1)' "$tmp/out" ||
    { echo "FAIL: compare marked a 17 µs product launch-bound"; head -c 2000 "$tmp/out"; fails=$((fails + 1)); }
# two trained profiles: the per-format table uses a learned model, not seed 000's normal model;
# with an untrained profile on one side it stays at the seed model
grep -q "non-zeros (model normal)" "$tmp/out" &&
    { echo "FAIL: compare of two trained profiles tabled the seed model"; fails=$((fails + 1)); }
check "compare with an untrained profile" "$SPMVP" compare devices/gt645m-paper.json devices/nvidia-h100.json laplace3d:20
grep -q "non-zeros (model normal)" "$tmp/out" ||
    { echo "FAIL: compare with an untrained profile left the seed model"; cat "$tmp/out"; fails=$((fails + 1)); }
check "compare with the paper's GT 645M, PMF model" "$SPMVP" compare devices/gt645m-paper.json devices/nvidia-h100.json --model pmf laplace3d:20
grep -q "^  CR  *9e+08" "$tmp/out" && grep -q "picks .*A: hyb" "$tmp/out" ||
    { echo "FAIL: compare with the PMF model"; cat "$tmp/out"; fails=$((fails + 1)); }
expect_exit 2 "$SPMVP" compare devices/gt645m-paper.json devices/nvidia-h100.json --model pmff

echo "$fails failed"
[ "$fails" -eq 0 ]
