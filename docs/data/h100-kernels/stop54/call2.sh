#!/bin/bash
# stop 54, call 2 (H200): why CSR-scalar (a work-item a row) on dense diagonal blocks of 32 and
# 64 takes 2-3.5x what the learned models predict from other families with rows as long. Row
# length around 32 and 64 (alignment of a row's start to the 128-byte line), against bands of
# about the same length (odd lengths 2W+1) and the 27-point stencil; CSR-vector beside it.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c54b; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c54b.tgz.part -C /tmp c54b 2>/dev/null && mv $OUT/c54b.tgz.part $OUT/c54b.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
for m in blockdiag:150000:30 blockdiag:150000:31 blockdiag:150000:32 blockdiag:150000:33 blockdiag:150000:34 \
         blockdiag:75000:64 blockdiag:75000:63 blockdiag:75000:65 blockdiag:300000:16 blockdiag:300000:17 \
         band:150000:15 band:150000:16 band:75000:32 laplace3d27:55 perm:blockdiag:150000:32 random:150000:32:fixed; do
  name=$(echo $m | tr ':' '_')
  for prec in single double; do
    timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_scalar,csr_vector --wg-size 128 \
      --runs 20 --warmup 10 --batch 200 --json >$c/r/${name}_$prec.json 2>$c/r/${name}_$prec.err
  done
  save
done
for wg in 64 256 512; do
  for m in blockdiag:150000:32 band:150000:16; do
    timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision single --formats csr_scalar --wg-size $wg \
      --runs 20 --warmup 10 --batch 200 --json >$c/r/$(echo $m | tr ':' '_')_single_w$wg.json 2>/dev/null
  done
done
echo "done $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
for f in $c/r/*.json; do printf '%s ' $(basename $f .json); python3 -c "
import json;d=json.load(open('$f'))
print(d['matrix'].get('nnz') if isinstance(d.get('matrix'),dict) else '', ' '.join('%s %.1f'%(r['format'],r['batch_us']) for r in d['results'] if r.get('batch_us')))" 2>/dev/null || echo; done
