#!/usr/bin/env python3
"""ab_table.py OUTDIR: the table of scripts/gpu_ab.sh's runs. Per matrix and precision, each
format's back-to-back batch µs per product under A and B, and B/A; then per format the
geometric mean and the range of B/A, and the best format's time (best of each side) B/A; then
per format and side the longest program build (bench's build_ms: the device's compiler, which
a user's first product pays; absent from JSON written before 2026-11-23). Verification
failures and unsuitable formats show as their state."""
import glob
import json
import math
import os
import re
import sys
from collections import defaultdict


def load(path):
    try:
        doc = json.load(open(path))
    except (OSError, ValueError):
        return None
    return {r["format"]: r for r in doc.get("results", [])}


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main():
    d = sys.argv[1]
    pairs = sorted({re.sub(r"_[ab]\.json$", "", os.path.basename(p))
                    for p in glob.glob(os.path.join(d, "*_[ab].json"))})
    per_format = defaultdict(list)
    best_ratio = []
    build = defaultdict(lambda: [0.0, 0.0])  # format -> longest build_ms of A, of B
    print("| matrix | precision | format | A µs | B µs | B/A |")
    print("|---|---|---|---:|---:|---:|")
    for key in pairs:
        a, b = load(os.path.join(d, key + "_a.json")), load(os.path.join(d, key + "_b.json"))
        if a is None or b is None:
            print(f"| {key} | | | {'missing' if a is None else ''} | {'missing' if b is None else ''} | |")
            continue
        name, prec = key.rsplit("_", 1)
        ok = lambda r: r is not None and r["state"] == "ok" and r.get("batch_us", 0) > 0
        for side, doc in enumerate((a, b)):
            for f, r in doc.items():
                build[f][side] = max(build[f][side], r.get("build_ms", 0.0))
        for f in a.keys() | b.keys():
            ra, rb = a.get(f), b.get(f)
            if ok(ra) and ok(rb):
                q = rb["batch_us"] / ra["batch_us"]
                per_format[f].append(q)
                print(f"| {name} | {prec} | {f} | {ra['batch_us']:.2f} | {rb['batch_us']:.2f} | {q:.3f} |")
            else:
                sa = ra["state"] if ra else "-"
                sb = rb["state"] if rb else "-"
                print(f"| {name} | {prec} | {f} | {sa} | {sb} | |")
        ta = [r["batch_us"] for r in a.values() if ok(r)]
        tb = [r["batch_us"] for r in b.values() if ok(r)]
        if ta and tb:
            best_ratio.append(min(tb) / min(ta))
    print()
    print("| format | pairs | geomean B/A | min | max |")
    print("|---|---:|---:|---:|---:|")
    for f, qs in sorted(per_format.items()):
        print(f"| {f} | {len(qs)} | {geomean(qs):.3f} | {min(qs):.3f} | {max(qs):.3f} |")
    if best_ratio:
        print(f"| best format | {len(best_ratio)} | {geomean(best_ratio):.3f} | "
              f"{min(best_ratio):.3f} | {max(best_ratio):.3f} |")
    if any(x > 0 for v in build.values() for x in v):
        print()
        print("| format | longest build A ms | longest build B ms |")
        print("|---|---:|---:|")
        for f, (ba, bb) in sorted(build.items()):
            print(f"| {f} | {ba:.0f} | {bb:.0f} |")


if __name__ == "__main__":
    main()
