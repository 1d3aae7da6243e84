#!/bin/bash
# stop 49, call 6 (H200): COO's persistent loop as a three-stage pipeline (the next tile's x
# values requested before this tile's reduction, the entries of the one after it too), a
# kernel-only change: one build of the working tree, A = HEAD's cl/, P = the working tree's,
# through --cl-dir. COO and HYB on the GPU-scale set and three real matrices, both precisions,
# two rounds, orders alternating; the P programs' PTX dumped for their registers.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
source scripts/gpu_scale_set.sh
set -u
c=/tmp/c49f; rm -rf $c; mkdir -p $c/r $c/ptx
t0=$(date +%s)
save() { tar czf $OUT/c49f.tgz.part -C /tmp c49f 2>/dev/null && mv $OUT/c49f.tgz.part $OUT/c49f.tgz; }
{ cmake -S . -B build-ab -DCMAKE_BUILD_TYPE=Release && cmake --build build-ab --target spmvp -j 16; } >$c/build.log 2>&1
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
for p in single double; do
  SPMVP_DUMP_PROGRAMS=$c/ptx ./build-ab/spmvp bench laplace3d27:60 --device nvidia --precision $p --formats coo --runs 3 --batch 10 --cl-dir .gpu/v/P >/dev/null 2>>$c/ptx/log
done
i=0
for round in 1 2; do
for m in $SPMVP_GPU_SCALE_SET .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/cit-HepPh.mtx.gz .gpu/matrices/rajat19.mtx.gz; do
  name=$(basename $m .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 2)) in 0) order="A P";; 1) order="P A";; esac
    for v in $order; do
      timeout 60 ./build-ab/spmvp bench $m --device nvidia --precision $prec --formats coo,hyb --runs 30 --warmup 10 --batch 200 --cl-dir .gpu/v/$v --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 330 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
