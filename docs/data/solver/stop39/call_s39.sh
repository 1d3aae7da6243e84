#!/bin/bash
# stop 39: the setup (host conversion + upload) of every training row measured again after the
# conversions moved to OpenMP threads and single precision's narrowing to chunks.
# NAME=h100|h200. PART=ab: the old tree (.gpu/s39/old.tgz, HEAD before the change) and the new
# one, each refilling the setup of the same six GPU-scale matrices (a copy of the table with
# their setup columns nan), old first, then new. PART=full (or ab+full): the new tree refills
# the whole table (.gpu/s39/NAME.nan.tsv.gz), resumed from $OUT-less copies in .gpu/s39/ if any.
source .gpu/setup.sh >/dev/null 2>&1
set -u
NAME=${NAME:-h100} PART=${PART:-ab+full} LIM=${LIM:-300}
mkdir -p "$OUT/t"
t0=$(date +%s)
{ nproc; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; lscpu | grep -E 'Model name|NUMA node|^CPU\(s\)';
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/t/host.txt" 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >"$OUT/t/build.log" 2>&1 || exit 1
SUB="random:300000:32:fixed laplace3d:100 rmat:20 band:1000000:8 random:50000:300:normal longrows:1000000:4:40:50000"
run() { # BIN TABLE LIMIT ARGS...: refill until "measured now" (before the fit) or LIMIT seconds
    local bin=$1 tab=$2 lim=$3 log=$OUT/t/$(basename "$2" .tsv)-$(basename "$(dirname "$(dirname "$1")")").log
    shift 3
    $bin train --device nvidia --base ".gpu/nvidia-$NAME.json" --table "$tab" -o /tmp/x.json \
        --manifest .gpu/matrices/MANIFEST.tsv --all-configs-nnz 70 "$@" >>"$log" 2>&1 &
    local pid=$! s=$(date +%s)
    while kill -0 $pid 2>/dev/null; do
        grep -q "configurations measured now" "$log" && break
        [ $(($(date +%s) - s)) -gt "$lim" ] && { echo "LIMIT $tab" >>"$OUT/t/host.txt"; break; }
        sleep 1
    done
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    echo "$(basename "$tab") $bin: $(($(date +%s) - s)) s" >>"$OUT/t/host.txt"
}
if [[ $PART == ab* ]]; then
    mkdir -p /tmp/old && tar xzf .gpu/s39/old.tgz -C /tmp/old &&
    { cmake -S /tmp/old/old -B /tmp/old/old/build -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF &&
      cmake --build /tmp/old/old/build --target spmvp -j 16; } >"$OUT/t/build-old.log" 2>&1 || exit 1
    for v in old new; do
        zcat .gpu/s39/$NAME.ab.tsv.gz >/tmp/$NAME.ab-$v.tsv
        bin=./build-gpu/spmvp; [ $v = old ] && bin=/tmp/old/old/build/spmvp
        # shellcheck disable=SC2086
        run $bin /tmp/$NAME.ab-$v.tsv 150 --corpus none $SUB
        cp /tmp/$NAME.ab-$v.tsv "$OUT/t/"
    done
fi
if [[ $PART == *full ]]; then
    tab=/tmp/$NAME.full.tsv
    [ -f .gpu/s39/$NAME.full.tsv.gz ] && zcat .gpu/s39/$NAME.full.tsv.gz >$tab || zcat .gpu/s39/$NAME.nan.tsv.gz >$tab
    if [ -n "${SPECS:-}" ]; then # the rows a limited run left without setup
        # shellcheck disable=SC2086
        run ./build-gpu/spmvp $tab "$LIM" --corpus none $SPECS
    elif [ "$NAME" = h200 ]; then
        run ./build-gpu/spmvp $tab $((LIM * 3 / 4))
        run ./build-gpu/spmvp $tab $((LIM / 4)) --quick --corpus none .gpu/matrices/*.mtx.gz
    else
        run ./build-gpu/spmvp $tab "$LIM" .gpu/matrices/*.mtx.gz
    fi
    cp $tab "$OUT/t/"
fi
echo "total $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
cd "$OUT" && tar czf t.tgz t && rm -rf t
