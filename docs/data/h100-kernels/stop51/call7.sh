#!/bin/bash
# stop 51, call 7 (H200): the ranges kernel's registers. A = main (stop 50's kernel, the
# working tree), K = branch coo-ranges at one range a group (.gpu/ranges, -DSPMVP_COO_RANGES=1).
# The programs NVIDIA's OpenCL built (SPMVP_DUMP_PROGRAMS: PTX) come back for ptxas -v; K is
# Call 7: K in double alone and with -cl-nv-maxrregcount=64 (call 6 spelled it with a space), which caps it at 4 groups of 256 a
# compute unit.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c51g; rm -rf $c; mkdir -p $c/r $c/ptx
t0=$(date +%s)
save() { tar czf $OUT/c51g.tgz.part -C /tmp c51g 2>/dev/null && mv $OUT/c51g.tgz.part $OUT/c51g.tgz; }
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S .gpu/ranges -B build-k1 -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-DSPMVP_COO_RANGES=1 && cmake --build build-k1 --target spmvp -j 16; } >$c/build-k1.log 2>&1 || { echo build k1 failed; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
for m in rmat:20 laplace3d27:60; do
  for prec in double; do
    name=$(echo $m | tr ':' '_')
    for v in K KR; do
      bin=./build-k1/spmvp; [ $v = A ] && bin=./build-gpu/spmvp
      mkdir -p $c/ptx/$v
      if [ $v = KR ]; then export SPMVP_CLOPTS=-cl-nv-maxrregcount=64; else unset SPMVP_CLOPTS; fi
      SPMVP_DUMP_PROGRAMS=$c/ptx/$v timeout 60 $bin bench $m --device nvidia --precision $prec --formats coo --runs 30 --warmup 10 --batch 200 --json >$c/r/${name}_${prec}_${v}.json 2>$c/r/${name}_${prec}_${v}.err
    done
  done
  [ $(($(date +%s) - t0)) -gt 170 ] && break
done
unset SPMVP_CLOPTS
for f in $c/ptx/*/*.bin; do echo "$f $(ptxas -arch=sm_90 -v $f -o /tmp/x.cubin 2>&1 | awk '/entry function .spmv_coo_tiles/{f=1} f&&/Used/{print $5" regs"; exit}')"; done >$c/regs.txt 2>&1
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
save
cat $c/host.txt $c/regs.txt
cd $c/r && for f in *.json; do python3 -c "import json;j=json.load(open('$f'));print('$f',[(r['format'],r.get('batch_us'),r['state']) for r in j['results']])"; done
