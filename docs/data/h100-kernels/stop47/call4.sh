#!/bin/bash
# stop 47, call 4 (H200): a direct-only matrix's rows longer than 1,024 entries (32 serial steps
# of 32 work-items): B (the working tree) gives them 32 work-items in blocks of wg / 32 rows;
# C (.gpu/c) a whole work-group each, as a medium row; A HEAD (.gpu/a). CSR-adaptive and
# CSR-vector (unchanged), three rounds on the small matrices, whose products are launch-bound.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c25; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c25.tgz.part -C /tmp c25 2>/dev/null && mv $OUT/c25.tgz.part $OUT/c25.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
pids=
for s in .gpu/a . .gpu/c; do
  ( cmake -S $s -B $s/build-ab -DCMAKE_BUILD_TYPE=Release && cmake --build $s/build-ab --target spmvp -j 6 ) >$c/build-$(basename $s).log 2>&1 &
  pids="$pids $!"
done
wait $pids
for s in .gpu/a . .gpu/c; do [ -x $s/build-ab/spmvp ] || { echo "build $s failed" >>$c/host.txt; save; exit 1; }; done
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
i=0
for round in 1 2 3; do
  if [ $round = 1 ]; then
    set -- .gpu/matrices/lp_wood1p.mtx.gz random:2000:1000:uniform random:4000:1400:uniform random:5000:300:normal \
      random:20000:1000:uniform random:20000:500:normal band:10000:400 blockdiag:24000:480 random:40000:150:normal
  else
    set -- .gpu/matrices/lp_wood1p.mtx.gz random:2000:1000:uniform random:4000:1400:uniform random:5000:300:normal
  fi
  for m in "$@"; do
    name=$(basename "$m" .mtx.gz | tr ':' '_')
    for prec in single double; do
      case $((i % 3)) in 0) order="a b c";; 1) order="c a b";; 2) order="b c a";; esac
      for v in $order; do
        case $v in a) s=.gpu/a;; b) s=.;; c) s=.gpu/c;; esac
        $s/build-ab/spmvp bench "$m" --device nvidia --precision $prec --formats csr_adaptive,csr_vector \
          --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_$v$round.json 2>$c/r/${name}_${prec}_$v$round.err
      done
      i=$((i + 1))
    done
    [ $(($(date +%s) - t0)) -gt 400 ] && { echo "stopped at $m" >>$c/host.txt; break 2; }
  done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
