#!/usr/bin/env python3
"""scripts/profile_set_gather.py PROFILE MICROBENCH_JSON OUT: PROFILE with its
microbench.gather set to the curve of `spmvp microbench --json` (MICROBENCH_JSON) measured on
the same device, written to OUT (a new file: PROFILE is not touched).

For a profile trained before `train` measured the curve itself, when the curve was measured
already (docs/data/gather/): `train` on a device measures it for a profile without one, but
that costs a session of the `device` tool. The device names must match. Then
`spmvp train --refeature --base OUT ...` prices the table's sectors by it (featvec.h)."""
import json
import os
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[0])
    prof_path, mb_path, out = sys.argv[1:]
    prof = json.load(open(prof_path))
    mb = json.load(open(mb_path))
    if mb.get("device", {}).get("name") != prof["device"]["name"]:
        sys.exit(f"{mb_path}: device {mb.get('device', {}).get('name')!r} is not the profile's "
                 f"{prof['device']['name']!r}")
    g = mb["gather"]
    if len(g["bytes"]) != len(g["ggps"]) or not 1 <= len(g["bytes"]) <= 32:
        sys.exit(f"{mb_path}: gather: bytes and ggps must be 1 to 32 numbers each")
    prof["microbench"]["gather"] = {"bytes": g["bytes"], "ggps": g["ggps"],
                                    "cache_bytes": g.get("cache_bytes", 0)}
    if os.path.exists(out):
        sys.exit(f"{out}: exists (this script writes a new file only)")
    with open(out + ".tmp", "w") as f:
        json.dump(prof, f, separators=(",", ":"))
        f.write("\n")
    os.rename(out + ".tmp", out)


if __name__ == "__main__":
    main()
