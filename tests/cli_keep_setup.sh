#!/bin/sh
# cli_keep_setup.sh: scripts/keep_setup.py, which gives a retrain's re-measured rows the setup
# columns (convert_us, upload_us) of the committed table: only the named formats' rows (a
# comma-separated list), only rows the old table has, every other column and row untouched;
# --generated-only limits it to generated matrices (names with ':'). Needs python3
# (scripts/setup.sh installs it). The spmvp binary ($1) is not used.
. "$(dirname "$0")/lib_cli.sh"
need_python3
h='matrix	family	precision	format	mapping	us	convert_us	upload_us'
printf '# spmvp-train 1\tdevice=x\n%s\n' "$h" >"$tmp/old"
printf 'a:1\ta\tdouble\tell\twg=256\t5\t100\t200\n' >>"$tmp/old"
printf 'a:1\ta\tdouble\thyb\twg=256\t6\t110\t210\n' >>"$tmp/old"
printf 'a:1\ta\tdouble\tcoo\twg=256\t7\t120\t220\n' >>"$tmp/old"
printf 'real\tr\tsingle\tell\twg=256\t8\t130\t230\n' >>"$tmp/old"
printf '# spmvp-train 1\tdevice=x\n%s\n' "$h" >"$tmp/new"
printf 'a:1\ta\tdouble\tell\twg=256\t2.5\t1\t2\n' >>"$tmp/new"
printf 'a:1\ta\tdouble\thyb\twg=256\t3\t3\t4\n' >>"$tmp/new"
printf 'a:1\ta\tdouble\tcoo\twg=256\t7\t5\t6\n' >>"$tmp/new"
printf 'real\tr\tsingle\tell\twg=256\t4\t7\t8\n' >>"$tmp/new"
printf 'b:2\tb\tdouble\tell\twg=256\t9\t9\t9\n' >>"$tmp/new"
cp "$tmp/new" "$tmp/new2"

check() { # WHAT FILE WANT: the table's rows (after the two header lines) are WANT
    if [ "$(tail -n +3 "$2")" != "$3" ]; then
        echo "FAIL: $1:"; tail -n +3 "$2"; fails=$((fails + 1))
    else
        echo "ok   $1"
    fi
}
expect 0 0 python3 scripts/keep_setup.py "$tmp/old" "$tmp/new" ell,hyb
grep -q "3 rows given their old setup, 1 not in" "$tmp/out" || { echo "FAIL: counts: $(cat "$tmp/out")"; fails=$((fails + 1)); }
check "ell and hyb given their old setup, coo and a row new to the table untouched" "$tmp/new" "$(printf '%s\n' \
    'a:1	a	double	ell	wg=256	2.5	100	200' 'a:1	a	double	hyb	wg=256	3	110	210' \
    'a:1	a	double	coo	wg=256	7	5	6' 'real	r	single	ell	wg=256	4	130	230' 'b:2	b	double	ell	wg=256	9	9	9')"
expect 0 0 python3 scripts/keep_setup.py "$tmp/old" "$tmp/new2" ell --generated-only
check "--generated-only leaves the real matrix's row" "$tmp/new2" "$(printf '%s\n' \
    'a:1	a	double	ell	wg=256	2.5	100	200' 'a:1	a	double	hyb	wg=256	3	3	4' \
    'a:1	a	double	coo	wg=256	7	5	6' 'real	r	single	ell	wg=256	4	7	8' 'b:2	b	double	ell	wg=256	9	9	9')"
# tables whose columns differ: refused, the new table untouched
printf 'x\ty\n' >"$tmp/bad"
cp "$tmp/new2" "$tmp/keep"
expect 1 1 python3 scripts/keep_setup.py "$tmp/bad" "$tmp/new2" ell
cmp -s "$tmp/new2" "$tmp/keep" || { echo "FAIL: a refused table was rewritten"; fails=$((fails + 1)); }
[ "$fails" -eq 0 ] || { echo "$fails failed"; exit 1; }
echo "all passed"
