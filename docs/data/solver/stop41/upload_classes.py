# upload_classes.py OLD MERGED: the uploads merge_large.py changed, per precision and class of
# the plan's bytes (slots x (value + index bytes)): rows, summed upload old -> new, median and
# p10/p90 of new / old, and rows that got slower (new over 1.2x old).
import sys, gzip, statistics as S, collections
def rows(f):
    op = gzip.open if f.endswith('.gz') else open
    hdr, d = None, {}
    for l in op(f, 'rt'):
        if l.startswith('#'): continue
        p = l.rstrip('\n').split('\t')
        if hdr is None: hdr = p; continue
        d[tuple(p[:5])] = p
    return hdr, d
h, a = rows(sys.argv[1]); _, b = rows(sys.argv[2])
I = {k: i for i, k in enumerate(h)}
c = collections.defaultdict(list)
for k, p in a.items():
    uo, un = float(p[I['upload_us']]), float(b[k][I['upload_us']])
    if uo == un: continue
    vs = 8 if p[I['precision']] == 'double' else 4
    mb = float(p[I['slots']]) * (vs + 4) / 2**20
    cls = '4-16 MiB' if mb < 16 else '16-64 MiB' if mb < 64 else '64-256 MiB' if mb < 256 else '>= 256 MiB'
    c[(p[I['precision']], cls)].append((uo, un))
print('precision class rows old_s new_s median p10 p90 slower')
order = ['4-16 MiB', '16-64 MiB', '64-256 MiB', '>= 256 MiB']
for pr in ['single', 'double']:
    for cl in order:
        v = c.get((pr, cl))
        if not v: continue
        r = sorted(n / o for o, n in v)
        q = lambda f: r[min(len(r) - 1, int(f * len(r)))]
        print(pr, cl, len(v), round(sum(o for o, _ in v) / 1e6, 1), round(sum(n for _, n in v) / 1e6, 1),
              round(S.median(r), 2), round(q(.1), 2), round(q(.9), 2), sum(x > 1.2 for x in r))
