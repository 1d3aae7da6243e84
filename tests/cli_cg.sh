#!/bin/sh
# cli_cg.sh: `spmvp cg` on PoCL (issue 13): in double the device's CG takes the CPU's number of
# iterations within 3 and reaches a true residual of 1e-7 in three formats, runs fewer than 16
# iterations past them (its history read every 16) and reports both; single precision runs
# and reports; a non-symmetric, a rectangular, an indefinite matrix and a run that does not
# converge are one-line errors (exit 1), bad options usage errors (exit 2).
# Run from the source root with the spmvp binary as $1.
. "$(dirname "$0")/lib_cli.sh"

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# the PoCL device: cg needs one; without it the test cannot run (ctest's skip)
"$SPMVP" devices 2>/dev/null | grep -qi "portable computing language" || { echo "no PoCL device"; exit 77; }

# iterations: "DEVICE CPU RUN" from the text output in $tmp/out (to tolerance on the device and
# the CPU, run on the device); residual: the true one
iterations() {
    sed -n 's/^iterations  \([0-9]*\) on the device (\([0-9]*\) run, [0-9]* history reads*), \([0-9]*\) on the CPU.*/\1 \3 \2/p' "$tmp/out"
}
residual() { sed -n 's/^residual    ||b - Ax||\/||b|| = \([^ ]*\) .*/\1/p' "$tmp/out"; }

# solves MATRIX FORMAT SLACK: converges in double, true residual <= 1e-7, the device's
# iterations within SLACK of the CPU's, and fewer than 16 more run (below 512 iterations)
solves() {
    expect 0 0 "$SPMVP" cg "$1" --device pocl --format "$2"
    set -- "$1" "$2" "$3" $(iterations) "$(residual)"
    [ $# -eq 7 ] || { fail "$1 $2: no iterations or residual in the output"; cat "$tmp/out"; return; }
    awk -v d="$4" -v c="$5" -v s="$3" 'BEGIN { exit !(d - c <= s && c - d <= s) }' ||
        fail "$1 $2: $4 iterations on the device, $5 on the CPU (more than $3 apart)"
    awk -v d="$4" -v run="$6" 'BEGIN { exit !(run >= d && run - d < 16 && run % 16 == 0) }' ||
        fail "$1 $2: $6 iterations run for $4 to tolerance"
    awk -v r="$7" 'BEGIN { exit !(r <= 1e-7) }' || fail "$1 $2: true residual $7 > 1e-7"
}

for f in csr_vector ell sell; do
    solves laplace2d:20 $f 3
    solves laplace3d:8 $f 3
    solves matrices/Journals.mtx.gz $f 3
    # bcsstk04 is SPD but ill-conditioned (CG needs 3 x its 132 rows): in finite precision its
    # iteration count depends on rounding, and the CPU's own CG takes 390 to 405 iterations
    # with the dots merely summed in another order; so 5 % (20) here, 3 on the others
    solves matrices/bcsstk04.mtx.gz $f 20
done
solves laplace2d:20 coo 3
grep -q "^format      coo (.*), double precision" "$tmp/out" || fail "the format and its parameters"
grep -q "^iteration   .* µs over the 48 run, of which SpMV .* µs (.* %)" "$tmp/out" || fail "SpMV's share"
# laplace2d:20 meets the tolerance at 38, between the reads after 32 and 48
grep -q "^iterations  38 on the device (48 run, 3 history reads), 38 on the CPU" "$tmp/out" ||
    fail "between two reads: $(grep '^iterations' "$tmp/out")"
grep -q "^setup       .* µs (conversion .* + upload .*)" "$tmp/out" || fail "the setup"

# single precision runs and reports (1e-8 is out of its reach on bcsstk04: 1e-4)
expect 0 0 "$SPMVP" cg laplace2d:20 --device pocl --precision single --tol 1e-4
grep -q "single precision" "$tmp/out" || fail "single: no precision line"
expect 0 0 "$SPMVP" cg matrices/bcsstk04.mtx.gz --device pocl --precision single --tol 1e-4 --format ell
[ -n "$(iterations)" ] || fail "single: no iterations"

# --json: one document with the cg members
expect 0 0 "$SPMVP" cg laplace2d:20 --device pocl --json
for k in '"command":	"cg"' '"iterations":	38' '"iterations_run":	48' '"history_reads":	3' \
         '"spmv_share_percent":' '"true_residual_ratio":' '"cpu":'; do
    grep -q "$k" "$tmp/out" || fail "--json lacks $k"
done

# errors: one line naming the matrix, exit 1
expect 1 1 "$SPMVP" cg matrices/west0381.mtx.gz --device pocl
grep -q "^spmvp: matrices/west0381.mtx.gz: not symmetric: CG needs a symmetric positive definite matrix" \
    "$tmp/err" || fail "non-symmetric: $(cat "$tmp/err")"
expect 1 1 "$SPMVP" cg matrices/lp_e226.mtx.gz --device pocl
grep -q "matrices/lp_e226.mtx.gz: not square (223 x 472)" "$tmp/err" || fail "rectangular: $(cat "$tmp/err")"
expect 1 1 "$SPMVP" cg matrices/Erdos971.mtx.gz --device pocl
grep -q "Erdos971.mtx.gz: not positive definite: CG broke down" "$tmp/err" || fail "indefinite: $(cat "$tmp/err")"
expect 1 1 "$SPMVP" cg laplace2d:20 --device pocl --max-it 3
grep -q "did not converge in 3 iterations" "$tmp/err" || fail "max-it: $(cat "$tmp/err")"
grep -q "^iterations  3 on the device (3 run, 1 history read)" "$tmp/out" || fail "max-it: not 3 run"
grep -q "without converging" "$tmp/out" || fail "max-it: the results not printed"
expect 1 1 "$SPMVP" cg no/such.mtx --device pocl

# usage errors: one line, exit 2
expect 2 1 "$SPMVP" cg laplace2d:20 --max-it 0
expect 2 1 "$SPMVP" cg laplace2d:20 --max-it -5
expect 2 1 "$SPMVP" cg laplace2d:20 --tol 2
expect 2 1 "$SPMVP" cg laplace2d:20 --tol x
expect 2 1 "$SPMVP" cg laplace2d:20 --format nosuch
grep -q 'unknown format "nosuch"' "$tmp/err" || fail "bad format: $(cat "$tmp/err")"
expect 2 1 "$SPMVP" cg

echo "$fails failed"
[ "$fails" -eq 0 ]
