#!/usr/bin/env python3
"""table_ab.py OLD.tsv NEW.tsv: a kernel change as the whole training corpus saw it. Two
training tables of one device (`spmvp train`), OLD measured with the kernels before and NEW
after (e.g. NEW = OLD with some formats' rows measured again): per format, over the
configurations both measured, the geometric mean of NEW/OLD time with its p10, p90 and extremes,
overall and by product size (non-zeros); then per matrix and precision the best configuration
of each changed format and the best of all formats, NEW's over OLD's. A markdown table on
standard output. Times are each table's batch time per product (column `us`)."""
import csv
import math
import sys
from collections import defaultdict


def load(path):
    rows = csv.DictReader((l for l in open(path) if not l.startswith("#")), delimiter="\t")
    return {(r["matrix"], r["precision"], r["format"], r["mapping"]): r for r in rows}


def summary(ratios):
    s = sorted(ratios)
    n = len(s)
    gm = math.exp(sum(math.log(x) for x in s) / n)
    return f"{n} | {gm:.3f} | {s[int(0.1 * (n - 1))]:.3f} | {s[int(0.9 * (n - 1))]:.3f} | {s[0]:.3f} | {s[-1]:.3f}"


def size_bin(nnz):
    return "< 10^5" if nnz < 1e5 else "10^5..10^6" if nnz < 1e6 else "10^6..10^7" if nnz < 1e7 else ">= 10^7"


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: table_ab.py OLD.tsv NEW.tsv")
    old, new = load(sys.argv[1]), load(sys.argv[2])
    changed = sorted({k[2] for k in new if k in old and float(new[k]["us"]) != float(old[k]["us"])})
    if not changed:
        sys.exit("table_ab.py: the two tables measured every shared configuration alike")
    by_fmt, by_bin = defaultdict(list), defaultdict(list)
    for k, r in new.items():
        if k[2] in changed and k in old:
            a, b = float(old[k]["us"]), float(r["us"])
            if a > 0 and b > 0:
                by_fmt[k[2]].append(b / a)
                by_bin[(k[2], size_bin(float(r["nnz"])))].append(b / a)
    head = "| n | geomean new/old | p10 | p90 | min | max |"
    print("| format " + head + "\n|---|---:|---:|---:|---:|---:|---:|")
    for f in changed:
        print(f"| {f} | {summary(by_fmt[f])} |")
    print("\n| format | non-zeros " + head + "\n|---|---|---:|---:|---:|---:|---:|---:|")
    for f in changed:
        for b in ("< 10^5", "10^5..10^6", "10^6..10^7", ">= 10^7"):
            if by_fmt and (f, b) in by_bin:
                print(f"| {f} | {b} | {summary(by_bin[(f, b)])} |")

    def best(table, fmts):
        m = defaultdict(lambda: math.inf)
        for k, r in table.items():
            if k[2] in fmts and float(r["us"]) > 0:
                m[k[:2]] = min(m[k[:2]], float(r["us"]))
        return m

    print("\n| best configuration of (per matrix and precision) " + head + "\n|---|---:|---:|---:|---:|---:|---:|")
    allf = {k[2] for k in new}
    for label, fmts in [(f, {f}) for f in changed] + [("every format", allf)]:
        bo, bn = best(old, fmts), best(new, fmts)
        r = [bn[k] / bo[k] for k in bn if k in bo and math.isfinite(bo[k]) and math.isfinite(bn[k])]
        print(f"| {label} | {summary(r)} |")


if __name__ == "__main__":
    main()
