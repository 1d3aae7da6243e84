#!/usr/bin/env python3
"""session_noise.py TABLE_A TABLE_B [--skip FORMAT,...]: how two training tables of one device
(two sessions) differ on the configurations both measured: |t_B - t_A| / t_A (%) median and
p90, overall and by product size; and ranking by A's measurements judged on B's (the pick's
time over B's best, per matrix and precision). The earlier H100 table is in git:
`git show c13fe23:devices/nvidia-h100.train.tsv`."""
import csv
import math
import statistics as st
import sys
from collections import defaultdict


def load(path):
    return [r for r in csv.DictReader((l for l in open(path) if not l.startswith("#")), delimiter="\t")]


def key(r):
    return (r["matrix"], r["precision"], r["format"], r["blocksize"], r["param"])


def pct(v, q):
    v = sorted(v)
    return v[min(len(v) - 1, int(q * len(v)))]


def main():
    skip = set()
    if "--skip" in sys.argv:
        skip = set(sys.argv[sys.argv.index("--skip") + 1].split(","))
    a = {key(r): float(r["us"]) for r in load(sys.argv[1]) if r["format"] not in skip}
    diff = defaultdict(list)
    groups = defaultdict(dict)
    for r in load(sys.argv[2]):
        k = key(r)
        if k not in a or r["format"] in skip:
            continue
        ta, tb = a[k], float(r["us"])
        d = 100 * abs(tb - ta) / ta
        size = "under 10 µs" if ta < 10 else "10-100 µs" if ta < 100 else "above 100 µs"
        for g in ("all", size, "real" if ":" not in r["matrix"] else "generated"):
            diff[g].append(d)
        groups[(r["matrix"], r["precision"])][k] = (ta, tb)
    print("configurations both measured: |B - A| / A, median / p90 %")
    for g, v in diff.items():
        print(f"  {g:13s} {len(v):6d}  {st.median(v):5.1f} / {pct(v, .9):5.1f}")
    print("ranking by A's times judged on B's: within 5 %, within 20 %, geomean, worst")
    res = defaultdict(list)
    for (m, prec), d in groups.items():
        pick = min(d, key=lambda k: d[k][0])
        s = d[pick][1] / min(v[1] for v in d.values())
        res[prec].append(s)
        res["real" if ":" not in m else "generated"].append(s)
    for g, s in res.items():
        print(f"  {g:10s} {len(s):4d} matrices  {100 * sum(x <= 1.05 for x in s) / len(s):3.0f} %  "
              f"{100 * sum(x <= 1.2 for x in s) / len(s):3.0f} %  "
              f"{math.exp(sum(map(math.log, s)) / len(s)):.3f}  {max(s):.2f}")


if __name__ == "__main__":
    main()
