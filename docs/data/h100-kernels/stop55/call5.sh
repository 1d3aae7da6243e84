#!/bin/bash
# stop 55, call 5 (H200): groundwork for CSR-scalar's aligned rows (stop 54's lead). CSR-scalar
# (and CSR-vector beside it) at work-group 128 on rows of one length L, about 4.8 M entries:
# dense diagonal blocks of L (local gathers) for L = 8 .. 64, and random rows of L (scattered
# gathers) around 16, 32 and 64, both precisions.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c55e; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c55e.tgz.part -C /tmp c55e 2>/dev/null && mv $OUT/c55e.tgz.part $OUT/c55e.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
ms=""
for L in 8 12 15 16 20 24 28 31 32 40 48 63 64; do ms="$ms blockdiag:$((4800000 / L)):$L"; done
for L in 15 16 17 31 32 33 63 64 65; do ms="$ms random:$((4800000 / L)):$L:fixed"; done
for m in $ms; do
  n=$(echo $m | tr ':' '_')
  for p in single double; do
    timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats csr_scalar,csr_vector --wg-size 128 \
      --runs 20 --warmup 10 --batch 200 --json >$c/r/${n}_$p.json 2>$c/r/${n}_$p.err
  done
  save
  [ $(($(date +%s) - t0)) -gt 500 ] && break
done
echo "done $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
python3 - $c/r <<'PY'
import json,glob,os,sys
for f in sorted(glob.glob(sys.argv[1]+'/*.json')):
    try: d=json.load(open(f))
    except Exception: continue
    print(os.path.basename(f)[:-5], ' '.join('%s %.1f'%(r['format'],r['batch_us']) for r in d['results'] if r.get('batch_us')))
PY
