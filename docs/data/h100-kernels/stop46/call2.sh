#!/bin/bash
# stop 46, call 2 (H200): as call 1, T > 1 only, with 16-bit columns loaded L1::evict_first (F)
# and L1::no_allocate (G), L2 normal, where T > 1 and C < 64.
# Call 1 (H200): SELL's 16-bit columns with streaming loads (A, HEAD's cl/) against
# plain 16-bit loads where a warp's columns cover half a line (B: T > 1 and C < 64) and
# plain 16-bit loads always (C); 32-bit columns (I) beside them. One build, kernels from
# --cl-dir; the order of A/B/C/I rotated from matrix to matrix.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c13; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c13.tgz.part -C /tmp c13 2>/dev/null && mv $OUT/c13.tgz.part $OUT/c13.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git rev-parse HEAD; } >$c/host.txt 2>&1
cmake -S . -B build-g -DCMAKE_BUILD_TYPE=Release >$c/build.log 2>&1 && cmake --build build-g --target spmvp -j 16 >>$c/build.log 2>&1 || { echo build failed >>$c/host.txt; save; exit 1; }
i=0
for round in 1 2; do
for mt in band:40000:150/4 blockdiag:24000:480/8 random:20000:1000:uniform/8 random:10000:800:normal/8 \
          band:120000:40/2 band:10000:400/8 perm:blockdiag:24000:480/8; do
  m=${mt%/*} T=${mt#*/}
  [ -f .gpu/matrices/$m.mtx.gz ] && m=.gpu/matrices/$m.mtx.gz
  name=$(basename "$m" .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 4)) in 0) order="A B F G I";; 1) order="I G F B A";; 2) order="F A I G B";; 3) order="G I B A F";; esac
    for v in $order; do
      if [ $v = I ]; then dir=.gpu/clA idx=32; else dir=.gpu/cl$v idx=16; fi
      build-g/spmvp bench "$m" --device nvidia --precision $prec --formats sell --sell-idx $idx --sell-t $T \
        --runs 30 --warmup 10 --batch 200 --cl-dir $dir --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 480 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
