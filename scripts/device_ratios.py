#!/usr/bin/env python3
"""device_ratios.py: how well spmvp predicts the speed ratio of two devices per matrix (issue 13:
"spmvp compare A.json B.json MATRIX..." against both devices measured), in two ways:

  set   COMPARE_SINGLE.json COMPARE_DOUBLE.json BENCH_DIR_A BENCH_DIR_B
        matrices neither profile trained on: the ratio of the configurations each profile ranks
        first (`spmvp compare --json`, "ranked") and the paired ratio ("paired": A's ranking
        times the B/A both devices measured on that format and size) against the ratio of the
        fastest format each device measured (`spmvp bench --json` files NAME.PRECISION.json,
        batch µs).
  cv    PRED_A.tsv PRED_B.tsv MODEL TABLE_A TABLE_B
        the training tables' matrices, held out: `spmvp cv TABLE --predictions` of each device's
        table; per matrix and precision, over the configurations both tables measured, the
        least held-out prediction of MODEL on each device against the least measured time; and
        the paired ratio as model/predict/pair_ratio.c first computed it (its size bins alone,
        fitted without the matrix's family; B's least time), kept for the older figures: today's
        paired ratio (boosted, the median near A's best, stop 44) is `spmvp cv A --pair B`.

  repeat BENCH_DIR_A BENCH_DIR_B
        the noise of the measured ratio itself: bench files NAME.PRECISION.1.json and .2.json
        (two measurements) on each device.
  sessions TABLE_A1 TABLE_A2 TABLE_B1 TABLE_B2
        the measured ratio from two training sessions of each device (.train.tsv, gzipped or
        not): per matrix and precision the least time over the configurations all four
        measured, B1/A1 against B2/A2, for the real matrices (names without ':') and the
        generated ones apart, and how far each device's second session is from its first.
With --rep N, `set` reads NAME.PRECISION.N.json. Where NAME.PRECISION[.N].rank.json lies beside a
bench file (`spmvp rank --measure --json`), `set`'s fastest measured is the least of both.

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


REP = ""  # --rep N: bench files NAME.PRECISION.N.json (a repeated measurement)


def repeat(dir_a, dir_b):
    """How far the measured B/A of the second measurement (.2.json) is from the first's."""
    err = []
    for f in sorted(os.listdir(dir_a)):
        if not f.endswith(".1.json"):
            continue
        g = f[:-len(".1.json")] + ".2.json"
        r1 = fastest_bench(os.path.join(dir_b, f)) / fastest_bench(os.path.join(dir_a, f))
        r2 = fastest_bench(os.path.join(dir_b, g)) / fastest_bench(os.path.join(dir_a, g))
        err.append(abs(r2 / r1 - 1))
    print(f"the measured B/A measured again: {len(err)} matrices, within 10 %: "
          f"{100 * sum(e <= 0.10 for e in err) / len(err):.0f} %, median difference "
          f"{100 * st.median(err):.2f} %, worst {100 * max(err):.1f} %")


def read_table(path):
    """(matrix, precision, format, mapping) -> batch µs of a training table, gzipped or not."""
    import gzip
    with (gzip.open if path.endswith(".gz") else open)(path, "rt") as f:
        rows = csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t")
        return {(r["matrix"], r["precision"], r["format"], r["mapping"]): float(r["us"]) for r in rows}


def sessions(a1, a2, b1, b2):
    """The measured B/A of one pair of sessions against the other's, and each device's drift."""
    t = [read_table(p) for p in (a1, a2, b1, b2)]
    common = set(t[0]).intersection(*t[1:])
    keys = {}
    for k in common:
        keys.setdefault(k[:2], []).append(k)
    least = lambda tab, ks: min(tab[k] for k in ks)
    for kind in ("real", "generated"):
        sel = {m: ks for m, ks in keys.items() if (":" not in m[0]) == (kind == "real")}
        if not sel:
            continue
        err = [abs((least(t[3], ks) / least(t[1], ks)) / (least(t[2], ks) / least(t[0], ks)) - 1)
               for ks in sel.values()]
        print(f"{kind} matrices: {len(err)} matrix-precision pairs; B2/A2 against B1/A1 within 10 %: "
              f"{100 * sum(e <= 0.10 for e in err) / len(err):.0f} %, median difference "
              f"{100 * st.median(err):.1f} %, p90 {100 * sorted(err)[int(0.9 * (len(err) - 1))]:.1f} %")
        for dev, (x, y) in (("A", (t[0], t[1])), ("B", (t[2], t[3]))):
            r = [least(y, ks) / least(x, ks) for ks in sel.values()]
            print(f"  device {dev}: session 2 / session 1, median {st.median(r):.3f}, within 10 %: "
                  f"{100 * sum(abs(v - 1) <= 0.10 for v in r) / len(r):.0f} %")


def fastest_bench(path):
    d = json.load(open(path))
    t = [r["batch_us"] for r in d["results"] if r.get("state") == "ok" and r.get("batch_us")]
    return min(t) if t else None


