#!/bin/sh
# cli_conventions.sh: the command line every command shares (issue 14): help from the option
# tables (and the README's usage block equal to it), one error grammar with the nearest name,
# --opt=value as --opt value, -o - on standard output, inputs never overwritten, the bash
# completion and the man page. Run from the source root with the spmvp binary as $1.
. "$(dirname "$0")/lib_cli.sh"

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# the README's usage block is `spmvp help --usage`, byte for byte
sed -n '/^## Usage/,/^- \*\*MATRIX/p' README.md | sed -n '/^```$/,/^```$/p' | sed '1d;$d' >"$tmp/readme"
"$SPMVP" help --usage >"$tmp/usage" || fail "help --usage"
cmp -s "$tmp/readme" "$tmp/usage" || { fail "README usage block differs from spmvp help --usage"; diff "$tmp/readme" "$tmp/usage"; }

commands=$(sed -n 's/^spmvp \([a-z]*\).*/\1/p' "$tmp/usage")
[ "$(echo "$commands" | wc -w)" -ge 10 ] || fail "too few commands in help --usage"
for c in $commands; do
    expect 0 0 "$SPMVP" "$c" --help
    cp "$tmp/out" "$tmp/help"
    grep -q "^usage: spmvp $c" "$tmp/help" || fail "$c --help has no usage line"
    expect 0 0 "$SPMVP" help "$c"
    cmp -s "$tmp/out" "$tmp/help" || fail "spmvp help $c differs from spmvp $c --help"
    # every option of the synopsis is in the help
    for o in $(awk -v c="spmvp $c" '$0 == c || index($0, c " ") == 1 { on = 1; print; next }
                                    /^spmvp / { on = 0 } on' "$tmp/usage" |
               grep -o -- ' -[-a-z]*[a-z]' | grep -v -- '--help' | sort -u); do
        grep -q -- "$o" "$tmp/help" || fail "$c --help lacks $o"
    done
    # an unknown option is a usage error in one line naming it
    expect 2 1 "$SPMVP" "$c" --no-such-option
    grep -q "unknown option --no-such-option" "$tmp/err" || fail "$c: unknown option not named: $(cat "$tmp/err")"
    grep -q "[^ ]  *$" "$tmp/help" && fail "$c --help has trailing spaces"
done
expect 2 1 "$SPMVP" predict matrices/cage8.mtx.gz --profile devices/pocl-cpu.json --precison double
grep -q "did you mean --precision?" "$tmp/err" || fail "no nearest option: $(cat "$tmp/err")"
expect 2 1 "$SPMVP" prdict
grep -q 'did you mean predict?' "$tmp/err" || fail "no nearest command: $(cat "$tmp/err")"
expect 2 1 "$SPMVP" bench matrices/cage8.mtx.gz --json=yes
expect 2 1 "$SPMVP" bench matrices/cage8.mtx.gz --hyb-widths 1,2 --formats ell
grep -q -- "--hyb-widths and --formats" "$tmp/err" || fail "conflict not named"
expect 2 1 "$SPMVP" bench matrices/cage8.mtx.gz --formats ELL,Hyb --runs 0
expect 2 1 "$SPMVP" predict matrices/cage8.mtx.gz
grep -q "needs --profile" "$tmp/err" || fail "missing --profile not named"

# --opt=value is --opt value (the prediction's own time is the only line that may differ)
"$SPMVP" predict laplace3d:12 --profile devices/pocl-cpu.json --precision=double --hyb-threshold |
    grep -v "the prediction took" >"$tmp/a" || fail "predict --precision=double"
"$SPMVP" predict laplace3d:12 --profile devices/pocl-cpu.json --precision double --hyb-threshold |
    grep -v "the prediction took" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || fail "--precision=double differs from --precision double"
grep -q " µs" "$tmp/a" && ! grep -q " us\b" "$tmp/a" || fail "predict mixes us and µs"

# -o - is standard output; refit never writes over its input, and by default writes stdout
cp devices/gt645m-paper.json "$tmp/in.json"
expect 0 0 "$SPMVP" refit "$tmp/in.json" -o -
grep -q '"schema": "spmvp-profile"' "$tmp/out" || fail "refit -o - did not write the profile on stdout"
expect 0 0 "$SPMVP" refit "$tmp/in.json"
grep -q '"schema": "spmvp-profile"' "$tmp/out" || fail "refit without -o did not write stdout"
expect 2 1 "$SPMVP" refit "$tmp/in.json" -o "$tmp/in.json"
ln -s "$tmp/in.json" "$tmp/link.json"
expect 2 1 "$SPMVP" refit "$tmp/in.json" -o "$tmp/link.json"
cmp -s "$tmp/in.json" devices/gt645m-paper.json || fail "refit changed its input"
expect 0 1 "$SPMVP" refit "$tmp/in.json" -o "$tmp/new.json"
grep -q "wrote $tmp/new.json" "$tmp/err" || fail "refit did not say what it wrote"

cp devices/pocl-cpu.json "$tmp/pp.json"
expect 2 1 "$SPMVP" evaluate --profile "$tmp/pp.json" -o "$tmp/pp" matrices/cage8.mtx.gz
cmp -s "$tmp/pp.json" devices/pocl-cpu.json || fail "evaluate -o wrote over its profile"
cp matrices/cage8.mtx.gz "$tmp/m.png"
expect 2 1 "$SPMVP" predict "$tmp/m.png" --profile devices/nvidia-h100.json --plot "$tmp/m.png"
cmp -s "$tmp/m.png" matrices/cage8.mtx.gz || fail "predict --plot wrote over its matrix"

# an output that cannot be written fails before the long work, naming the path and why
expect 1 1 "$SPMVP" evaluate --profile devices/pocl-cpu.json -o "$tmp/no/such/dir/ev" matrices/cage8.mtx.gz
grep -q "no/such/dir/ev.json: cannot write there" "$tmp/err" || fail "evaluate -o unwritable: $(cat "$tmp/err")"
expect 1 1 "$SPMVP" calibrate -o "$tmp/no/such/dir/p.json"

# bash completion: valid bash, completes commands, options and their values
"$SPMVP" completion bash >"$tmp/c.bash" || fail "completion bash"
bash -n "$tmp/c.bash" || fail "the completion script is not valid bash"
got=$(bash -c ". $tmp/c.bash; COMP_WORDS=(spmvp pre); COMP_CWORD=1; _spmvp; echo \${COMPREPLY[@]}")
[ "$got" = "predict" ] || fail "completion of 'pre': $got"
got=$(bash -c ". $tmp/c.bash; COMP_WORDS=(spmvp bench x --formats ''); COMP_CWORD=4; _spmvp; echo \${COMPREPLY[@]}")
echo "$got" | grep -q "csr_vector" || fail "completion of --formats: $got"
expect 2 1 "$SPMVP" completion zsh

# the man page names every command and option
"$SPMVP" help --man >"$tmp/spmvp.1" || fail "help --man"
for c in $commands; do
    grep -q "^\.SS \"spmvp $c" "$tmp/spmvp.1" || fail "man page lacks $c"
done
grep -q 'hyb\\-widths' "$tmp/spmvp.1" || fail "man page lacks --hyb-widths"

echo "$fails failed"
[ "$fails" -eq 0 ]
