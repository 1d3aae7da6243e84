#!/bin/sh
# cli_train.sh: issue 9 end to end on PoCL: `spmvp train --quick` on the tiny corpus writes a
# table and a trained profile, resumes without measuring again (also after a torn last line),
# `spmvp cv` judges the table and `spmvp rank` ranks with the profile it wrote; rank on the
# shipped H100 profile marks ties; bad tables and profiles are one-line errors.
# Run from the source root with the spmvp binary as $1.
. "$(dirname "$0")/lib_cli.sh"
need_python3 # the JSON of rank checked below

check() { # check DESCRIPTION COMMAND...: the command must succeed
    what=$1; shift
    if "$@" >"$tmp/out" 2>"$tmp/err"; then echo "ok   $what"; else
        echo "FAIL: $what"; cat "$tmp/out" "$tmp/err"; fails=$((fails + 1)); fi
}
must() { # must DESCRIPTION FILE PATTERN: the extended regular expression is found in FILE
    grep -Eq -- "$3" "$2" && echo "ok   $1" || { echo "FAIL: $1 (no /$3/ in $2)"; cat "$2"; fails=$((fails + 1)); }
}

# the PoCL device: train needs one; without it the test cannot run (ctest's skip)
"$SPMVP" devices 2>/dev/null | grep -qi "portable computing language" || { echo "no PoCL device"; exit 77; }

check "train --quick on the tiny corpus" "$SPMVP" train --quick --corpus tiny --device pocl \
    --precision single --batch-us 200 -o "$tmp/p.json"
must "the profile names its table" "$tmp/p.json" '"table": "p.train.tsv"'
must "the profile keeps cross-validated errors" "$tmp/p.json" '"log_ratio_p95"'
must "train says how the models did" "$tmp/err" '^  work\+gbt .* matrices, geomean slowdown'
must "generated families: the generator, perm- for permuted copies" "$tmp/p.train.tsv" \
    "^perm:laplace2d:20	perm-laplace2d	single	"
must "the table records its device" "$tmp/p.train.tsv" '^# spmvp-train 1	device=.+'
must "the table records the gather curve its rows were priced by" "$tmp/p.train.tsv" '^# spmvp-train 1	device=[^	]+	gather=[0-9.e+]+:[0-9.e+]+,'
must "so does the profile" "$tmp/p.json" '"gather": *{'
# a table from before the curve: its rows unpriced, so the profile fitted to it has none either
sed '1s/	gather=.*//' "$tmp/p.train.tsv" >"$tmp/nog.train.tsv"
check "a table without a gather curve fits" "$SPMVP" train --corpus none --base "$tmp/p.json" \
    --table "$tmp/nog.train.tsv" -o "$tmp/nog.json"
grep -q '"gather"' "$tmp/nog.json" && { echo "FAIL: a profile fitted to unpriced rows kept a gather curve"; fails=$((fails + 1)); }
# which kernels measured each row (host/ocl/kernel_digest.h), and in the profile, per format,
# the digest most rows share; rank says nothing while this spmvp runs the same kernels
must "the table records each row's kernels" "$tmp/p.train.tsv" '	upload_us	kernel$'
awk -F'\t' 'NR > 2 && !(length($NF) == 8 && $NF ~ /^[0-9a-f]+$/) { bad++ } END { exit bad > 0 }' "$tmp/p.train.tsv" &&
    echo "ok   every row has a digest" || { echo "FAIL: a row without a digest"; fails=$((fails + 1)); }
