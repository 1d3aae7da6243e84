#!/bin/sh
# cli_install.sh: libspmvp as a user gets it. `cmake --install` into a fresh prefix under $tmp,
# then: the files are there, the shared library exports exactly the functions of spmvp.h,
# examples/predict_csr.c builds through pkg-config and through find_package(spmvp) (shared,
# and static with COMPONENTS static), and each build predicts a Laplacian on
# devices/pocl-cpu.json and checks one product on the device. Needs no network and no root;
# everything is removed on exit. Run from the source root with the spmvp binary as $1; exits
# 77 (skipped) in a sanitizer build, whose library a plain program cannot load.
. "$(dirname "$0")/lib_cli.sh"
build=$(cd "$(dirname "$SPMVP")" && pwd)
if grep -q '^SPMVP_SANITIZE:BOOL=ON' "$build/CMakeCache.txt"; then
    echo "skipped: a sanitizer build"
    exit 77
fi
prefix=$tmp/prefix
check() { # check WHAT CMD...: runs CMD, counts a failure with its output
    what=$1; shift
    if "$@" >"$tmp/log" 2>&1; then echo "ok   $what"; else
        echo "FAIL: $what:"; cat "$tmp/log"; fails=$((fails + 1)); fi
}

check "cmake --install" cmake --install "$build" --prefix "$prefix"
lib=$(find "$prefix" -name 'libspmvp.so.*.*.*' | head -n 1)
libdir=$(dirname "${lib:-$prefix/lib/none}")
for f in "$prefix/include/spmvp.h" "$libdir/libspmvp.a" "$libdir/pkgconfig/spmvp.pc" \
         "$libdir/cmake/spmvp/spmvpConfig.cmake" "$libdir/cmake/spmvp/spmvpConfigVersion.cmake" \
         "$prefix/bin/spmvp"; do
    check "installed ${f#"$prefix"/}" test -e "$f"
done
soname=$(objdump -p "$lib" | awk '$1 == "SONAME" { print $2 }')
check "soname $soname is libspmvp.so.MAJOR.MINOR" test -e "$libdir/$soname" -a -e "$libdir/libspmvp.so"

# exported: the prototypes of spmvp.h (its lines that open with a type), nothing else
grep -E '^[a-z]' "$prefix/include/spmvp.h" | grep -oE 'spmvp_[a-z0-9_]+\(' | tr -d '(' | sort >"$tmp/want"
nm -D --defined-only "$lib" | awk '{ sub(/@.*/, "", $3); if ($3 != "SPMVP_0") print $3 }' | sort >"$tmp/got"
check "exports are spmvp.h's $(wc -l <"$tmp/want") functions" diff "$tmp/want" "$tmp/got"

# run_example EXE: predicts, recommends, and runs on the device (or says there is none)
run_example() {
    "$1" devices/pocl-cpu.json 30 >"$tmp/ex.out" 2>&1 || { cat "$tmp/ex.out"; return 1; }
    grep -Eq '^  [a-z_]+ .*[0-9] us$' "$tmp/ex.out" && grep -q '^recommended: [a-z_]* (model ' "$tmp/ex.out" &&
        grep -Eq '^(ran [a-z_]* .* largest difference from the CPU|no OpenCL device)' "$tmp/ex.out" ||
        { cat "$tmp/ex.out"; return 1; }
}

export PKG_CONFIG_PATH="$libdir/pkgconfig"
check "pkg-config --modversion spmvp" test "$(pkg-config --modversion spmvp)" = \
    "$(sed -n 's/^project(spmvp VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
check "cc examples/predict_csr.c \$(pkg-config --cflags --libs spmvp)" sh -c \
    "cc -std=c11 -Wall -Wextra -Werror examples/predict_csr.c \$(pkg-config --cflags --libs spmvp) \
     -lm -Wl,-rpath,'$libdir' -o '$tmp/pc_example'"
check "pkg-config --static --libs spmvp names -lxgboost" sh -c "pkg-config --static --libs spmvp | grep -q -- -lxgboost"
check "pkg-config build links the installed libspmvp.so" sh -c "ldd '$tmp/pc_example' | grep -q '$libdir/$soname'"
check "pkg-config build runs" run_example "$tmp/pc_example"

cmake_example() { # cmake_example DIR [cmake args]
    dir=$1; shift
    cmake -S examples -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF "$@" && cmake --build "$dir"
}
check "cmake find_package(spmvp): spmvp::spmvp" cmake_example "$tmp/ex"
check "cmake build runs" run_example "$tmp/ex/predict_csr"
check "cmake find_package(spmvp COMPONENTS static): spmvp::spmvp_static" \
    cmake_example "$tmp/ex_static" -DSPMVP_EXAMPLES_STATIC=ON
check "static build needs no libspmvp.so" sh -c "! ldd '$tmp/ex_static/predict_csr' | grep -q libspmvp"
check "static build runs" run_example "$tmp/ex_static/predict_csr"

[ "$fails" -eq 0 ] || { echo "$fails failed"; exit 1; }
echo "all passed"
