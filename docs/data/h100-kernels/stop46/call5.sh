#!/bin/bash
# stop 46, call 5 (H200): SELL's 16-bit columns kept in L2 instead of a fraction of the whole
# matrix. Every variant but A and I runs without the pin (SPMVP_PIN_SHARE=0: values streamed,
# no L2 policy): B0 plain column loads where T > 1 (call 1's B); C0 plain column loads always;
# N0 columns L1::evict_first (L2 normal); K0 columns L1::evict_first.L2::evict_last. A and I:
# HEAD with 16- and 32-bit columns, pinned as shipped.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c16; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c16.tgz.part -C /tmp c16 2>/dev/null && mv $OUT/c16.tgz.part $OUT/c16.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git rev-parse HEAD; } >$c/host.txt 2>&1
cmake -S . -B build-g -DCMAKE_BUILD_TYPE=Release >$c/build.log 2>&1 && cmake --build build-g --target spmvp -j 16 >>$c/build.log 2>&1 || { echo build failed >>$c/host.txt; save; exit 1; }
i=0
for mt in band:120000:40/2 band:60000:80/2 band:40000:150/4 blockdiag:24000:480/8 random:20000:1000:uniform/8 \
          random:10000:800:normal/8 band:10000:400/8 laplace3d:100/1 laplace3d27:100/1 band:4000000:2/1 \
          rmat:14/1 laplace2d:3162/1; do
  m=${mt%/*} T=${mt#*/}
  name=$(echo "$m" | tr ':' '_')
  for prec in single double; do
    case $((i % 2)) in 0) order="A I B0 C0 N0 K0";; 1) order="K0 N0 C0 B0 I A";; esac
    for v in $order; do
      dir=.gpu/cl${v:0:1} idx=16 share=0
      case $v in A) dir=.gpu/clA share=0.5;; I) dir=.gpu/clA idx=32 share=0.5;; esac
      SPMVP_PIN_SHARE=$share build-g/spmvp bench "$m" --device nvidia --precision $prec --formats sell --sell-idx $idx --sell-t $T \
        --runs 30 --warmup 10 --batch 200 --cl-dir $dir --json >$c/r/${name}_${prec}_$v.json 2>$c/r/${name}_${prec}_$v.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 450 ] && { echo "stopped at $m" >>$c/host.txt; break; }
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
