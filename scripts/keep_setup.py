#!/usr/bin/env python3
"""keep_setup.py OLD NEW FORMAT[,FORMAT...] [--generated-only]: after a format's training rows were
measured again (scripts/gpu_retrain.sh, a kernel change), give that format's rows in the
training table NEW their setup columns (convert_us, upload_us) back from the table OLD that
measured every format in one session. NEW is rewritten in place, through a temporary file.

Why: setup is the host's conversion from CSR and the upload. A kernel change cannot move it,
but another session can. The H100's host-to-device copies ran 1.4-2x slower in stop 29's
session than in the one that measured the other formats. `advise` and `cv` take a
configuration's setup as the median over the configurations that upload the same arrays. So a
format measured again alone moved the setup of every CSR format: advice within 5 % fell from
44-70 % to 35-53 % of the matrices on the H100. docs/predictions-h100.md, stop 29.

--generated-only limits it to generated matrices (names with ':'), for a table whose real
matrices were all measured again together. Rows missing from OLD keep their new columns and
are counted. Reads and writes through train_table.py (comment lines kept; .gz by name)."""
import argparse
import sys

import train_table  # the training tables' one reader and writer, beside this script

COLS = train_table.KEY + ("convert_us", "upload_us")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("format")
    ap.add_argument("--generated-only", action="store_true")
    a = ap.parse_args()
    _, hold, old = train_table.read(a.old, COLS, "keep_setup")
    com, hnew, new = train_table.read(a.new, COLS, "keep_setup")
    if hnew != hold:
        sys.exit(f"keep_setup: {a.new}: its columns differ from {a.old}'s")
    key = train_table.key_of(hold)
    m, fm, cv, up = (hold.index(c) for c in ("matrix", "format", "convert_us", "upload_us"))
    setup = {key(v): (v[cv], v[up]) for v in old}
    formats = set(a.format.split(","))
    kept = missing = 0
    for v in new:
        if v[fm] not in formats or (a.generated_only and ":" not in v[m]):
            continue
        s = setup.get(key(v))
        if s:
            v[cv], v[up] = s
            kept += 1
        else:
            missing += 1
    train_table.write(a.new, com, hnew, new)
    print(f"keep_setup: {kept} rows given their old setup, {missing} not in {a.old}")


if __name__ == "__main__":
    main()
