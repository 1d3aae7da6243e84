#!/bin/bash
# stop 52, call 4 (H200): CSR-adaptive's work-group size and entries a work-item swept where it
# trails cuSPARSE's best CSR (R-MAT 20/21, random rows of 20: 0.94-0.98 at stop 48) and on
# pde100, soc-Slashdot0902 and cage11 as controls; both precisions, two rounds alternating the
# order; then cuSPARSE on the same matrices in the same session.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c52b; rm -rf $c; mkdir -p $c/r $c/cu $c/real
t0=$(date +%s)
save() { tar czf $OUT/c52b.tgz.part -C /tmp c52b 2>/dev/null && mv $OUT/c52b.tgz.part $OUT/c52b.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
cp .gpu/matrices/soc-Slashdot0902.mtx.gz .gpu/matrices/cage11.mtx.gz $c/real/
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
cfgs="256,8 256,4 512,8 512,4 128,8 1024,4"
for round in 1 2; do
  for m in rmat:21 rmat:20 random:1000000:20:uniform laplace3d:100 $c/real/soc-Slashdot0902.mtx.gz $c/real/cage11.mtx.gz; do
    name=$(basename $m .mtx.gz | tr ':' '_')
    for prec in double single; do
      list=$cfgs; [ $round = 2 ] && list=$(echo $cfgs | tr ' ' '\n' | tac | tr '\n' ' ')
      for cfg in $list; do
        wg=${cfg%,*} it=${cfg#*,}
        timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats csr_adaptive --wg-size $wg --adaptive-items $it \
          --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_w${wg}_i${it}_$round.json 2>$c/r/${name}_${prec}_w${wg}_i${it}_$round.err
      done
    done
  done
  echo "round $round $(($(date +%s) - t0)) s" >>$c/host.txt
  save
  [ $(($(date +%s) - t0)) -gt 330 ] && break
done
left=$((520 - ($(date +%s) - t0)))
[ $left -gt 60 ] && SPMVP_MATRICES="rmat:21 rmat:20 random:1000000:20:uniform laplace3d:100" CUSPARSE_REF_ARGS="--runs 30 --warmup 10 --batch 200" timeout $left scripts/gpu_cusparse.sh $c/cu $c/real >$c/cusparse.log 2>&1
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt
