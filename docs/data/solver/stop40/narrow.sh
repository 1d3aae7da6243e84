#!/bin/bash
# stop 40: single-precision narrowing A/B (old / chunked blocking / chunked non-blocking /
# chunked blocking serial), default OpenMP wait policy and passive. DEV=nvidia|pocl R=rounds
# MATS=... (files or generator specs). Writes $OUT/narrow-{active,passive}.tsv.
set -u
DEV=${DEV:-nvidia} R=${R:-3} J=${J:-16}
rm -rf /tmp/ab && mkdir -p /tmp/ab && tar cf - --exclude=./.gpu --exclude='./build*' --exclude=./docs --exclude=./devices . | tar xf - -C /tmp/ab
patch -p1 -d /tmp/ab <.gpu/s40/spmv_ab.patch >/dev/null || exit 1 # on the tree of 341619e
{ cmake -S /tmp/ab -B /tmp/ab/b -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build /tmp/ab/b --target spmvp_static -j "$J"; } >"$OUT/ab-build.log" 2>&1 || { echo build failed; tail -20 "$OUT/ab-build.log"; exit 1; }
XGB=$(sed -n 's/^XGBOOST_LIBRARY:FILEPATH=//p' /tmp/ab/b/CMakeCache.txt)
gcc -O2 -std=c11 -fopenmp -I/tmp/ab/host/ocl -I/tmp/ab/model/sparse -I/tmp/ab/model/predict -I/tmp/ab/b \
  .gpu/s40/narrow_ab.c /tmp/ab/b/libspmvp.a $(pkg-config --libs libcjson 2>/dev/null) -lOpenCL -lgsl -lgslcblas -lz -lm ${XGB:+$XGB} \
  -o /tmp/ab/narrow_ab >>"$OUT/ab-build.log" 2>&1 || { echo link failed; tail -20 "$OUT/ab-build.log"; exit 1; }
# shellcheck disable=SC2086
/tmp/ab/narrow_ab "$DEV" "$R" $MATS >"$OUT/narrow-active.tsv" 2>"$OUT/narrow-active.err"
# shellcheck disable=SC2086
OMP_WAIT_POLICY=passive /tmp/ab/narrow_ab "$DEV" "$R" $MATS >"$OUT/narrow-passive.tsv" 2>"$OUT/narrow-passive.err"
