#!/usr/bin/env python3
"""cv_real.py PREDICTIONS.tsv: per model, precision and format, held-out D_r (median / p90, %)
on the real matrices (names that are not generator specs, i.e. have no ':') and on all, and
the ranking on the real matrices (the measured time of each model's first pick over the
measured best), from `spmvp cv TABLE --predictions PREDICTIONS.tsv`."""
import csv
import math
import sys
from collections import defaultdict

MODELS = ["lr", "knn", "gbt", "work", "work+gbt", "rel", "ens"]


def pct(xs, q):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * q
    lo = math.floor(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def main():
    rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
    formats = list(dict.fromkeys(r["format"] for r in rows))
    dr = defaultdict(list)  # (subset, model, precision, format) -> D_r %
    for r in rows:
        us = float(r["us"])
        real = ":" not in r["matrix"]
        for m in MODELS:
            p = float(r[m])
            if not math.isfinite(p) or us <= 0:
                continue
            d = 100 * abs(p - us) / us
            for sub in (["real"] if real else []) + ["all"]:
                dr[(sub, m, r["precision"], r["format"])].append(d)
                dr[(sub, m, r["precision"], "all")].append(d)
    for sub in ("real", "all"):
        print(f"## D_r % median / p90, {sub} matrices")
        print("| model | precision | all | " + " | ".join(formats) + " |")
        print("|---|---|---|" + "---|" * len(formats))
        for m in MODELS:
            for prec in ("single", "double"):
                cells = [dr[(sub, m, prec, f)] for f in ["all"] + formats]
                print(f"| {m} | {prec} | " + " | ".join(
                    f"{pct(c, .5):.1f} / {pct(c, .9):.0f}" for c in cells) + " |")
        print()
    # ranking on the real matrices
    by = defaultdict(list)
    for r in rows:
        if ":" not in r["matrix"]:
            by[(r["matrix"], r["precision"])].append(r)
    print("## ranking on the real matrices: pick over best (within 5 %, within 20 %, geomean, worst)")
    for m in MODELS:
        for prec in ("single", "double"):
            s = []
            for (name, p), rs in by.items():
                if p != prec:
                    continue
                ok = [r for r in rs if math.isfinite(float(r[m])) and float(r[m]) > 0]
                if not ok:
                    continue
                pick = min(ok, key=lambda r: float(r[m]))
                s.append(float(pick["us"]) / min(float(r["us"]) for r in rs))
            g = math.exp(sum(map(math.log, s)) / len(s))
            print(f"{m:9s} {prec:6s} {len(s):4d} matrices: {100*sum(x <= 1.05 for x in s)/len(s):.0f} % "
                  f"{100*sum(x <= 1.2 for x in s)/len(s):.0f} % geomean {g:.3f} p90 {pct(s, .9):.2f} worst {max(s):.2f}")


if __name__ == "__main__":
    main()
