#!/bin/bash
# scripts/gpu_goals.sh: issue 10's goals table measured in one session of both sides, as stops
# 28, 30 and 32 did (their call_s28h.sh, call_s30h.sh, call_s32c.sh in docs/data/h100-kernels/):
# scripts/gpu_kernels.sh without its sweeps (every format at its automatic mapping, both
# precisions, on the GPU-scale set), SELL with 16-bit columns beside it on the three matrices
# where it applies (the variant rank ranks), then scripts/gpu_cusparse.sh on the same matrices.
# TAG names the run (/tmp/TAG, $OUT/TAG.tgz, rewritten every 20 s so that a cut call keeps what
# it measured). About 180 s on the H100. Back here:
#   scripts/side_by_side.py --by batch DIR/sp DIR/cu (with SELL 16; copy DIR/sp/bench_*.json
#   apart for bench's defaults; --spmvp / --cusparse for the COO and CSR rows)
# On the device machine, carrying .gpu.
source .gpu/setup.sh >/dev/null 2>&1
set -u
tag=${TAG:?set TAG}
t0=$(date +%s)
r=/tmp/$tag
rm -rf "$r"
mkdir -p "$r/empty" "$r/sp" "$r/cu"
save() { tar czf "$OUT/$tag.tgz.part" -C /tmp "$tag" 2>/dev/null && mv "$OUT/$tag.tgz.part" "$OUT/$tag.tgz"; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >"$r/build.log" 2>&1
( while sleep 20; do save; done ) &
saver=$!
SPMVP=./build-gpu/spmvp SPMVP_SWEEP="" timeout 330 scripts/gpu_kernels.sh "$r/sp" "$r/empty" >"$r/kernels.log" 2>&1
for p in double single; do
    for m in laplace3d:100 laplace3d27:60 random:50000:300:fixed; do
        timeout 40 ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats sell --sell-idx 16 \
            --runs 50 --warmup 10 --batch 200 --json >"$r/sp/sell16_$(echo $m | tr ':' '_')_$p.json" 2>/dev/null
    done
done
echo "spmvp done $(($(date +%s) - t0)) s" >>"$r/times.txt"
save
timeout $((570 - ($(date +%s) - t0))) scripts/gpu_cusparse.sh "$r/cu" "$r/empty" >"$r/cusparse.log" 2>&1
echo "total $(($(date +%s) - t0)) s" >>"$r/times.txt"
kill $saver
save
