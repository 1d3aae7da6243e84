#!/bin/bash
# stop 49, call 1 (H200): COO's rows in 16 bits (a tile's first row + a 16-bit offset,
# cl/coo.cl's COO_ROW16, chosen by the plan wherever a tile spans at most 32,767 rows; HYB's COO
# part too). A/B of COO and HYB: A = HEAD's tree (.gpu/a), B = the working tree, on the GPU-scale
# set and six real matrices, both precisions, alternating; then cuSPARSE on the GPU-scale set in
# the same session (its COO ALG1 / ALG2 for issue 10's COO goal).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
source scripts/gpu_scale_set.sh
set -u
c=/tmp/c49a; rm -rf $c; mkdir -p $c/ab $c/cu $c/empty
t0=$(date +%s)
save() { tar czf $OUT/c49a.tgz.part -C /tmp c49a 2>/dev/null && mv $OUT/c49a.tgz.part $OUT/c49a.tgz; }
( while sleep 20; do save; done ) &
saver=$!
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
FORMATS=coo,hyb RUNS=30 LIMIT=330 bash scripts/gpu_ab.sh $c/ab .gpu/a . $SPMVP_GPU_SCALE_SET \
  .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/cit-HepPh.mtx.gz .gpu/matrices/as-caida20071105.mtx.gz \
  .gpu/matrices/rajat19.mtx.gz .gpu/matrices/email-Enron.mtx.gz .gpu/matrices/rajat14.mtx.gz >$c/ab.log 2>&1
echo "ab done $(($(date +%s) - t0)) s" >>$c/host.txt
save
timeout $((575 - ($(date +%s) - t0))) scripts/gpu_cusparse.sh $c/cu $c/empty >$c/cusparse.log 2>&1
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
kill $saver
save
cat $c/host.txt; tail -3 $c/ab/runs.txt
