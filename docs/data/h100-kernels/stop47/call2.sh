#!/bin/bash
# stop 47, call 2 (H200): CSR-adaptive's direct rows, variants read with --cl-dir from one build
# of HEAD, two rounds: A HEAD's cl/; D call 1's D (plain loads, no red[], each block's rows
# from the group id, 8 a block: valid only where every block holds WG/32 rows); S D with
# HEAD's streamed loads; V HEAD with v = 32 fixed in a direct-only program (the descriptor
# read as before).
# CSR-adaptive and CSR-vector (unchanged: a check of the machine) at bench's automatic mapping.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c23; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c23.tgz.part -C /tmp c23 2>/dev/null && mv $OUT/c23.tgz.part $OUT/c23.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
( cmake -S . -B build-x -DCMAKE_BUILD_TYPE=Release && cmake --build build-x --target spmvp -j 16 ) >$c/build.log 2>&1
[ -x build-x/spmvp ] || { echo "build failed" >>$c/host.txt; save; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
i=0
for round in 1 2; do
for m in random:40000:150:normal random:50000:300:normal perm:band:60000:80 band:40000:150 \
         random:100000:200:uniform band:10000:400 blockdiag:24000:480 random:20000:500:normal \
         random:20000:1000:uniform; do
  name=$(basename "$m" .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 4)) in 0) order="A S D V";; 1) order="V A S D";; 2) order="D V A S";; 3) order="S D V A";; esac
    for v in $order; do
      timeout 60 ./build-x/spmvp bench "$m" --device nvidia --precision $prec --formats csr_adaptive,csr_vector \
        --runs 30 --warmup 10 --batch 200 --cl-dir .gpu/v/$v --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 470 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
