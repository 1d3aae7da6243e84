#!/usr/bin/env python3
"""scripts/hyb_threshold_summary.py KS.tsv THRESHOLD.jsonl[.gz] [SWEEP.jsonl.gz]

How fast HYB runs at each rule's threshold K (KS.tsv from scripts/hyb_threshold_ks.py, times
from scripts/gpu_hyb_threshold.sh): per rule, the measured time at its K over the best time
measured for the matrix (the fastest of every K timed in that run, the sweep's best K
included): mean and geometric mean of the ratio, share of matrices within 5 % and 20 % of the
best, and each rule's geometric-mean speed-up over CUSP's rule. With SWEEP, the best over the
full sweep is taken too (the lower of the two runs). Markdown on stdout."""
import json
import math
import os
import sys

from jsonstream import documents

RULES = [("pmf_t", "PMF Alg. 2, min T (paper)"), ("pmf_ct", "PMF Alg. 2, min CT"),
         ("pmf_cal", "PMF calibrated, min CT"), ("cusp", "CUSP (3.0, 4096)"),
         ("viennacl", "ViennaCL (80 % of rows)"), ("mean", "mean row length"),
         ("spmvp", "spmvp default"), ("sweep_best", "best K of the sweep (re-timed)")]


def times(doc):
    """K -> median µs of the HYB runs that ran."""
    out = {}
    for r in doc["results"]:
        if r["state"] == "ok":
            out[int(r["params"].split(",")[0].split("=")[1])] = r["median_us"]
    return out


def main():
    ks_path, run_path = sys.argv[1:3]
    sweep = {os.path.basename(d["matrix"]["name"]): times(d) for d in documents(sys.argv[3])} if len(sys.argv) > 3 else {}
    lines = open(ks_path).read().splitlines()
    head = lines[0].split("\t")
    ks = {}
    for line in lines[1:]:
        row = dict(zip(head, line.split("\t")))
        ks[row["matrix"]] = row
    ratios = {r: [] for r, _ in RULES}
    vs_cusp = {r: [] for r, _ in RULES}
    missing = 0
    for doc in documents(run_path):
        name = os.path.basename(doc["matrix"]["name"])
        t = times(doc)
        row = ks[name]
        best = min(t.values())
        if name in sweep and sweep[name]:
            best = min(best, min(sweep[name].values()))
        for r, _ in RULES:
            K = int(row[r])
            if K < 0 or K not in t:
                missing += K >= 0  # a K too wide for the device (ELL part over its memory)
                continue
            ratios[r].append(t[K] / best)
            if int(row["cusp"]) in t:
                vs_cusp[r].append(t[int(row["cusp"])] / t[K])
    print("| rule | matrices | mean time / best | geo-mean | within 5 % | within 20 % | geo-mean speed-up over CUSP |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r, label in RULES:
        v = ratios[r]
        if not v:
            continue
        geo = math.exp(sum(map(math.log, v)) / len(v))
        sp = math.exp(sum(map(math.log, vs_cusp[r])) / len(vs_cusp[r])) if vs_cusp[r] else float("nan")
        print("| %s | %d | %.3f | %.3f | %.0f %% | %.0f %% | %.3f |" % (
            label, len(v), sum(v) / len(v), geo, 100 * sum(x <= 1.05 for x in v) / len(v),
            100 * sum(x <= 1.20 for x in v) / len(v), sp))
    if missing:
        print("\n%d rule widths did not run (ELL part over the device's allocation limit)." % missing)


if __name__ == "__main__":
    main()
