#!/bin/bash
# stop 42, call 12+ (H100): does a one-thread fill stall as the 8-thread one does? spmvp cg on
# laplace3d27:80 in CSR-vector (a staged upload, no conversion), OMP_NUM_THREADS=1 and the
# default alternating, 6 rounds; bench's pinned-first uploads beside them. Only a machine that
# stalls (calls 8-9's did, 10-11's did not) answers it.
source .gpu/setup.sh >/dev/null 2>&1
set -u
d=$OUT/one; mkdir -p $d
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; uptime; } >$d/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >$d/build.log 2>&1 || { tail -30 $d/build.log; exit 1; }
t0=$(date +%s)
for r in 1 2 3 4 5 6; do
  for n in 1 16; do
    OMP_NUM_THREADS=$n ./build-gpu/spmvp cg laplace3d27:80 --device nvidia --format csr_vector --json >$d/cg.t$n.$r.json 2>>$d/err.log
  done
done
{ uptime; echo "total $(($(date +%s) - t0)) s"; } >>$d/host.txt
cd $OUT && tar czf one.tgz one && rm -rf one
