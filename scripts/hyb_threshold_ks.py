#!/usr/bin/env python3
"""scripts/hyb_threshold_ks.py PROFILE PRECISION SWEEP.jsonl.gz MATRIX_DIR > ks.tsv

The HYB thresholds K of every rule for the matrices of a measured sweep (scripts/gpu_hyb_sweep.sh):
seed 002's Algorithm 2 (on T, on CT, calibrated), CUSP, ViennaCL, mean row length, spmvp's
default (all from `spmvp predict --hyb-threshold --json`, no device needed), and the K of the
sweep's fastest median. Matrix files are looked up by base name in MATRIX_DIR; generated specs
are passed as they are. One TSV line per matrix; scripts/gpu_hyb_threshold.sh times them."""
import json
import os
import subprocess
import sys

from jsonstream import documents

RULES = ["pmf_t", "pmf_ct", "pmf_cal", "cusp", "viennacl", "mean", "spmvp"]


def main():
    profile, prec, sweep, mdir = sys.argv[1:5]
    print("matrix\tspec\tk0\tmax\tsweep_best\t" + "\t".join(RULES))
    for doc in documents(sweep):
        name = doc["matrix"]["name"]
        spec = os.path.join(mdir, os.path.basename(name)) if name.endswith(".mtx.gz") else name
        ok = [r for r in doc["results"] if r["state"] == "ok"]
        best = min(ok, key=lambda r: r["median_us"])
        best_k = int(best["params"].split(",")[0].split("=")[1])
        out = subprocess.run(["./build/spmvp", "predict", spec, "--profile", profile, "--precision", prec,
                              "--hyb-threshold", "--json"], capture_output=True, text=True, check=True).stdout
        h = json.loads(out)["hyb_threshold"]
        ks = ["-1" if h["K"][r] is None else str(h["K"][r]) for r in RULES]
        print("\t".join([os.path.basename(name), os.path.basename(spec) if name.endswith(".mtx.gz") else spec,
                         str(h["k0"]), str(h["max"]), str(best_k)] + ks), flush=True)


if __name__ == "__main__":
    main()
