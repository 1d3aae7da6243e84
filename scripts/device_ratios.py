#!/usr/bin/env python3
"""device_ratios.py: how well spmvp predicts the speed ratio of two devices per matrix (issue 13:
"spmvp compare A.json B.json MATRIX..." against both devices measured), in two ways:

  set   COMPARE_SINGLE.json COMPARE_DOUBLE.json BENCH_DIR_A BENCH_DIR_B
        matrices neither profile trained on: the ratio of the configurations each profile ranks
        first (`spmvp compare --json`, "ranked") against the ratio of the fastest format each
        device measured (`spmvp bench --json` files NAME.PRECISION.json, batch µs).
  cv    PRED_A.tsv PRED_B.tsv MODEL
        the training tables' matrices, held out: `spmvp cv TABLE --predictions` of each device's
        table; per matrix and precision, over the configurations both tables measured, the
        least held-out prediction of MODEL on each device against the least measured time.

Both print the share of matrices whose predicted B/A is within 10 % of the measured one, the
median and p90 error, and a baseline that predicts every matrix at the ratio of the devices'
copy bandwidths (given as --bandwidth-ratio R) or, without it, at the median measured ratio
(an oracle the baseline cannot know in advance)."""
import csv
import glob
import json
import math
import os
import statistics as st
import sys


def summary(rows, label, base_ratio=None):
    err = [abs(p / r - 1) for _, p, r in rows]
    meas = [r for _, _, r in rows]
    base = base_ratio if base_ratio else st.median(meas)
    berr = [abs(base / r - 1) for r in meas]
    q = lambda v, x: sorted(v)[min(len(v) - 1, int(math.ceil(x * len(v))) - 1)]
    print(f"{label}: {len(rows)} matrices; measured B/A median {st.median(meas):.3f} "
          f"(min {min(meas):.3f}, max {max(meas):.3f})")
    print(f"  predicted B/A within 10 %: {100 * sum(e <= 0.10 for e in err) / len(err):.0f} %, "
          f"median error {100 * st.median(err):.1f} %, p90 {100 * q(err, 0.9):.1f} %, worst {100 * max(err):.1f} %")
    print(f"  baseline (every matrix at {base:.3f}{'' if base_ratio else ', the median measured'}): "
          f"within 10 %: {100 * sum(e <= 0.10 for e in berr) / len(berr):.0f} %, "
          f"median error {100 * st.median(berr):.1f} %, p90 {100 * q(berr, 0.9):.1f} %")


def fastest_bench(path):
    d = json.load(open(path))
    t = [r["batch_us"] for r in d["results"] if r.get("state") == "ok" and r.get("batch_us")]
    return min(t) if t else None


def by_set(cmp_single, cmp_double, dir_a, dir_b, base):
    rows = []
    for prec, path in (("single", cmp_single), ("double", cmp_double)):
        for m in json.load(open(path))["matrices"]:
            name, r = m["matrix"]["name"], m.get("ranked")
            f = name.replace(":", "_") + "." + prec + ".json"
            pa, pb = os.path.join(dir_a, f), os.path.join(dir_b, f)
            if not r or not os.path.exists(pa) or not os.path.exists(pb):
                continue
            ta, tb = fastest_bench(pa), fastest_bench(pb)
            if ta and tb:
                rows.append((f"{name} {prec}", r["b_over_a_ratio"], tb / ta))
    for name, p, r in rows:
        print(f"  {name:40s} predicted {p:.3f} measured {r:.3f}")
    summary(rows, "matrices neither profile trained on", base)


def read_pred(path, model):
    out = {}
    with open(path) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            p = row.get(model)
            out[(row["matrix"], row["precision"], row["format"], row["mapping"])] = (
                float(row["us"]), float(p) if p not in (None, "", "nan") else math.nan)
    return out


def by_cv(pred_a, pred_b, model, base):
    a, b = read_pred(pred_a, model), read_pred(pred_b, model)
    groups = {}
    for k in a.keys() & b.keys():
        groups.setdefault(k[:2], []).append(k)
    rows = []
    for (m, prec), keys in sorted(groups.items()):
        keys = [k for k in keys if not math.isnan(a[k][1]) and not math.isnan(b[k][1])]
        if not keys:
            continue
        pa, pb = min(a[k][1] for k in keys), min(b[k][1] for k in keys)
        ma, mb = min(a[k][0] for k in keys), min(b[k][0] for k in keys)
        rows.append((f"{m} {prec}", pb / pa, mb / ma))
    summary(rows, f"training matrices held out ({model})", base)


def main():
    args = sys.argv[1:]
    base = None
    if "--bandwidth-ratio" in args:
        i = args.index("--bandwidth-ratio")
        base = float(args[i + 1])
        del args[i:i + 2]
    if args and args[0] == "set" and len(args) == 5:
        by_set(*args[1:], base)
    elif args and args[0] == "cv" and len(args) == 4:
        by_cv(*args[1:], base)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
