#!/bin/bash
# stop 40, call 1 (H100): the narrowing A/B on medium matrices (narrow.sh), then a second
# session of the real matrices' setups at today's code (HEAD's tree, old narrowing):
# .gpu/s40/NAME.sess2.nan.tsv.gz refilled by train, limited to LIM seconds.
source .gpu/setup.sh >/dev/null 2>&1
set -u
NAME=${NAME:-h100} LIM=${LIM:-380}
mkdir -p "$OUT/t"
t0=$(date +%s)
{ nproc; lscpu | grep -E 'Model name|NUMA node|^CPU\(s\)'; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/t/host.txt" 2>&1
M=.gpu/matrices
MATS="$M/bcspwr10.mtx.gz $M/add32.mtx.gz $M/ex2.mtx.gz $M/tomography.mtx.gz $M/commanche.mtx.gz $M/lp_dfl001.mtx.gz $M/lp_pilot.mtx.gz $M/mbeaflw.mtx.gz $M/crack.mtx.gz $M/fe_4elt2.mtx.gz $M/bcsstk13.mtx.gz $M/lp_qap15.mtx.gz $M/msc04515.mtx.gz $M/bcsstk15.mtx.gz $M/USFCA72.mtx.gz $M/Bowdoin47.mtx.gz $M/nh2010.mtx.gz $M/email-Enron.mtx.gz $M/American75.mtx.gz $M/bcsstk33.mtx.gz random:50000:20:fixed laplace3d:50 rmat:16 random:300000:32:fixed"
OUT="$OUT/t" MATS="$MATS" R=${R:-4} bash .gpu/s40/narrow.sh
echo "narrow $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >"$OUT/t/build.log" 2>&1 || exit 1
tab=/tmp/$NAME.sess2.tsv
zcat .gpu/s40/$NAME.sess2.nan.tsv.gz >$tab
log=$OUT/t/sess2.log
./build-gpu/spmvp train --device nvidia --base ".gpu/nvidia-$NAME.json" --table $tab -o /tmp/x.json \
    --manifest $M/MANIFEST.tsv --all-configs-nnz 70 --corpus none $M/*.mtx.gz >>"$log" 2>&1 &
pid=$! s=$(date +%s)
while kill -0 $pid 2>/dev/null; do
    grep -q "configurations measured now" "$log" && break
    [ $(($(date +%s) - s)) -gt "$LIM" ] && { echo "LIMIT" >>"$OUT/t/host.txt"; break; }
    sleep 1
done
kill $pid 2>/dev/null; wait $pid 2>/dev/null
echo "sess2 $(($(date +%s) - s)) s" >>"$OUT/t/host.txt"
cp $tab "$OUT/t/" && gzip "$OUT/t/$NAME.sess2.tsv"
echo "total $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
cd "$OUT" && tar czf t.tgz t && rm -rf t
