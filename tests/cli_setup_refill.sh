#!/bin/sh
# cli_setup_refill.sh: scripts/setup_refill.py, which marks a training table's rows for a
# setup refill (convert_us nan) and merges the refill back: only the selected rows (formats,
# precision, rows, an array of so many bytes), only the named columns, the lesser with
# --lesser, a refill's nan never taken, mismatched tables refused and the output untouched.
# Needs python3 (scripts/setup.sh installs it). The spmvp binary ($1) is not used.
. "$(dirname "$0")/lib_cli.sh"
need_python3
h='matrix	family	precision	format	mapping	nRows	slots	us	convert_us	upload_us'
printf '# spmvp-train 1\tdevice=x\n%s\n' "$h" >"$tmp/t"
printf 'a:1\ta\tdouble\tsell\twg=256\t100000\t2000000\t5\t100\t200\n' >>"$tmp/t"
printf 'a:1\ta\tdouble\tell\twg=256\t100000\t2000000\t6\t110\t210\n' >>"$tmp/t"
printf 'a:1\ta\tsingle\tsell\twg=256\t100000\t2000000\t7\t120\t220\n' >>"$tmp/t"
printf 'b:2\tb\tdouble\tsell\twg=256\t1000\t10000\t8\t130\t230\n' >>"$tmp/t"

rows() { tail -n +3 "$1"; }
same() { # WHAT GOT WANT
    if [ "$2" != "$3" ]; then echo "FAIL: $1:"; echo "$2"; fails=$((fails + 1)); else echo "ok   $1"; fi
}
expect 0 0 python3 scripts/setup_refill.py mark "$tmp/t" "$tmp/m.gz" --formats sell --min-rows 50000
same "mark: the large matrix's SELL rows, both precisions" "$(gzip -dc "$tmp/m.gz" | tail -n +3 | cut -f4,3,9 | tr '\t' ' ')" \
    "$(printf '%s\n' 'double sell nan' 'double ell 110' 'single sell nan' 'double sell 130')"
expect 0 0 python3 scripts/setup_refill.py mark "$tmp/t" "$tmp/m2" --min-array-bytes 16000000
same "mark: an array of 16 MB (2 M slots of doubles), not of floats" "$(rows "$tmp/m2" | cut -f9 | tr '\n' ' ')" "nan nan 120 130 "

# the refill: SELL's conversions faster (one slower: a stall), its uploads moved, a nan left
printf '# spmvp-train 1\tdevice=x\n%s\n' "$h" >"$tmp/r"
printf 'a:1\ta\tdouble\tsell\twg=256\t100000\t2000000\t5\t60\t250\n' >>"$tmp/r"
printf 'a:1\ta\tdouble\tell\twg=256\t100000\t2000000\t6\t50\t50\n' >>"$tmp/r"
printf 'a:1\ta\tsingle\tsell\twg=256\t100000\t2000000\t7\t150\t150\n' >>"$tmp/r"
printf 'b:2\tb\tdouble\tsell\twg=256\t1000\t10000\t8\tnan\tnan\n' >>"$tmp/r"
cp "$tmp/t" "$tmp/t2"
expect 0 0 python3 scripts/setup_refill.py merge "$tmp/t" "$tmp/r" "$tmp/t" --take convert --lesser --formats sell
grep -q "1 values from the refill, 1 refilled values above" "$tmp/out" || { echo "FAIL: counts: $(cat "$tmp/out")"; fails=$((fails + 1)); }
same "merge --take convert --lesser: the faster conversion, the slower kept, no nan, uploads and ELL untouched" \
    "$(rows "$tmp/t" | cut -f9,10 | tr '\t\n' ', ')" "60,200 110,210 120,220 130,230 "
expect 0 0 python3 scripts/setup_refill.py merge "$tmp/t2" "$tmp/r" "$tmp/t2" --take both --precision double
same "merge --take both --precision double: every double row's two values, a nan never" \
    "$(rows "$tmp/t2" | cut -f9,10 | tr '\t\n' ', ')" "60,250 50,50 120,220 130,230 "
# tables whose columns differ: refused, the output not written
printf '# spmvp-train 1\tdevice=x\nmatrix\tprecision\n' >"$tmp/bad"
cp "$tmp/t2" "$tmp/keep"
expect 1 1 python3 scripts/setup_refill.py merge "$tmp/t2" "$tmp/bad" "$tmp/t2" --take both
cmp -s "$tmp/t2" "$tmp/keep" || { echo "FAIL: a refused merge rewrote the table"; fails=$((fails + 1)); }
[ "$fails" -eq 0 ] || { echo "$fails failed"; exit 1; }
echo "all passed"
