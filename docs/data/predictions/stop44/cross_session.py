#!/usr/bin/env python3
"""cross_session.py S1 S2 FORMAT[,FORMAT...]: two sessions of the same table's rows (training
tables, gzipped or not, e.g. two of scripts/gpu_retrain.sh) against each other: the floor a
predictor trained on one session meets when judged on another's. Run from the repository root
(it reads the tables through scripts/train_table.py).

1. Picks: per matrix and precision, over FORMAT's configurations both sessions measured, the
   configuration S1 measured fastest, its S2 time over S2's least; the share within 5 %, for
   every pair, the pairs whose best runs under 10 µs (launch-bound), and those of 20 µs and more.
2. Mappings, per format, on the launch-bound pairs: does a session's fastest mapping (work-group
   size) stay the fastest in the other? The share of pairs where both sessions' fastest is the
   same (chance: one over the number of mappings), and the correlation between the sessions of
   each mapping's log time less the pair's mean log time (1: the mapping's effect repeats;
   0: it is the session's noise)."""
import collections
import math
import statistics as st
import sys

sys.path.insert(0, "scripts")
import train_table  # noqa: E402  (scripts/train_table.py: the training tables' reader)


def times(path):
    """(matrix, precision, format, mapping) -> µs."""
    _, hdr, rows = train_table.read(path, train_table.KEY + ("us",), "cross_session")
    key, us = train_table.key_of(hdr), hdr.index("us")
    return {key(r): float(r[us]) for r in rows}


def picks(a, b, fmts):
    g = collections.defaultdict(list)
    for k in a:
        if k[2] in fmts and k in b:
            g[k[:2]].append(k)
    for lab, sel in (("all", lambda t: True), ("best < 10 us", lambda t: t < 10),
                     ("best >= 20 us", lambda t: t >= 20)):
        rs = sorted(b[min(ks, key=lambda k: a[k])] / min(b[k] for k in ks)
                    for ks in g.values() if sel(min(b[k] for k in ks)))
        if rs:
            print(f"picks, {lab}: {len(rs)} pairs, S1's fastest within 5 % of S2's best: "
                  f"{100 * sum(r <= 1.05 for r in rs) / len(rs):.0f} %, p90 {rs[int(.9 * (len(rs) - 1))]:.3f}, "
                  f"worst {rs[-1]:.3f}")


def mappings(a, b, fmt):
    g = collections.defaultdict(list)
    for k in a:
        if k[2] == fmt and k in b:
            g[k[:2]].append(k)
    xs, ys, same, n, nmap = [], [], 0, 0, 0
    for ks in g.values():
        if len(ks) < 2 or min(b[k] for k in ks) >= 10:
            continue
        ma = st.mean(math.log(a[k]) for k in ks)
        mb = st.mean(math.log(b[k]) for k in ks)
        xs += [math.log(a[k]) - ma for k in ks]
        ys += [math.log(b[k]) - mb for k in ks]
        n += 1
        nmap += len(ks)
        same += min(ks, key=lambda k: a[k]) == min(ks, key=lambda k: b[k])
    if n:
        print(f"mappings, {fmt}: {n} launch-bound pairs, {nmap / n:.1f} mappings each; the same fastest "
              f"in both sessions {100 * same / n:.0f} % (chance {100 * n / nmap:.0f} %); correlation of "
              f"the mappings' deviations {st.correlation(xs, ys):.2f}")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    a, b = times(sys.argv[1]), times(sys.argv[2])
    fmts = sys.argv[3].split(",")
    picks(a, b, fmts)
    for f in fmts:
        mappings(a, b, f)
