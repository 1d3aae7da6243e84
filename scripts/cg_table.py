#!/usr/bin/env python3
"""cg_table.py DIR: the `spmvp cg --json` documents of DIR (MATRIX.PRECISION.FORMAT.json, FORMAT
"advised" for --profile's choice) as a markdown table per precision: iterations, time to
solution with CSR-vector, as advised, and with the best format in hindsight, and the SpMV's
share of an iteration. Time to solution is the setup (conversion + upload), the pin of the
staging buffers when that process's upload paid it (stage_us, since stop 42; absent before, 0)
and the solve: each document is one process, which pays all three."""
import collections
import glob
import json
import os
import sys


def main():
    res = collections.defaultdict(dict)
    for f in glob.glob(os.path.join(sys.argv[1], "*.json")):
        try:
            d = json.load(open(f))
        except ValueError:
            continue
        m, prec, fmt = os.path.basename(f)[:-5].rsplit(".", 2)
        if d.get("state") == "converged":
            res[(prec, m)][fmt] = d
    total = lambda d: d["setup_us"] + d.get("stage_us", 0) + d["solve_us"]
    for prec in ("double", "single"):
        print(f"\n{prec} precision\n")
        print("| matrix | nnz | iterations (CPU) | CSR-vector µs | advised | advised µs | best in hindsight | best µs | "
              "advised / best | µs per iteration (CSR-vector) | SpMV share |")
        print("|---|---:|---:|---:|---|---:|---|---:|---:|---:|---:|")
        ratios = []
        for (p, m), r in sorted(res.items()):
            if p != prec or "csr_vector" not in r:
                continue
            c = r["csr_vector"]
            fm = {k: v for k, v in r.items() if k != "advised"}
            b = min(fm, key=lambda k: total(fm[k]))
            a = r.get("advised")
            ratio = total(a) / total(fm[b]) if a else float("nan")
            ratios.append(ratio)
            print(f"| {m} | {c['matrix']['nnz']} | {c['iterations']} ({c['cpu']['iterations']}) | "
                  f"{total(c):.0f} | {a['format'] + ' ' + a['params'] if a else '-'} | "
                  f"{total(a) if a else float('nan'):.0f} | {b} {fm[b]['params']} | {total(fm[b]):.0f} | "
                  f"{ratio:.2f} | {c['iteration_us']:.1f} | {c['spmv_share_percent']:.0f} % |")
        ok = [x for x in ratios if x == x]
        if ok:
            print(f"\nadvised within 5 % of the best in hindsight on {sum(x <= 1.05 for x in ok)} of {len(ok)}; "
                  f"worst {max(ok):.2f}")


if __name__ == "__main__":
    main()
