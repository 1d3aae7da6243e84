#!/bin/bash
# stop 45, call 4 (H200): why the per-matrix program is faster on wide rows. B (.gpu/b) = the
# working tree with the staging path's local memory declared (and never used) in programs
# without that path; A = the working tree. Then the PTX of both (smem per work-group).
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c11; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c11.tgz.part -C /tmp c11 2>/dev/null && mv $OUT/c11.tgz.part $OUT/c11.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
FORMATS=csr_adaptive,csr_vector LIMIT=150 bash scripts/gpu_ab.sh $c/ab . .gpu/b random:50000:300:fixed random:20000:1000:fixed random:100000:500:normal random:50000:300:fixed >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
for s in a b; do
  case $s in a) src=.;; b) src=.gpu/b;; esac
  mkdir -p $c/ptx/$s
  for p in single double; do
    SPMVP_DUMP_PROGRAMS=$c/ptx/$s $src/build-ab/spmvp bench random:5000:300:fixed --device nvidia --precision $p --formats csr_adaptive --runs 1 --warmup 0 >/dev/null 2>>$c/ptx/$s.err
  done
  for f in $c/ptx/$s/*.bin; do tr -d '\000' <$f >$f.ptx; echo "$f $(ptxas -arch=sm_90 -v $f.ptx -o /dev/null 2>&1 | grep Used)"; done >>$c/ptx/regs.txt
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
