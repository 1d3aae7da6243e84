#!/usr/bin/env python3
"""compare_ratios.py EVAL_A.json EVAL_B.json COMPARE.json [CSV]: how well `spmvp compare A B`
predicts the speed ratio of two devices. EVAL_A/B: `spmvp evaluate -o` documents of the same
matrices measured on device A and on device B (the fastest format's mean per matrix); COMPARE:
`spmvp compare A.json B.json MATRIX... --json` (the ratio of the picks' predicted times). Prints
the share of matrices whose predicted B/A ratio is within 10 % of the measured one, the median
error, and the same for a baseline that predicts every matrix at the median measured ratio;
CSV (optional) gets one line per matrix."""
import json
import math
import os
import statistics as st
import sys


def fastest(path):
    out = {}
    for c in json.load(open(path))["cases"]:
        t = c["mean_us"]
        name = os.path.basename(c["matrix"]["name"])
        if t is not None and (name not in out or t < out[name]):
            out[name] = t
    return out


def main():
    a, b = fastest(sys.argv[1]), fastest(sys.argv[2])
    cmp = json.load(open(sys.argv[3]))
    rows = []
    for m in cmp["matrices"]:
        name = os.path.basename(m["matrix"]["name"])
        if name in a and name in b and m["b_over_a_ratio"] is not None:
            rows.append((name, m["b_over_a_ratio"], b[name] / a[name]))
    if not rows:
        sys.exit("no matrix in all three files")
    err = [abs(p / r - 1) for _, p, r in rows]
    med = st.median(r for _, _, r in rows)
    base = [abs(med / r - 1) for _, _, r in rows]
    print(f"{len(rows)} matrices, model {cmp['model']}, {cmp['precision']} precision")
    print(f"predicted B/A within 10 % of measured: {100 * sum(e <= 0.10 for e in err) / len(err):.0f} %, "
          f"median error {100 * st.median(err):.1f} %, p90 {100 * sorted(err)[int(0.9 * (len(err) - 1))]:.1f} %")
    print(f"baseline (every matrix at the median measured ratio {med:.3f}): within 10 %: "
          f"{100 * sum(e <= 0.10 for e in base) / len(base):.0f} %, median error {100 * st.median(base):.1f} %")
    print(f"measured B/A: min {min(r for _, _, r in rows):.3f}, median {med:.3f}, max {max(r for _, _, r in rows):.3f}")
    if len(sys.argv) > 4:
        with open(sys.argv[4], "w") as f:
            f.write("matrix,predicted_b_over_a,measured_b_over_a\n")
            for name, p, r in rows:
                f.write(f"{name},{p:.6g},{r:.6g}\n")


if __name__ == "__main__":
    main()
