#!/usr/bin/env python3
"""advice_split.py PREDICTIONS [N]: how much of advice's miss at N products is the product
model's and how much the setup model's, from `spmvp cv TABLE --predictions PREDICTIONS` (held
out by family): the share of matrix-precision pairs advised within 5 % of the oracle's total
(setup + N x product, both measured) when advising by the predictions (ens and the setup
model), by the measured setup with predicted products, and by the measured products with
predicted setups; then the worst misses. Standard library only."""
import collections
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
N = float(sys.argv[2]) if len(sys.argv) > 2 else 100
g = collections.defaultdict(list)
for r in rows:
    if r["setup_us"] != "nan" and r["setup_predicted_us"] != "nan":
        g[(r["matrix"], r["precision"])].append(r)
f = lambda r, k: float(r[k])
ways = {
    "advice (predicted setup and product)": lambda r: f(r, "setup_predicted_us") + N * f(r, "ens"),
    "measured setup, predicted product": lambda r: f(r, "setup_us") + N * f(r, "ens"),
    "predicted setup, measured product": lambda r: f(r, "setup_predicted_us") + N * f(r, "us"),
}
meas = lambda r: f(r, "setup_us") + N * f(r, "us")
miss = []
for name, by in ways.items():
    ratios = []
    for k, rs in g.items():
        o = min(map(meas, rs))
        p = min(rs, key=by)
        ratios.append(meas(p) / o)
        if name.startswith("advice"):
            miss.append((meas(p) / o, k, p["format"], p["mapping"], min(rs, key=meas)["format"]))
    print(f"N = {N:g}: {name}: within 5 % {100 * sum(x <= 1.05 for x in ratios) / len(ratios):.0f} % of {len(ratios)}")
miss.sort(reverse=True)
for m in miss[:12]:
    print("  %.2f %s %s: advised %s %s, oracle %s" % (m[0], m[1][0], m[1][1], m[2], m[3], m[4]))
