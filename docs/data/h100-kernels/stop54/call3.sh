#!/bin/bash
# stop 54, call 3 (H200): CSR-scalar with each row's start rotated by its row number (mod 32),
# against today's kernel: B only where the row length is a multiple of 16 (.gpu/clx), C on every
# row (.gpu/clxa). Does it undo the power-of-two pathology of call 2, and what does it cost
# elsewhere (x's locality on bands and stencils)? Two rounds, A B C then C B A.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c54c; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c54c.tgz.part -C /tmp c54c 2>/dev/null && mv $OUT/c54c.tgz.part $OUT/c54c.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
mats="blockdiag:300000:16 blockdiag:300000:17 blockdiag:150000:31 blockdiag:150000:32 blockdiag:150000:33 blockdiag:75000:64 blockdiag:24000:480 band:150000:16 band:120000:40 laplace3d:100 laplace3d27:55 laplace2d:1200 random:150000:32:fixed random:1000000:8:normal rmat:18 .gpu/matrices/Si2.mtx.gz .gpu/matrices/bcsstk08.mtx.gz .gpu/matrices/as-caida20071105.mtx.gz .gpu/matrices/add32.mtx.gz"
for round in 1 2; do
  order="A B C"; [ $round = 2 ] && order="C B A"
  for m in $mats; do
    name=$(basename $m .mtx.gz | tr ':' '_')
    for prec in single double; do
      for v in $order; do
        dir=""; [ $v = B ] && dir="--cl-dir .gpu/clx"; [ $v = C ] && dir="--cl-dir .gpu/clxa"
        timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_scalar --wg-size 128 $dir \
          --runs 20 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_${v}_$round.json 2>$c/r/${name}_${prec}_${v}_$round.err
      done
    done
  done
  echo "round $round $(($(date +%s) - t0)) s" >>$c/host.txt
  save
done
cat $c/host.txt
python3 - $c/r <<'PY'
import json,glob,os,sys,collections
d=collections.defaultdict(dict)
for f in glob.glob(sys.argv[1]+'/*.json'):
    b=os.path.basename(f)[:-5]; name,prec,v,rnd=b.rsplit('_',3)
    try: us=json.load(open(f))['results'][0]['batch_us']
    except Exception: us=float('nan')
    d[(name,prec)][(v,rnd)]=us
for k in sorted(d):
    r=d[k]
    a=min(r.get(('A','1'),9e9),r.get(('A','2'),9e9)); b=min(r.get(('B','1'),9e9),r.get(('B','2'),9e9)); c=min(r.get(('C','1'),9e9),r.get(('C','2'),9e9))
    print('%-34s %-6s A %8.1f  B %8.1f (%.3f)  C %8.1f (%.3f)  A rounds %.1f/%.1f'%(k[0],k[1],a,b,b/a,c,c/a,r.get(('A','1'),0),r.get(('A','2'),0)))
PY
