#!/bin/bash
# stop 41, calls 3 (NAME=h100) and 4 (NAME=h200): pinned staging. The A/B (stage_ab.c, one
# process, pageable against staged uploads, 3 rounds) on GPU-scale and medium matrices; then
# the table's rows with an array of 4 MiB or more refilled (.gpu/s41/NAME.large.nan.tsv.gz,
# convert_us nan), limited to LIM seconds.
source .gpu/setup.sh >/dev/null 2>&1
set -u
NAME=${NAME:-h100} LIM=${LIM:-380} AB=${AB:-1}
mkdir -p "$OUT/t"
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/t/host.txt" 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp spmvp_static -j 16; } >"$OUT/t/build.log" 2>&1 || exit 1
if [ "$AB" = 1 ]; then
    XGB=$(sed -n 's/^XGBOOST_LIBRARY:FILEPATH=//p' build-gpu/CMakeCache.txt)
    gcc -O2 -std=c11 -fopenmp -Ihost/ocl -Imodel/sparse -Imodel/predict -Ibuild-gpu -DCL_TARGET_OPENCL_VERSION=120 \
        .gpu/s41/stage_ab.c build-gpu/libspmvp.a $(pkg-config --libs libcjson 2>/dev/null) -lOpenCL -lgsl -lgslcblas -lz -lm ${XGB:+$XGB} \
        -o /tmp/stage_ab >>"$OUT/t/build.log" 2>&1 || { echo link failed; tail -20 "$OUT/t/build.log"; exit 1; }
    M=.gpu/matrices
    MATS="random:300000:32:fixed laplace3d:100 rmat:20 random:1000000:20:uniform band:1000000:8 laplace3d27:60 random:100000:20:fixed laplace2d:500 $M/soc-Slashdot0902.mtx.gz $M/cage11.mtx.gz"
    timeout 200 /tmp/stage_ab nvidia 3 $MATS >"$OUT/t/stage-ab-$NAME.tsv" 2>"$OUT/t/stage-ab-$NAME.err"
    echo "ab $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
fi
M=.gpu/matrices tab=/tmp/$NAME.large.tsv n=0
zcat .gpu/s41/$NAME.large.nan.tsv.gz >$tab
run() { # LIMIT ARGS... (each run its own log: a line of the last run's must not end this one)
    local lim=$1; shift
    n=$((n + 1)); local log=$OUT/t/$NAME.large.$n.log
    ./build-gpu/spmvp train --device nvidia --base ".gpu/nvidia-$NAME.json" --table $tab -o /tmp/x.json \
        --manifest $M/MANIFEST.tsv --all-configs-nnz 70 "$@" >>"$log" 2>&1 &
    local pid=$! s=$(date +%s)
    while kill -0 $pid 2>/dev/null; do
        grep -q "configurations measured now" "$log" && break
        [ $(($(date +%s) - s)) -gt "$lim" ] && { echo "LIMIT" >>"$OUT/t/host.txt"; break; }
        sleep 1
    done
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    echo "refill $(($(date +%s) - s)) s" >>"$OUT/t/host.txt"
}
if [ "$NAME" = h200 ]; then
    [ "${REAL_ONLY:-0}" = 1 ] || run $((LIM * 3 / 4))
    run $((LIM / 4)) --quick --corpus none $M/*.mtx.gz
else
    run "$LIM" $M/*.mtx.gz
fi
gzip -c $tab >"$OUT/t/$NAME.large.tsv.gz"
echo "total $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
cd "$OUT" && tar czf t.tgz t && rm -rf t
