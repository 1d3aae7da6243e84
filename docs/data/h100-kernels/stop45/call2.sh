#!/bin/bash
# stop 45, call 2 (H200): CSR-adaptive built with only the paths a matrix's blocks take (B, the
# working tree) against HEAD (A, .gpu/a); C (.gpu/c) = B with the direct rows' loads 4 deep;
# the PTX of each for three path mixes; test_cl_kernels of B on the GPU.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c9; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c9.tgz.part -C /tmp c9 2>/dev/null && mv $OUT/c9.tgz.part $OUT/c9.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
source scripts/gpu_scale_set.sh
L="$SPMVP_GPU_SCALE_SET random:20000:1000:fixed random:100000:500:normal .gpu/m8/bcsstk33.mtx.gz .gpu/m8/MIT8.mtx.gz rmat:16"
FORMATS=csr_adaptive,csr_vector LIMIT=170 bash scripts/gpu_ab.sh $c/ab .gpu/a . $L >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
save
FORMATS=csr_adaptive LIMIT=120 bash scripts/gpu_ab.sh $c/ac .gpu/a .gpu/c $L >$c/ac.log 2>&1
echo "ac done $(($(date +%s) - t0)) s" >>$c/host.txt
save
for s in a b c; do
  case $s in a) src=.gpu/a;; b) src=.;; c) src=.gpu/c;; esac
  for m in rmat:16 random:5000:300:fixed laplace3d:20; do
    for p in single double; do
      mkdir -p $c/ptx/$s
      SPMVP_DUMP_PROGRAMS=$c/ptx/$s $src/build-ab/spmvp bench $m --device nvidia --precision $p --formats csr_adaptive --runs 1 --warmup 0 >/dev/null 2>>$c/ptx/$s.err
    done
  done
  for f in $c/ptx/$s/*.bin; do tr -d '\000' <$f >$f.ptx; echo "$f $(ptxas -arch=sm_90 -v $f.ptx -o /dev/null 2>&1 | grep Used)"; done >>$c/ptx/regs.txt
done
echo "ptx done $(($(date +%s) - t0)) s" >>$c/host.txt
save
cmake --build build-ab --target test_cl_kernels -j 16 >$c/build-test.log 2>&1
SPMVP_TEST_DEVICE=nvidia timeout $((560 - ($(date +%s) - t0))) ./build-ab/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
