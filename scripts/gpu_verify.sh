#!/bin/bash
# scripts/gpu_verify.sh OUTDIR: the kernels checked on the NVIDIA GPU through its OpenCL
# before anything is timed: builds build-gpu, runs test_cl_kernels there (every format in both
# precisions against the CPU, the edge cases, product after product with the device-side
# counters), keeping every program it built (SPMVP_DUMP_PROGRAMS: PTX on NVIDIA) in
# OUTDIR/programs, and lists the fences of the kernels whose work-groups talk through global
# memory (COO's, CSR-adaptive's and BRC's one-launch reductions): a device-wide fence is
# membar.gl (fence.sc.gpu / fence.acq_rel.gpu on newer PTX); membar.cta alone would make the
# last work-group's reads of the others' sums a race. Summary in OUTDIR/verify.txt; the exit
# status is the test's.
# All of test_cl_kernels did not fit one call on the H100 (2026-11-23: ~150 programs, NVIDIA's
# compiler seemingly tens of seconds for COO's one-launch ones), so by default the tests run are
# those of the one-launch kernels and the edge cases (SPMVP_TEST_ONLY, tests/test.h; set ONLY=
# to run every test), cut off after VERIFY_LIMIT seconds (default 300; exit 124).
# On the device machine, `source .gpu/setup.sh` first.
set -u
out=$1
mkdir -p "$out/programs" || exit 1
{
    date -u
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
} >"$out/verify.txt"
if ! scripts/build.sh build-gpu >"$out/build.log" 2>&1; then
    tail -20 "$out/build.log"
    exit 1
fi
SPMVP_TEST_ONLY=${ONLY-edge_cases,long_rows,same_bits,product_after_product} \
    SPMVP_TEST_DEVICE=${SPMVP_DEVICE:-nvidia} SPMVP_DUMP_PROGRAMS="$out/programs" \
    timeout "${VERIFY_LIMIT:-300}" ./build-gpu/tests/test_cl_kernels >"$out/test_cl_kernels.log" 2>"$out/test_cl_kernels.err"
rc=$?
{
    echo "test_cl_kernels exit $rc: $(tail -1 "$out/test_cl_kernels.log")"
    grep -v '^ok' "$out/test_cl_kernels.log" | grep -v '^device' | head -20
    # the programs built with a one-launch reduction, by their fences and atomics: one line per
    # distinct set, with how many programs have it
    echo "fences and atomics of the one-launch programs (count, kernel file, instructions):"
    grep -E 'built with .*(COO_ONE_LAUNCH|BRC_MULTI)|csr_adaptive\.cl built with' "$out/test_cl_kernels.err" |
        sed 's/^spmvp: \([^:]*\): \([a-z_]*\.cl\) built with.*/\1 \2/' |
        while read -r bin file; do
            echo "$file: $(grep -aoE 'membar\.[a-z]+|fence\.[a-z_.]+|atom\.[a-z.0-9]+' "$bin" | sort -u | tr '\n' ' ')"
        done | sort | uniq -c
} >>"$out/verify.txt"
cat "$out/verify.txt"
exit $rc
