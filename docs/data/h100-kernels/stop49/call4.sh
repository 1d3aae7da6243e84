#!/bin/bash
# stop 49, call 4 (H200): is the 16-bit rows' slowdown the packed buffer's layout? A (HEAD),
# B1 (16-bit rows first, as calls 1-3), B2 (the same arrays after the column indices and values:
# the columns and values at A's relative positions... as near as the rows allow). COO, two rounds.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c49d; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c49d.tgz.part -C /tmp c49d 2>/dev/null && mv $OUT/c49d.tgz.part $OUT/c49d.tgz; }
for side in .gpu/a .gpu/b1 .; do
  { cmake -S $side -B $side/build-ab -DCMAKE_BUILD_TYPE=Release && cmake --build $side/build-ab --target spmvp -j 16; } >>$c/build.log 2>&1
done
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
i=0
for round in 1 2; do
for m in laplace3d27:60 laplace3d:100 rmat:21 rmat:20 random:1000000:20:uniform; do
  name=$(echo $m | tr ':' '_')
  for prec in single double; do
    case $((i % 3)) in 0) order="A B1 B2";; 1) order="B2 A B1";; 2) order="B1 B2 A";; esac
    for v in $order; do
      case $v in A) bin=.gpu/a/build-ab/spmvp;; B1) bin=.gpu/b1/build-ab/spmvp;; B2) bin=./build-ab/spmvp;; esac
      timeout 60 $bin bench $m --device nvidia --precision $prec --formats coo,hyb --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 420 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
