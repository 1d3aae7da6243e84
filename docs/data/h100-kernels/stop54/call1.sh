#!/bin/bash
# stop 54, call 1 (H200): COO's entries a work-item and work-group size with today's kernel
# (persistent groups, one barrier a tile) where COO trails cuSPARSE's ALG1 (the 27-point
# stencil, the long rows) and on controls; CSR-adaptive's entries a work-item and work-group
# size on random rows of 20, where it trails ALG1 by 3 %. Default mapping again last (drift).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c54a; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c54a.tgz.part -C /tmp c54a 2>/dev/null && mv $OUT/c54a.tgz.part $OUT/c54a.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; git log --oneline -1; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
run() { # name matrix prec format wg opt value tag
  timeout 60 ./build-gpu/spmvp bench $2 --device nvidia --precision $3 --formats $4 --wg-size $5 $6 $7 \
    --runs 20 --warmup 10 --batch 200 --json >$c/r/$1_$3_$4_w$5_i$7_$8.json 2>$c/r/$1_$3_$4_w$5_i$7_$8.err
}
for m in laplace3d27:60 longrows:1000000:4:36:50000 laplace3d:100 rmat:20; do
  name=$(echo $m | tr ':' '_')
  for prec in single double; do
    for cfg in 256,4 256,8 256,16 128,4 128,8 512,4 512,8 256,4b; do
      wg=${cfg%,*} it=${cfg#*,}; tag=a; [ $it = 4b ] && { it=4; tag=b; }
      run $name $m $prec coo $wg --coo-items $it $tag
    done
  done
  echo "$m $(($(date +%s) - t0)) s" >>$c/host.txt
  save
done
for prec in double single; do
  for cfg in 256,8 256,16 256,4 128,8 128,16 512,8 512,4 256,8b; do
    wg=${cfg%,*} it=${cfg#*,}; tag=a; [ $it = 8b ] && { it=8; tag=b; }
    run random_1M_20 random:1000000:20:uniform $prec csr_adaptive $wg --adaptive-items $it $tag
  done
done
echo "adaptive $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
for f in $c/r/*.json; do printf '%s ' $(basename $f .json); python3 -c "
import json;d=json.load(open('$f'));r=d['results'][0]
print('%.1f'%r['batch_us'], r.get('params'))" 2>/dev/null || echo; done