must "the profile records them per format" "$tmp/p.json" '"kernels": *\{'
must "as digests" "$tmp/p.json" '"digest": *"[0-9a-f]{8}"'
check "rank with the same kernels" "$SPMVP" rank laplace2d:30 --profile "$tmp/p.json"
grep -q "trained on other kernels" "$tmp/err" && { echo "FAIL: a note on the same kernels"; fails=$((fails + 1)); }
sed '0,/"digest": *"[0-9a-f]*"/s//"digest": "00000000"/' "$tmp/p.json" >"$tmp/stale.json"
check "rank with a profile of other kernels" "$SPMVP" rank laplace2d:30 --profile "$tmp/stale.json"
must "rank notes the format" "$tmp/err" '^spmvp: note: .*stale.json was trained on other kernels than this spmvp.s for CSR-scalar \([0-9]+ of [0-9]+ rows\)'
check "rank --json with it" "$SPMVP" rank laplace2d:30 --profile "$tmp/stale.json" --json --top 0
must "its JSON marks CSR-scalar's entries" "$tmp/out" '"stale_kernels":[[:space:]]*true'
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
bad = [e for e in d["ranking"] if e["stale_kernels"] != (e["format"] == "csr_scalar")]
sys.exit(1 if bad or not d["ranking"] else 0)' "$tmp/out" && echo "ok   stale_kernels on CSR-scalar alone" ||
    { echo "FAIL: stale_kernels"; fails=$((fails + 1)); }
rows=$(($(wc -l <"$tmp/p.train.tsv") - 2))
[ "$rows" -ge 100 ] && echo "ok   $rows rows measured" || { echo "FAIL: only $rows rows"; fails=$((fails + 1)); }

# resuming: nothing measured again; a torn last line (an interrupted write) is dropped and
# measured again
check "train again resumes" "$SPMVP" train --quick --corpus tiny --device pocl --precision single \
    --batch-us 200 -o "$tmp/p.json"
must "nothing measured again" "$tmp/err" "^spmvp: 0 configurations measured now \($rows in the table\)"
head -c -30 "$tmp/p.train.tsv" >"$tmp/torn.tsv" && mv "$tmp/torn.tsv" "$tmp/p.train.tsv"
check "train resumes after a torn line" "$SPMVP" train --quick --corpus tiny --device pocl \
    --precision single --batch-us 200 -o "$tmp/p.json"
must "the torn row measured again" "$tmp/err" "^spmvp: 1 configurations measured now \($rows in the table\)"

check "cv on the table" "$SPMVP" cv "$tmp/p.train.tsv" --precision single --predictions "$tmp/pred.tsv"
must "cv reports the noise floor" "$tmp/out" '^  noise '
must "cv ranks" "$tmp/out" '^  Work model \+ gradient boosting \(ours\) +[0-9]+ '
[ "$(wc -l <"$tmp/pred.tsv")" -eq $((rows + 1)) ] && echo "ok   one prediction line per row" ||
    { echo "FAIL: $tmp/pred.tsv lines"; fails=$((fails + 1)); }
must "the predictions end with the measured and predicted setup" "$tmp/pred.tsv" '[[:space:]]setup_us[[:space:]]setup_predicted_us$'
awk -F'\t' 'NR > 1 && !($(NF - 1) > 0) { bad++ } END { exit bad > 0 }' "$tmp/pred.tsv" &&
    echo "ok   every row has its measured setup" || { echo "FAIL: a row without a measured setup"; fails=$((fails + 1)); }

