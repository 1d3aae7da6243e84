#!/bin/bash
# stop 40, calls 9-10: SELL-C-sigma's window sorts on threads. NAME=h100: same session, the
# conversion of seven GPU-scale matrices by 616cda7 (sorts on one thread) and by this tree,
# alternating, 5 times each (sell_time.c); then (both GPUs) the SELL rows' setups refilled by
# this tree (.gpu/s40/NAME.sell.nan.tsv.gz, convert_us nan), limited to LIM seconds.
source .gpu/setup.sh >/dev/null 2>&1
set -u
NAME=${NAME:-h100} LIM=${LIM:-360}
mkdir -p "$OUT/t"
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/t/host.txt" 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp spmvp_sparse -j 16; } >"$OUT/t/build.log" 2>&1 || exit 1
if [ "$NAME" = h100 ]; then
    mkdir -p /tmp/old && tar xzf .gpu/s40/old.tgz -C /tmp/old
    { cmake -S /tmp/old/old -B /tmp/old/old/b -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build /tmp/old/old/b --target spmvp_sparse -j 16; } >"$OUT/t/build-old.log" 2>&1 || exit 1
    for v in old new; do
        lib=build-gpu/libspmvp_sparse.a inc=model/sparse
        [ $v = old ] && lib=/tmp/old/old/b/libspmvp_sparse.a inc=/tmp/old/old/model/sparse
        gcc -O2 -std=c11 -fopenmp -I$inc .gpu/s40/sell_time.c $lib -lgsl -lgslcblas -lz -lm -o /tmp/sell_$v >>"$OUT/t/build-old.log" 2>&1 || exit 1
    done
    MATS="laplace3d:100 laplace3d27:60 rmat:20 random:1000000:20:uniform random:50000:300:fixed longrows:1000000:4:36:50000 band:1000000:8"
    for m in $MATS; do
        for v in old new old new old new; do /tmp/sell_$v 1 $m | sed "s/^/$v\t/" >>"$OUT/t/sell-ab.tsv"; done
    done
    echo "ab $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
fi
M=.gpu/matrices tab=/tmp/$NAME.sell.tsv log=$OUT/t/$NAME.sell.log
zcat .gpu/s40/$NAME.sell.nan.tsv.gz >$tab
run() { # LIMIT ARGS...
    local lim=$1; shift
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
    run $((LIM * 3 / 4))
    run $((LIM / 4)) --quick --corpus none $M/*.mtx.gz
else
    run "$LIM" $M/*.mtx.gz
fi
gzip -c $tab >"$OUT/t/$NAME.sell.tsv.gz"
echo "total $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
cd "$OUT" && tar czf t.tgz t && rm -rf t
