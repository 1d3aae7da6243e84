#!/bin/bash
# stop 56, call 4 (H200): where should a product start to stream its matrix past the L2? The
# host streams (prelude.cl's SPMVP_STREAM) only above the nominal L2 (50 MiB); in the H200
# table ELL at 52.0 MB (just below) ran 2.9 TB/s on band:1000000:1 double where ELL-R at
# 56.0 MB (streamed) ran 4.3. Products of 26-62 MB, the formats that stream, at the default
# threshold and with SPMVP_STREAM_BYTES at 40, 30 and 20 MB; the four variants alternate in
# rotating order per matrix.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c56d; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c56d.tgz.part -C /tmp c56d 2>/dev/null && mv $OUT/c56d.tgz.part $OUT/c56d.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
i=0
run() { # PRECISION MATRIX...
  local p=$1; shift
  for m in "$@"; do
    n=$(echo $m | tr ':' '_')
    vs=(def 40000000 30000000 20000000)
    for k in 0 1 2 3; do
      v=${vs[$(( (k + i) % 4 ))]}
      if [ $v = def ]; then e=(); else e=(env SPMVP_STREAM_BYTES=$v); fi
      timeout 60 "${e[@]}" ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats ell,ellr,sell,csr_adaptive,jad \
        --runs 30 --warmup 10 --batch 200 --json >$c/r/${n}_${p}_$v.json 2>$c/r/${n}_${p}_$v.err
    done
    i=$((i + 1))
    echo "$p $m $(($(date +%s) - t0)) s" >>$c/host.txt
    [ $(($(date +%s) - t0)) -gt 500 ] && return
  done
}
run double band:800000:1 laplace3d:75 band:1000000:1 laplace3d:80 band:650000:1 laplace3d:70 band:900000:1 \
  band:500000:1 laplace3d:64 band:1200000:1 laplace3d:85
save
run single band:1300000:1 laplace3d:90 band:1600000:1 laplace3d:85 band:1000000:1 laplace3d:80
save
cat $c/host.txt | tail -3
python3 - $c/r <<'PY'
import json,glob,os,sys,collections
t=collections.defaultdict(dict)
for f in sorted(glob.glob(sys.argv[1]+'/*.json')):
    b=os.path.basename(f)[:-5]; m,p,v=b.rsplit('_',2)
    try: d=json.load(open(f))
    except Exception: continue
    for r in d.get('results',[]):
        if r.get('batch_us'): t[(m,p,r['format'])][v]=(r['batch_us'],r.get('footprint_bytes',0))
for (m,p,f),d in sorted(t.items()):
    base=d.get('def',(float('nan'),0))[0]
    print('%-18s %-6s %-13s def %6.1f | 40M %.3f | 30M %.3f | 20M %.3f'%(m,p,f,base,*(d.get(v,(float('nan'),))[0]/base for v in ('40000000','30000000','20000000'))))
PY