check "cv --pair a table with itself" "$SPMVP" cv "$tmp/p.train.tsv" --precision single --pair "$tmp/p.train.tsv"
must "a device paired with itself is predicted exactly" "$tmp/out" 'paired ratio B/A .* within 10 % of the measured 100 %, median error 0.0 %'
check "cv --session a table with itself" "$SPMVP" cv "$tmp/p.train.tsv" --precision single --session "$tmp/p.train.tsv"
must "a session judged on itself picks the best" "$tmp/out" "^  noise \(another session's best\) +[0-9]+ +100 % +100 % +1\.000 "
must "advice has the session's line" "$tmp/out" '^  N = 10000: another session +[0-9]+ '
# a session whose row 3 ran other kernels: left out of the pairing, and said so
sed '3s/\t[0-9a-f]*$/\tffffffff/' "$tmp/p.train.tsv" >"$tmp/k2.tsv"
check "cv --session a table of other kernels on one row" "$SPMVP" cv "$tmp/p.train.tsv" --precision single --session "$tmp/k2.tsv"
must "the row is left out" "$tmp/err" '--session .*k2.tsv: 1 configurations left out, measured with other kernels'
check "cv --pair it" "$SPMVP" cv "$tmp/p.train.tsv" --precision single --pair "$tmp/k2.tsv"
must "so is the pair" "$tmp/out" '^  \(1 configurations left unpaired: the two tables measured them with other kernels, or only one records which\)'
# a session in which each matrix's slowest configuration is the fastest (every other product
# 1000x): its picks, judged on this table's times, are the slowest ones, so the line must fall
# (rows of configurations that could not run, not a finite time, take no part)
awk -F'\t' 'BEGIN { OFS = "\t" } FNR == 1 { pass++ }
    /^#/ { if (pass == 2) print; next }
    $1 == "matrix" { for (i = 1; i <= NF; i++) if ($i == "us") c = i; if (pass == 2) print; next }
    $c !~ /^[0-9.eE+-]+$/ { if (pass == 2) print; next }
    pass == 1 { k = $1 FS $3; if (!(k in m) || $c + 0 > m[k]) m[k] = $c + 0; next }
    { if ($c + 0 != m[$1 FS $3]) $c = $c * 1000; print }' "$tmp/p.train.tsv" "$tmp/p.train.tsv" >"$tmp/s2.tsv"
check "cv --session a contrary session" "$SPMVP" cv "$tmp/p.train.tsv" --precision single --session "$tmp/s2.tsv"
must "a contrary session's picks are judged slow" "$tmp/out" "^  noise \(another session's best\) +[0-9]+ +[0-9] % "
grep -v '^laplace' "$tmp/p.train.tsv" | awk -F'\t' '/^#/ || $1 == "matrix"' >"$tmp/s3.tsv"
expect 2 1 "$SPMVP" cv "$tmp/p.train.tsv" --precision single --session "$tmp/s3.tsv"
must "a table with nothing in common is named" "$tmp/err" 's3.tsv: no configuration in common with'

check "rank with the trained profile" "$SPMVP" rank laplace2d:30 --profile "$tmp/p.json" --top 0
must "rank lists every format" "$tmp/out" '^ +[0-9]+[= ] +csr_adaptive '
check "rank --json" "$SPMVP" rank laplace2d:30 --profile "$tmp/p.json" --json
must "rank JSON has intervals" "$tmp/out" '"interval_hi_us"'

# advice for N products: setup (conversion + upload) counted; one product stays in CSR
# unless a format is also cheaper to set up
check "advise" "$SPMVP" advise laplace2d:30 --profile "$tmp/p.json" --products 1,100000
must "advise names a configuration per count" "$tmp/out" '^ +100000  [a-z_]+ +wg=[0-9]+'
must "advise gives each format's break-even" "$tmp/out" '^ell +wg=256 .* ([0-9]+|never)$'
check "advise --json" "$SPMVP" advise laplace2d:30 --profile "$tmp/p.json" --json
must "advise JSON has setup" "$tmp/out" '"convert_us"'
expect 2 1 "$SPMVP" advise laplace2d:30 --profile "$tmp/p.json" --products 10,-1
# a table from before setup times (two columns fewer) still reads and fits, with no setup
# model; a resumed train gives its rows their setup times
cut -f1-$(($(head -2 "$tmp/p.train.tsv" | tail -1 | awk -F'\t' '{print NF}') - 3)) "$tmp/p.train.tsv" >"$tmp/v1.train.tsv"
check "a table without setup times fits" "$SPMVP" train --corpus none --base "$tmp/p.json" \
    --table "$tmp/v1.train.tsv" -o "$tmp/v1.json"
must "the profile names its table from its own folder" "$tmp/v1.json" '"table": *"v1.train.tsv"'
mkdir -p "$tmp/sub"
check "a refit written to another folder" "$SPMVP" train --corpus none --base "$tmp/p.json" \
    --table "$tmp/v1.train.tsv" -o "$tmp/sub/v1.json"
