#!/bin/bash
# stop 57, call 2 (H200): from which part of the L2 should the plans that pin (ELL, HYB, SELL,
# COO) keep half of the L2's share of their matrix there and stream the rest? Call 1 found
# forcing it at 44-52 MB 0.56-0.97x the plain loads' time. Here the host's own fraction
# (format.h's spmvp_l2_pin_fraction) from SPMVP_PIN_FROM = 1 (as shipped: only above the L2),
# 0.9, 0.8, 0.7 and 0.6 of the L2, on six families sized to put the products at 28-56 MB, both
# precisions; the variants' order reversed on every other matrix.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c57b; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c57b.tgz.part -C /tmp c57b 2>/dev/null && mv $OUT/c57b.tgz.part $OUT/c57b.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
date -u +%FT%TZ >$c/host.txt
i=0
for pm in "single laplace2d:720" "single laplace2d:860" "single laplace2d:1000" "double laplace2d:580" "double laplace2d:690" "double laplace2d:790" \
          "single laplace3d:78" "single laplace3d:86" "single laplace3d:93" "double laplace3d:67" "double laplace3d:73" "double laplace3d:79" \
          "single laplace3d27:51" "single laplace3d27:55" "single laplace3d27:59" "double laplace3d27:45" "double laplace3d27:49" "double laplace3d27:52" \
          "single blockdiag:220000:16" "single blockdiag:280000:16" "single blockdiag:340000:16" "double blockdiag:150000:16" "double blockdiag:190000:16" "double blockdiag:230000:16" \
          "single random:340000:10:fixed" "single random:450000:10:fixed" "single random:550000:10:fixed" "double random:220000:10:fixed" "double random:290000:10:fixed" "double random:355000:10:fixed" \
          "single rmat:18:10" "single rmat:18:13" "double rmat:18:8" "double rmat:18:10" \
          "single band:900000:2" "double band:560000:2"; do
  set -- $pm; p=$1 m=$2 n=$(echo $2 | tr ':' '_')
  vs=(1 0.9 0.8 0.7 0.6); [ $((i % 2)) = 1 ] && vs=(0.6 0.7 0.8 0.9 1)
  for v in "${vs[@]}"; do
    timeout 60 env SPMVP_PIN_FROM=$v ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats ell,hyb,sell,coo \
      --runs 30 --warmup 10 --batch 200 --json >$c/r/${n}_${p}_$v.json 2>$c/r/${n}_${p}_$v.err
  done
  i=$((i + 1))
  [ $(($(date +%s) - t0)) -gt 420 ] && break
done
echo "done $i pairs $(($(date +%s) - t0)) s" >>$c/host.txt
save
python3 - $c/r <<'PY'
import json,glob,os,sys,collections,math
t=collections.defaultdict(dict)
for f in sorted(glob.glob(sys.argv[1]+'/*.json')):
    b=os.path.basename(f)[:-5]; m,p,v=b.rsplit('_',2)
    for r in json.load(open(f)).get('results',[]):
        if r.get('batch_us'): t[(m,p,r['format'])][v]=(r['batch_us'],r['footprint_bytes'])
V=['0.9','0.8','0.7','0.6']
bins=collections.defaultdict(lambda: collections.defaultdict(list))
for k,d in sorted(t.items(), key=lambda kv: kv[1].get('1',(0,0))[1]):
    if '1' not in d: continue
    a,by=d['1']
    r=[d[v][0]/a if v in d else float('nan') for v in V]
    print('%5.1f MB %-22s %-6s %-5s from 1: %6.1f  0.9 %.3f  0.8 %.3f  0.7 %.3f  0.6 %.3f'%(by/1e6,k[0],k[1],k[2],a,*r))
    for v,x in zip(V,r):
        if x==x: bins[int(by/1048576/5)*5][v].append(x)
for b in sorted(bins):
    print('%2d-%2d MiB'%(b,b+5), ' '.join('%s: %.3f (%.2f-%.2f, n %d)'%(v,math.exp(sum(map(math.log,bins[b][v]))/len(bins[b][v])),min(bins[b][v]),max(bins[b][v]),len(bins[b][v])) for v in V if bins[b][v]))
PY
