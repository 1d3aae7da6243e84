#!/bin/bash
# stop 46, call 7 (H200): the H200 table's SELL rows of 16-bit columns with T > 1 on generated
# matrices measured again with the new kernel (the working tree), each beside its 32-bit
# sibling (the same C and T, work-group 256) as the anchor; two rounds, the order swapped.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c18; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c18.tgz.part -C /tmp c18 2>/dev/null && mv $OUT/c18.tgz.part $OUT/c18.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
cmake -S . -B build-g -DCMAKE_BUILD_TYPE=Release >$c/build.log 2>&1 && cmake --build build-g --target spmvp -j 16 >>$c/build.log 2>&1 || { echo build failed >>$c/host.txt; save; exit 1; }
i=0
for round in 1 2; do
for m in random:10000:800:normal band:120000:40 random:5000:300:normal random:20000:1000:uniform perm:band:30000:40 \
         band:40000:150 blockdiag:24000:480 perm:blockdiag:24000:480 band:10000:400 perm:band:10000:400; do
  name=$(echo "$m" | tr ':' '_')
  for prec in single double; do
    order="16 32"; [ $((i % 2)) -eq 1 ] && order="32 16"
    for b in $order; do
      build-g/spmvp bench "$m" --device nvidia --precision $prec --formats sell --sell-idx $b --wg-size 256 \
        --runs 50 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_${b}_$round.json 2>$c/r/${name}_${prec}_${b}_$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 450 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