must "names the table from there" "$tmp/sub/v1.json" '"table": *"\.\./v1\.train\.tsv"'
expect 1 1 "$SPMVP" advise laplace2d:30 --profile "$tmp/v1.json"
must "advise says why" "$tmp/err" 'no setup model at single precision'
check "train resumes a table without setup times" "$SPMVP" train --quick --corpus tiny --device pocl \
    --precision single --batch-us 200 --table "$tmp/v1.train.tsv" -o "$tmp/v1b.json"
grep -q '"kernels"' "$tmp/v1.json" && { echo "FAIL: kernels recorded for rows without digests"; fails=$((fails + 1)); }
must "the rows gain their setup times (and the digest column, not recorded)" "$tmp/v1.train.tsv" \
    '	us_repeat	convert_us	upload_us	kernel$'
must "nothing measured again" "$tmp/err" "^spmvp: 0 configurations measured now \($rows in the table\)"
check "then advise works" "$SPMVP" advise laplace2d:30 --profile "$tmp/v1b.json"

# --refeature: the features again from the matrices, the times kept, then the fit
cp "$tmp/p.train.tsv" "$tmp/rf.train.tsv"
check "train --refeature" "$SPMVP" train --refeature --corpus none --base "$tmp/p.json" \
    --table "$tmp/rf.train.tsv" -o "$tmp/rf.json"
must "it says what changed" "$tmp/err" "features recomputed for $rows rows, 0 changed"
cmp -s "$tmp/p.train.tsv" "$tmp/rf.train.tsv" && echo "ok   the same table" ||
    { echo "FAIL: --refeature changed the table"; fails=$((fails + 1)); }
sed '3s/^[^\t]*/nosuch/' "$tmp/p.train.tsv" >"$tmp/rf2.train.tsv"
expect 1 1 "$SPMVP" train --refeature --corpus none --base "$tmp/p.json" \
    --table "$tmp/rf2.train.tsv" -o "$tmp/rf2.json"
must "a missing matrix is named" "$tmp/err" 'nosuch: no MATRIX file of that name'

# --merge: each configuration's lesser time of two sessions' tables; rows only in the other added
us_col=$(sed -n 2p "$tmp/p.train.tsv" | tr '\t' '\n' | grep -nx us | cut -d: -f1)
awk -F'\t' -v OFS='\t' -v c="$us_col" 'NR <= 2 { print; next } { $c = (NR == 3 ? $c / 10 : $c * 10); print }' \
    "$tmp/p.train.tsv" >"$tmp/other.train.tsv"
cp "$tmp/p.train.tsv" "$tmp/mg.train.tsv"
check "train --merge" "$SPMVP" train --merge "$tmp/other.train.tsv" --corpus none --base "$tmp/p.json" \
    --table "$tmp/mg.train.tsv" -o "$tmp/mg.json"
must "it says what it took" "$tmp/err" "merged with .*other.train.tsv: 1 of $rows configurations took its time, 0 added"
# the other session is 10x or 1/10x every time: the sessions differ by D_r 9, far above any
# run-to-run spread (PoCL under AddressSanitizer on 2 cores reached a p90 of 119 %), so that
# rank must take the session's
must "it says how far apart the sessions are" "$tmp/err" "the two sessions differ by a median of 900.0 %"
must "the profile keeps it" "$tmp/mg.json" '"session_p90_dr": *9(\.0+[0-9]*)?[,}\r]?$'
check "rank widens its intervals by it" "$SPMVP" rank laplace2d:30 --profile "$tmp/mg.json"
must "rank says so" "$tmp/out" "p90 spread between two training sessions \\(900.0 %\\)"
# a launch-bound device: every time 1-5 µs in one session and 2 µs more in the other; the
# sessions differ by an amount there, not a ratio (profile.h), and rank's tops rise by it
awk -F'\t' -v OFS='\t' -v c="$us_col" 'NR <= 2 { print; next } { $c = 1 + NR % 5; print }' \
    "$tmp/p.train.tsv" >"$tmp/lb.train.tsv"
