#!/bin/bash
# scripts/gpu_pending.sh OUTDIR: kernel patches not yet on main measured in one call of the
# device tool (within its 10 minutes; first used for docs/data/h100-one-launch): the working
# tree must hold main with the patches applied, and
# .gpu/a main as it is (`git archive main | tar -x -C .gpu/a`). First scripts/gpu_verify.sh
# (the patched kernels against the CPU on the GPU, their fences listed), then, only if that
# passed, scripts/gpu_ab.sh of the four changed formats, A = main, B = patched, on the
# GPU-scale set and every fourth real matrix of .gpu/matrices by size, both precisions,
# stopping new matrices after LIMIT seconds (default 470; the verify is cut off after
# VERIFY_LIMIT, 240). The device tool brings back at most 8 files, so everything ends up in
# OUTDIR/pending.tgz (verify.txt beside it). Then, here:
#   tar xzf OUTDIR/pending.tgz -C /tmp && scripts/ab_table.py /tmp/ab
# On the device machine, `source .gpu/setup.sh` first.
set -u
out=$1
t0=$(date +%s)
export VERIFY_LIMIT=${VERIFY_LIMIT:-240}
pack() { # the device tool's 8 files: one archive
    cp "$out/verify/verify.txt" "$out/" 2>/dev/null
    tar czf "$out/pending.tgz" -C "$out" verify $([ -d "$out/ab" ] && echo ab) && rm -rf "$out/verify" "$out/ab"
}
if ! scripts/gpu_verify.sh "$out/verify"; then
    echo "gpu_pending: the patched kernels failed on the GPU: not timed" >&2
    pack
    exit 1
fi
reals=$(ls -S .gpu/matrices/*.mtx.gz 2>/dev/null | awk 'NR % 4 == 1')
LIMIT=$((${LIMIT:-470} - ($(date +%s) - t0))) FORMATS=${FORMATS:-coo,hyb,csr_adaptive,brc} RUNS=${RUNS:-30} \
    scripts/gpu_ab.sh "$out/ab" .gpu/a . laplace3d:100 laplace3d27:60 rmat:20 \
    random:1000000:20:uniform random:50000:300:fixed longrows:1000000:4:36:50000 $reals
pack
