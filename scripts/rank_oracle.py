#!/usr/bin/env python3
"""rank_oracle.py DIR [DIR...] [--models DIR2]: how good rank's first pick was, from a device run's
`spmvp rank --measure N --json` files (DIR/rank-PRECISION-MATRIX.json) and, where present,
`spmvp bench --json` files of the same matrices (DIR/bench-PRECISION-MATRIX.json), as Markdown.
Several DIRs (one per profile, scripts/gpu_rank.sh's PROFILES) are scored against one
reference: the fastest configuration measured for the matrix in any of them (a configuration
measured in several counts at its fastest), each DIR's first pick at its own measurement.

Per matrix and precision: the first pick and its measured µs, the fastest configuration
measured by either (rank's N measured, bench's formats at their automatic mappings, batch µs),
their ratio (1.00: the first pick was the fastest measured), and the first pick's predicted /
measured (bench's only for formats rank did not measure at work-group 256). Then the geometric mean, the share within 5 %, p90 and the worst ratio, and the
median and p90 of |predicted / measured - 1| over every measured configuration.

--models DIR2 adds, per model, the first pick of `spmvp rank --model M --json` files computed
without a device (DIR2/rank-MODEL-PRECISION-MATRIX.json): its ratio where that configuration
was measured in DIR (by rank, or by bench when it is a format's automatic mapping), else "not
measured". The best measured is an upper bound on the oracle: configurations neither rank nor
bench ran may be faster still. Standard library only."""
import argparse
import glob
import json
import math
import os
import re
import sys


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def quantile(xs, q):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    i = q * (len(xs) - 1)
    lo = int(math.floor(i))
    return xs[lo] + (xs[min(lo + 1, len(xs) - 1)] - xs[lo]) * (i - lo)


def measured_configs(rank, bench):
    """{(format, mapping or None): µs}: rank's measured entries, and bench's formats (mapping None:
    the automatic one, whose label bench does not print in rank's form) that rank did not
    measure at work-group 256, bench's size: a configuration timed twice would otherwise count
    at the faster of two noisy timings."""
    out = {}
    for e in (rank or {}).get("ranking", []):
        if e.get("measured_us"):
            out[(e["format"], e["mapping"])] = e["measured_us"]
    at256 = {f for f, mp in out if mp.startswith("wg=256")}
    for r in (bench or {}).get("results", []):
        if r.get("state") == "ok" and r.get("batch_us", 0) > 0 and r["format"] not in at256:
            out[(r["format"], None)] = r["batch_us"]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", nargs="+")
    ap.add_argument("--models", help="directory of rank --model M --json files (no device)")
    a = ap.parse_args()
    sections = [(d, sorted(glob.glob(os.path.join(d, "rank-*.json")))) for d in a.dir]
    if not any(files for _, files in sections):
        sys.exit(f"rank_oracle: no rank-*.json in {' '.join(a.dir)}")
    # the reference of every DIR: each configuration at its fastest in any of them
    union = {}
    for d, files in sections:
        for path in files:
            m = re.match(r"rank-(single|double)-(.*)\.json$", os.path.basename(path))
            if m:
                got = measured_configs(load(path), load(os.path.join(d, f"bench-{m[1]}-{m[2]}.json")))
                ref = union.setdefault(m.groups(), {})
                for k, us in got.items():
                    ref[k] = min(us, ref.get(k, us))
    for d, files in sections:
        if len(a.dir) > 1:
            print(f"\n## {d}\n")
        score(files, union, a.models)


def score(files, union, models):
    """Prints one DIR's table and summary, its first picks against union's fastest."""
    rows, errors, ratios = [], [], []
    model_ratios = {}
    for path in files:
        m = re.match(r"rank-(single|double)-(.*)\.json$", os.path.basename(path))
        if not m:
            continue
        prec, name = m.groups()
        rank = load(path)
        if not rank or not rank.get("ranking"):
            rows.append(f"| {name} | {prec} | (rank: no result) | | | | |")
            continue
        got = union.get((prec, name), {})
        first = rank["ranking"][0]
        for e in rank["ranking"]:
            if e.get("measured_us"):
                errors.append(abs(e["predicted_us"] / e["measured_us"] - 1))
        if not first.get("measured_us") or not got:
            rows.append(f"| {name} | {prec} | {first['format']} {first['mapping']} | not measured | | | |")
            continue
        (bf, bm), best = min(got.items(), key=lambda kv: kv[1])
        ratio = first["measured_us"] / best
        ratios.append(ratio)
        rows.append(f"| {name} | {prec} | {first['format']} {first['mapping']} | {first['measured_us']:.1f} "
                    f"| {bf} {bm or '(bench)'} | {best:.1f} | {ratio:.2f} "
                    f"| {first['predicted_us'] / first['measured_us']:.2f} |")
        if models:
            for mp in sorted(glob.glob(os.path.join(models, f"rank-*-{prec}-{name}.json"))):
                model = os.path.basename(mp)[len("rank-"):-len(f"-{prec}-{name}.json")]
                r = load(mp)
                if not r or not r.get("ranking"):
                    continue
                f0 = r["ranking"][0]
                us = got.get((f0["format"], f0["mapping"]))
                model_ratios.setdefault(model, []).append(us / best if us else None)
    print("| matrix | precision | rank's first pick | measured µs | fastest measured | µs | first / fastest "
          "| predicted / measured |")
    print("|---|---|---|---:|---|---:|---:|---:|")
    print("\n".join(rows))
    if ratios:
        gm = math.exp(sum(map(math.log, ratios)) / len(ratios))
        within = sum(r <= 1.05 for r in ratios) / len(ratios)
        print(f"\nfirst pick over the fastest measured, {len(ratios)} pairs: geometric mean {gm:.3f}, "
              f"within 5 % {100 * within:.0f} %, p90 {quantile(ratios, 0.9):.2f}, worst {max(ratios):.2f}")
    if errors:
        print(f"|predicted / measured - 1| over {len(errors)} measured configurations: median "
              f"{100 * quantile(errors, 0.5):.1f} %, p90 {100 * quantile(errors, 0.9):.1f} %")
    for model, rs in sorted(model_ratios.items()):
        known = [r for r in rs if r]
        gm = math.exp(sum(map(math.log, known)) / len(known)) if known else float("nan")
        print(f"model {model}: first pick measured on {len(known)} of {len(rs)} pairs; there, geometric "
              f"mean {gm:.3f}, within 5 % {sum(r <= 1.05 for r in known)} of {len(known)}, "
              f"worst {max(known) if known else float('nan'):.2f}")


if __name__ == "__main__":
    main()
