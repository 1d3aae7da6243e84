#!/bin/bash
# stop 46, call 8 (H200): would 32-bit columns with T > 1 gain as the 16-bit ones did? I: the
# tree as landed (32-bit columns streamed, pinned); J: 32-bit column loads plain where T > 1,
# without the pin (SPMVP_PIN_SHARE=0); I0: I without the pin; S: 16-bit columns as landed.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c19; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c19.tgz.part -C /tmp c19 2>/dev/null && mv $OUT/c19.tgz.part $OUT/c19.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git rev-parse HEAD; } >$c/host.txt 2>&1
cmake -S . -B build-g -DCMAKE_BUILD_TYPE=Release >$c/build.log 2>&1 && cmake --build build-g --target spmvp -j 16 >>$c/build.log 2>&1 || { echo build failed >>$c/host.txt; save; exit 1; }
i=0
for m in band:120000:40 band:60000:80 band:40000:150 blockdiag:24000:480 random:20000:1000:uniform \
         random:10000:800:normal band:10000:400 random:50000:300:fixed random:200000:161:normal; do
  name=$(echo "$m" | tr ':' '_')
  for prec in single double; do
    case $((i % 2)) in 0) order="I J I0 S";; 1) order="S I0 J I";; esac
    for v in $order; do
      dir=.gpu/clA idx=32 share=0.5
      case $v in J) dir=.gpu/clJ share=0;; I0) share=0;; S) idx=16;; esac
      SPMVP_PIN_SHARE=$share build-g/spmvp bench "$m" --device nvidia --precision $prec --formats sell --sell-idx $idx \
        --wg-size 256 --runs 30 --warmup 10 --batch 200 --cl-dir $dir --json >$c/r/${name}_${prec}_$v.json 2>$c/r/${name}_${prec}_$v.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 400 ] && { echo "stopped at $m" >>$c/host.txt; break; }
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
