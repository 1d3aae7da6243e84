#!/bin/bash
# stop 49, call 5 (H200): bisecting the 16-bit rows' slowdown. From HEAD's build (.gpu/a):
# A its cl/, W its kernel doing the 16-bit kernel's extra work on 32-bit rows (the tile's first
# row loaded, each row rebuilt as first + (short)(row - first) in tile_gather). From the 16-bit
# build (.gpu/b1): B its cl/, R the tile's first row read by the streaming load (asm .cs).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c49e; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c49e.tgz.part -C /tmp c49e 2>/dev/null && mv $OUT/c49e.tgz.part $OUT/c49e.tgz; }
for side in .gpu/a .gpu/b1; do
  { cmake -S $side -B $side/build-ab -DCMAKE_BUILD_TYPE=Release && cmake --build $side/build-ab --target spmvp -j 16; } >>$c/build.log 2>&1
done
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
i=0
for round in 1 2; do
for m in laplace3d27:60 rmat:21 laplace3d:100; do
  name=$(echo $m | tr ':' '_')
  for prec in single double; do
    case $((i % 4)) in 0) order="A W B R";; 1) order="R A W B";; 2) order="B R A W";; 3) order="W B R A";; esac
    for v in $order; do
      case $v in A|W) bin=.gpu/a/build-ab/spmvp;; *) bin=.gpu/b1/build-ab/spmvp;; esac
      timeout 60 $bin bench $m --device nvidia --precision $prec --formats coo --runs 30 --warmup 10 --batch 200 --cl-dir .gpu/v/$v --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 300 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
