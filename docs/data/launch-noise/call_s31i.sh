#!/bin/bash
# H100 2026-11-24 (stop 31): does the launch-bound product's spread (5.3-7.5 µs, s31h: not the
# host's core or clocks) come from the GPU's own clock ramp? The GPU idles at 345 MHz and a
# batch of 200 small products lasts about a millisecond. The same bench with 10 warm-up
# products (bench's default), 5,000 (about 30 ms) and 20,000 (about 120 ms), 15 processes each,
# the SM clock read by nvidia-smi between runs.
source .gpu/setup.sh >/dev/null 2>&1
set -u
o=$OUT/s31i; mkdir -p $o
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$o/build.log 2>&1 || exit 1
b=./build-gpu/spmvp
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,pstate --format=csv >$o/gpu.txt
for w in 10 5000 20000; do
    for i in $(seq 15); do
        nvidia-smi --query-gpu=clocks.sm --format=csv,noheader >>$o/clock-$w.txt
        $b bench laplace2d:32 --device nvidia --formats csr_scalar,sell --runs 30 --warmup $w --batch 200 --json >$o/w$w-$i.json 2>/dev/null
    done
done
cd $OUT && tar czf s31i.tgz s31i && rm -rf s31i
