#!/bin/bash
# stop 50, call 4 (H200): COO's persistent groups a compute unit (EXPERIMENT build:
# SPMVP_COO_RESIDENT overrides COO_RESIDENT = 1024 work-items a compute unit, i.e. 4 groups of
# 256; at 48 registers 5 fit), for HEAD's kernel (A) and one barrier (C, the build's), and
# A at work-groups of 128. Then the SASS of A and C (ptxas + cuobjdump there, if present).
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c50d; rm -rf $c; mkdir -p $c/r $c/ptxA $c/ptxC
t0=$(date +%s)
save() { tar czf $OUT/c50d.tgz.part -C /tmp c50d 2>/dev/null && mv $OUT/c50d.tgz.part $OUT/c50d.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; ls /usr/local/cuda/bin; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
for v in A C; do
  for p in single double; do
    SPMVP_DUMP_PROGRAMS=$c/ptx$v ./build-gpu/spmvp bench laplace3d27:40 --device nvidia --precision $p --formats coo --runs 3 --batch 5 --cl-dir .gpu/v/$v >/dev/null 2>>$c/ptx$v/log
  done
  for f in $c/ptx$v/coo-*.bin; do
    tr -d '\000' <$f >$f.ptx
    /usr/local/cuda/bin/ptxas -arch=sm_90 -v $f.ptx -o $f.cubin >$f.ptxas 2>&1
    /usr/local/cuda/bin/cuobjdump -sass $f.cubin >$f.sass 2>&1 || /usr/local/cuda/bin/nvdisasm $f.cubin >$f.sass 2>&1
  done
done
save
# configurations: kernel:resident:wg
cfgs="A:1024:256 A:1280:256 C:1024:256 C:1280:256 A:1280:128 A:1536:256"
i=0
for round in 1 2; do
for m in laplace3d27:60 laplace3d:100 rmat:20 random:50000:300:fixed; do
  name=$(echo $m | tr ':' '_')
  for prec in single double; do
    set -- $cfgs; n=$#; k=$((i % n)); order="${cfgs#* }"
    order=$(echo $cfgs | tr ' ' '\n' | awk -v k=$k -v n=$n '{a[NR-1]=$0} END {for (j=0;j<n;j++) print a[(j+k)%n]}')
    for cfg in $order; do
      IFS=: read -r v res wg <<<"$cfg"
      SPMVP_COO_RESIDENT=$res timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $prec --formats coo --wg-size $wg --runs 30 --warmup 10 --batch 200 --cl-dir .gpu/v/$v --json >$c/r/${name}_${prec}_$v-$res-$wg-$round.json 2>$c/r/${name}_${prec}_$v-$res-$wg-$round.err
    done
    i=$((i + 1))
  done
  [ $(($(date +%s) - t0)) -gt 480 ] && { echo "stopped at $m round $round" >>$c/host.txt; break 2; }
done
done
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt; grep -h "registers\|stack" $c/ptx*/*.ptxas | head
