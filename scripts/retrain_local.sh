#!/bin/bash
# scripts/retrain_local.sh NAME FORMAT[,FORMAT...] S1 S2
#     [--generated-only | --anchor A [--generated-only]]:
# the half of scripts/gpu_retrain.sh that runs here. S1 and S2 are the two session tables it
# returned (NAME.s1.tsv, NAME.s2.tsv from $OUT/t.tgz; a single session: give S1 twice), whose FORMAT
# rows were measured again. This script:
#   1. makes S1 the shipped table devices/nvidia-NAME.train.tsv (NAME h100 or h200; or a
#      profile's own stem, pocl-cpu for devices/pocl-cpu.json), and merges S2 into it (each
#      configuration's lesser time);
#   2. gives the FORMAT rows back the setup columns of the committed table, the session that
#      measured every format (scripts/keep_setup.py; --generated-only: generated matrices only,
#      for a table whose real matrices were all measured again together);
#   --anchor A instead: S1 and S2 measured the unchanged format A beside FORMAT (gpu_retrain.sh
#      with A's rows dropped too), and scripts/anchor_rows.py replaces 1. and 2.: FORMAT's rows,
#      each the lesser of S1's and S2's, scaled per matrix and precision by the committed
#      table's A time over the new sessions', into the committed table (A's rows and every
#      setup column kept). On the H100s of the device tool a session's launches differ from
#      another's by 1-2 µs, the gap between formats on a launch-bound product (stop 43);
#      --anchor A --generated-only keeps the real matrices' FORMAT rows as committed (stop 53:
#      their launch-bound products land on one of two levels run to run, which no anchor undoes);
#   3. refits the profile beside its table (devices/, so that the profile names its table
#      relatively: a profile written elsewhere and moved there names a path that no longer
#      resolves, as stop 29's did), and moves it over devices/nvidia-NAME.json.
# Run from the repository root after scripts/build.sh; it needs python3 and git. The profile
# and table are rewritten through temporary files; on a failure the committed ones are in git.
set -eu
if [ $# -lt 4 ]; then
    echo "usage: $0 NAME FORMAT[,FORMAT...] S1 S2" \
        "[--generated-only | --anchor A [--generated-only]]" >&2
    exit 2
fi
name=$1 fmt=$2 s1=$3 s2=$4
shift 4
stem=nvidia-$name # h100 -> devices/nvidia-h100.json; a full stem (pocl-cpu) names its own
[ -f "devices/$name.json" ] && stem=$name
prof=devices/$stem.json
tab=devices/$stem.train.tsv
new=devices/$stem.new.json
for f in "$prof" "$tab" "$s1" "$s2"; do
    [ -r "$f" ] || { echo "$0: $f: cannot read" >&2; exit 1; }
done
old=$(mktemp)
trap 'rm -f "$old"' EXIT
git show "HEAD:$tab" >"$old"
if [ "${1:-}" = --anchor ]; then
    [ $# -eq 2 ] || { [ $# -eq 3 ] && [ "$3" = --generated-only ]; } ||
        { echo "$0: --anchor takes one format, then --generated-only or nothing" >&2; exit 2; }
    python3 scripts/anchor_rows.py "$old" "$s1" "$s2" "$fmt" "$2" -o "$tab" ${3:+"$3"}
else
    cp "$s1" "$tab.tmp" && mv "$tab.tmp" "$tab"
    # the merge's own fit is overwritten below: fitted with --merge, a profile records the two
    # tables' differences as the device's session noise, and here they differ only in FORMAT's rows
    ./build/spmvp train --corpus none --base "$prof" --table "$tab" --merge "$s2" -o "$new" >/dev/null
    python3 scripts/keep_setup.py "$old" "$tab" "$fmt" "$@"
fi
./build/spmvp train --corpus none --base "$prof" --table "$tab" -o "$new"
mv "$new" "$prof"
