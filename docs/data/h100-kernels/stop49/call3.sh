#!/bin/bash
# stop 49, call 3 (H200): why COO with 16-bit rows is slower (calls 1-2: 1.12-1.21x on the
# stencils, 1.08-1.11x on R-MAT 21, while HYB's COO part gained on R-MAT). PTX of A (HEAD) and
# B (16-bit rows) programs; variants of B's cl/ through --cl-dir: S the rows read one short at a
# time, P the 4-wide row load without .cs; A's build for A. Two rounds, orders rotated.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c49c; rm -rf $c; mkdir -p $c/r $c/ptxA $c/ptxB
t0=$(date +%s)
save() { tar czf $OUT/c49c.tgz.part -C /tmp c49c 2>/dev/null && mv $OUT/c49c.tgz.part $OUT/c49c.tgz; }
for side in .gpu/a .; do
  [ -x $side/build-ab/spmvp ] || { cmake -S $side -B $side/build-ab -DCMAKE_BUILD_TYPE=Release && cmake --build $side/build-ab --target spmvp -j 16; } >$c/build.log 2>&1
done
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
for m in laplace3d27:60 rmat:21; do
  SPMVP_DUMP_PROGRAMS=$c/ptxA .gpu/a/build-ab/spmvp bench $m --device nvidia --precision single --formats coo --runs 5 --batch 20 >/dev/null 2>>$c/ptxA/log
  SPMVP_DUMP_PROGRAMS=$c/ptxB ./build-ab/spmvp bench $m --device nvidia --precision single --formats coo --runs 5 --batch 20 >/dev/null 2>>$c/ptxB/log
done
save
i=0
for round in 1 2; do
for m in laplace3d27:60 laplace3d:100 rmat:21 rmat:20; do
  name=$(echo $m | tr ':' '_')
  for prec in single double; do
    case $((i % 4)) in 0) order="A B S P";; 1) order="P A B S";; 2) order="S P A B";; 3) order="B S P A";; esac
    for v in $order; do
      if [ $v = A ]; then bin=".gpu/a/build-ab/spmvp"; extra=""; else bin="./build-ab/spmvp"; extra="--cl-dir .gpu/v/$v"; fi
      timeout 60 $bin bench $m --device nvidia --precision $prec --formats coo --runs 30 --warmup 10 --batch 200 $extra --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 400 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
