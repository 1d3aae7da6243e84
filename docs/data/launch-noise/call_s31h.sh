#!/bin/bash
# H100 2026-11-24 (stop 31): where a launch-bound product's 4.6-vs-6.8 µs comes from. The same
# bench (CSR-scalar on laplace2d:32, 1,024 rows; batch µs of 200 products) as 15 separate
# processes each: plain; pinned to one core (taskset); with 4 busy cores beside it (the CPU's
# clocks up); then within one process, rank --measure of the same matrix (several configs).
source .gpu/setup.sh >/dev/null 2>&1
set -u
o=$OUT/s31h; mkdir -p $o
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$o/build.log 2>&1 || exit 1
b=./build-gpu/spmvp
one() { local f=$o/$1-$2.json; shift 2; "$@" bench laplace2d:32 --device nvidia --formats csr_scalar,sell --runs 30 --warmup 10 --batch 200 --json >$f 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,pstate --format=csv >$o/gpu.txt
for i in $(seq 15); do one plain $i $b; done
for i in $(seq 15); do one pinned $i taskset -c 5 $b; done
for c in 8 9 10 11; do taskset -c $c sh -c 'while :; do :; done' & done
sleep 1
for i in $(seq 15); do one busy $i $b; done
for i in $(seq 15); do one busypinned $i taskset -c 5 $b; done
kill $(jobs -p) 2>/dev/null
grep MHz /proc/cpuinfo | head -16 >$o/cpu_mhz.txt
nvidia-smi --query-gpu=clocks.sm,clocks.mem,pstate --format=csv >>$o/gpu.txt
cd $OUT && tar czf s31h.tgz s31h && rm -rf s31h
