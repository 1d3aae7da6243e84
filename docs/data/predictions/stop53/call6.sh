#!/bin/bash
# stop 53, call 6 (H200): train against bench on CSR-adaptive's launch-bound products. Call 5's
# bench put HEAD's and 86b414b's CSR-adaptive level (4.4-5.0 µs on six small real matrices)
# while HEAD's train, run first, measured 1.0-1.5x 86b414b's train, run second. Here: train
# HEAD, 86b414b, HEAD, 86b414b (fresh tables, --quick), then bench with train's counts
# (--runs 5 --warmup 3 --batch 400) and with bench's (30, 10, 200), each binary.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c53f; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c53f.tgz.part -C /tmp c53f 2>/dev/null && mv $OUT/c53f.tgz.part $OUT/c53f.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
revs="2eed2ad 86b414b"
for rev in $revs; do
  git worktree add -f /tmp/w_$rev $rev >/dev/null 2>&1 || { echo "worktree $rev failed" >>$c/host.txt; continue; }
  ( cd /tmp/w_$rev && cmake -S . -B b -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build b --target spmvp -j 16 >/dev/null ) >$c/build_$rev.log 2>&1 &
done
wait
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
ms="wing bcsstk08 lpi_gosh polblogs rajat19 bayer08"
ml=$(for m in $ms; do echo .gpu/matrices/$m.mtx.gz; done)
n=0
for rev in 2eed2ad 86b414b 2eed2ad 86b414b; do
  n=$((n + 1))
  timeout 90 /tmp/w_$rev/b/spmvp train --device nvidia --base devices/nvidia-h200.json --table $c/train_${n}_$rev.tsv -o $c/t.json --corpus none --quick $ml >$c/train_${n}_$rev.log 2>&1
  echo "train $n $rev $(($(date +%s) - t0)) s" >>$c/host.txt
done
save
for rev in 2eed2ad 86b414b; do
  for m in $ms; do
    for prec in double single; do
      timeout 30 /tmp/w_$rev/b/spmvp bench .gpu/matrices/$m.mtx.gz --device nvidia --precision $prec --formats csr_adaptive,csr_vector \
        --runs 5 --warmup 3 --batch 400 --json >$c/r/${m}_${prec}_${rev}_t.json 2>/dev/null
      timeout 30 /tmp/w_$rev/b/spmvp bench .gpu/matrices/$m.mtx.gz --device nvidia --precision $prec --formats csr_adaptive,csr_vector \
        --runs 30 --warmup 10 --batch 200 --json >$c/r/${m}_${prec}_${rev}_b.json 2>/dev/null
    done
  done
done
rm -f $c/t.json $c/t.train.tsv
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
for f in $c/train_*.tsv; do awk -F'\t' -v T=$(basename $f .tsv) 'NR>2 && ($4=="csr_adaptive"||$4=="csr_vector") {printf "%s %s %s %s %.1f %.1f %.1f\n", T, $1,$3,$4,$30,$31,$32}' $f; done | sort -k2,4 -k1
for f in $c/r/*.json; do printf '%s ' $(basename $f .json); python3 -c "
import json;d=json.load(open('$f'))
print(' '.join('%s %.1f/%.1f'%(r['format'],r['batch_us'],r['median_us']) for r in d['results']))" 2>/dev/null || echo; done
