#!/bin/bash
# stop 45, call 1 (H200): CSR-adaptive's direct blocks with plain loads (B, the working tree)
# against HEAD (A, .gpu/a), CSR-adaptive and CSR-vector; then cuSPARSE on the GPU-scale set.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c8; rm -rf $c; mkdir -p $c
t0=$(date +%s)
save() { tar czf $OUT/c8.tgz.part -C /tmp c8 2>/dev/null && mv $OUT/c8.tgz.part $OUT/c8.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
source scripts/gpu_scale_set.sh
FORMATS=csr_adaptive,csr_vector LIMIT=250 \
  bash scripts/gpu_ab.sh $c/ab .gpu/a . $SPMVP_GPU_SCALE_SET random:20000:1000:fixed random:100000:500:normal .gpu/m8/bcsstk33.mtx.gz .gpu/m8/MIT8.mtx.gz >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
save
mkdir -p $c/empty; SPMVP_MATRICES="$SPMVP_GPU_SCALE_SET random:20000:1000:fixed random:100000:500:normal" timeout $((560 - ($(date +%s) - t0))) scripts/gpu_cusparse.sh $c/cu $c/empty >$c/cusparse.log 2>&1
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
