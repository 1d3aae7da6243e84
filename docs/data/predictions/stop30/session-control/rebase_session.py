#!/usr/bin/env python3
"""rebase_session.py OLD NEW FORMAT[,FORMAT...] CONTROL MAPPING: after some formats' training
rows were measured again in a new session (scripts/gpu_retrain.sh), together with one control
configuration that the kernel change did not touch (CONTROL at MAPPING, e.g. csr_scalar
wg=256), bring the new rows into the session of the committed table OLD: each FORMAT row of a
matrix and precision is scaled by that matrix's and precision's control time in OLD over its
control time in NEW, and the control rows get OLD's times back. NEW is rewritten in place,
through a temporary file.

Why: launch-bound products (4-7 us) differ by 5-20 % from one session to the next, alike for
every format of a session. A format measured again alone in another session then sits above or
below the formats it competes with, and the models' picks follow the session, not the kernel:
stop 29 lost 15 points of the H200's picks to it, stop 30 4-6 on both GPUs. The control,
measured in both sessions, says how far the new one sits from the old per matrix.

Only the timed columns move (us, us_event, us_repeat); setup is scripts/keep_setup.py's.
--generated-only / --real-only limit it to generated matrices (names with ':') or the others.
Rows with no control in both tables keep their times and are counted. Standard library
only."""
import argparse
import os
import sys

TIMED = ("us", "us_event", "us_repeat")


def read_table(path):
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError as e:
        sys.exit(f"rebase_session: {e}")
    for i, line in enumerate(lines):
        if line and not line.startswith("#"):
            return lines, i
    sys.exit(f"rebase_session: {path}: no header line")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("formats")
    ap.add_argument("control")
    ap.add_argument("mapping")
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--generated-only", action="store_true")
    which.add_argument("--real-only", action="store_true")
    a = ap.parse_args()
    formats = set(a.formats.split(","))
    if a.control in formats:
        sys.exit("rebase_session: the control cannot be one of the formats measured again")
    old, ho = read_table(a.old)
    new, hn = read_table(a.new)
    cols = old[ho].split("\t")
    if new[hn].split("\t") != cols:
        sys.exit(f"rebase_session: {a.new}: its columns differ from {a.old}'s")
    try:
        m, p, fm, mp = (cols.index(c) for c in ("matrix", "precision", "format", "mapping"))
        timed = [cols.index(c) for c in TIMED]
    except ValueError as e:
        sys.exit(f"rebase_session: {a.old}: {e}")

    def controls(lines, h):
        out = {}
        for line in lines[h + 1:]:
            if line and not line.startswith("#"):
                v = line.split("\t")
                if v[fm] == a.control and v[mp] == a.mapping:
                    out[(v[m], v[p])] = v
        return out

    c_old, c_new = controls(old, ho), controls(new, hn)
    scaled = missing = restored = 0
    ratios = []
    for i in range(hn + 1, len(new)):
        line = new[i]
        if not line or line.startswith("#"):
            continue
        v = line.split("\t")
        if (a.generated_only and ":" not in v[m]) or (a.real_only and ":" in v[m]):
            continue
        key = (v[m], v[p])
        if v[fm] == a.control and v[mp] == a.mapping:
            if key in c_old:  # the control's own row: the old session's times
                new[i] = "\t".join(c_old[key])
                restored += 1
            continue
        if v[fm] not in formats:
            continue
        try:
            r = float(c_old[key][timed[0]]) / float(c_new[key][timed[0]])
        except (KeyError, ValueError, ZeroDivisionError):
            missing += 1
            continue
        if not r > 0:
            missing += 1
            continue
        for j in timed:
            try:
                v[j] = repr(float(v[j]) * r)
            except ValueError:  # an empty or "nan" column stays as it is
                pass
        new[i] = "\t".join(v)
        scaled += 1
        ratios.append(r)
    tmp = a.new + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(new))
    os.replace(tmp, a.new)
    ratios.sort()
    med = ratios[len(ratios) // 2] if ratios else float("nan")
    print(f"rebase_session: {scaled} rows scaled (median old/new control {med:.3f}), "
          f"{restored} control rows given their old times, {missing} without a control in both")


if __name__ == "__main__":
    main()
