#!/bin/bash
# stop 42, call 7 (H100): CG on two GPU-scale stencils outside the training corpus
# (laplace3d:120, 12 M non-zeros; laplace3d27:80, 13.8 M), double precision, in every format
# and as the shipped H100 profile advises for CSR-vector's iteration count, one process each
# (so each pays its own upload, and the pin where the rule pins). scripts/cg_table.py reads it.
source .gpu/setup.sh >/dev/null 2>&1
set -u
d=$OUT/cg; mkdir -p $d
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$d/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >$d/build.log 2>&1 || { tail -30 $d/build.log; exit 1; }
t0=$(date +%s)
for m in laplace3d:120 laplace3d27:80; do
  n=${m/:/_}
  ./build-gpu/spmvp cg $m --device nvidia --format csr_vector --json >$d/$n.double.csr_vector.json 2>>$d/err.log
  it=$(grep -m1 '"iterations":' $d/$n.double.csr_vector.json | tr -dc '0-9')
  echo "$m csr_vector iterations $it" >>$d/host.txt
  ./build-gpu/spmvp cg $m --device nvidia --profile .gpu/nvidia-h100.json --products $it --json >$d/$n.double.advised.json 2>>$d/err.log
  for f in csr_scalar ell jad coo hyb ellr sell brc csr_adaptive; do
    [ $(($(date +%s) - t0)) -gt 480 ] && { echo "LIMIT before $m $f" >>$d/host.txt; break; }
    ./build-gpu/spmvp cg $m --device nvidia --format $f --json >$d/$n.double.$f.json 2>>$d/err.log
  done
done
echo "total $(($(date +%s) - t0)) s" >>$d/host.txt
cd $OUT && tar czf cg.tgz cg && rm -rf cg
