#!/bin/bash
# stop 53, call 5 (H200): why CSR-adaptive's launch-bound real rows came out 1.4x in calls 1-4
# while CSR-vector's did not: bench (200 back-to-back products) of CSR-adaptive and CSR-vector
# on six small real matrices with the trees before the lean share (86b414b), with it (7af5ab5)
# and HEAD (2eed2ad), two rounds in alternating order; then HEAD's train (2 ms batches) on the
# same matrices.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c53e; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c53e.tgz.part -C /tmp c53e 2>/dev/null && mv $OUT/c53e.tgz.part $OUT/c53e.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
revs="86b414b 7af5ab5 2eed2ad"
for rev in $revs; do
  git worktree add -f /tmp/w_$rev $rev >/dev/null 2>&1 || { echo "worktree $rev failed" >>$c/host.txt; continue; }
  ( cd /tmp/w_$rev && cmake -S . -B b -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build b --target spmvp -j 16 >/dev/null ) >$c/build_$rev.log 2>&1 &
done
wait
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
ls /tmp/w_*/b/spmvp >>$c/host.txt 2>&1
ms="wing bcsstk08 lpi_gosh polblogs rajat19 bayer08"
for round in 1 2; do
  list=$revs; [ $round = 2 ] && list=$(echo $revs | tr ' ' '\n' | tac | tr '\n' ' ')
  for m in $ms; do
    for prec in double single; do
      for rev in $list; do
        timeout 30 /tmp/w_$rev/b/spmvp bench .gpu/matrices/$m.mtx.gz --device nvidia --precision $prec --formats csr_adaptive,csr_vector \
          --runs 30 --warmup 10 --batch 200 --json >$c/r/${m}_${prec}_${rev}_$round.json 2>$c/r/${m}_${prec}_${rev}_$round.err
      done
    done
  done
  echo "round $round $(($(date +%s) - t0)) s" >>$c/host.txt
  save
done
ml=$(for m in $ms; do echo .gpu/matrices/$m.mtx.gz; done)
timeout 120 /tmp/w_2eed2ad/b/spmvp train --device nvidia --base devices/nvidia-h200.json --table $c/train_head.tsv -o $c/train_head.json --corpus none --quick $ml >$c/train_head.log 2>&1
timeout 120 /tmp/w_86b414b/b/spmvp train --device nvidia --base devices/nvidia-h200.json --table $c/train_old.tsv -o $c/train_old.json --corpus none --quick $ml >$c/train_old.log 2>&1
rm -f $c/*.json
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
for f in $c/r/*_1.json; do printf '%s ' $(basename $f .json); python3 -c "
import json;d=json.load(open('$f'))
print(' '.join('%s %.1f/%.1f'%(r['format'],r['batch_us'],r['median_us']) for r in d['results']))" 2>/dev/null || echo; done
for t in head old; do awk -F'\t' 'NR>2 && ($4=="csr_adaptive"||$4=="csr_vector") {printf "%s %s %s %s %.1f %.1f\n", "'$t'", $1,$3,$4,$30,$31}' $c/train_$t.tsv; done
