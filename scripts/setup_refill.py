#!/usr/bin/env python3
"""setup_refill.py mark|merge: the rows of a training table whose setup (convert_us,
upload_us) is measured again, and how the refill goes back into the table.

  setup_refill.py mark TABLE OUT [SELECT...]
      OUT: TABLE with convert_us = nan on the selected rows; scripts/gpu_refill_setup.sh then
      has `spmvp train` measure their setup again (both columns), nothing else.
  setup_refill.py merge TABLE REFILLED OUT --take convert|upload|both [--lesser] [SELECT...]
      OUT: TABLE with the selected rows' named columns from REFILLED (its rows matched by
      matrix, precision, format and mapping). --lesser keeps the lesser of the two values: for
      a code change that only makes the step faster, since a host that stalls only adds time
      (stop 40 and 41, docs/solver-h100.md). Rows REFILLED left nan keep TABLE's.

SELECT (every row when none is given):
  --formats F,...        only these formats (spmvp's names)
  --precision P          single or double
  --min-rows R           matrices of R rows and more
  --min-array-bytes B    plans with an array of B bytes or more: slots x the value's bytes,
                         slots x 4 (column indices) or rows x 4 (a row array), as uploaded
OUT may be TABLE; it is written through a temporary file and renamed, gzip-compressed when
its name ends in .gz (either input may be). Standard library only. What the stops before
this script did by hand: docs/data/solver/stop40/merge_sell.py is `merge --take convert
--lesser --formats sell --min-rows 65536`, stop41/merge_large.py `merge --take upload --lesser
--min-array-bytes 4194304`."""
import argparse
import math
import sys

import train_table
from train_table import KEY, write

SETUP = ("convert_us", "upload_us")


def read(path):
    """(comment lines, header, rows as lists) of a training table with setup columns."""
    return train_table.read(path, KEY + SETUP, "setup_refill")


def selector(a, hdr):
    i = {k: n for n, k in enumerate(hdr)}
    formats = set(a.formats.split(",")) if a.formats else None
    need = ["nRows"] if a.min_rows else []
    need += ["slots", "nRows"] if a.min_array_bytes else []
    for k in need:
        if k not in i:
            sys.exit(f"setup_refill: the table has no {k} column")

    def chosen(p):
        if formats and p[i["format"]] not in formats:
            return False
        if a.precision and p[i["precision"]] != a.precision:
            return False
        if a.min_rows and float(p[i["nRows"]]) < a.min_rows:
            return False
        if a.min_array_bytes:
            vs = 8 if p[i["precision"]] == "double" else 4
            slots, nrows = float(p[i["slots"]]), float(p[i["nRows"]])
            if max(slots * vs, slots * 4, nrows * 4) < a.min_array_bytes:
                return False
        return True
    return chosen


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("verb", choices=("mark", "merge"))
    ap.add_argument("files", nargs="+")
    ap.add_argument("--take", choices=("convert", "upload", "both"))
    ap.add_argument("--lesser", action="store_true")
    ap.add_argument("--formats")
    ap.add_argument("--precision", choices=("single", "double"))
    ap.add_argument("--min-rows", type=float, default=0)
    ap.add_argument("--min-array-bytes", type=float, default=0)
    a = ap.parse_args()
    if len(a.files) != (2 if a.verb == "mark" else 3):
        ap.error("mark takes TABLE OUT, merge TABLE REFILLED OUT")
    if a.verb == "merge" and not a.take:
        ap.error("merge needs --take")
    com, hdr, rows = read(a.files[0])
    i = {k: n for n, k in enumerate(hdr)}
    chosen = selector(a, hdr)
    n = kept = 0
    if a.verb == "mark":
        for p in rows:
            if chosen(p):
                p[i["convert_us"]] = "nan"
                n += 1
        write(a.files[1], com, hdr, rows)
        print(f"{a.files[1]}: {n} of {len(rows)} rows to measure again")
        return
    _, hdr2, refill = read(a.files[1])
    if hdr2 != hdr:
        sys.exit("setup_refill: the two tables' columns differ")
    key = train_table.key_of(hdr)
    r = {key(p): p for p in refill}
    cols = {"convert": ["convert_us"], "upload": ["upload_us"], "both": ["convert_us", "upload_us"]}[a.take]
    for p in rows:
        q = r.get(key(p))
        if not chosen(p) or q is None:
            continue
        for c in cols:
            new, old = float(q[i[c]]), float(p[i[c]])
            if math.isnan(new):
                continue
            if a.lesser and not math.isnan(old) and old <= new:
                kept += new > old
                continue
            if new != old:
                p[i[c]] = q[i[c]]
                n += 1
    write(a.files[2], com, hdr, rows)
    print(f"{a.files[2]}: {n} values from the refill, {kept} refilled values above the table's kept the table's")


if __name__ == "__main__":
    main()