awk -F'\t' -v OFS='\t' -v c="$us_col" 'NR <= 2 { print; next } { $c = 3 + NR % 5; print }' \
    "$tmp/p.train.tsv" >"$tmp/lb2.train.tsv"
check "train --merge of launch-bound sessions" "$SPMVP" train --merge "$tmp/lb2.train.tsv" --corpus none \
    --base "$tmp/p.json" --table "$tmp/lb.train.tsv" -o "$tmp/lb.json"
must "it says by how many µs" "$tmp/err" "and by a median of 2.00 µs, p90 2.00 µs \\($rows configurations under 10 µs\\)"
must "the profile keeps it" "$tmp/lb.json" '"session_offset_p90_us": *2(\.0+)?[,}\r]?$'
check "rank raises its tops by it" "$SPMVP" rank laplace2d:30 --profile "$tmp/lb.json"
must "rank says so" "$tmp/out" "its top 2.0 µs higher \\(two sessions' p90 difference on products under 10 µs\\)"
want=$(awk -F'\t' -v c="$us_col" 'NR == 3 { print $c }' "$tmp/other.train.tsv")
got=$(awk -F'\t' -v c="$us_col" 'NR == 3 { print $c }' "$tmp/mg.train.tsv")
awk -v a="$want" -v b="$got" 'BEGIN { exit !(a - b < 1e-9 && b - a < 1e-9) }' && echo "ok   the faster session's time" ||
    { echo "FAIL: merged time $got, want $want"; fails=$((fails + 1)); }
expect 2 1 "$SPMVP" train --merge "$tmp/other.train.tsv" --refeature --corpus none --base "$tmp/p.json" \
    --table "$tmp/mg.train.tsv" -o "$tmp/mg.json"

# the shipped H100 profile: a stencil's ELL and ELL-R are within each other's error: ties
check "rank on the shipped H100 profile" "$SPMVP" rank laplace3d:40 --profile devices/nvidia-h100.json \
    --precision double
must "ties are marked" "$tmp/out" '^ +2= '
must "ties are counted" "$tmp/out" '^51 configurations; [1-9][0-9]* tie with the first'

# refused: an untrained profile, a model without data, a table that is not one, a torn header
expect 1 1 "$SPMVP" rank laplace2d:30 --profile devices/gt645m-paper.json
expect 2 1 "$SPMVP" rank laplace2d:30 --profile "$tmp/p.json" --model nosuch
expect 1 1 "$SPMVP" rank laplace2d:30 --profile "$tmp/p.json" --precision double
printf 'not a table\n' >"$tmp/bad.tsv"
expect 1 1 "$SPMVP" cv "$tmp/bad.tsv"
sed -E '3s/\t[^\t]*(\t[^\t]*)$/\tx\1/' "$tmp/p.train.tsv" >"$tmp/bad2.tsv"
expect 1 1 "$SPMVP" cv "$tmp/bad2.tsv"
must "the bad field is named" "$tmp/err" 'bad2.tsv:3: field [0-9]+ \(upload_us\): not a number'
sed '3s/\t[^\t]*$/\tx/' "$tmp/p.train.tsv" >"$tmp/bad3.tsv"
expect 1 1 "$SPMVP" cv "$tmp/bad3.tsv"
must "so is a bad digest" "$tmp/err" 'bad3.tsv:3: field [0-9]+ \(kernel\): "x" is not a digest'
expect 2 1 "$SPMVP" train --corpus none -o "$tmp/q.json" --table "$tmp/p.train.tsv"
# a table of another device is neither resumed nor fitted for it
expect 1 1 "$SPMVP" train --corpus none --base devices/nvidia-h100.json -o "$tmp/q.json" \
    --table "$tmp/p.train.tsv"
must "the devices are named" "$tmp/err" 'was measured on .*, not NVIDIA H100 80GB HBM3'
[ ! -e "$tmp/q.json" ] && echo "ok   nothing written" || { echo "FAIL: q.json written"; fails=$((fails + 1)); }

echo "$fails failed"
[ "$fails" -eq 0 ]
