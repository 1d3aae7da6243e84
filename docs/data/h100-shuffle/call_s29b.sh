#!/bin/bash
# H100 2026-11-24 (stop 29): COO's tile shape swept -- entries per work-item 2..16 and
# work-group 128..1024 -- with the warp-shuffle scan (this tree) and without (main, .gpu/a),
# on the matrices where COO trails cuSPARSE's COO ALG1, both precisions. Archive every 20 s.
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
r=/tmp/s29b; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/s29b.tgz.part -C /tmp s29b 2>/dev/null && mv $OUT/s29b.tgz.part $OUT/s29b.tgz; }
( while sleep 20; do save; done ) &
saver=$!
for side in . .gpu/a; do
  [ -x $side/build-ab/spmvp ] || { cmake -S $side -B $side/build-ab -DCMAKE_BUILD_TYPE=Release && cmake --build $side/build-ab --target spmvp -j 16; } >$r/build.log 2>&1
done
for m in laplace3d27:60 laplace3d:100 longrows:1000000:4:36:50000 rmat:20; do
  n=$(echo $m | tr ':' '_')
  for p in double single; do
    for side in . .gpu/a; do
      s=$([ $side = . ] && echo b || echo a)
      wgs="128 256 512 1024" its="2 4 8 16"
      [ $s = a ] && wgs="256 512" its="4 8"
      for wg in $wgs; do
        for it in $its; do
          [ $(( $(date +%s) - t0 )) -gt 500 ] && break 4
          timeout 60 $side/build-ab/spmvp bench $m --device nvidia --precision $p --formats coo \
            --coo-items $it --wg-size $wg --runs 10 --warmup 5 --batch 100 --json \
            >$r/${n}_${p}_${s}_wg${wg}_i${it}.json 2>$r/${n}_${p}_${s}_wg${wg}_i${it}.err
        done
      done
    done
  done
done
echo "total $(( $(date +%s) - t0 )) s" >$r/runs.txt
kill $saver
save
