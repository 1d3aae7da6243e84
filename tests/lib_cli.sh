# lib_cli.sh: what the cli_*.sh tests share; sourced, never run by ctest (its name does not
# match cli_*.sh). Sets SPMVP (the binary, $1 of the test), fails, tmp (removed on exit);
# need_python3 (below); and expect CODE LINES CMD...: exit status CODE and (when LINES > 0)
# exactly LINES lines on stderr; the command's output stays in $tmp/out and $tmp/err.
SPMVP=$1
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# need_python3: a test of a script under scripts/ fails at once where python3 is missing
need_python3() {
    command -v python3 >/dev/null 2>&1 || { echo "FAIL: python3 is missing (scripts/setup.sh installs it)"; exit 1; }
}

expect() {
    code=$1; lines=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    n=$(wc -l <"$tmp/err")
    if [ "$got" -ne "$code" ] || { [ "$lines" -gt 0 ] && [ "$n" -ne "$lines" ]; }; then
        echo "FAIL: $* -> exit $got (want $code), $n stderr lines (want $lines):"
        cat "$tmp/err"
        fails=$((fails + 1))
    else
        echo "ok   $* -> $got $(head -c 150 "$tmp/err")"
    fi
}
