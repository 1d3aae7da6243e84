#!/bin/sh
# cli_anchor_rows.sh: scripts/anchor_rows.py, which puts a format's rows measured again in two
# new sessions on the committed table's time scale through an unchanged anchor format measured
# beside them: each session pair's lesser time, times the median over the anchor's mappings of
# old / new, left at 1 within the band; the anchor's rows, setup columns and other formats
# untouched; --generated-only keeping the real matrices' rows; the kernel digests of sessions
# that record them carried into a table that did not; refusals (the anchor among the
# formats, a missing column, a bad time) leave the output unwritten. Needs python3
# (scripts/setup.sh installs it). The spmvp binary ($1) is not used.
. "$(dirname "$0")/lib_cli.sh"
need_python3
h='matrix	family	precision	format	mapping	waves	us	us_event	us_repeat	convert_us	upload_us'
table() { printf '# spmvp-train 1\tdevice=x\n%s\n' "$h" >"$1"; }
table "$tmp/old"
# matrix a: the anchor ran 2x slower in the new sessions (median of 10/5, 20/9, 30/16 = 2: f 2)
printf 'a\ta\tdouble\tcsr_scalar\twg=64\t1\t10\t10\t10\t0\t100\n' >>"$tmp/old"
printf 'a\ta\tdouble\tcsr_scalar\twg=128\t1\t20\t20\t20\t0\t100\n' >>"$tmp/old"
printf 'a\ta\tdouble\tcsr_scalar\twg=256\t1\t30\t30\t30\t0\t100\n' >>"$tmp/old"
printf 'a\ta\tdouble\tcsr_adaptive\twg=256\t1\t50\t50\t50\t7\t200\n' >>"$tmp/old"
printf 'a\ta\tdouble\tell\twg=256\t1\t60\t60\t60\t8\t300\n' >>"$tmp/old"
# matrix b: the anchor within 1 % (f left at 1); c: no anchor measured again (old row kept)
printf 'b\tb\tsingle\tcsr_scalar\twg=256\t1\t100\t100\t100\t0\t100\n' >>"$tmp/old"
printf 'b\tb\tsingle\tcsr_adaptive\twg=256\t1\t40\t40\t40\t9\t200\n' >>"$tmp/old"
printf 'c\tc\tsingle\tcsr_adaptive\twg=256\t1\t70\t70\t70\t9\t200\n' >>"$tmp/old"
table "$tmp/s1"
printf 'a\ta\tdouble\tcsr_scalar\twg=64\t2\t5\t5\t5\t1\t1\n' >>"$tmp/s1"
printf 'a\ta\tdouble\tcsr_scalar\twg=128\t2\t9\t9\t9\t1\t1\n' >>"$tmp/s1"
printf 'a\ta\tdouble\tcsr_scalar\twg=256\t2\t16\t16\t16\t1\t1\n' >>"$tmp/s1"
printf 'a\ta\tdouble\tcsr_adaptive\twg=256\t2\t21\t22\t23\t1\t1\n' >>"$tmp/s1"
printf 'a\ta\tdouble\tell\twg=256\t2\t1\t1\t1\t1\t1\n' >>"$tmp/s1"
printf 'b\tb\tsingle\tcsr_scalar\twg=256\t2\t99.5\t99\t99\t1\t1\n' >>"$tmp/s1"
printf 'b\tb\tsingle\tcsr_adaptive\twg=256\t2\t30\t31\t32\t1\t1\n' >>"$tmp/s1"
printf 'c\tc\tsingle\tcsr_adaptive\twg=256\t2\t5\t5\t5\t1\t1\n' >>"$tmp/s1"
table "$tmp/s2"
printf 'a\ta\tdouble\tcsr_scalar\twg=64\t2\t6\t6\t6\t2\t2\n' >>"$tmp/s2"
printf 'a\ta\tdouble\tcsr_adaptive\twg=256\t2\t20\t24\t25\t2\t2\n' >>"$tmp/s2"
printf 'b\tb\tsingle\tcsr_adaptive\twg=256\t2\t35\t35\t35\t2\t2\n' >>"$tmp/s2"

