#!/bin/bash
# stop 57, call 1 (H200): stop 56's call9-not-run.sh as it was written there. Calls 4-5 of stop 56
# left products of 42-52 MB between fitting the L2 and streaming past it. Here ten matrices
# with their products streamed from 40 MB (SPMVP_STREAM_BYTES=40000000) and, third, also
# pinned in part (SPMVP_CLOPTS=-DSPMVP_PIN=0.5: half of each matrix kept in L2), against the
# default (plain loads below 50 MiB).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c56i; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c56i.tgz.part -C /tmp c56i 2>/dev/null && mv $OUT/c56i.tgz.part $OUT/c56i.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
date -u +%FT%TZ >$c/host.txt
i=0
for pm in "double random:350000:10:fixed" "single random:520000:10:fixed" "double laplace2d:780" "single laplace2d:960" \
          "double blockdiag:230000:16" "single blockdiag:345000:16" "double laplace3d27:53" "single laplace3d27:60" \
          "double band:280000:6" "double band:1000000:1"; do
  set -- $pm; p=$1 m=$2 n=$(echo $2 | tr ':' '_')
  vs=(plain s40 s40p); [ $((i % 2)) = 1 ] && vs=(s40p s40 plain)
  for v in "${vs[@]}"; do
    case $v in plain) e=();; s40) e=(env SPMVP_STREAM_BYTES=40000000);; s40p) e=(env SPMVP_STREAM_BYTES=40000000 SPMVP_CLOPTS=-DSPMVP_PIN=0.5);; esac
    timeout 60 "${e[@]}" ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats ell,ellr,jad,hyb,brc,sell,csr_adaptive \
      --runs 30 --warmup 10 --batch 200 --json >$c/r/${n}_${p}_$v.json 2>$c/r/${n}_${p}_$v.err
  done
  i=$((i + 1))
  [ $(($(date +%s) - t0)) -gt 170 ] && break
done
echo "done $(($(date +%s) - t0)) s" >>$c/host.txt
save
python3 - $c/r <<'PY'
import json,glob,os,sys,collections
t=collections.defaultdict(dict)
for f in sorted(glob.glob(sys.argv[1]+'/*.json')):
    b=os.path.basename(f)[:-5]; m,p,v=b.rsplit('_',2)
    for r in json.load(open(f)).get('results',[]):
        if r.get('batch_us'): t[(m,p,r['format'])][v]=(r['batch_us'],r['footprint_bytes'])
for k,d in sorted(t.items(), key=lambda kv: kv[1]['plain'][1]):
    if 'plain' not in d: continue
    a,by=d['plain']
    if not 40e6 < by <= 52428800: continue
    print('%5.1f MB %-22s %-6s %-13s plain %6.1f  stream %.3f  stream+pin %.3f'%(by/1e6,k[0],k[1],k[2],a,d.get('s40',(float('nan'),))[0]/a,d.get('s40p',(float('nan'),))[0]/a))
PY
