#!/bin/bash
# stop 57, call 6 (H200): call 5 found CSR-scalar 0.33-0.94x as long reading 4 entries a load
# on matrices whose rows all start at a multiple of 4. V4P (.gpu/clv4p) reads entries one by one
# up to a multiple of 4, then 4 a load, then the rest (each row summed in the same order), so
# that it runs on any matrix. Against today's kernel (A) and the forced V4 (.gpu/clv4, aligned
# matrices only), on aligned, unaligned, irregular and real matrices, at work-group 128 and at
# bench's default; two rounds, the order reversed; the lesser of each.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c57f; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c57f.tgz.part -C /tmp c57f 2>/dev/null && mv $OUT/c57f.tgz.part $OUT/c57f.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
aligned="blockdiag:150000:32 blockdiag:300000:16 blockdiag:600000:8 random:150000:32:fixed"
other="blockdiag:150000:33 blockdiag:150000:31 blockdiag:300000:17 laplace2d:1200 laplace3d:100 laplace3d27:55 band:120000:40 band:1000000:2 random:1000000:8:normal random:200000:30:uniform rmat:18 longrows:1000000:4:40:50000 .gpu/matrices/Si2.mtx.gz .gpu/matrices/add32.mtx.gz .gpu/matrices/as-caida20071105.mtx.gz .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/bcsstk33.mtx.gz .gpu/matrices/cage11.mtx.gz .gpu/matrices/MIT8.mtx.gz"
for round in 1 2; do
  for m in $aligned $other; do
    name=$(basename $m .mtx.gz | tr ':' '_')
    vs="A V4P"; case " $aligned " in *" $m "*) vs="A V4P V4";; esac
    [ $round = 2 ] && vs=$(echo $vs | tr ' ' '\n' | tac | tr '\n' ' ')
    for prec in single double; do
      for v in $vs; do
        dir=""; [ $v = V4 ] && dir="--cl-dir .gpu/clv4"; [ $v = V4P ] && dir="--cl-dir .gpu/clv4p"
        timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_scalar --wg-size 128 $dir \
          --runs 20 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_${v}_$round.json 2>$c/r/${name}_${prec}_${v}_$round.err
      done
    done
  done
  echo "round $round $(($(date +%s) - t0)) s" >>$c/host.txt
  save
  [ $(($(date +%s) - t0)) -gt 300 ] && break
done
cat $c/host.txt
python3 - $c/r <<'PY'
import json,glob,os,sys,collections,math
d=collections.defaultdict(dict)
for f in glob.glob(sys.argv[1]+'/*.json'):
    b=os.path.basename(f)[:-5]; name,prec,v,rnd=b.rsplit('_',3)
    try: res=json.load(open(f))['results']
    except Exception: continue
    for r in res:
        if r.get('batch_us'): d[(name,prec)][(v,rnd)]=r['batch_us']
rs=[]
for k in sorted(d):
    r=d[k]; g=lambda v: min(r.get((v,'1'),9e9),r.get((v,'2'),9e9))
    a=g('A'); rs.append(g('V4P')/a)
    print('%-26s %-6s A %7.1f (%.1f/%.1f)  V4P %7.1f (%.3f)  V4 %s'%(k[0],k[1],a,r.get(('A','1'),0),r.get(('A','2'),0),g('V4P'),g('V4P')/a,'%.1f (%.3f)'%(g('V4'),g('V4')/a) if g('V4')<9e9 else '-'))
print('V4P/A: n %d geomean %.3f min %.2f max %.2f'%(len(rs),math.exp(sum(map(math.log,rs))/len(rs)),min(rs),max(rs)))
PY
