#!/bin/sh
# cli_gen.sh: `spmvp gen` writes every family as .mtx or .mtx.gz with the right size line, reads
# files back unchanged, honours --seed, prints statistics; usage errors exit 2 with one line,
# runtime errors exit 1 with one line. Run from the source root with the spmvp binary as $1.
. "$(dirname "$0")/lib_cli.sh"

# size FILE: the Matrix Market size line ("rows cols nnz") of a .mtx or .mtx.gz
size() {
    case $1 in
    *.gz) gzip -dc "$1" ;;
    *) cat "$1" ;;
    esac | sed -n 2p
}

# check_size FILE "R C NNZ"
check_size() {
    got=$(size "$1")
    [ "$got" = "$2" ] || { echo "FAIL: $1 has size line \"$got\", want \"$2\""; fails=$((fails + 1)); }
}

# stat KEY: a value from the last --print-stats output
stat() { sed -n "s/^$1  *//p" "$tmp/out"; }

# ---- happy paths ----
expect 0 0 "$SPMVP" gen --help
expect 0 0 "$SPMVP" gen laplace3d:10 -o "$tmp/pde.mtx.gz"
check_size "$tmp/pde.mtx.gz" "1000 1000 6400"
gzip -t "$tmp/pde.mtx.gz" || { echo "FAIL: pde.mtx.gz is not gzip"; fails=$((fails + 1)); }
expect 0 0 "$SPMVP" gen laplace2d:30 --output "$tmp/p2.mtx"
check_size "$tmp/p2.mtx" "900 900 4380"
expect 0 0 "$SPMVP" gen laplace3d27:6 -o "$tmp/p27.mtx"
check_size "$tmp/p27.mtx" "216 216 4096"
expect 0 0 "$SPMVP" gen random:1000:8:fixed -o "$tmp/r.mtx"
check_size "$tmp/r.mtx" "1000 1000 8000"
expect 0 0 "$SPMVP" gen random:2000x300:16:normal:5 -o "$tmp/rect.mtx.gz" --print-stats
[ "$(stat rows)" = 2000 ] && [ "$(stat cols)" = 300 ] ||
    { echo "FAIL: random:2000x300 stats"; cat "$tmp/out"; fails=$((fails + 1)); }
check_size "$tmp/rect.mtx.gz" "2000 300 $(stat nnz)"
expect 0 0 "$SPMVP" gen bench:1000:8:uniform --print-stats
[ "$(stat row_min)" = 4 ] && [ "$(stat row_max)" = 12 ] && [ "$(stat nnz)" -gt 7600 ] &&
    [ "$(stat nnz)" -lt 8400 ] || { echo "FAIL: bench uniform stats"; cat "$tmp/out"; fails=$((fails + 1)); }
expect 0 0 "$SPMVP" gen rmat:10 -o "$tmp/g.mtx.gz" --print-stats
[ "$(stat rows)" = 1024 ] && [ "$(stat nnz)" -le 16384 ] && [ "$(stat row_max)" -gt 100 ] ||
    { echo "FAIL: rmat:10 stats"; cat "$tmp/out"; fails=$((fails + 1)); }
check_size "$tmp/g.mtx.gz" "1024 1024 $(stat nnz)"
expect 0 0 "$SPMVP" gen band:100:2 --print-stats
[ "$(stat nnz)" = 494 ] && [ "$(stat row_min)" = 3 ] && [ "$(stat row_max)" = 5 ] ||
    { echo "FAIL: band:100:2 stats"; cat "$tmp/out"; fails=$((fails + 1)); }
expect 0 0 "$SPMVP" gen blockdiag:100:8 -o "$tmp/bd.mtx" --print-stats
[ "$(stat nnz)" = 784 ] && [ "$(stat row_min)" = 4 ] && [ "$(stat row_max)" = 8 ] ||
    { echo "FAIL: blockdiag:100:8 stats"; cat "$tmp/out"; fails=$((fails + 1)); }
check_size "$tmp/bd.mtx" "100 100 784"
# perm keeps the size and the row lengths, of a spec or of a file; --seed is its SEED field
expect 0 0 "$SPMVP" gen perm:laplace2d:30 -o "$tmp/pp.mtx" --print-stats
[ "$(stat row_min)" = 3 ] && [ "$(stat row_max)" = 5 ] ||
    { echo "FAIL: perm:laplace2d:30 stats"; cat "$tmp/out"; fails=$((fails + 1)); }
