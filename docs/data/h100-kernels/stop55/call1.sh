#!/bin/bash
# stop 55, call 1 (H200): CSR-vector's and CSR-scalar's gathers with x in the 200 KB - 1 MB range,
# where ELL-R (row per work-item, column-major, 2-4 gathers in flight) runs 1.7-2.3x faster
# per entry in the training table. Variants of the two loops: u4 (#pragma unroll 4), m2 / m4
# (2 or 4 columns, values and gathers loaded before the sums, same summation order).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c55a; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c55a.tgz.part -C /tmp c55a 2>/dev/null && mv $OUT/c55a.tgz.part $OUT/c55a.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
for m in random:30000:81:fixed random:60000:81:fixed random:120000:81:fixed random:250000:81:fixed random:500000:81:fixed \
         perm:band:120000:40 band:120000:40 perm:band:40000:150 random:40000:150:normal laplace3d:100 rmat:18 \
         random:1000000:20:uniform perm:laplace3d27:46; do
  name=$(echo $m | tr ':' '_')
  for prec in single double; do
    for v in base u4 m2 m4; do
      dir=""; fm=csr_vector,csr_scalar
      [ $v = base ] && fm=csr_vector,csr_scalar,ellr || dir="--cl-dir .gpu/cl55/$v"
      timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats $fm --wg-size 128 $dir \
        --runs 20 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_$v.json 2>$c/r/${name}_${prec}_$v.err
    done
    # the base again, for drift
    timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_vector,csr_scalar --wg-size 128 \
        --runs 20 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_base2.json 2>/dev/null
  done
  save
  echo "$m $(($(date +%s) - t0)) s" >>$c/host.txt
done
echo "done $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
python3 - $c/r <<'PY'
import json,glob,os,sys,collections
t=collections.defaultdict(dict)
for f in sorted(glob.glob(sys.argv[1]+'/*.json')):
    b=os.path.basename(f)[:-5]; m,p,v=b.rsplit('_',2)
    try: d=json.load(open(f))
    except Exception: continue
    for r in d.get('results',[]):
        if r.get('batch_us'): t[(m,p)][(r['format'],v)]=r['batch_us']
for (m,p),d in t.items():
    print(m,p,' '.join('%s/%s %.1f'%(k[0][:5],k[1],u) for k,u in sorted(d.items())))
PY
