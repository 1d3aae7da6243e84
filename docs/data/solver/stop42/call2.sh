#!/bin/bash
# stop 42, call 2 (H100): call 1's CG and bench runs again, with file names the device tool
# returns (no colons): CG's uploads under the rent-or-buy rule beside bench's, which pins first.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=$OUT/c; mkdir -p $c
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { tail -30 $c/build.log; exit 1; }
for r in 1 2; do
for m in laplace3d:100 laplace3d:150; do
  for p in double single; do
    tol=1e-8; [ $p = single ] && tol=1e-4
    f=${m/:/-}-$p-$r
    ./build-gpu/spmvp cg $m --device nvidia --precision $p --tol $tol --json >$c/cg-$f.json 2>>$c/cg.err
    ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats csr_vector,csr_scalar --runs 5 --batch 10 --json >$c/bench-$f.json 2>>$c/cg.err
  done
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
cd $OUT && tar czf c.tgz c && rm -rf c
