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
are counted. Standard library only."""
import argparse
import os
import sys


def header_index(lines):
    for i, line in enumerate(lines):
        if line and not line.startswith("#"):
            return i
    raise SystemExit("keep_setup: no header line")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("format")
    ap.add_argument("--generated-only", action="store_true")
    a = ap.parse_args()
    try:
        with open(a.old) as f:
            old = f.read().split("\n")
        with open(a.new) as f:
            new = f.read().split("\n")
    except OSError as e:
        sys.exit(f"keep_setup: {e}")
    ho, hn = header_index(old), header_index(new)
    cols = old[ho].split("\t")
    if new[hn].split("\t") != cols:
        sys.exit(f"keep_setup: {a.new}: its columns differ from {a.old}'s")
    try:
        m, p, fm, mp, cv, up = (cols.index(c) for c in
                                ("matrix", "precision", "format", "mapping", "convert_us", "upload_us"))
    except ValueError as e:
        sys.exit(f"keep_setup: {a.old}: {e}")

    def key(v):
        return (v[m], v[p], v[fm], v[mp])

    formats = set(a.format.split(","))
    setup = {}
    for line in old[ho + 1:]:
        if line and not line.startswith("#"):
            v = line.split("\t")
            setup[key(v)] = (v[cv], v[up])
    kept = missing = 0
    for i in range(hn + 1, len(new)):
        line = new[i]
        if not line or line.startswith("#"):
            continue
        v = line.split("\t")
        if v[fm] not in formats or (a.generated_only and ":" not in v[m]):
            continue
        if key(v) in setup:
            v[cv], v[up] = setup[key(v)]
            new[i] = "\t".join(v)
            kept += 1
        else:
            missing += 1
    tmp = a.new + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(new))
    os.replace(tmp, a.new)
    print(f"keep_setup: {kept} rows given their old setup, {missing} not in {a.old}")


if __name__ == "__main__":
    main()
