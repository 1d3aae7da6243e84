#!/bin/bash
# scripts/gpu_rank.sh [MATRIX...]: on the GPU machine (carry .gpu): build, then the README's
# main job on the H100 with the shipped profile: `spmvp rank --measure 5` in both precisions
# for matrices the profile was not trained on (by default generated ones of sizes and seeds
# outside the training corpus), into $OUT/rank-*.txt and a summary.
set -e
source .gpu/setup.sh >/dev/null
cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-gpu -j16 >/dev/null
mats=("$@")
[ ${#mats[@]} -eq 0 ] && mats=(laplace3d:130 laplace3d27:70 band:3000000:3 perm:9:laplace3d:80
    random:2000000:12:uniform rmat:19:12:5 longrows:2000000:5:30:30000 blockdiag:500000:32)
for p in single double; do
    for m in "${mats[@]}"; do
        f="$OUT/rank-$p-$(echo "$m" | tr ':/' '__').txt"
        ./build-gpu/spmvp rank "$m" --profile devices/nvidia-h100.json --precision $p \
            --measure 5 --device nvidia --top 5 >"$f" 2>&1 || echo "failed: $m $p" >>"$f"
        echo "$p $m: $(grep '^measured:' "$f")"
    done
done
