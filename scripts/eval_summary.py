#!/usr/bin/env python3
"""eval_summary.py EVAL.csv [--min-rows N]: Markdown tables from `spmvp evaluate`'s CSV: mean
D_r (%) per format and model next to seed 000's figures, the share within 20 %, and ranking
quality (only positive predictions can be picked, as spmvp does)."""
import csv
import statistics as st
import sys

PAPER = {"csr_vector": (5.05, 2.42, 2.56), "csr_scalar": (5.44, 3.52, 3.21),
         "ell": (5.79, 3.26, 3.53), "jad": (5.97, 3.94, 4.28)}
FORMATS = ["csr_scalar", "csr_vector", "ell", "jad", "coo", "hyb"]
MODELS = ["fixed", "normal", "uniform"]


def rows_of(path):
    """The CSV's rows with "dr" (a fraction) and "measured_us" (the mean) whichever spmvp wrote
    it: schema 1 names them dr_percent and mean_us."""
    rows = list(csv.DictReader(open(path)))
    for r in rows:
        if "dr_percent" in r:
            x = float(r["dr_percent"]) if r["dr_percent"] not in ("", "nan") else float("nan")
            r["dr"] = str(x / 100)
            r["measured_us"] = r["mean_us"]
    return rows


def main():
    rows = rows_of(sys.argv[1])
    if "--min-rows" in sys.argv:
        n = int(sys.argv[sys.argv.index("--min-rows") + 1])
        rows = [r for r in rows if int(r["rows"]) >= n]
    f = lambda x: float(x) if x not in ("", "nan") else float("nan")
    print("| format | mean D_r % Guo-Wang / normal / uniform | median | within 20 % | paper (mean) |")
    print("|---|---|---|---|---|")
    for fm in FORMATS:
        means, meds, w20 = [], [], []
        for m in MODELS:
            d = [f(r["dr"]) for r in rows if r["format"] == fm and r["model"] == m]
            d = [x for x in d if x == x]
            means.append(f"{100 * st.mean(d):.0f}" if d else "-")
            meds.append(f"{100 * st.median(d):.0f}" if d else "-")
            w20.append(f"{100 * sum(x <= 0.2 for x in d) / len(d):.0f} %" if d else "-")
        p = PAPER.get(fm)
        print(f"| {fm} | {' / '.join(means)} | {' / '.join(meds)} | {' / '.join(w20)} | "
              + (" / ".join(f"{x:.2f}" for x in p) if p else "not modelled") + " |")
    mats = sorted({r["matrix"] for r in rows})
    print("\n| model | matrices | measured time of predicted best / measured best (mean) | within 5 % | within 20 % |")
    print("|---|---:|---:|---:|---:|")
    for m in MODELS:
        ratios = []
        for mat in mats:
            rs = [r for r in rows if r["matrix"] == mat and r["model"] == m and f(r["measured_us"]) == f(r["measured_us"])]
            if not rs:
                continue
            best = min(f(r["measured_us"]) for r in rs)
            cand = [r for r in rs if f(r["predicted_us"]) > 0]
            if not cand:
                continue
            pick = min(cand, key=lambda r: f(r["predicted_us"]))
            ratios.append(f(pick["measured_us"]) / best)
        print(f"| {m} | {len(ratios)} | {st.mean(ratios):.3f} | {100 * sum(x <= 1.05 for x in ratios) / len(ratios):.0f} % "
              f"| {100 * sum(x <= 1.20 for x in ratios) / len(ratios):.0f} % |")


if __name__ == "__main__":
    main()
