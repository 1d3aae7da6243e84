#!/bin/bash
# scripts/gpu_rank.sh [MATRIX[@PRECISION]...]: on the GPU machine (carry .gpu): build, then the
# README's main job: `spmvp rank --measure N --json` (MEASURE, default 5) with each profile of
# PROFILES (default devices/nvidia-h100.json; several to compare them on one machine, their
# order alternated from matrix to matrix) for matrices the profiles were not trained on (by
# default generated ones of sizes and seeds outside the training corpus), in both precisions
# or the one a @single / @double suffix names. Writes $OUT/rank/PROFILE/rank-PRECISION-MATRIX.json
# (PROFILE the file's name less .json), prints scripts/rank_oracle.py's summary of them (each
# profile's first pick against the fastest configuration any of them measured) and packs them
# into $OUT/rank.tgz.
# LIMIT (seconds, default 520) stops before a matrix that would start later.
set -e
source .gpu/setup.sh >/dev/null
cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-gpu --target spmvp -j16 >/dev/null
read -r -a profiles <<<"${PROFILES:-devices/nvidia-h100.json}"
mats=("$@")
[ ${#mats[@]} -eq 0 ] && mats=(laplace3d:130 laplace3d27:70 band:3000000:3 perm:9:laplace3d:80
    random:2000000:12:uniform rmat:19:12:5 longrows:2000000:5:30:30000 blockdiag:500000:32)
t0=$(date +%s) i=0 dirs=()
for pr in "${profiles[@]}"; do
    dirs+=("$OUT/rank/$(basename "$pr" .json)")
    mkdir -p "${dirs[-1]}"
done
for item in "${mats[@]}"; do
    m=${item%@*} precs="single double"
    [ "$m" != "$item" ] && precs=${item##*@}
    order=("${profiles[@]}")
    if [ $((i % 2)) = 1 ]; then # the other order: the first profile's runs do not always warm the GPU
        order=()
        for ((k = ${#profiles[@]} - 1; k >= 0; k--)); do order+=("${profiles[k]}"); done
    fi
    for p in $precs; do
        for pr in "${order[@]}"; do
            f="$OUT/rank/$(basename "$pr" .json)/rank-$p-$(echo "$m" | tr ':/' '__').json"
            timeout 120 ./build-gpu/spmvp rank "$m" --profile "$pr" --precision $p --measure "${MEASURE:-5}" \
                --device nvidia --json >"$f" 2>"${f%.json}.err" || echo "failed: $m $p $pr" >&2
        done
    done
    i=$((i + 1))
    [ $(($(date +%s) - t0)) -gt "${LIMIT:-520}" ] && { echo "LIMIT after $i matrices" >&2; break; }
done
python3 scripts/rank_oracle.py "${dirs[@]}"
# one archive: the device tool brings back a limited number of files (stop 57 lost the JSON)
tar czf "$OUT/rank.tgz" -C "$OUT" rank && rm -rf "$OUT/rank"
