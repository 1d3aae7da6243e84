#!/bin/bash
# stop 56, call 5 (H200): call 4's lead checked on other matrices: streaming past 90 % of the
# L2 (SPMVP_STREAM_BYTES=47185920) against the nominal L2 (52,428,800 bytes, the default), on
# generated matrices sized so that most formats' products land at 46-53 MB, every format that
# streams, both variants twice (A B B A).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c56e; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c56e.tgz.part -C /tmp c56e 2>/dev/null && mv $OUT/c56e.tgz.part $OUT/c56e.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
for pm in "double random:350000:10:fixed" "single random:520000:10:fixed" "double laplace2d:780" "single laplace2d:960" \
          "double blockdiag:230000:16" "single blockdiag:345000:16" "double laplace3d27:53" "single laplace3d27:60" \
          "double rmat:18:14" "double band:280000:6"; do
  set -- $pm; p=$1 m=$2 n=$(echo $2 | tr ':' '_')
  for k in a1 b1 b2 a2; do
    if [ ${k:0:1} = a ]; then e=(); else e=(env SPMVP_STREAM_BYTES=47185920); fi
    timeout 60 "${e[@]}" ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats ell,ellr,jad,hyb,coo,brc,sell,csr_adaptive \
      --runs 30 --warmup 10 --batch 200 --json >$c/r/${n}_${p}_$k.json 2>$c/r/${n}_${p}_$k.err
  done
  save
  echo "$p $m $(($(date +%s) - t0)) s" >>$c/host.txt
  [ $(($(date +%s) - t0)) -gt 480 ] && break
done
save
tail -2 $c/host.txt
python3 - $c/r <<'PY'
import json,glob,os,sys,collections
t=collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob(sys.argv[1]+'/*.json')):
    b=os.path.basename(f)[:-5]; m,p,k=b.rsplit('_',2)
    try: d=json.load(open(f))
    except Exception: continue
    for r in d.get('results',[]):
        if r.get('batch_us'): t[(m,p,r['format'])][k[0]].append((r['batch_us'],r['footprint_bytes']))
out=[]
for (m,p,f),d in t.items():
    if not d['a'] or not d['b']: continue
    a=min(x[0] for x in d['a']); b=min(x[0] for x in d['b']); by=d['a'][0][1]
    out.append((by/1e6,m,p,f,a,b,b/a))
for o in sorted(out): print('%6.1f MB %-22s %-6s %-13s A %6.1f B %6.1f B/A %.3f%s'%(*o, '  (streams in B only)' if 47185920<o[0]*1e6<=52428800 else ''))
PY