check_size "$tmp/pp.mtx" "900 900 4380"
cmp -s "$tmp/pp.mtx" "$tmp/p2.mtx" && { echo "FAIL: perm changed nothing"; fails=$((fails + 1)); }
expect 0 0 "$SPMVP" gen "perm:$tmp/p2.mtx" -o "$tmp/pf.mtx"
cmp -s "$tmp/pp.mtx" "$tmp/pf.mtx" || { echo "FAIL: perm of the file differs from perm of the spec"; fails=$((fails + 1)); }
expect 0 0 "$SPMVP" gen perm:laplace2d:30 --seed 5 -o "$tmp/ps1.mtx"
expect 0 0 "$SPMVP" gen perm:5:laplace2d:30 -o "$tmp/ps2.mtx"
cmp -s "$tmp/ps1.mtx" "$tmp/ps2.mtx" || { echo "FAIL: perm --seed 5 differs from perm:5:"; fails=$((fails + 1)); }
cmp -s "$tmp/ps1.mtx" "$tmp/pp.mtx" && { echo "FAIL: perm seeds 1 and 5 agree"; fails=$((fails + 1)); }

# a written file reads back unchanged (values are written with 17 digits)
expect 0 0 "$SPMVP" gen "$tmp/r.mtx" -o "$tmp/r2.mtx" --print-stats
cmp -s "$tmp/r.mtx" "$tmp/r2.mtx" || { echo "FAIL: r.mtx changed on a round trip"; fails=$((fails + 1)); }
[ "$(stat nnz)" = 8000 ] && [ "$(stat row_sd)" = 0.0000 ] ||
    { echo "FAIL: stats of r.mtx"; cat "$tmp/out"; fails=$((fails + 1)); }
expect 0 0 "$SPMVP" gen "$tmp/pde.mtx.gz" -o "$tmp/pde2.mtx"
check_size "$tmp/pde2.mtx" "1000 1000 6400"

# --seed is the :SEED field; other seeds give other matrices
expect 0 0 "$SPMVP" gen random:500:8:normal --seed 5 -o "$tmp/s1.mtx"
expect 0 0 "$SPMVP" gen random:500:8:normal:5 -o "$tmp/s2.mtx"
expect 0 0 "$SPMVP" gen random:500:8:normal:6 -o "$tmp/s3.mtx"
cmp -s "$tmp/s1.mtx" "$tmp/s2.mtx" || { echo "FAIL: --seed 5 differs from :5"; fails=$((fails + 1)); }
cmp -s "$tmp/s1.mtx" "$tmp/s3.mtx" && { echo "FAIL: seeds 5 and 6 agree"; fails=$((fails + 1)); }

# ---- usage errors: exit 2, one line ----
expect 2 1 "$SPMVP" gen
expect 2 1 "$SPMVP" gen laplace3d:5
expect 2 1 "$SPMVP" gen laplace3d:5 -o
expect 2 1 "$SPMVP" gen laplace3d:5 --bogus
expect 2 1 "$SPMVP" gen laplace3d:5 laplace2d:5 --print-stats
expect 2 1 "$SPMVP" gen laplace3d:0 -o "$tmp/x.mtx"
expect 2 1 "$SPMVP" gen random:100:x:normal -o "$tmp/x.mtx"
grep -q "PNZ" "$tmp/err" || { echo "FAIL: bad PNZ not named"; fails=$((fails + 1)); }
expect 2 1 "$SPMVP" gen random:100:4:gauss --print-stats
expect 2 1 "$SPMVP" gen rmat:0 --print-stats
expect 2 1 "$SPMVP" gen laplace3d:5 --seed 3 --print-stats
expect 2 1 "$SPMVP" gen random:10:2:fixed:4 --seed 5 --print-stats
expect 2 1 "$SPMVP" gen random:10:2:fixed --seed x --print-stats
expect 2 1 "$SPMVP" gen "$tmp/r.mtx" --seed 1 --print-stats
expect 2 1 "$SPMVP" gen band:5:9 --print-stats
grep -q "WIDTH" "$tmp/err" || { echo "FAIL: bad WIDTH not named"; fails=$((fails + 1)); }
expect 2 1 "$SPMVP" gen blockdiag:0:1 --print-stats
expect 2 1 "$SPMVP" gen perm: --print-stats
expect 2 1 "$SPMVP" gen perm:perm:laplace2d:3 --print-stats
expect 2 1 "$SPMVP" gen band:10:1 --seed 3 --print-stats
expect 2 1 "$SPMVP" gen perm:4:laplace2d:3 --seed 3 --print-stats

# ---- runtime errors: exit 1, one line, no file left behind ----
expect 1 1 "$SPMVP" gen "$tmp/missing.mtx" --print-stats
expect 1 1 "$SPMVP" gen rmat:30 --print-stats
expect 1 1 "$SPMVP" gen band:2000000000:2 --print-stats
expect 1 1 "$SPMVP" gen "perm:$tmp/missing.mtx" --print-stats
expect 1 1 "$SPMVP" gen bench:1000000000:8:fixed -o "$tmp/big.mtx"
[ -e "$tmp/big.mtx" ] && { echo "FAIL: big.mtx left behind"; fails=$((fails + 1)); }
expect 1 1 "$SPMVP" gen laplace3d:5 -o "$tmp/no/such/dir/x.mtx"

echo "$fails failed"
[ "$fails" -eq 0 ]
