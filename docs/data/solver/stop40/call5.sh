#!/bin/bash
# stop 40, call 5 (H100): the narrowing inside train's refill, same session: old (341619e:
# a new array of n floats, one thread), new (733b16e: chunks, threads, blocking writes), ser
# (chunks, one thread), on the real matrices of 2 x 10^4 entries and more, single precision,
# in the order old new ser ser new old. Each refills .gpu/s40/h100.abreal.nan.tsv.gz.
source .gpu/setup.sh >/dev/null 2>&1
set -u
mkdir -p "$OUT/t"
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/t/host.txt" 2>&1
mkdir -p /tmp/old && tar xzf .gpu/s40/old.tgz -C /tmp/old
rm -rf /tmp/ser && mkdir -p /tmp/ser && tar cf - --exclude=./.gpu --exclude='./build*' --exclude=./docs --exclude=./devices . | tar xf - -C /tmp/ser
sed -i '/^void spmvp_narrow_values/,/^}/{/#pragma omp/d}' /tmp/ser/model/sparse/format.c
grep -A5 "^void spmvp_narrow_values" /tmp/ser/model/sparse/format.c >>"$OUT/t/host.txt"
b() { cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null && cmake --build "$2" --target spmvp -j 6 >/dev/null; }
b . build-gpu >"$OUT/t/build-new.log" 2>&1 & b /tmp/old/old /tmp/old/old/build >"$OUT/t/build-old.log" 2>&1 & b /tmp/ser /tmp/ser/build >"$OUT/t/build-ser.log" 2>&1 &
wait
declare -A BIN=([old]=/tmp/old/old/build/spmvp [new]=./build-gpu/spmvp [ser]=/tmp/ser/build/spmvp)
for v in old new ser; do [ -x "${BIN[$v]}" ] || { echo "no $v" >>"$OUT/t/host.txt"; exit 1; }; done
echo "built $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
M=.gpu/matrices
FILES=$(for m in $(zcat .gpu/s40/h100.abreal.nan.tsv.gz | awk -F'\t' 'NR>2{print $1}' | sort -u); do echo $M/$m.mtx.gz; done)
i=0
for v in old new ser ser new old; do
    i=$((i + 1)); tab=/tmp/ab$i-$v.tsv log=$OUT/t/ab$i-$v.log
    zcat .gpu/s40/h100.abreal.nan.tsv.gz >$tab
    # shellcheck disable=SC2086
    ${BIN[$v]} train --device nvidia --base .gpu/nvidia-h100.json --table $tab -o /tmp/x.json \
        --manifest $M/MANIFEST.tsv --all-configs-nnz 70 --corpus none $FILES >>"$log" 2>&1 &
    pid=$! s=$(date +%s)
    while kill -0 $pid 2>/dev/null; do
        grep -q "configurations measured now" "$log" && break
        [ $(($(date +%s) - s)) -gt 80 ] && { echo "LIMIT $tab" >>"$OUT/t/host.txt"; break; }
        sleep 1
    done
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    echo "ab$i $v $(($(date +%s) - s)) s" >>"$OUT/t/host.txt"
    gzip -c $tab >"$OUT/t/ab$i-$v.tsv.gz"
done
echo "total $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
cd "$OUT" && tar czf t.tgz t && rm -rf t
