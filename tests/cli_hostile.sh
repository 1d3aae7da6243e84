#!/bin/sh
# cli_hostile.sh: the commands on hostile input (issue 11): one line on stderr, exit 1, quickly,
# and nothing lost. $1: the spmvp binary.
. "$(dirname "$0")/lib_cli.sh"
D=tests/data/mm
has() { # PHRASE: the last command's stderr holds it
    grep -q -- "$1" "$tmp/err" || { echo "FAIL: stderr lacks '$1':"; cat "$tmp/err"; fails=$((fails + 1)); }
}

# 1: a 69-byte file declaring 2,000,000,000 rows; a 1 x 20,000,000 matrix in bench
SPMVP_MAX_HOST_BYTES=1G expect 1 1 "$SPMVP" predict $D/bad_huge_rows.mtx --profile devices/pocl-cpu.json
has "bad_huge_rows.mtx:2: the matrix: 8000000036 bytes of host memory needed, above the limit of 1073741824"
SPMVP_MAX_HOST_BYTES=100M expect 1 1 "$SPMVP" bench $D/wide_20m_cols.mtx --formats csr_scalar --runs 1
has "the vectors x and y: 160000024 bytes of host memory needed"
SPMVP_MAX_HOST_BYTES=1G expect 1 1 "$SPMVP" gen random:1000000x1000:500:fixed --print-stats
has "host memory needed"

# 2: endless input
expect 1 1 "$SPMVP" predict /dev/zero --profile devices/pocl-cpu.json
has "/dev/zero:1: line longer than 1 MiB"

# 3: outputs: a directory that does not exist is named before the work; a device is never removed
expect 1 1 "$SPMVP" gen laplace2d:10 -o "$tmp/none/x.mtx"
has "cannot write there: $tmp/none: No such file or directory"
if [ -c /dev/full ]; then
    expect 1 1 "$SPMVP" gen laplace2d:100 -o /dev/full
    has "/dev/full: write failed: No space left on device"
    [ -c /dev/full ] || { echo "FAIL: /dev/full removed"; fails=$((fails + 1)); }
fi
printf 'precious\n' >"$tmp/keep.mtx"
expect 0 0 "$SPMVP" gen laplace2d:4 -o "$tmp/keep.mtx"
[ "$(ls -A "$tmp" | grep -c '^\.')" -eq 0 ] || { echo "FAIL: temporary file left"; fails=$((fails + 1)); }

# 4, 5, 7: values, triangles, line ends
expect 1 1 "$SPMVP" predict $D/bad_nan.mtx --profile devices/pocl-cpu.json
has "bad_nan.mtx:4: value 'nan' is not a finite double"
expect 1 1 "$SPMVP" bench $D/bad_overflow.mtx --runs 1
has "bad_overflow.mtx:5: value '1e999'"
expect 1 1 "$SPMVP" gen $D/bad_symmetric_both_triangles.mtx --print-stats
has "bad_symmetric_both_triangles.mtx:6: entry (1,2) is in the upper triangle, but line 4"
expect 1 1 "$SPMVP" gen $D/bad_cr_only.mtx --print-stats
has "bad_cr_only.mtx:1: lines end in CR alone"

# a format whose padding would pass the host budget is unsuitable, the others still run
expect 0 0 env SPMVP_MAX_HOST_BYTES=64M "$SPMVP" bench longrows:20000:2:1:5000 --formats ell,csr_vector --runs 2 --warmup 0
grep -q "^ell  *unsuitable: ELL: 1213440000 bytes of host memory needed" "$tmp/out" ||
    { echo "FAIL: ELL over the host budget: $(cat "$tmp/out")"; fails=$((fails + 1)); }

# a padded format the device cannot hold is refused from its bytes model, before the host builds
# it: ELL of arrow:R:0:2 (two dense rows) holds about R^2 slots of 8 bytes (single); R is the
# first multiple of 1024 past the device's max allocation, and a budget of 200G would let the
# host build it (1.5x that)
max=$("$SPMVP" devices --json | sed -n 's/.*"max_alloc_bytes":[[:space:]]*\([0-9]*\).*/\1/p' | head -1)
r=1024
while [ $((r * r * 8)) -le "${max:-0}" ]; do r=$((r + 1024)); done
if [ $((r * (r + 256))) -lt 2147483648 ]; then
    expect 0 0 env SPMVP_MAX_HOST_BYTES=200G "$SPMVP" bench arrow:$r:0:2 --formats ell,csr_vector --runs 2 --warmup 0
    grep -q "^ell  *unsuitable: its arrays would need [0-9]* bytes (the format's bytes model, before converting)" "$tmp/out" ||
        { echo "FAIL: ELL of dense rows: $(cat "$tmp/out")"; fails=$((fails + 1)); }
else
    echo "note: max allocation $max bytes: no ELL within 32-bit indices exceeds it; check not run"
fi

# a JSON key holding a newline (found by fuzz_profile): still one line on stderr
expect 1 1 "$SPMVP" predict laplace2d:4 --profile tests/fuzz/known/profile_key_with_newline.json

echo "$fails failed"
[ "$fails" -eq 0 ]
