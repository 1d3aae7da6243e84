#!/bin/bash
# scripts/gpu_aside.sh out [--keep PATH]... [MATRIX...] | back: makes the working tree small
# enough for the `device` tool, which copies it with the carried .gpu and refuses more than
# 64 MiB in all (the tree alone is about 90 MB: docs/data and the training tables).
#   out   moves docs/data, the training tables devices/*.train.tsv, the PoCL and paper
#         profiles, .gpu's tables (*.drop.tsv) and .gpu/matrices to $ASIDE (default
#         /tmp/spmvp-aside), keeping each --keep PATH (e.g. devices/nvidia-h200.train.tsv for
#         a call that ranks); then .gpu/matrices holds only the MATRIX names given (a name, or
#         NAME.mtx.gz, from the set aside). It lists what it moved in $ASIDE/moved and prints
#         the size left to carry.
#   back  moves every listed path back (the trimmed .gpu/matrices is replaced by the whole).
# Run from the repository root, never while tests run (they read devices/ and matrices/).
# Nothing is deleted but the trimmed copy of .gpu/matrices, whose files stay aside.
set -eu
aside=${ASIDE:-/tmp/spmvp-aside}
cmd=${1:-}
shift || true
case "$cmd" in
out)
    if [ -e "$aside/moved" ]; then
        echo "$0: $aside/moved exists: run '$0 back' first" >&2
        exit 1
    fi
    keep=() names=()
    while [ $# -gt 0 ]; do
        if [ "$1" = --keep ]; then
            [ $# -ge 2 ] || { echo "$0: --keep needs a path" >&2; exit 2; }
            keep+=("$2")
            shift 2
        else
            names+=("${1%.mtx.gz}")
            shift
        fi
    done
    mkdir -p "$aside"
    : >"$aside/moved"
    for p in docs/data devices/*.train.tsv devices/pocl-cpu.json devices/gt645m-paper.json \
        .gpu/*.drop.tsv .gpu/matrices; do
        [ -e "$p" ] || continue
        for k in "${keep[@]+"${keep[@]}"}"; do
            [ "$p" = "$k" ] && continue 2
        done
        mkdir -p "$aside/$(dirname "$p")"
        mv "$p" "$aside/$p"
        echo "$p" >>"$aside/moved"
    done
    if grep -qx .gpu/matrices "$aside/moved"; then
        mkdir -p .gpu/matrices
        # the manifest travels with any selection: `spmvp train --manifest` reads each real
        # matrix's domain from it (gpu_retrain.sh)
        [ -f "$aside/.gpu/matrices/MANIFEST.tsv" ] && cp "$aside/.gpu/matrices/MANIFEST.tsv" .gpu/matrices/
        for n in "${names[@]+"${names[@]}"}"; do
            cp "$aside/.gpu/matrices/$n.mtx.gz" .gpu/matrices/ ||
                echo "$0: $n: not in .gpu/matrices" >&2
        done
    fi
    echo "set aside in $aside: $(wc -l <"$aside/moved") paths; to carry: tracked $(git ls-files -z |
        xargs -0 du -cb 2>/dev/null | tail -1 | cut -f1) bytes, .gpu $(du -sb .gpu | cut -f1) bytes"
    ;;
back)
    [ -e "$aside/moved" ] || { echo "$0: nothing set aside in $aside" >&2; exit 1; }
    while read -r p; do
        [ "$p" = .gpu/matrices ] && rm -rf .gpu/matrices
        if [ -e "$p" ]; then
            echo "$0: $p exists here and aside: left both, $aside/$p not moved" >&2
            continue
        fi
        mv "$aside/$p" "$p"
    done <"$aside/moved"
    rm -f "$aside/moved"
    git status --short | grep -v '^ M' | head -5 || true
    ;;
*)
    echo "usage: $0 out [--keep PATH]... [MATRIX...] | back" >&2
    exit 2
    ;;
esac