check() { # WHAT FILE WANT: the table's rows (after the two header lines) are WANT
    if [ "$(tail -n +3 "$2")" != "$3" ]; then
        echo "FAIL: $1:"; tail -n +3 "$2"; fails=$((fails + 1))
    else
        echo "ok   $1"
    fi
}
expect 0 1 python3 scripts/anchor_rows.py "$tmp/old" "$tmp/s1" "$tmp/s2" csr_adaptive csr_scalar -o "$tmp/out.tsv"
grep -q "2 csr_adaptive rows replaced (1 scaled), 1 kept; 2 matrix-precision factors" "$tmp/err" ||
    { echo "FAIL: counts: $(cat "$tmp/err")"; fails=$((fails + 1)); }
check "a's row: s2's (the lesser, its features) x 2; b's: s1's x 1; c's and every other row as they were, setup kept" \
    "$tmp/out.tsv" "$(printf '%s\n' \
    'a	a	double	csr_scalar	wg=64	1	10	10	10	0	100' \
    'a	a	double	csr_scalar	wg=128	1	20	20	20	0	100' \
    'a	a	double	csr_scalar	wg=256	1	30	30	30	0	100' \
    'a	a	double	csr_adaptive	wg=256	2	40.0	48.0	50.0	7	200' \
    'a	a	double	ell	wg=256	1	60	60	60	8	300' \
    'b	b	single	csr_scalar	wg=256	1	100	100	100	0	100' \
    'b	b	single	csr_adaptive	wg=256	2	30.0	31.0	32.0	9	200' \
    'c	c	single	csr_adaptive	wg=256	1	70	70	70	9	200')"
[ "$(head -n 2 "$tmp/out.tsv")" = "$(head -n 2 "$tmp/old")" ] || { echo "FAIL: header lines"; fails=$((fails + 1)); }
# a band of 0 scales b's row by 100 / 99.5
SPMVP_ANCHOR_BAND=0 expect 0 1 python3 scripts/anchor_rows.py "$tmp/old" "$tmp/s1" "$tmp/s2" csr_adaptive csr_scalar -o "$tmp/out0.tsv"
grep -q "^b	b	single	csr_adaptive	wg=256	2	30.15" "$tmp/out0.tsv" ||
    { echo "FAIL: band 0: $(grep '^b.*adaptive' "$tmp/out0.tsv")"; fails=$((fails + 1)); }
# --generated-only: the generated matrix g:1's row replaced (x 2 by its anchor), the real
# matrix a's kept as OLD has it though it was measured again
table "$tmp/gold"
printf 'g:1\tg\tdouble\tcsr_scalar\twg=256\t1\t10\t10\t10\t0\t100\n' >>"$tmp/gold"
printf 'g:1\tg\tdouble\tcsr_adaptive\twg=256\t1\t50\t50\t50\t7\t200\n' >>"$tmp/gold"
printf 'a\ta\tdouble\tcsr_scalar\twg=256\t1\t10\t10\t10\t0\t100\n' >>"$tmp/gold"
printf 'a\ta\tdouble\tcsr_adaptive\twg=256\t1\t50\t50\t50\t7\t200\n' >>"$tmp/gold"
table "$tmp/gnew"
printf 'g:1\tg\tdouble\tcsr_scalar\twg=256\t2\t5\t5\t5\t1\t1\n' >>"$tmp/gnew"
printf 'g:1\tg\tdouble\tcsr_adaptive\twg=256\t2\t20\t21\t22\t1\t1\n' >>"$tmp/gnew"
printf 'a\ta\tdouble\tcsr_scalar\twg=256\t2\t5\t5\t5\t1\t1\n' >>"$tmp/gnew"
printf 'a\ta\tdouble\tcsr_adaptive\twg=256\t2\t20\t21\t22\t1\t1\n' >>"$tmp/gnew"
expect 0 1 python3 scripts/anchor_rows.py "$tmp/gold" "$tmp/gnew" "$tmp/gnew" csr_adaptive csr_scalar -o "$tmp/gout.tsv" --generated-only
grep -q "1 csr_adaptive rows replaced (1 scaled), 1 kept" "$tmp/err" ||
    { echo "FAIL: generated-only counts: $(cat "$tmp/err")"; fails=$((fails + 1)); }
