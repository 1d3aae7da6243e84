#!/bin/bash
# stop 56, call 3 (H200): rank --measure with the H200 profile before (old: fitted on ELL's and
# HYB's streamed rows, and reading their pinned bytes as today's features give them, as the
# H100's profile now does) and after (new: those rows measured again pinned, refitted), on
# generated matrices above the L2 none of whose parameters the table holds. Each profile's first
# 4 ranked configurations measured; the reference is the best of all measured for the matrix
# in this call.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c56c; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c56c.tgz.part -C /tmp c56c 2>/dev/null && mv $OUT/c56c.tgz.part $OUT/c56c.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
for m in blockdiag:120000:48 laplace3d:110 laplace3d27:72 band:300000:30 perm:band:90000:60 \
         random:250000:40:normal laplace2d:1400 blockdiag:500000:12 random:150000:70:fixed rmat:19:20; do
  n=$(echo $m | tr ':' '_')
  for p in single double; do
    for v in old new; do
      timeout 90 ./build-gpu/spmvp rank $m --profile .gpu/$v-h200.json --measure 4 --device nvidia --precision $p --json \
        >$c/r/${n}_${p}_$v.json 2>$c/r/${n}_${p}_$v.err
    done
  done
  save
  echo "$m $(($(date +%s) - t0)) s" >>$c/host.txt
  [ $(($(date +%s) - t0)) -gt 520 ] && break
done
save
cat $c/host.txt
python3 - $c/r <<'PY'
import json,glob,os,sys,collections
res=collections.defaultdict(dict)
for f in sorted(glob.glob(sys.argv[1]+'/*.json')):
    b=os.path.basename(f)[:-5]; m,p,v=b.rsplit('_',2)
    try: d=json.load(open(f))
    except Exception: continue
    res[(m,p)][v]=d['ranking']
for (m,p),d in res.items():
    meas={}
    for v,rk in d.items():
        for e in rk:
            if e.get('measured_us'): meas[(e['format'],e['mapping'])]=min(e['measured_us'],meas.get((e['format'],e['mapping']),1e30))
    best=min(meas.values()) if meas else float('nan')
    s=[]
    for v in ('old','new'):
        rk=d.get(v)
        if not rk: s.append(v+' -'); continue
        e=rk[0]; mu=meas.get((e['format'],e['mapping']))
        s.append('%s %s %s pred %.1f meas %.1f (%.2f)'%(v,e['format'],e['mapping'],e['predicted_us'],mu or float('nan'),(mu or float('nan'))/best))
    print(m,p,'best %.1f |'%best,' | '.join(s))
PY
