#!/bin/bash
# scripts/nvvm_time.sh KERNEL.cl [-DNAME=VALUE ...]: how long NVIDIA's compiler takes for a
# kernel file, without a GPU. cl/prelude.cl and KERNEL.cl are turned into CUDA (scripts/nvvm/
# shim.h and a few substitutions: __kernel, __local, static functions) and compiled to PTX by
# nvcc for sm_90 with the given build options (plus -DSPMVP_NVIDIA=90, as spmvp adds on an
# H100);
# prints the seconds and the PTX's fences. NVIDIA's OpenCL runs the same NVVM: a kernel that
# takes nvcc seconds took the H100's clBuildProgram as long (COO's one-launch programs, 15 s
# a program until row_of wrote level 1 out, 2026-11-23). PTX=FILE keeps the PTX there (to
# read what a loop became; scripts/ptx_regs.sh FILE counts its registers). Needs the CUDA
# toolkit (nvcc).
# Example: scripts/nvvm_time.sh cl/coo.cl -DVALUE_TYPE=double -DINDEX_TYPE=int -DSPMVP_FP64 \
#              -DWG_SIZE=256 -DITEMS=4 -DCOO_ONE_LAUNCH
set -eu
if [ $# -lt 1 ] || [ ! -f "$1" ]; then
    echo "usage: $0 KERNEL.cl [-DNAME=VALUE ...]" >&2
    exit 2
fi
command -v nvcc >/dev/null || { echo "$0: nvcc (the CUDA toolkit) is needed" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
kernel=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
    cat "$here/nvvm/shim.h"
    # __local: __shared__ where it declares a variable (a line ending in ';'), nothing in a
    # parameter list
    cat "$here/../cl/prelude.cl" "$kernel" | sed -E \
        -e 's/#pragma OPENCL.*//' \
        -e 's/__attribute__\(\(reqd_work_group_size\([^)]*\)\)\)//' \
        -e 's/^__kernel( |$)/extern "C" __global__ /' \
        -e 's/^static /static __device__ /' \
        -e 's/^(\s+)__local (.*;)\s*$/\1__shared__ \2/' \
        -e 's/__local //g'
} >"$tmp/k.cu"
t0=$(date +%s.%N)
nvcc -arch=sm_90 -ptx -D__NV_NO_VECTOR_DEPRECATION_DIAG -DSPMVP_NVIDIA=90 "$@" -o "$tmp/k.ptx" -x cu "$tmp/k.cu" 2>"$tmp/err" || {
    grep -m5 error "$tmp/err" >&2
    exit 1
}
t1=$(date +%s.%N)
printf '%s %s: %.2f s, fences: %s\n' "$(basename "$kernel")" "$*" "$(echo "$t1 - $t0" | bc)" \
    "$(grep -oE 'membar\.[a-z]+|fence\.[a-z_.]+' "$tmp/k.ptx" | sort | uniq -c | tr -s ' \n' ' ' || true)"
[ -n "${PTX:-}" ] && cp "$tmp/k.ptx" "$PTX"
exit 0
