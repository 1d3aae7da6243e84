#!/usr/bin/env python3
"""anchor_rows.py OLD S1 S2 FORMAT[,FORMAT...] ANCHOR -o OUT: after FORMAT's kernel changed, put its
rows measured again (S1, S2: two sessions of scripts/gpu_retrain.sh that measured FORMAT and
ANCHOR, a format whose kernel did not change; one session: give it twice) on the time scale of
the table OLD, which measured every format in one session. OUT is OLD with FORMAT's rows
replaced by the new rows, their times scaled:

    us' = min(us_S1, us_S2) x f(matrix, precision),
    f   = median over ANCHOR's mappings of  us_OLD(ANCHOR) / min(us_S1, us_S2)(ANCHOR)

(us_event and us_repeat of the session taken scaled alike; the new rows' features, which a
changed plan changes, and their kernel digest as measured; ANCHOR's rows and the setup columns
stay OLD's, as scripts/keep_setup.py keeps them). The factor is left at 1 where it is within
SPMVP_ANCHOR_BAND (default 0.01) of it: CSR-scalar's products of 10 µs and more repeated from
the H100 table's session to stop 43's within about 1 % (median 1.000, p10-p90 0.985-1.009), and
scaling them by the anchor's own noise would add noise rather than remove drift.

--generated-only replaces only the rows of generated matrices (names with ':'), keeping the real
matrices' rows as OLD has them: stop 53 kept the H200's real rows, whose launch-bound products
land on one of two levels run to run, which no anchor undoes (docs/data/predictions/stop53/).

Why: a format measured again alone comes from another session, and on the H100s of the
`device` tool a session's launches differ from the next one's by 1-2 µs, which is the whole
difference between formats on a launch-bound product. Stop 43's first retrain of CSR-adaptive
(call 1) came from a session whose launches ran faster than the table's: the table's best moved
to CSR-adaptive on 116 of its 279 launch-bound matrix-precision pairs (49 before; 67 once
anchored), and the held-out ranking lost 3-8 points.
Within one session, the ratio of two kernels is what a user sees; the anchor carries that ratio
to the table's session. Standard library only (and train_table.py): any table may be gzipped;
OUT is written through a temporary file."""
import argparse
import os
import statistics
import sys
from collections import defaultdict

from train_table import KEY, key_of, read, write

SCALED = ("us", "us_event", "us_repeat")
KEPT = ("convert_us", "upload_us")  # setup: a kernel change cannot move it, a session can
KERNEL = "kernel"  # the digest of the kernels that measured a row ("-": not recorded)


def time(v, where):
    """A measured time: a positive finite number, or a one-line error naming where it is."""
    try:
        t = float(v)
    except ValueError:
        t = float("nan")
    if not 0 < t < float("inf"):
        raise SystemExit(f"anchor_rows: {where}: us {v!r} is not a positive time")
    return t


def least(paths, formats, need):
    """Each (matrix, precision, format, mapping) of `formats` in the tables at `paths`, which
    must have the columns `need`: the row, by column name, of the session whose batch was
    faster (spmvp train --merge's rule)."""
    best = {}
    for p in paths:
        _, head, rows = read(p, need, "anchor_rows")
        fmt, us_col, key = head.index("format"), head.index("us"), key_of(head)
        for n, r in enumerate(rows):
            if r[fmt] not in formats:
                continue
            k = key(r)
            us = time(r[us_col], f"{p}: row {n + 1}")
            if k not in best or us < best[k][""]:
                best[k] = dict(zip(head, r))
                best[k][""] = us  # the parsed time
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("s1")
    ap.add_argument("s2")
    ap.add_argument("format")
    ap.add_argument("anchor")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--generated-only", action="store_true")
    a = ap.parse_args()
    band = float(os.environ.get("SPMVP_ANCHOR_BAND", "0.01"))
    formats = set(a.format.split(","))
    if a.anchor in formats:
        raise SystemExit(f"anchor_rows: the anchor {a.anchor} is one of the formats it anchors")
    comments, head, rows = read(a.old, KEY + SCALED, "anchor_rows")
    c = {name: head.index(name) for name in KEY + SCALED}
    key = key_of(head)
    # the new tables need every column the new rows replace, the key and times named first;
    # the kernel digest (spmvp 0.x tables since 2026-11-28) is optional on both sides
    need = KEY + SCALED + tuple(name for name in head if name not in KEY + SCALED + (KERNEL,))
    new = least([a.s1, a.s2], formats | {a.anchor}, need)
    if KERNEL not in head and any(KERNEL in r for r in new.values()):
        head = head + [KERNEL]  # OLD's rows did not record theirs
        rows = [r + ["-"] for r in rows]

    ratios = defaultdict(list)
    for r in rows:
        if r[c["format"]] != a.anchor:
            continue
        k = key(r)
        if k in new:
            ratios[k[:2]].append(time(r[c["us"]], f"{a.old}: {k}") / new[k][""])
    factor = {}
    for k, v in ratios.items():
        f = statistics.median(v)
        factor[k] = 1.0 if abs(f - 1) <= band else f

    out, replaced, missing, scaled = [], 0, 0, 0
    for r in rows:
        if r[c["format"]] not in formats:
            out.append(r)
            continue
        k = key(r)
        f = factor.get(k[:2])
        if k not in new or f is None or (a.generated_only and ":" not in r[c["matrix"]]):
            out.append(r)  # not measured again, no anchor, or kept: the old row
            missing += 1
            continue
        row = new[k]
        r = [r[i] if name in KEPT else row.get(name, "-") if name == KERNEL else row[name]
             for i, name in enumerate(head)]
        for name in SCALED:
            try:
                r[c[name]] = repr(float(row[name]) * f)
            except ValueError:
                pass  # not measured (empty): as it was
        out.append(r)
        replaced += 1
        scaled += f != 1.0

    write(a.output, comments, head, out)
    fs = sorted(factor.values())
    q = lambda p: fs[min(len(fs) - 1, int(p * len(fs)))] if fs else float("nan")
    print(f"anchor_rows: {replaced} {a.format} rows replaced ({scaled} scaled), {missing} kept; "
          f"{len(fs)} matrix-precision factors from {a.anchor}: p10 {q(0.1):.3f}, median "
          f"{q(0.5):.3f}, p90 {q(0.9):.3f} (band +-{band:g})", file=sys.stderr)


if __name__ == "__main__":
    main()