check "--generated-only: g:1's row the session's x 2, a's as it was" "$tmp/gout.tsv" "$(printf '%s\n' \
    'g:1	g	double	csr_scalar	wg=256	1	10	10	10	0	100' \
    'g:1	g	double	csr_adaptive	wg=256	2	40.0	42.0	44.0	7	200' \
    'a	a	double	csr_scalar	wg=256	1	10	10	10	0	100' \
    'a	a	double	csr_adaptive	wg=256	1	50	50	50	7	200')"
# sessions that record their kernels (a "kernel" column) into a table that did not: the
# column added, "-" on the rows kept, the session's digest on the rows replaced
kh="$h	kernel"
printf '# spmvp-train 1\tdevice=x\n%s\n' "$kh" >"$tmp/knew"
printf 'g:1\tg\tdouble\tcsr_scalar\twg=256\t2\t5\t5\t5\t1\t1\t0a0a0a0a\n' >>"$tmp/knew"
printf 'g:1\tg\tdouble\tcsr_adaptive\twg=256\t2\t20\t21\t22\t1\t1\t1b1b1b1b\n' >>"$tmp/knew"
expect 0 1 python3 scripts/anchor_rows.py "$tmp/gold" "$tmp/knew" "$tmp/knew" csr_adaptive csr_scalar -o "$tmp/kout.tsv"
check "digests: the replaced row's from its session, '-' elsewhere" "$tmp/kout.tsv" "$(printf '%s\n' \
    'g:1	g	double	csr_scalar	wg=256	1	10	10	10	0	100	-' \
    'g:1	g	double	csr_adaptive	wg=256	2	40.0	42.0	44.0	7	200	1b1b1b1b' \
    'a	a	double	csr_scalar	wg=256	1	10	10	10	0	100	-' \
    'a	a	double	csr_adaptive	wg=256	1	50	50	50	7	200	-')"
[ "$(sed -n 2p "$tmp/kout.tsv")" = "$kh" ] || { echo "FAIL: the kernel column's head"; fails=$((fails + 1)); }
# refusals: one line, exit 1, nothing written
expect 1 1 python3 scripts/anchor_rows.py "$tmp/old" "$tmp/s1" "$tmp/s2" csr_adaptive,csr_scalar csr_scalar -o "$tmp/no1.tsv"
printf '# spmvp-train 1\tdevice=x\nmatrix\tformat\n' >"$tmp/bad"
expect 1 1 python3 scripts/anchor_rows.py "$tmp/old" "$tmp/bad" "$tmp/s2" csr_adaptive csr_scalar -o "$tmp/no2.tsv"
grep -q "bad: no column precision" "$tmp/err" || { echo "FAIL: missing column: $(cat "$tmp/err")"; fails=$((fails + 1)); }
cp "$tmp/s2" "$tmp/s3"
printf 'z\tz\tsingle\tcsr_adaptive\twg=256\t2\t-3\t1\t1\t1\t1\n' >>"$tmp/s3"
expect 1 1 python3 scripts/anchor_rows.py "$tmp/old" "$tmp/s1" "$tmp/s3" csr_adaptive csr_scalar -o "$tmp/no3.tsv"
grep -q "s3: row 4: us '-3' is not a positive time" "$tmp/err" || { echo "FAIL: bad time: $(cat "$tmp/err")"; fails=$((fails + 1)); }
expect 1 1 python3 scripts/anchor_rows.py "$tmp/old" "$tmp/s1" "$tmp/nothere" csr_adaptive csr_scalar -o "$tmp/no4.tsv"
for f in no1 no2 no3 no4; do
    [ ! -e "$tmp/$f.tsv" ] && [ ! -e "$tmp/$f.tsv.tmp" ] || { echo "FAIL: $f written"; fails=$((fails + 1)); }
done
[ "$fails" -eq 0 ] || { echo "$fails failed"; exit 1; }
echo "all passed"
