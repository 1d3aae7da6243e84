#!/bin/bash
# stop 40, call 8 (H100): where the conversions' threads should start. A copy of the tree whose
# SPMVP_PAR_MIN (plan_parts.h) is read from PARMIN at every loop; narrow_ab creates each plan
# (double precision: no narrowing) with PARMIN 65536 (shipped), 262144 and 1048576 in turn,
# back to back (GAP_US=0) and with 5 ms between creations (OpenMP's threads asleep, as between
# train's configurations), each twice in opposite orders.
source .gpu/setup.sh >/dev/null 2>&1
set -u
mkdir -p "$OUT/t"
t0=$(date +%s)
rm -rf /tmp/ab && mkdir -p /tmp/ab && tar cf - --exclude=./.gpu --exclude='./build*' --exclude=./docs --exclude=./devices . | tar xf - -C /tmp/ab
sed -i 's|^#define SPMVP_PAR_MIN 65536$|#include <stdlib.h>\n#define SPMVP_PAR_MIN (getenv("PARMIN") ? atoll(getenv("PARMIN")) : 65536LL)|' /tmp/ab/model/sparse/plan_parts.h
grep -n "SPMVP_PAR_MIN" /tmp/ab/model/sparse/plan_parts.h >"$OUT/t/host.txt"
{ cmake -S /tmp/ab -B /tmp/ab/b -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build /tmp/ab/b --target spmvp_static -j 16; } >"$OUT/t/ab-build.log" 2>&1 || { tail -30 "$OUT/t/ab-build.log"; exit 1; }
XGB=$(sed -n 's/^XGBOOST_LIBRARY:FILEPATH=//p' /tmp/ab/b/CMakeCache.txt)
gcc -O2 -std=c11 -fopenmp -I/tmp/ab/host/ocl -I/tmp/ab/model/sparse -I/tmp/ab/model/predict -I/tmp/ab/b \
  .gpu/s40/narrow_ab.c /tmp/ab/b/libspmvp.a $(pkg-config --libs libcjson) -lOpenCL -lgsl -lgslcblas -lz -lm ${XGB:+$XGB} \
  -o /tmp/ab/narrow_ab >>"$OUT/t/ab-build.log" 2>&1 || exit 1
M=.gpu/matrices
MATS="$M/bcspwr10.mtx.gz $M/add32.mtx.gz $M/tomography.mtx.gz $M/lp_pilot.mtx.gz $M/mbeaflw.mtx.gz $M/crack.mtx.gz $M/fe_4elt2.mtx.gz $M/bcsstk13.mtx.gz $M/lp_qap15.mtx.gz $M/bcsstk15.mtx.gz $M/Bowdoin47.mtx.gz $M/nh2010.mtx.gz $M/email-Enron.mtx.gz $M/American75.mtx.gz $M/bcsstk33.mtx.gz random:20000:16:fixed random:50000:20:fixed laplace3d:50 rmat:16 random:100000:20:normal"
for pass in 1 2; do
    for gap in 0 5000; do
        V=65536,262144,1048576; [ $pass = 2 ] && V=1048576,262144,65536
        # shellcheck disable=SC2086
        VARNAME=PARMIN VARS=$V PREC=8 GAP_US=$gap FMTS=ell,sell,coo,hyb,brc,jad,csr_adaptive /tmp/ab/narrow_ab nvidia 3 $MATS >"$OUT/t/p-$gap-$pass.tsv" 2>>"$OUT/t/err.txt"
        echo "gap $gap pass $pass $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
    done
done
cd "$OUT" && tar czf t.tgz t && rm -rf t
