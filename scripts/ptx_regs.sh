#!/bin/bash
# scripts/ptx_regs.sh [-arch sm_NN] FILE...: the registers and spills of each kernel in PTX
# files, by the CUDA toolkit's ptxas -v (default -arch sm_90, the H100's and H200's): the
# programs NVIDIA's OpenCL built (SPMVP_DUMP_PROGRAMS=DIR on the GPU's machine, then these
# here; their trailing NUL is dropped) or nvvm_time.sh's PTX=FILE. Registers decide how many
# work-groups a compute unit holds: 65,536 of them on sm_90, so 1,024 work-items (COO's four
# persistent groups of 256, model/sparse/coo.c) fit only at 64 or fewer (stop 51: COO's
# ranges kernel in double with empty rows took 68). The JIT in the driver may allocate a few
# differently from this ptxas.
set -eu
arch=sm_90
if [ "${1:-}" = -arch ]; then
    [ $# -ge 2 ] || { echo "$0: -arch needs sm_NN" >&2; exit 2; }
    arch=$2
    shift 2
fi
[ $# -ge 1 ] || { echo "usage: $0 [-arch sm_NN] FILE..." >&2; exit 2; }
command -v ptxas >/dev/null || { echo "$0: ptxas (the CUDA toolkit) is needed" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do
    [ -r "$f" ] || { echo "$0: $f: cannot read" >&2; exit 1; }
    tr -d '\000' <"$f" >"$tmp/k.ptx"
    if ! ptxas -arch="$arch" -v "$tmp/k.ptx" -o "$tmp/k.cubin" 2>"$tmp/log"; then
        echo "$0: $f: ptxas failed: $(grep -m1 -i error "$tmp/log")" >&2
        exit 1
    fi
    # "Compiling entry function 'K'", then "... N bytes spill stores ...", then "Used R registers"
    awk -v f="$f" '/Compiling entry function/ { k = $7; gsub(/\047/, "", k) }
                   /spill stores/ { sp = $5 }
                   /Used [0-9]+ registers/ { print f ": " k ": " $5 " registers, " sp " bytes spilled" }' "$tmp/log"
done
