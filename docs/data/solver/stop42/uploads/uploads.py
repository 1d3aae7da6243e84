#!/usr/bin/env python3
"""uploads.py: the uploads of calls 7-9 (stop 42), per format and process: call 7's CG runs
(../cg-h100/), call 8's CG and bench runs (call8-up.tgz), call 9's CG runs with OMP_WAIT_POLICY
passive and the default (call9-thr.tgz). Each line: where, format, upload ms of each process."""
import glob, json, os, tarfile

here = os.path.dirname(os.path.abspath(__file__))


def show(where, items):
    rows = {}
    for key, up in items:
        rows.setdefault(key, []).append(up)
    for key in sorted(rows):
        print(f"{where:28s} {key:28s} " + " ".join(f"{u:6.1f}" for u in rows[key]))


show("call 7 cg laplace3d27:80", [(json.load(open(f))["format"], json.load(open(f))["upload_us"] / 1e3)
                                  for f in glob.glob(os.path.join(here, "../cg-h100/laplace3d27_80.*.json"))])
show("call 7 cg laplace3d:120", [(json.load(open(f))["format"], json.load(open(f))["upload_us"] / 1e3)
                                 for f in glob.glob(os.path.join(here, "../cg-h100/laplace3d_120.*.json"))])
for tgz, where in (("call8-up.tgz", "call 8"), ("call9-thr.tgz", "call 9")):
    t = tarfile.open(os.path.join(here, tgz))
    items = []
    for m in sorted(t.getmembers(), key=lambda m: m.name):
        if not m.name.endswith(".json"):
            continue
        d = json.load(t.extractfile(m))
        parts = os.path.basename(m.name).split(".")
        if parts[0] == "cg":
            tag = parts[1] + (" " + parts[2] if len(parts) == 5 else "")
            items.append(("cg " + tag, d["upload_us"] / 1e3))
        else:
            for r in d["results"]:
                items.append(("bench " + r["format"], r["upload_us"] / 1e3))
    show(where + " laplace3d27:80", items)
