#!/bin/bash
# stop 56, call 6 (H200): ELL-R's loop. In the H200 table ELL-R takes 1.45x SELL's time (C = 32,
# T = 1) in double precision on the real matrices with long rows, level in single, and call 1
# found it slower pinned (1.052x) where ELL gained (0.930x). Variants of cl/ellr.cl (bench
# --cl-dir): base (pairs in single, #pragma unroll 4 in double), u4 (unroll 4 in both), b8
# (8 slots' columns loaded before any value, as sell.cl's T = 1 loop); on the generated
# matrices above the L2 each also pinned (SPMVP_CLOPTS=-DSPMVP_PIN=0.125, with the host's
# streaming). SELL at its default beside every base run.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c56f; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c56f.tgz.part -C /tmp c56f 2>/dev/null && mv $OUT/c56f.tgz.part $OUT/c56f.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
i=0
one() { # MATRIX PRECISION VARIANT PIN
  local m=$1 p=$2 v=$3 pin=$4 n fm=ellr
  n=$(basename $m .mtx.gz | tr ':' '_')
  d=(); [ $v != base ] && d=(--cl-dir .gpu/cl56/$v)
  [ $v = base ] && [ $pin = no ] && fm=ellr,sell
  e=(); [ $pin = yes ] && e=(env SPMVP_CLOPTS=-DSPMVP_PIN=0.125)
  timeout 60 "${e[@]}" ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats $fm "${d[@]}" \
    --runs 30 --warmup 10 --batch 200 --json >$c/r/${n}_${p}_${v}_$pin.json 2>$c/r/${n}_${p}_${v}_$pin.err
}
for m in random:50000:300:normal perm:band:60000:80 band:1000000:8 laplace3d:100 blockdiag:150000:32 random:300000:32:fixed; do
  for p in double single; do
    vs=(base b8 u4); [ $((i % 2)) = 1 ] && vs=(u4 b8 base)
    for v in "${vs[@]}"; do one $m $p $v no; one $m $p $v yes; done
    i=$((i + 1))
  done
  save; echo "$m $(($(date +%s) - t0)) s" >>$c/host.txt
done
for m in .gpu/matrices/{spaceShuttleEntry_3,lpi_bgindy,American75,adder_dcop_05,facebook_combined,Bowdoin47}.mtx.gz; do
  for p in double single; do
    vs=(base b8 u4); [ $((i % 2)) = 1 ] && vs=(u4 b8 base)
    for v in "${vs[@]}"; do one $m $p $v no; done
    i=$((i + 1))
  done
  save; echo "$m $(($(date +%s) - t0)) s" >>$c/host.txt
done
save
tail -2 $c/host.txt
python3 - $c/r <<'PY'
import json,glob,os,sys,collections
t=collections.defaultdict(dict)
for f in sorted(glob.glob(sys.argv[1]+'/*.json')):
    b=os.path.basename(f)[:-5]; m,p,v,pin=b.rsplit('_',3)
    try: d=json.load(open(f))
    except Exception: continue
    for r in d.get('results',[]):
        if r.get('batch_us'): t[(m,p)][(r['format'],v,pin)]=r['batch_us']
for (m,p),d in sorted(t.items()):
    b=d.get(('ellr','base','no'))
    s=' '.join('%s/%s %.3f'%(v,pin,d[('ellr',v,pin)]/b) for v in ('base','b8','u4') for pin in ('no','yes') if ('ellr',v,pin) in d)
    print('%-24s %-6s ellr %7.1f sell %7.1f | %s'%(m[:24],p,b,d.get(('sell','base','no'),float('nan')),s))
PY