def fastest_measured(path):
    """The least batch µs of bench's file and, where one lies beside it (NAME.PRECISION.rank.json,
    scripts/gpu_compare_set.sh with RANK_PROFILE), of rank's measured configurations: the
    configurations `spmvp compare` predicts from include rank's picks (SELL's 16-bit columns,
    other work-group sizes), which bench at its automatic mappings never runs."""
    t = [fastest_bench(path)]
    rank = path[:-len(".json")] + ".rank.json"
    if os.path.exists(rank) and os.path.getsize(rank):
        d = json.load(open(rank))
        t += [e["measured_us"] for e in d.get("ranking", []) if e.get("measured_us")]
    t = [x for x in t if x]
    return min(t) if t else None


def by_set(cmp_single, cmp_double, dir_a, dir_b, base):
    for key in ("ranked", "paired"):
        by_set_key(cmp_single, cmp_double, dir_a, dir_b, base, key)


def by_set_key(cmp_single, cmp_double, dir_a, dir_b, base, key):
    rows = []
    for prec, path in (("single", cmp_single), ("double", cmp_double)):
        for m in json.load(open(path))["matrices"]:
            name, r = m["matrix"]["name"], m.get(key)
            f = name.replace(":", "_") + "." + prec + REP + ".json"
            pa, pb = os.path.join(dir_a, f), os.path.join(dir_b, f)
            if not r or not os.path.exists(pa) or not os.path.exists(pb):
                continue
            ta, tb = fastest_measured(pa), fastest_measured(pb)
            if ta and tb:
                rows.append((f"{name} {prec}", r["b_over_a_ratio"], tb / ta, r.get("launch_bound")))
    for name, p, r, lb in rows:
        print(f"  {name:40s} predicted {p:.3f} measured {r:.3f}{'  (launch-bound)' if lb else ''}")
    summary([x[:3] for x in rows], f"matrices neither profile trained on ({key})", base)
    # compare's own mark (since stop 35): the pairs it does not call launch-bound, whose
    # measured ratio is not session noise; absent from older compare files
    rest = [x[:3] for x in rows if x[3] is False]
    if rest and len(rest) < len(rows):
        summary(rest, f"  of which not launch-bound ({key})", base)


def read_pred(path, model):
    out = {}
    with open(path) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            p = row.get(model)
            out[(row["matrix"], row["precision"], row["format"], row["mapping"])] = (
                float(row["us"]), float(p) if p not in (None, "", "nan") else math.nan)
    return out


def half_octave(nbytes):
    return max(0, min(95, int(math.floor(2 * math.log2(max(nbytes, 1.0))))))


def paired_bins(table_a, table_b):
    """(precision, format, bin) -> [(family, log ratio)] over the configurations both measured."""
    def rows(path):
        with open(path) as f:
            next(f)
            return {(r["matrix"], r["precision"], r["format"], r["mapping"]): r
                    for r in csv.DictReader(f, delimiter="\t")}
    ta, tb = rows(table_a), rows(table_b)
    bins = {}
    for k in ta.keys() & tb.keys():
        x, y = ta[k], tb[k]
        cell = (k[1], k[2], half_octave(float(x["bytes"])))
        bins.setdefault(cell, []).append((x["family"], math.log(float(y["us"]) / float(x["us"]))))
    return ta, bins


def paired_ratio(bins, family, prec, fmt, nbytes):
    b = half_octave(nbytes)
    for d in range(96):
        for x in (b - d, b + d):
            v = [lr for fam, lr in bins.get((prec, fmt, x), []) if fam != family]
            if v:
                return math.exp(st.median(v))
    return math.nan


def by_cv(pred_a, pred_b, model, table_a, table_b, base):
    by_cv_independent(pred_a, pred_b, model, base)
    a, b = read_pred(pred_a, model), read_pred(pred_b, model)
    ta, bins = paired_bins(table_a, table_b)
    groups = {}
    for k in a.keys() & b.keys():
        groups.setdefault(k[:2], []).append(k)
    rows = []
    for (m, prec), keys in sorted(groups.items()):
        keys = [k for k in keys if not math.isnan(a[k][1])]
        if not keys:
            continue
        fam = ta[keys[0]]["family"]
        pa = min(a[k][1] for k in keys)
        pb = min(a[k][1] * paired_ratio(bins, fam, prec, k[2], float(ta[k]["bytes"])) for k in keys)
        rows.append((f"{m} {prec}", pb / pa, min(b[k][0] for k in keys) / min(a[k][0] for k in keys)))
    summary(rows, "training matrices held out (paired, bins without the family)", base)


def by_cv_independent(pred_a, pred_b, model, base):
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
    global REP
    args = sys.argv[1:]
    base = None
    if "--rep" in args:
        i = args.index("--rep")
        REP = "." + args[i + 1]
        del args[i:i + 2]
    if "--bandwidth-ratio" in args:
        i = args.index("--bandwidth-ratio")
        base = float(args[i + 1])
        del args[i:i + 2]
    if args and args[0] == "set" and len(args) == 5:
        by_set(*args[1:], base)
    elif args and args[0] == "repeat" and len(args) == 3:
        repeat(*args[1:])
    elif args and args[0] == "sessions" and len(args) == 5:
        sessions(*args[1:])
    elif args and args[0] == "cv" and len(args) == 6:
        by_cv(*args[1:], base)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
