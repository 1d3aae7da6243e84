#!/usr/bin/env python3
"""side_by_side.py BENCH_DIR CUSPARSE_DIR [--by median|batch] [--glob PATTERN] [--spmvp FORMATS]
[--cusparse FORMATS|deterministic]: spmvp and cuSPARSE on the same matrices, as a Markdown table.

BENCH_DIR holds `spmvp bench --json` files, CUSPARSE_DIR `cusparse_ref --json` files (any
*.json or *.json.gz, several documents per file allowed). Documents are matched by matrix
(its file name without directory and .mtx[.gz], ':' as '_', so laplace3d:100 and
laplace3d_100 agree) and precision. Per matrix: the best spmvp format and the best cuSPARSE
algorithm, chosen by median µs (or by batch µs with --by batch), each with median and batch
µs, and the ratio best cuSPARSE / best spmvp for both (above 1: spmvp is faster). Then the
geometric mean of the ratios and the worst matrix (smallest ratio). Where one matrix has
several documents on a side (a vector-width sweep beside the full run), the best result over
all of them counts. --spmvp and --cusparse restrict a side to some formats (comma-separated
names as the JSON has them: coo, csr_adaptive; cusparse_coo_alg2); --cusparse deterministic
keeps the algorithms whose params say "deterministic" (cusparse_ref marks each: CSR ALG2, COO
ALG2 and sliced ELL; the others may differ from run to run), the fair opponent of spmvp's
kernels, which all are. Standard library only."""
import argparse
import glob
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jsonstream import documents  # noqa: E402


def matrix_key(name):
    base = os.path.basename(name)
    for ext in (".gz", ".mtx"):
        if base.endswith(ext):
            base = base[: -len(ext)]
    return base.replace(":", "_")


def keep(result, formats):
    """Whether a result passes a --spmvp / --cusparse filter (None: everything)."""
    if formats is None:
        return True
    if formats == "deterministic":
        params = result.get("params", "")
        return "deterministic" in params and "not deterministic" not in params
    return result.get("format") in formats.split(",")


def load(d, pattern, formats=None):
    """{(matrix, precision): {"doc": first document, "ok": [ok results passing formats]}} from
    every file."""
    out = {}
    paths = sorted(set(glob.glob(os.path.join(d, pattern)) + glob.glob(os.path.join(d, pattern + ".gz"))))
    for path in paths:
        try:
            docs = list(documents(path))
        except ValueError as e:
            print(f"side_by_side: {path}: not JSON ({e}), skipped", file=sys.stderr)
            continue
        for doc in docs:
            if not isinstance(doc, dict) or "results" not in doc or "matrix" not in doc:
                continue  # `spmvp devices --json` and the like
            key = (matrix_key(doc["matrix"]["name"]), doc.get("precision", "?"))
            entry = out.setdefault(key, {"doc": doc, "ok": []})
            entry["ok"] += [r for r in doc["results"] if r.get("state") == "ok" and keep(r, formats)]
    return out


def best(results, by):
    field = "batch_us" if by == "batch" else "median_us"
    timed = [r for r in results if r.get(field, 0) > 0]
    return min(timed, key=lambda r: r[field]) if timed else None


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def device_line(side, doc):
    dev = doc.get("device", {})
    extra = dev.get("cusparse_version") and f", cuSPARSE {dev['cusparse_version']}" or ""
    return (f"- {side}: {dev.get('name', '?')} (driver {dev.get('driver', '?')}{extra}); "
            f"warm-up {doc.get('warmup')}, runs {doc.get('runs')}, batch {doc.get('batch')}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bench_dir")
    ap.add_argument("cusparse_dir")
    ap.add_argument("--by", choices=["median", "batch"], default="median",
                    help="which time picks the best format on each side (default median)")
    ap.add_argument("--glob", default="*.json", help="file pattern in both directories")
    ap.add_argument("--spmvp", metavar="FORMATS", help="only these spmvp formats (comma-separated)")
    ap.add_argument("--cusparse", metavar="FORMATS",
                    help="only these cuSPARSE algorithms (comma-separated), or 'deterministic'")
    a = ap.parse_args()
    ours, theirs = load(a.bench_dir, a.glob, a.spmvp), load(a.cusparse_dir, a.glob, a.cusparse)
    for side, docs, f in (("--spmvp", ours, a.spmvp), ("--cusparse", theirs, a.cusparse)):
        if f and not any(e["ok"] for e in docs.values()):
            sys.exit(f"side_by_side: no result of {side} {f} in the files")
    keys = sorted(set(ours) & set(theirs), key=lambda k: (k[1], k[0]))
    if not keys:
        sys.exit(f"side_by_side: no matrix and precision in both {a.bench_dir} and {a.cusparse_dir}")
    k0 = keys[0]
    print(device_line("spmvp", ours[k0]["doc"]))
    print(device_line("cuSPARSE", theirs[k0]["doc"]))
    only = "".join(f"; {side} restricted to {f}" for side, f in (("spmvp", a.spmvp), ("cuSPARSE", a.cusparse)) if f)
    print(f"- best on each side by {a.by} µs; ratio = best cuSPARSE / best spmvp (above 1: spmvp faster){only}\n")
    print("| matrix | precision | nnz | spmvp best | median µs | batch µs | cuSPARSE best | median µs "
          "| batch µs | ratio (median) | ratio (batch) |")
    print("|---|---|---:|---|---:|---:|---|---:|---:|---:|---:|")
    ratios, batch_ratios, worst = [], [], None
    for k in keys:
        s, c = best(ours[k]["ok"], a.by), best(theirs[k]["ok"], a.by)
        nnz = ours[k]["doc"]["matrix"].get("nnz", "")
        if not s or not c:
            print(f"| {k[0]} | {k[1]} | {nnz} | {s['format'] if s else 'none ok'} | | | "
                  f"{c['format'] if c else 'none ok'} | | | | |")
            continue
        rm = c["median_us"] / s["median_us"]
        rb = c["batch_us"] / s["batch_us"] if s.get("batch_us", 0) > 0 and c.get("batch_us", 0) > 0 else None
        ratios.append(rm)
        if rb is not None:
            batch_ratios.append(rb)
        r_rank = rb if a.by == "batch" and rb is not None else rm
        if worst is None or r_rank < worst[0]:
            worst = (r_rank, k, s["format"], c["format"])
        rb_s = f"{rb:.2f}" if rb is not None else ""
        print(f"| {k[0]} | {k[1]} | {nnz} | {s['format']} | {s['median_us']:.1f} | {s['batch_us']:.1f} "
              f"| {c['format']} | {c['median_us']:.1f} | {c['batch_us']:.1f} | {rm:.2f} | {rb_s} |")
    print(f"\ngeometric mean of the ratios: {geomean(ratios):.3f} (median), "
          f"{geomean(batch_ratios):.3f} (batch), over {len(ratios)} matrix-precision pairs")
    if worst:
        r, k, sf, cf = worst
        print(f"worst for spmvp: {k[0]} in {k[1]} precision, ratio {r:.2f} ({a.by}; spmvp {sf}, cuSPARSE {cf})")
    for side, only in (("spmvp", set(ours) - set(theirs)), ("cuSPARSE", set(theirs) - set(ours))):
        if only:
            print(f"only in {side}: " + ", ".join(f"{m} ({p})" for m, p in sorted(only)))


if __name__ == "__main__":
    main()
