#!/bin/bash
# stop 46, call 3 (H200): SELL's 16-bit columns with T > 1 taken in pairs of slots (P, the
# working tree's cl/, a whole line a warp) against HEAD (A, streamed half lines), plain 16-bit
# loads (B, call 1's) and 32-bit columns (I); two rounds, order rotated.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c14; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c14.tgz.part -C /tmp c14 2>/dev/null && mv $OUT/c14.tgz.part $OUT/c14.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git rev-parse HEAD; } >$c/host.txt 2>&1
cmake -S . -B build-g -DCMAKE_BUILD_TYPE=Release >$c/build.log 2>&1 && cmake --build build-g --target spmvp -j 16 >>$c/build.log 2>&1 || { echo build failed >>$c/host.txt; save; exit 1; }
i=0
for round in 1 2; do
for mt in band:40000:150/4 blockdiag:24000:480/8 random:20000:1000:uniform/8 random:10000:800:normal/8 \
          band:120000:40/2 band:10000:400/8 perm:blockdiag:24000:480/8 \
          random:50000:300:fixed/4 band:60000:80/2 random:5000:300:normal/4; do
  m=${mt%/*} T=${mt#*/}
  [ -f .gpu/matrices/$m.mtx.gz ] && m=.gpu/matrices/$m.mtx.gz
  name=$(basename "$m" .mtx.gz | tr ':' '_')
  for prec in single double; do
    case $((i % 4)) in 0) order="A P B I";; 1) order="I B P A";; 2) order="P A I B";; 3) order="B I A P";; esac
    for v in $order; do
      if [ $v = I ]; then dir=.gpu/clA idx=32; else dir=.gpu/cl$v idx=16; fi
      build-g/spmvp bench "$m" --device nvidia --precision $prec --formats sell --sell-idx $idx --sell-t $T \
        --runs 30 --warmup 10 --batch 200 --cl-dir $dir --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 400 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
done
done
echo "bench done $(($(date +%s) - t0)) s" >>$c/host.txt
save
cmake --build build-g --target test_cl_kernels -j 16 >$c/build-test.log 2>&1
SPMVP_TEST_DEVICE=nvidia timeout $((560 - ($(date +%s) - t0))) ./build-g/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
