"""Cross-session ranking ceiling on one GPU's generated corpus (the H200 in stop 37, the H100 in stop 38).
s1: the first one-session table (stop 35), s2: the second (stop 37 or 38), shipped: devices/nvidia-NAME.train.tsv,
pred: spmvp cv --predictions of the shipped table (ens held out by family)."""
import gzip, math, sys, statistics
def read(path):
    op = gzip.open if path.endswith('.gz') else open
    rows = {}
    with op(path, 'rt') as f:
        hdr = None
        for line in f:
            if line.startswith('#'):
                continue
            c = line.rstrip('\n').split('\t')
            if hdr is None:
                hdr = {k: i for i, k in enumerate(c)}
                continue
            if ':' not in c[0]:
                continue  # generated matrices only
            fmt, nnz = c[hdr['format']], int(float(c[hdr['nnz']]))
            if fmt in ('coo', 'hyb') and nnz > 540000:
                continue  # COO changed between the sessions (stop 36)
            us = float(c[hdr['us']])
            if us > 0 and not math.isnan(us):
                rows[(c[0], c[hdr['precision']], fmt, c[hdr['mapping']])] = us
    return rows
def read_pred(path, model):
    out = {}
    with open(path) as f:
        hdr = f.readline().rstrip('\n').split('\t')
        i = hdr.index(model)
        for line in f:
            c = line.rstrip('\n').split('\t')
            out[(c[0], c[2], c[3], c[4])] = float(c[i])
    return out
s1, s2, sh = read(sys.argv[1]), read(sys.argv[2]), read(sys.argv[3])
pred = read_pred(sys.argv[4], 'ens')
keys = set(s1) & set(s2) & set(sh) & set(pred)
groups = {}
for k in keys:
    groups.setdefault(k[:2], []).append(k[2:])
def score(pick_by, judge):
    sl = []
    for g, cfgs in groups.items():
        pk = min(cfgs, key=lambda c: pick_by[g + c])
        best = min(judge[g + c] for c in cfgs)
        sl.append(judge[g + pk] / best)
    sl.sort()
    w5 = 100 * sum(s <= 1.05 for s in sl) / len(sl)
    w20 = 100 * sum(s <= 1.20 for s in sl) / len(sl)
    gm = math.exp(sum(map(math.log, sl)) / len(sl))
    return f'{len(sl)} pairs: within 5 % {w5:.0f} %, within 20 % {w20:.0f} %, geomean {gm:.3f}, p90 {sl[int(0.9*len(sl))]:.2f}, worst {sl[-1]:.2f}'
print('configurations common to the four:', len(keys), '; matrix-precision pairs:', len(groups))
print('session 1 best, judged on session 2   ', score(s1, s2))
print('session 2 best, judged on session 1   ', score(s2, s1))
print('ens (held out), judged on session 1   ', score(pred, s1))
print('ens (held out), judged on session 2   ', score(pred, s2))
print('ens (held out), judged on the shipped table', score(pred, sh))
print('session 1 best, judged on the shipped table', score(s1, sh))
# how far the sessions are apart, configuration by configuration
d = sorted(abs(math.log(s2[k] / s1[k])) for k in keys)
print('session 2 / session 1 per configuration: median %.1f %%, p90 %.1f %%' % (100 * (math.exp(statistics.median(d)) - 1), 100 * (math.exp(d[int(0.9 * len(d))]) - 1)))
# where ens misses: by the best's time, and the worst picks
print()
for lo, hi in ((0, 20), (20, 1e9)):
    sub = {g: c for g, c in groups.items() if lo <= min(s2[g + x] for x in c) < hi}
    sl = []; sl2 = []
    for g, cfgs in sub.items():
        pk = min(cfgs, key=lambda c: pred[g + c]); best = min(s2[g + c] for c in cfgs)
        sl.append(s2[g + pk] / best)
        pk1 = min(cfgs, key=lambda c: s1[g + c]); sl2.append(s2[g + pk1] / best)
    print('best %g-%g us: %d pairs; ens within 5 %%: %.0f %%; session 1 best within 5 %%: %.0f %%' % (lo, hi, len(sl), 100*sum(s <= 1.05 for s in sl)/len(sl), 100*sum(s <= 1.05 for s in sl2)/len(sl2)))
miss = []
for g, cfgs in groups.items():
    pk = min(cfgs, key=lambda c: pred[g + c]); bc = min(cfgs, key=lambda c: s2[g + c])
    r = s2[g + pk] / s2[g + bc]
    if r > 1.05:
        miss.append((r, g, pk, bc, s2[g + bc]))
miss.sort(reverse=True)
print('ens misses (> 5 %%) on session 2: %d; picked format -> best format counts:' % len(miss))
from collections import Counter
print(Counter((m[2][0], m[3][0]) for m in miss).most_common(12))
for m in miss[:12]:
    print('  %.2f %s %s: picked %s, best %s (%.1f us)' % (m[0], m[1][0], m[1][1], ' '.join(m[2]), ' '.join(m[3]), m[4]))
