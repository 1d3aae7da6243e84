#!/bin/bash
# stop 37: COO's entries a work-item and work-group size with the persistent groups (the
# mapping's --coo-items and --wg-size, no code change), two rounds.
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
r=/tmp/e37b; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/e37b.tgz.part -C /tmp e37b && mv $OUT/e37b.tgz.part $OUT/e37b.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } > $r/build.log 2>&1
( while sleep 20; do save; done ) & saver=$!
for round in 1 2; do
for mp in laplace3d27:60/double laplace3d27:60/single laplace3d:100/double longrows:1000000:4:36:50000/single rmat:20/double; do
  m=${mp%/*}; p=${mp#*/}
  for cfg in 256/4 256/8 256/12 256/16 128/4 128/8 128/16 512/4; do
    [ $(($(date +%s)-t0)) -gt 500 ] && break 3
    w=${cfg%/*}; it=${cfg#*/}
    ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats coo --wg-size $w --coo-items $it --runs 30 --warmup 10 --batch 200 --json > $r/r${round}_$(echo $m | tr ':' '_')_${p}_w${w}_i${it}.json 2>>$r/err.txt
  done
done; done
echo "total $(($(date +%s)-t0))" >> $r/times.txt
kill $saver; save
