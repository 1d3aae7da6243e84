#!/bin/bash
# H100 2026-11-24 (stop 28): SELL's work-items a row (T = 1, 2, 4, 8) on rows of one length
# (96, 160, 224, 320; about 8 M entries) with x inside the L1 (20,000 columns, 80 KB) and past
# it (60,000, 240 KB), single precision: is a mean of about 180 and up better served by T = 4
# than by the automatic rule's T = 2 (a power of two at most mean / 64)? Also double at 240 KB.
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
r=/tmp/sellt; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/sellt.tgz.part -C /tmp sellt 2>/dev/null && mv $OUT/sellt.tgz.part $OUT/sellt.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$r/build.log 2>&1
for p in single double; do
    for cols in 60000 20000; do
        [ $p = double ] && [ $cols = 20000 ] && continue
        for len in 96 160 224 320; do
            rows=$((8000000 / len))
            for T in 1 2 4 8; do
                [ $(( $(date +%s) - t0 )) -gt 500 ] && { echo LIMIT >>$r/times.txt; break 4; }
                timeout 30 ./build-gpu/spmvp bench random:${rows}x$cols:$len:fixed:3 --precision $p --device nvidia \
                    --formats sell,csr_vector --sell-t $T --runs 20 --batch 100 --json >$r/${p}_${cols}_${len}_T$T.json 2>/dev/null
            done
        done
        save
    done
done
echo "total $(( $(date +%s) - t0 )) s" >>$r/times.txt
save
