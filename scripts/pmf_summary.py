#!/usr/bin/env python3
"""scripts/pmf_summary.py EVAL.csv [--min-nnz N]: Markdown table from `spmvp evaluate`'s CSV
with all five models (three strip models of seed 000, seed 002's PMF model and its calibrated
variant): per format, mean and median D_r (%) and the share of cases within +-20 % (seed
002's criterion), optionally only for matrices with at least N non-zeros."""
import csv
import os
import statistics as st
import sys

FORMATS = ["csr_scalar", "ell", "coo", "hyb", "csr_vector", "jad"]
MODELS = ["fixed", "normal", "uniform", "pmf", "pmf-cal"]


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eval_summary import rows_of  # noqa: E402  (both CSV layouts)


def main():
    rows = rows_of(sys.argv[1])
    if "--min-nnz" in sys.argv:
        n = int(sys.argv[sys.argv.index("--min-nnz") + 1])
        rows = [r for r in rows if int(r["nnz"]) >= n]
    mats = len({r["matrix"] for r in rows})
    print(f"{mats} matrices; each cell: mean / median D_r % [share within 20 %]\n")
    print("| format | " + " | ".join(MODELS) + " |")
    print("|---|" + "---|" * len(MODELS))
    for fm in FORMATS + ["all"]:
        cells = []
        for m in MODELS:
            d = [float(r["dr"]) for r in rows if (fm == "all" or r["format"] == fm) and r["model"] == m]
            d = [x for x in d if x == x]
            cells.append(f"{100 * st.mean(d):.0f} / {100 * st.median(d):.0f} [{100 * sum(x <= .2 for x in d) / len(d):.0f} %]"
                         if d else "-")
        print(f"| {fm} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
