#!/bin/bash
# stop 50, call 3 (H200): A = HEAD's coo.cl, B = call 1's one barrier (lane 0 guesses its head
# and corrects it after the barrier), C = one barrier with lane 0's head row loaded a tile ahead
# (the build's cl/coo.cl). First the kernel tests on NVIDIA with C, then COO, three variants
# through --cl-dir, rounds with orders rotated.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c50c; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c50c.tgz.part -C /tmp c50c 2>/dev/null && mv $OUT/c50c.tgz.part $OUT/c50c.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
cmake --build build-gpu --target test_cl_kernels -j 16 >>$c/build.log 2>&1
SPMVP_TEST_DEVICE=nvidia timeout 200 ./build-gpu/tests/test_cl_kernels >$c/test_nvidia.log 2>&1
echo "test rc $? $(($(date +%s) - t0)) s" >>$c/host.txt
i=0
for round in 1 2 3; do
for m in laplace3d27:60 laplace3d:100 rmat:20 random:50000:300:fixed .gpu/matrices/rajat19.mtx.gz; do
  name=$(basename $m .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 4)) in 0) order="A B C";; 1) order="C A B";; 2) order="B C A";; 3) order="A C B";; esac
    for v in $order; do
      timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats coo --runs 30 --warmup 10 --batch 200 --cl-dir .gpu/v/$v --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 480 ] && { echo "stopped at $m round $round" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt; tail -2 $c/test_nvidia.log
