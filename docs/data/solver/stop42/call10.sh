#!/bin/bash
# stop 42, call 10 (H100): do fewer OpenMP threads stall less? spmvp cg on laplace3d27:80 in
# CSR-vector (staged upload on 8 threads) and ELL (conversion on every thread, then the
# upload), OMP_NUM_THREADS 4 and the default (16) alternating, 5 rounds; the machine lottery
# decides whether this one stalls at all (calls 7-8's did, 3's and 9's did not).
source .gpu/setup.sh >/dev/null 2>&1
set -u
d=$OUT/omp; mkdir -p $d
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; uptime; } >$d/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >$d/build.log 2>&1 || { tail -30 $d/build.log; exit 1; }
t0=$(date +%s)
for r in 1 2 3 4 5; do
  for n in 4 16; do
    for f in csr_vector ell; do
      OMP_NUM_THREADS=$n ./build-gpu/spmvp cg laplace3d27:80 --device nvidia --format $f --json >$d/cg.$f.t$n.$r.json 2>>$d/err.log
    done
  done
done
{ uptime; echo "total $(($(date +%s) - t0)) s"; } >>$d/host.txt
cd $OUT && tar czf omp.tgz omp && rm -rf omp
