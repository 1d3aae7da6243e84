#!/bin/bash
# stop 42, call 8 (H100): call 7's slow uploads (COO, JAD, CSR-adaptive on laplace3d27:80 at
# 50-60 ms where the others took 6-14) measured again: spmvp cg in four formats, 3 rounds
# interleaved, one process each; then bench (pinned first) in the same formats, 3 rounds.
source .gpu/setup.sh >/dev/null 2>&1
set -u
d=$OUT/up; mkdir -p $d
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; uptime; } >$d/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >$d/build.log 2>&1 || { tail -30 $d/build.log; exit 1; }
t0=$(date +%s)
for r in 1 2 3; do
  for f in coo jad csr_adaptive csr_vector; do
    ./build-gpu/spmvp cg laplace3d27:80 --device nvidia --format $f --json >$d/cg.$f.$r.json 2>>$d/err.log
  done
done
for r in 1 2 3; do
  ./build-gpu/spmvp bench laplace3d27:80 --device nvidia --precision double --formats coo,jad,csr_adaptive,csr_vector --runs 5 --batch 10 --json >$d/bench.$r.json 2>>$d/err.log
done
{ uptime; echo "total $(($(date +%s) - t0)) s"; } >>$d/host.txt
cd $OUT && tar czf up.tgz up && rm -rf up
