#!/bin/bash
# stop 46, call 4 (H200): is it the L2 pin? SELL at T > 1 with 16-bit (A) and 32-bit (I)
# columns, HEAD's kernels, with the pin (as shipped) and without (SPMVP_PIN_SHARE=0: streaming
# loads, no L2 policy: suffix 0), and call 1's plain 16-bit loads (B, B0).
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c15; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c15.tgz.part -C /tmp c15 2>/dev/null && mv $OUT/c15.tgz.part $OUT/c15.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git rev-parse HEAD; } >$c/host.txt 2>&1
cmake -S . -B build-g -DCMAKE_BUILD_TYPE=Release >$c/build.log 2>&1 && cmake --build build-g --target spmvp -j 16 >>$c/build.log 2>&1 || { echo build failed >>$c/host.txt; save; exit 1; }
i=0
for mt in band:120000:40/2 band:60000:80/2 band:40000:150/4 blockdiag:24000:480/8 random:20000:1000:uniform/8 \
          random:10000:800:normal/8 band:10000:400/8 laplace3d:100/1 laplace3d27:100/1; do
  m=${mt%/*} T=${mt#*/}
  name=$(echo "$m" | tr ':' '_')
  for prec in single double; do
    case $((i % 2)) in 0) order="A I A0 I0 B B0";; 1) order="B0 B I0 A0 I A";; esac
    for v in $order; do
      dir=.gpu/clA idx=16 share=0.5
      case $v in I*) idx=32;; B*) dir=.gpu/clB;; esac
      case $v in *0) share=0;; esac
      SPMVP_PIN_SHARE=$share build-g/spmvp bench "$m" --device nvidia --precision $prec --formats sell --sell-idx $idx --sell-t $T \
        --runs 30 --warmup 10 --batch 200 --cl-dir $dir --json >$c/r/${name}_${prec}_$v.json 2>$c/r/${name}_${prec}_$v.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 400 ] && { echo "stopped at $m" >>$c/host.txt; break; }
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
