#!/bin/bash
# scripts/gpu_retrain.sh: one format's training rows measured again on the `device` tool's GPU
# (after a kernel change), as docs/data/h100-serial/ did. On this machine first:
#   awk -F'\t' 'NR<=2 || $4!="FORMAT"' devices/nvidia-NAME.train.tsv > .gpu/NAME.drop.tsv
#   cp devices/nvidia-NAME.json .gpu/
# (drop an unchanged format too, `&& $4!="csr_scalar"`, to anchor the new rows to the table's
# session: retrain_local.sh's --anchor, below, stop 43; add `|| $3!="double"` to drop one
# precision only; to measure every real matrix again in one session, as stop 31 did for the
# H100: `NR<=2 || ($1 ~ /:/ && ...)` keeps only generated rows, 11,300 real rows in 164-215 s).
# Then, carrying .gpu (with .gpu/matrices):
#   NAME=h100 scripts/gpu_retrain.sh        (PREC=double to measure one precision)
# It resumes `spmvp train` twice on copies of that table, each run stopped before its fit, so
# only the dropped rows are measured, twice. NAME=h200 measures the generated corpus at every
# configuration and the real matrices at --quick, as that table was made. Back here, with the
# two tables from $OUT/t.tgz:
#   scripts/retrain_local.sh NAME FORMAT NAME.s1.tsv NAME.s2.tsv [--anchor csr_scalar]
# which merges the two sessions into devices/nvidia-NAME.train.tsv, gives the FORMAT rows back
# the setup (conversion, upload) of the session that measured every format (a kernel change
# cannot move it, another session can: stop 29), and refits the profile beside its table.
# LIM: seconds a run may take (default 260; 130 for each of the H200's two parts). SESSIONS:
# which of the two runs to make (default "1 2"; "1" then "2" in two calls of the device tool
# leaves room for other work in each). MATRICES: what to measure instead of the table's own
# matrices, e.g. MATRICES="--corpus none perm:band:30000:40 ..." for matrices new to the corpus
# (no drop table then: copy the whole table to .gpu/NAME.drop.tsv, and give retrain_local.sh
# the FORMAT none, as no committed row has setup to give back; stop 30).
source .gpu/setup.sh >/dev/null 2>&1
set -u
NAME=${NAME:-h100}
t0=$(date +%s)
mkdir -p "$OUT/t"
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >"$OUT/t/build.log" 2>&1 || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$OUT/t/gpu.txt"
date -u +%FT%TZ >>"$OUT/t/gpu.txt"
run() { # TABLE LIMIT ARGS...: train until it has measured (before the fit) or LIMIT seconds
    local tab=$1 lim=$2 log
    shift 2
    # a log of its own per run: a second run of the same table (the H200's real matrices) must
    # not find the first run's "measured now" and be stopped at once (2026-11-24, stop 27)
    runs=$((${runs:-0} + 1))
    log=$OUT/t/train-$(basename "$tab" .tsv)-$runs.log
    ./build-gpu/spmvp train --device nvidia --base ".gpu/nvidia-$NAME.json" --table "$tab" -o "$OUT/t/x.json" \
        --manifest .gpu/matrices/MANIFEST.tsv --all-configs-nnz 70 --precision "${PREC:-both}" "$@" >>"$log" 2>&1 &
    local pid=$! s
    s=$(date +%s)
    while kill -0 $pid 2>/dev/null; do
        # the whole log: the fit prints pages within a second of this line (stop 30: a tail
        # missed it, and both sessions fitted for 80 s until LIMIT)
        grep -q "configurations measured now" "$log" && break
        [ $(($(date +%s) - s)) -gt "$lim" ] && { echo "LIMIT $tab $*" >>"$OUT/t/gpu.txt"; break; }
        sleep 1
    done
    kill $pid 2>/dev/null
    wait $pid 2>/dev/null
    echo "$(basename "$tab"): $(($(date +%s) - s)) s, $(wc -l <"$tab") lines" >>"$OUT/t/gpu.txt"
}
for s in ${SESSIONS:-1 2}; do
    tab=.gpu/$NAME.s$s.tsv
    [ -f "$tab" ] || cp ".gpu/$NAME.drop.tsv" "$tab"
    if [ -n "${MATRICES:-}" ]; then
        # shellcheck disable=SC2086 # a list of arguments
        run "$tab" "${LIM:-260}" $MATRICES
    elif [ "$NAME" = h200 ]; then
        run "$tab" "${LIM:-130}"
        run "$tab" "${LIM:-130}" --quick --corpus none .gpu/matrices/*.mtx.gz
    else
        run "$tab" "${LIM:-260}" .gpu/matrices/*.mtx.gz
    fi
    cp "$tab" "$OUT/t/"
done
echo "total $(($(date +%s) - t0)) s" >>"$OUT/t/gpu.txt"
cd "$OUT" && tar czf t.tgz t && rm -rf t
