#!/bin/bash
# scripts/gpu_bench.sh OUTDIR MATRIX_DIR: the issue-2 measurements on an NVIDIA GPU through the
# NVIDIA OpenCL runtime: `spmvp devices`, `spmvp bench` of all six formats in both precisions
# on the real matrices in MATRIX_DIR and on generated stencils (pde100 = laplace3d:100), and
# CSR-vector at every vector width on pde100. Everything lands in OUTDIR/results.tar.gz.
# Build first (scripts/build.sh); on the device machine, `source .gpu/setup.sh` before.
set -u
out=$1
mdir=$2
res=$(mktemp -d)
spmvp=./build/spmvp
dev=${SPMVP_DEVICE:-nvidia}
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.memory --format=csv 2>&1
    $spmvp devices
} >"$res/devices.txt" 2>&1
$spmvp devices --json >"$res/devices.json" 2>&1
fails=0
for prec in double single; do
    for m in laplace3d:100 "$mdir"/*.mtx.gz laplace2d:1000 laplace3d27:60; do
        name=$(basename "$m" .mtx.gz | tr ':' '_')
        $spmvp bench "$m" --device "$dev" --precision $prec --runs 100 --warmup 10 --batch 200 \
            >"$res/bench_${name}_$prec.txt" 2>&1 || fails=$((fails + 1))
        $spmvp bench "$m" --device "$dev" --precision $prec --runs 100 --warmup 10 --batch 200 \
            --json >"$res/bench_${name}_$prec.json" 2>"$res/bench_${name}_$prec.err" || fails=$((fails + 1))
    done
    for v in 1 2 4 8 16 32; do
        $spmvp bench laplace3d:100 --device "$dev" --precision $prec --formats csr_vector \
            --vector-width $v --runs 100 --warmup 10 --batch 200 --json \
            >"$res/vwidth_${v}_$prec.json" 2>&1 || fails=$((fails + 1))
    done
done
echo "failed runs: $fails" >>"$res/devices.txt"
tar -czf "$out/results.tar.gz" -C "$res" .
cat "$res"/bench_laplace3d_100_double.txt "$res"/bench_cage11_double.txt
echo "failed runs: $fails"
