#!/bin/bash
# stop 57, call 5 (H200): CSR-scalar reading 2 or 4 entries a load (int2/int4 and the values'
# vectors; .gpu/clv2, .gpu/clv4: the kernel with SPMVP_SCALAR_VEC forced, which a host would
# build only for a matrix whose every row starts at a multiple of it) against today's, on
# matrices whose rows all hold a multiple of 16 entries (stop 54's pathology: 2.1-2.6x the time
# of rows of 31 or 33), with CSR-vector and the rows of 33 beside them. Two rounds, A V2 V4 then
# V4 V2 A; the lesser of each.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c57e; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c57e.tgz.part -C /tmp c57e 2>/dev/null && mv $OUT/c57e.tgz.part $OUT/c57e.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
aligned="blockdiag:300000:16 blockdiag:150000:32 blockdiag:75000:64 blockdiag:24000:480 random:150000:32:fixed blockdiag:40000:32 blockdiag:600000:8"
for round in 1 2; do
  order="A V2 V4"; [ $round = 2 ] && order="V4 V2 A"
  for m in $aligned; do
    name=$(echo $m | tr ':' '_')
    for prec in single double; do
      for v in $order; do
        dir=""; [ $v = V2 ] && dir="--cl-dir .gpu/clv2"; [ $v = V4 ] && dir="--cl-dir .gpu/clv4"
        timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_scalar --wg-size 128 $dir \
          --runs 20 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_${v}_$round.json 2>$c/r/${name}_${prec}_${v}_$round.err
      done
      [ $round = 1 ] && timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_vector,csr_scalar \
          --runs 20 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_ref_1.json 2>/dev/null
    done
  done
  echo "round $round $(($(date +%s) - t0)) s" >>$c/host.txt
  save
done
for m in blockdiag:150000:33 blockdiag:75000:65; do
  for prec in single double; do
    timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_scalar --wg-size 128 \
      --runs 20 --warmup 10 --batch 200 --json >$c/r/$(echo $m | tr ':' '_')_${prec}_A_1.json 2>/dev/null
  done
done
save
cat $c/host.txt
python3 - $c/r <<'PY'
import json,glob,os,sys,collections
d=collections.defaultdict(dict)
for f in glob.glob(sys.argv[1]+'/*.json'):
    b=os.path.basename(f)[:-5]; name,prec,v,rnd=b.rsplit('_',3)
    try: res=json.load(open(f))['results']
    except Exception: continue
    for r in res:
        if r.get('batch_us'): d[(name,prec)][(v if v!='ref' else 'ref_'+r['format'],rnd)]=r['batch_us']
for k in sorted(d):
    r=d[k]; g=lambda v: min(r.get((v,'1'),9e9),r.get((v,'2'),9e9))
    a=g('A')
    print('%-26s %-6s A %7.1f (%.1f/%.1f)  V2 %7.1f (%.3f)  V4 %7.1f (%.3f)  CSR-vector %7.1f'%(k[0],k[1],a,r.get(('A','1'),0),r.get(('A','2'),0),g('V2'),g('V2')/a,g('V4'),g('V4')/a,g('ref_csr_vector')))
PY
