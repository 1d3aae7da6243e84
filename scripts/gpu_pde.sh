#!/bin/bash
# scripts/gpu_pde.sh OUTDIR: seed 003's PDE tables (Barbieri, Cardellini, Filippone, TR RR-12.90,
# Tables 2-5) on the GPU: CSR-scalar, CSR-vector, ELL and ELL-R (seed 003's ELLG) in double (the
# paper's precision) and single, on pde05..pde100. pdeNN is the 7-point stencil on an NN^3 cube
# (the paper: "the length of the cube edge"), spmvp's laplace3d:NN: pde05 = laplace3d:5 has
# 125 rows and 725 non-zeros, pde100 = laplace3d:100 10^6 rows and 6,940,000, as in the tables.
# The paper times 2000 products in sequence with x and y on the GPU ("GPU" column); --batch 2000
# is that figure (batch_us), the median of single products beside it. Writes
# OUTDIR/pde-{double,single}.jsonl (one `spmvp bench --json` document per matrix) and prints
# the tables through scripts/pde_table.py. SPMVP_DEVICE picks the device (nvidia by default).
set -u
out=$1
dev=${SPMVP_DEVICE:-nvidia}
sizes=${SPMVP_PDE_SIZES:-"5 10 20 30 40 50 60 80 90 100"}
fails=0
for prec in double single; do
    : >"$out/pde-$prec.jsonl"
    for n in $sizes; do
        ./build/spmvp bench "laplace3d:$n" --device "$dev" --precision $prec \
            --formats csr_scalar,csr_vector,ell,ellr --runs 100 --warmup 10 --batch 2000 --json \
            >>"$out/pde-$prec.jsonl" 2>>"$out/pde-$prec.log" || fails=$((fails + 1))
    done
    python3 "$(dirname "$0")/pde_table.py" "$out/pde-$prec.jsonl"
done
echo "failed runs: $fails"
