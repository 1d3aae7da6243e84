#!/usr/bin/env python3
"""split_launch.py PREDICTIONS.tsv LAUNCH_US: the ranking of `spmvp cv --predictions` (ens)
split by whether a matrix's best measured product is within the profile's launch time
(microbench.launch_us: 6.22 µs on the H100, 4.36 on the H200). Per precision and side: the
share whose held-out pick runs within 5 % / 20 % of the measured best, the geometric-mean
slowdown, and the repeated batch's own pick within 5 % (the noise ceiling). Stop 35."""
import collections
import csv
import math
import sys

path, launch = sys.argv[1], float(sys.argv[2])
g = collections.defaultdict(list)
for r in csv.DictReader(open(path), delimiter="\t"):
    try:
        us, e, rep = float(r["us"]), float(r["ens"]), float(r["us_repeat"])
    except ValueError:
        continue
    if not math.isnan(us):
        g[(r["matrix"], r["precision"])].append((us, e, rep))
for prec in ("single", "double"):
    for lb in (True, False):
        n = w5 = w20 = nr = 0
        gm = 0.0
        for (m, p), rows in g.items():
            best = min(x[0] for x in rows)
            ok = [x for x in rows if not math.isnan(x[1])]
            if p != prec or (best < launch) != lb or not ok:
                continue
            pick = min(ok, key=lambda x: x[1])[0] / best
            rp = [x for x in rows if not math.isnan(x[2])]
            rpick = min(rp, key=lambda x: x[2])[0] / best if rp else math.nan
            n += 1
            w5 += pick <= 1.05
            w20 += pick <= 1.2
            gm += math.log(pick)
            nr += rpick <= 1.05
        if n:
            print(f"{prec} {'launch-bound' if lb else 'above launch'}: {n} matrices, ens within 5 % "
                  f"{100 * w5 / n:.0f} %, within 20 % {100 * w20 / n:.0f} %, geomean "
                  f"{math.exp(gm / n):.3f}; repeat within 5 % {100 * nr / n:.0f} %")
