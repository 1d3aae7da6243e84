#!/bin/bash
# stop 56, call 8 (H200): is ELL-R's gap to SELL in double precision on rows of 1,000-1,700 its
# layout? spaceShuttleEntry_3 (1,834 rows, the longest 1,700 entries) as it is and with 2,000,
# 8,000 and 30,000 empty rows added below it (.gpu/mx56/sse3_N: the same entries, a pitch of
# 1,856 -> 3,840, 9,856, 31,872 slots): a row of ELL-R steps by the pitch, so the longest row's
# walk spreads over 25 MB -> 470 MB in double. SELL (its rows sorted, a chunk's row steps by C)
# beside it.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c56h; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
date -u +%FT%TZ >$c/host.txt
for rep in 1 2; do
  for e in 0 2000 8000 30000; do
    for p in double single; do
      timeout 60 ./build-gpu/spmvp bench .gpu/mx56/sse3_$e.mtx.gz --device nvidia --precision $p --formats ellr,sell \
        --runs 30 --warmup 10 --batch 200 --json >$c/r/sse3_${e}_${p}_$rep.json 2>$c/r/sse3_${e}_${p}_$rep.err
    done
  done
done
echo "done $(($(date +%s) - t0)) s" >>$c/host.txt
tar czf $OUT/c56h.tgz -C /tmp c56h
python3 - $c/r <<'PY'
import json,glob,os,sys,collections
t=collections.defaultdict(list)
for f in sorted(glob.glob(sys.argv[1]+'/*.json')):
    b=os.path.basename(f)[:-5]; _,e,p,rep=b.split('_')
    for r in json.load(open(f)).get('results',[]):
        if r.get('batch_us'): t[(int(e),p,r['format'])].append(r['batch_us'])
for k in sorted(t): print(k, ' '.join('%.1f'%v for v in t[k]))
PY
