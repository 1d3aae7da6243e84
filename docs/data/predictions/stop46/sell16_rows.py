"""sell16_rows.py TABLE BENCH_DIR -o OUT: the training table's SELL rows of 16-bit columns with
T > 1 put on the kernel of stop 46 (cl/sell.cl: those columns loaded plainly, no pin), from
call 7's bench runs (BENCH_DIR: <matrix>_<precision>_<16|32>_<round>.json). Each such row's
time becomes its 32-bit sibling's in the table (the same work-group, C and T: the kernel that
did not change) times the session's 16-bit over 32-bit time, each the lesser of the rounds'
batch times: the sibling anchors the row on the table's session. us, us_event and us_repeat
are scaled alike. Only products that stream (the 16-bit plan's bytes and the vectors past the
H200's 50 MiB L2, host/ocl/spmv.c's SPMVP_STREAM) changed kernel; the others, and a (matrix,
precision) the runs lack, keep their rows. Run from the repository
root; standard library and scripts/train_table.py."""
import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "scripts"))
import train_table  # noqa: E402

WHO = "sell16_rows.py"
L2 = 50 * 1048576  # the H200's stream_l2_bytes (host/ocl/device.h)


def session_ratios(folder):
    best, streams = {}, set()
    for f in glob.glob(os.path.join(folder, "*.json")):
        name, prec, bits, _ = os.path.basename(f)[:-5].rsplit("_", 3)
        with open(f) as fh:
            j = json.load(fh)
        r = [x for x in j["results"] if x["format"] == "sell"][0]
        key = (name, prec, bits)
        best[key] = min(best.get(key, float("inf")), r["batch_us"])
        vectors = (j["matrix"]["rows"] + j["matrix"]["cols"]) * (8 if prec == "double" else 4)
        if bits == "16" and r["footprint_bytes"] + vectors > L2:
            streams.add((name, prec))
    return {(n, p): best[(n, p, "16")] / best[(n, p, "32")]
            for (n, p, b) in best if b == "16" and (n, p, "32") in best and (n, p) in streams}


def main():
    if len(sys.argv) != 5 or sys.argv[3] != "-o":
        sys.exit(f"usage: {WHO} TABLE BENCH_DIR -o OUT")
    table, folder, out = sys.argv[1], sys.argv[2], sys.argv[4]
    ratio = session_ratios(folder)
    com, hdr, rows = train_table.read(table, train_table.KEY + ("us", "us_event", "us_repeat"), WHO)
    key = train_table.key_of(hdr)
    us, ev, rep = hdr.index("us"), hdr.index("us_event"), hdr.index("us_repeat")
    by_key = {key(r): r for r in rows}
    changed = 0
    for r in rows:
        m, p, f, mp = key(r)
        if f != "sell" or not mp.endswith(", idx=16") or " T=1," in mp:
            continue
        q = ratio.get((m.replace(":", "_"), p))
        sib = by_key.get((m, p, f, mp[: -len(", idx=16")]))
        if q is None or sib is None:
            continue
        k = float(sib[us]) * q / float(r[us])
        print(f"{m}\t{p}\t{mp}\t{float(r[us]):.2f} -> {float(r[us]) * k:.2f} ({k:.3f})")
        for c in (us, ev, rep):
            r[c] = repr(float(r[c]) * k)
        changed += 1
    train_table.write(out, com, hdr, rows)
    print(f"{changed} rows", file=sys.stderr)


if __name__ == "__main__":
    main()
