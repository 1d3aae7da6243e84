#!/bin/bash
# scripts/gpu_wgsweep.sh OUTDIR: `spmvp microbench` and the work-group-size sweep of the
# one-row-per-work-item formats on pde100 (laplace3d:100), both precisions, on the NVIDIA GPU.
set -u
out=$1
res=$(mktemp -d)
spmvp=./build/spmvp
dev=${SPMVP_DEVICE:-nvidia}
$spmvp microbench --device "$dev" --mib 1024 --runs 20 | tee "$res/microbench.txt"
$spmvp microbench --device "$dev" --mib 1024 --runs 20 --json >"$res/microbench.json"
for prec in double single; do
    for wg in 64 128 256 512 1024; do
        $spmvp bench laplace3d:100 --device "$dev" --precision $prec --formats csr_scalar,csr_vector,ell,jad \
            --wg-size $wg --runs 100 --warmup 10 --batch 200 --json >"$res/wg_${wg}_$prec.json"
    done
done
tar -czf "$out/results.tar.gz" -C "$res" .
