#!/bin/bash
# stop 49, calls 7 and 8 (H200, two sessions): does a session's empty-launch time track its
# launch-bound products? Three rounds of: spmvp microbench (the launch overhead: empty kernels
# back to back), then CSR-scalar, CSR-vector, CSR-adaptive and COO at work-group 256 on six small
# matrices of the training table, both precisions (bench's event and batch times).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
tag=${TAG:?}
c=/tmp/$tag; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
{ cmake -S . -B build-ab -DCMAKE_BUILD_TYPE=Release && cmake --build build-ab --target spmvp -j 16; } >$c/build.log 2>&1
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader; date -u +%FT%TZ; echo "built $(($(date +%s) - t0)) s"; } >>$c/host.txt
for round in 1 2 3; do
  ./build-ab/spmvp microbench --device nvidia --mib 64 --runs 5 --json >$c/r/mb$round.json 2>>$c/r/mb.err
  for m in cage8 as-caida20071105 1138_bus bcsstk04 rajat14 west0381; do
    for prec in double single; do
      timeout 30 ./build-ab/spmvp bench .gpu/matrices/$m.mtx.gz --device nvidia --precision $prec --wg-size 256 \
        --formats csr_scalar,csr_vector,csr_adaptive,coo --runs 30 --warmup 10 --batch 200 --json \
        >$c/r/${m}_${prec}_$round.json 2>>$c/r/bench.err
    done
  done
  [ $(($(date +%s) - t0)) -gt 200 ] && break
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
tar czf $OUT/$tag.tgz -C /tmp $tag
cat $c/host.txt
