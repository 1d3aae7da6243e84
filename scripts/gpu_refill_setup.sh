#!/bin/bash
# scripts/gpu_refill_setup.sh: a training table's setup columns measured again on the `device`
# tool's GPU, after a change to a conversion or an upload (stops 39-41, docs/solver-h100.md).
# On this machine first:
#   python3 scripts/setup_refill.py mark devices/nvidia-NAME.train.tsv .gpu/NAME.refill.tsv.gz [SELECT...]
#   cp devices/nvidia-NAME.json .gpu/    (and the real matrices into .gpu/matrices)
# Then, carrying .gpu:  NAME=h100 scripts/gpu_refill_setup.sh
# `spmvp train` resumes the table and measures the setup of its rows whose convert_us is nan
# (a setup under 50 ms twice, the lesser kept), and nothing else. NAME=h200 runs the
# generated corpus at every configuration, then the real matrices at --quick, as that table
# was made. Back here, from $OUT/t.tgz:
#   python3 scripts/setup_refill.py merge devices/nvidia-NAME.train.tsv NAME.refill.tsv.gz \
#       devices/nvidia-NAME.train.tsv --take convert|upload|both [--lesser] [SELECT...]
# and refit the profile from the table: `spmvp train --corpus none --base OLD.json --table
# devices/nvidia-NAME.train.tsv -o devices/nvidia-NAME.json`. Rows left nan at the time limit stay
# nan in the returned table: mark that table and call again. LIM: seconds in all (default
# 480; the H200 gives the real matrices a quarter). REAL=1 for a table of the real matrices
# alone (a second session's, for `spmvp cv --session`): no generated corpus, all of LIM to them.
source .gpu/setup.sh >/dev/null 2>&1
set -u
NAME=${NAME:-h100} LIM=${LIM:-480} REAL=${REAL:-0}
M=.gpu/matrices tab=/tmp/$NAME.refill.tsv
mkdir -p "$OUT/t"
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >"$OUT/t/host.txt" 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >"$OUT/t/build.log" 2>&1 || { tail -20 "$OUT/t/build.log"; exit 1; }
zcat ".gpu/$NAME.refill.tsv.gz" >"$tab" || exit 1
n=0
run() { # LIMIT ARGS...: one resumed train, stopped once it has measured or at LIMIT seconds
    local lim=$1; shift
    n=$((n + 1))
    local log=$OUT/t/$NAME.refill.$n.log # its own: a line of the last run's must not end this one
    ./build-gpu/spmvp train --device nvidia --base ".gpu/nvidia-$NAME.json" --table "$tab" -o /tmp/x.json \
        --manifest $M/MANIFEST.tsv --all-configs-nnz 70 "$@" >"$log" 2>&1 &
    local pid=$! s
    s=$(date +%s)
    while kill -0 $pid 2>/dev/null; do
        grep -q "configurations measured now" "$log" && break
        [ $(($(date +%s) - s)) -gt "$lim" ] && { echo "run $n: LIMIT" >>"$OUT/t/host.txt"; break; }
        sleep 1
    done
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    echo "run $n: $(($(date +%s) - s)) s" >>"$OUT/t/host.txt"
}
if [ "$REAL" = 1 ]; then
    [ "$NAME" = h200 ] && q=--quick || q=
    run "$LIM" $q --corpus none $M/*.mtx.gz
elif [ "$NAME" = h200 ]; then
    run $((LIM * 3 / 4))
    run $((LIM / 4)) --quick --corpus none $M/*.mtx.gz
else
    run "$LIM" $M/*.mtx.gz
fi
gzip -c "$tab" >"$OUT/t/$NAME.refill.tsv.gz"
echo "nan left: $(awk -F'\t' '/^#/{next} !h{for(i=1;i<=NF;i++)if($i=="convert_us")c=i;h=1;next} $c=="nan"{k++} END{print k+0}' "$tab")" >>"$OUT/t/host.txt"
echo "total $(($(date +%s) - t0)) s" >>"$OUT/t/host.txt"
cd "$OUT" && tar czf t.tgz t && rm -rf t
