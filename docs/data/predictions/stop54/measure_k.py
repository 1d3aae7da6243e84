#!/usr/bin/env python3
"""measure_k.py PREDICTIONS [M]: advice that measures before it commits, simulated on the
held-out predictions of `spmvp cv TABLE --predictions PREDICTIONS`: for N products, take the K
configurations of least predicted total (setup + N x product, ens and the setup model), pay
each one's measured setup (once for candidates that upload the same arrays) and M products
to time it, then run the N products in the one
measured fastest. Its total, counting every measured setup and product, over the oracle's
(least measured setup + N x product): the share of matrix-precision pairs within 5 %, the
geometric mean and the worst; K = 1 is plain advice (no measuring). Standard library only."""
import collections
import csv
import math
import re
import sys

rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
M = float(sys.argv[2]) if len(sys.argv) > 2 else 50
g = collections.defaultdict(list)
for r in rows:
    if r["setup_us"] != "nan" and r["setup_predicted_us"] != "nan":
        g[(r["matrix"], r["precision"])].append(r)
f = lambda r, k: float(r[k])


def group(r):
    """The arrays a configuration uploads: CSR-scalar's and CSR-vector's are the CSR's; other
    formats' depend on their own parameters, not on the work-group size (but CSR-adaptive's
    blocks, cut per work-group)."""
    fmt = "csr" if r["format"] in ("csr_scalar", "csr_vector") else r["format"]
    m = r["mapping"] if fmt == "csr_adaptive" else re.sub(r"wg=\d+ ?", "", r["mapping"])
    return (fmt, "" if fmt == "csr" else m)


for N in (10, 100, 1000, 10000):
    for K in (1, 2, 3, 5):
        ratios = []
        for rs in g.values():
            oracle = min(f(r, "setup_us") + N * f(r, "us") for r in rs)
            cand = sorted(rs, key=lambda r: f(r, "setup_predicted_us") + N * f(r, "ens"))[:K]
            if K == 1:
                total = f(cand[0], "setup_us") + N * f(cand[0], "us")
            else:  # a setup paid once for candidates that upload the same arrays
                paid = {group(r): f(r, "setup_us") for r in cand}
                total = sum(paid.values()) + M * sum(f(r, "us") for r in cand) + \
                    N * min(f(r, "us") for r in cand)
            ratios.append(total / oracle)
        ratios.sort()
        n = len(ratios)
        print(f"N = {N:5d}, K = {K}: within 5 % {100 * sum(x <= 1.05 for x in ratios) / n:3.0f} %, "
              f"within 20 % {100 * sum(x <= 1.2 for x in ratios) / n:3.0f} %, geomean "
              f"{math.exp(sum(map(math.log, ratios)) / n):.3f}, worst {ratios[-1]:.2f} ({n} pairs)")
