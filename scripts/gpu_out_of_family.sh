#!/bin/bash
# scripts/gpu_out_of_family.sh: on the GPU machine (carry .gpu with the profile, and its
# training table beside it), rank's first pick against the fastest measured, on matrices of
# three families no training table holds (blocks3d, arrow, powerlaw; stop 28's seven, the
# same since, so that stops compare): both precisions, `spmvp rank --measure 8 --json` (the
# trusted model), then `spmvp bench --json` (every format at its automatic mapping) as a second
# source of the best measured time. Back here: scripts/rank_oracle.py on the unpacked folder.
# Environment: PROFILE (default .gpu/nvidia-h100.json), TAG (the folder and $OUT/TAG.tgz;
# default oof), LIMIT (seconds after which no new matrix starts; default 380). The archive is
# rewritten after each matrix and precision, so what was measured comes back within the device
# tool's 10 minutes. (Made from docs/data/predictions/stop30/call_s30f.sh, stop 31.)
source .gpu/setup.sh >/dev/null 2>&1
set -u
t0=$(date +%s)
tag=${TAG:-oof}
profile=${PROFILE:-.gpu/nvidia-h100.json}
r=/tmp/$tag
rm -rf "$r" && mkdir -p "$r" || exit 1
save() { tar czf "$OUT/$tag.tgz.part" -C /tmp "$tag" && mv "$OUT/$tag.tgz.part" "$OUT/$tag.tgz"; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >"$r/build.log" 2>&1 ||
    { echo "build failed" >>"$r/summary.txt"; save; exit 1; }
echo "build $(($(date +%s) - t0)) s" >>"$r/summary.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv >"$r/gpu.txt" 2>&1
sha256sum "$profile" >>"$r/gpu.txt"
save
mats="blocks3d:40:3 powerlaw:1000000:4:100000:1 arrow:1000000:2:2 perm:5:blocks3d:30:3 blocks3d:16:3 powerlaw:100000:2:20000:2 arrow:200000:1:2"
for m in $mats; do
    for p in double single; do
        [ $(($(date +%s) - t0)) -gt "${LIMIT:-380}" ] && { echo "LIMIT before $m $p" >>"$r/summary.txt"; break 2; }
        n=$(echo "$m" | tr ':/' '__')
        timeout 90 ./build-gpu/spmvp rank "$m" --profile "$profile" --precision $p --measure 8 --device nvidia --top 8 --json \
            >"$r/rank-$p-$n.json" 2>"$r/rank-$p-$n.err" || echo "rank failed ($?): $m $p" >>"$r/summary.txt"
        # arrow:1000000: CSR-scalar, CSR-vector, JAD and SELL take 30-200 ms a product on its
        # dense rows (the H100's run): bench there spends its minute on them; rank's 8 suffice
        case "$m" in arrow:1000000*) continue ;; esac
        timeout 60 ./build-gpu/spmvp bench "$m" --precision $p --device nvidia --runs 10 --warmup 3 --batch 50 --json \
            >"$r/bench-$p-$n.json" 2>"$r/bench-$p-$n.err" || echo "bench failed ($?): $m $p" >>"$r/summary.txt"
        echo "$p $m $(($(date +%s) - t0)) s" >>"$r/summary.txt"
        save
    done
done
echo "total $(($(date +%s) - t0)) s" >>"$r/summary.txt"
save
