#!/usr/bin/env python3
"""bench_table.py DIR PRECISION [MATRIX...]: a Markdown table of `spmvp bench --json` files
DIR/bench_<matrix>_<precision>.json: median µs per format (best in bold), the best format's
GB/s counting CSR bytes and its back-to-back batch time per product."""
import glob
import json
import os
import sys

FORMATS = ["csr_scalar", "csr_vector", "ell", "jad", "coo", "hyb"]


def main():
    d, prec = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or sorted(
        os.path.basename(p)[len("bench_"):-len(f"_{prec}.json")]
        for p in glob.glob(os.path.join(d, f"bench_*_{prec}.json")))
    print("| matrix | rows | nnz | " + " | ".join(FORMATS) + " | best | GB/s (CSR) | batch µs |")
    print("|---|---:|---:|" + "---:|" * len(FORMATS) + "---|---:|---:|")
    for n in names:
        doc = json.load(open(os.path.join(d, f"bench_{n}_{prec}.json")))
        res = {r["format"]: r for r in doc["results"]}
        ok = [r for r in doc["results"] if r["state"] == "ok"]
        best = min(ok, key=lambda r: r["median_us"]) if ok else None
        cells = []
        for f in FORMATS:
            r = res.get(f)
            if r is None:
                cells.append("")
            elif r["state"] != "ok":
                cells.append(r["state"])
            else:
                s = f"{r['median_us']:.1f}" + (f" ({r['params']})" if f == "csr_vector" else "")
                cells.append(f"**{s}**" if r is best else s)
        m = doc["matrix"]
        tail = f"{best['format']} | {best['gbs_csr']:.0f} | {best['batch_us']:.1f}" if best else " | | "
        print(f"| {m['name'].split('/')[-1].replace('.mtx.gz', '')} | {m['rows']} | {m['nnz']} | "
              + " | ".join(cells) + f" | {tail} |")


if __name__ == "__main__":
    main()
