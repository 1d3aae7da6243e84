#!/bin/sh
# scripts/test.sh: README command 2 (what .ci/run calls). Installs what spmvp needs, builds it
# and runs every test; then the same tests once more under AddressSanitizer and
# UndefinedBehaviorSanitizer (build-asan/), then each libFuzzer target of tests/fuzz for
# SPMVP_FUZZ_SECONDS (default 60; 0 skips fuzzing, SPMVP_SANITIZE_TESTS=0 skips the sanitizer
# run). Any failure, sanitizer report or fuzzer crash fails the script.
set -e
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh build
(cd build && ctest --output-on-failure -j 2 --timeout 900)

if [ "${SPMVP_SANITIZE_TESTS:-1}" != 0 ]; then
    ./scripts/build.sh build-asan -DSPMVP_SANITIZE=ON
    # leaks inside the OpenCL implementation's libraries are theirs (tests/lsan.supp)
    (cd build-asan &&
        ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
        LSAN_OPTIONS=suppressions="$PWD/../tests/lsan.supp":print_suppressions=0 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --output-on-failure -j 2 --timeout 900)
fi

secs=${SPMVP_FUZZ_SECONDS:-60}
if [ "$secs" != 0 ]; then
    ./scripts/fuzz.sh "$secs"
fi
