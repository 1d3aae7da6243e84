#!/bin/bash
# stop 40, call 2 (H100): conversion and upload jitter against OpenMP's thread count and wait
# policy: narrow_ab (old, block, blockser narrowing) with OMP_NUM_THREADS in THREADS and both
# policies, two passes in alternating order. Writes $OUT/t/n-T-POL-PASS.tsv.
source .gpu/setup.sh >/dev/null 2>&1
set -u
mkdir -p "$OUT/t"
t0=$(date +%s)
rm -rf /tmp/ab && mkdir -p /tmp/ab && tar cf - --exclude=./.gpu --exclude='./build*' --exclude=./docs --exclude=./devices . | tar xf - -C /tmp/ab
patch -p1 -d /tmp/ab <.gpu/s40/spmv_ab.patch >/dev/null || exit 1 # on the tree of 341619e
{ cmake -S /tmp/ab -B /tmp/ab/b -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build /tmp/ab/b --target spmvp_static -j 16; } >"$OUT/t/ab-build.log" 2>&1 || exit 1
XGB=$(sed -n 's/^XGBOOST_LIBRARY:FILEPATH=//p' /tmp/ab/b/CMakeCache.txt)
gcc -O2 -std=c11 -fopenmp -I/tmp/ab/host/ocl -I/tmp/ab/model/sparse -I/tmp/ab/model/predict -I/tmp/ab/b \
  .gpu/s40/narrow_ab.c /tmp/ab/b/libspmvp.a $(pkg-config --libs libcjson) -lOpenCL -lgsl -lgslcblas -lz -lm ${XGB:+$XGB} \
  -o /tmp/ab/narrow_ab >>"$OUT/t/ab-build.log" 2>&1 || exit 1
M=.gpu/matrices
MATS="$M/bcspwr10.mtx.gz $M/add32.mtx.gz $M/tomography.mtx.gz $M/lp_pilot.mtx.gz $M/mbeaflw.mtx.gz $M/crack.mtx.gz $M/fe_4elt2.mtx.gz $M/bcsstk13.mtx.gz $M/lp_qap15.mtx.gz $M/bcsstk15.mtx.gz $M/Bowdoin47.mtx.gz $M/nh2010.mtx.gz $M/email-Enron.mtx.gz $M/American75.mtx.gz $M/bcsstk33.mtx.gz random:50000:20:fixed laplace3d:50 rmat:16 random:300000:32:fixed"
CONFS=${CONFS:-"16-active 15-active 14-active 8-active 16-passive 15-passive 14-passive 8-passive"}
for pass in 1 2; do
    list=$CONFS; [ $pass = 2 ] && list=$(echo $CONFS | tr ' ' '\n' | tac | tr '\n' ' ')
    for c in $list; do
        T=${c%-*} P=${c#*-}
        # shellcheck disable=SC2086
        OMP_NUM_THREADS=$T OMP_WAIT_POLICY=$P VARS=old,block,blockser R=${R:-2} /tmp/ab/narrow_ab nvidia 2 $MATS >"$OUT/t/n-$T-$P-$pass.tsv" 2>>"$OUT/t/err.txt"
        echo "$c pass $pass $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
    done
done
cd "$OUT" && tar czf t.tgz t && rm -rf t
