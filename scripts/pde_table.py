#!/usr/bin/env python3
"""pde_table.py PDE.jsonl: seed 003's PDE tables beside spmvp's measurements.

PDE.jsonl holds `spmvp bench --json` documents of laplace3d:N (scripts/gpu_pde.sh). For each
pdeNN it prints MFLOPS = 2*nnz / time of CSR-scalar, CSR-vector, ELL and ELL-R, from the
back-to-back batch (the paper's 2000 products in sequence) and, in brackets, from the median
single product; then ELL-R over the better CSR kernel, beside the paper's ELLG/CSR ratios.

The paper's figures are copied from Barbieri, Cardellini, Filippone, "Sparse Computations on
GPGPUs", Tech. Rep. RR-12.90, Univ. Roma Tor Vergata, 2012 (seed 003): the "GPU" column (x and
y already on the device, double precision) of Table 2 (ELLG, GTX 285), Table 3 (ELLG, Tesla
C2050), Table 4 (CUSPARSE CSR, GTX 285) and Table 5 (CUSPARSE CSR, C2050). Their claim checked
here: ELLG is 2-3x (and more) faster than CSR on these matrices.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jsonstream import documents  # noqa: E402

# name: (N, NZ, ELLG GTX285, ELLG C2050, CSR GTX285, CSR C2050), MFLOPS, seed 003 Tables 2-5
PAPER = {
    "pde05": (125, 725, 55, 28, 40, 30),
    "pde10": (1000, 6400, 481, 187, 434, 178),
    "pde20": (8000, 53600, 3610, 2147, 1807, 1588),
    "pde30": (27000, 183600, 7784, 4319, 2562, 2923),
    "pde40": (64000, 438400, 10380, 6394, 2898, 3833),
    "pde50": (125000, 860000, 12452, 8237, 3035, 4094),
    "pde60": (216000, 1490400, 13842, 9442, 3135, 4431),
    "pde80": (512000, 3545600, 15250, 10396, 3220, 4628),
    "pde90": (729000, 5054400, 15354, 10812, 3232, 4618),
    "pde100": (1000000, 6940000, 15664, 10859, 3175, 4640),
}
FORMATS = ["csr_scalar", "csr_vector", "ell", "ellr"]


def mflops(nnz, us):
    return 2.0 * nnz / us if us and us > 0 else float("nan")


def main():
    rows = []
    prec = dev = "?"
    for doc in documents(sys.argv[1]):
        m = doc["matrix"]
        n = round(m["rows"] ** (1 / 3))
        name = f"pde{n:02d}"
        prec, dev = doc.get("precision", "?"), doc.get("device", {}).get("name", "?")
        res = {r["format"]: r for r in doc["results"] if r.get("state") == "ok"}
        rows.append((name, m, res))
    print(f"\n{dev}, {prec} precision: MFLOPS batch (median); paper: GPU column, double")
    head = ["matrix", "N", "NZ"] + FORMATS + ["ELL-R/CSR", "paper ELLG 285 / C2050",
                                              "paper CSR 285 / C2050", "paper ELLG/CSR"]
    print("| " + " | ".join(head) + " |")
    print("|---|" + "---:|" * (len(head) - 1))
    for name, m, res in rows:
        cells = []
        for f in FORMATS:
            r = res.get(f)
            cells.append(f"{mflops(m['nnz'], r['batch_us']):.0f} ({mflops(m['nnz'], r['median_us']):.0f})"
                         if r else "-")
        csr = [res[f]["batch_us"] for f in ("csr_scalar", "csr_vector") if f in res]
        ratio = f"{min(csr) / res['ellr']['batch_us']:.2f}" if csr and "ellr" in res else "-"
        p = PAPER.get(name)
        if p and (p[0], p[1]) != (m["rows"], m["nnz"]):
            name += " (size differs from the paper's)"
        paper = [f"{p[2]} / {p[3]}", f"{p[4]} / {p[5]}", f"{p[2] / p[4]:.2f} / {p[3] / p[5]:.2f}"] \
            if p else ["", "", ""]
        print(f"| {name} | {m['rows']} | {m['nnz']} | " + " | ".join(cells + [ratio] + paper) + " |")


if __name__ == "__main__":
    main()
