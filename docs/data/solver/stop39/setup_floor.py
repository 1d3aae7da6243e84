# Advice's floor from setup noise alone: two sessions' setup columns of one table (same code,
# the same product times), each configuration's measured setup the median over the rows that
# upload the same arrays (matrix, precision, bytes, setup class: CSR-scalar and CSR-vector one),
# as spmvp cv does. Session B's setups (and the repeated product) choose; session A's setups
# (and the product) judge. Usage: setup_floor.py A.tsv B.tsv
import collections, math, statistics as S, sys
def load(f):
    rows = []; hdr = None
    for l in open(f):
        if l.startswith('#'):
            continue
        p = l.rstrip('\n').split('\t')
        if hdr is None:
            hdr = {h: i for i, h in enumerate(p)}; continue
        rows.append(p)
    return hdr, rows
def setups(hdr, rows):
    g = collections.defaultdict(list); key = {}
    for p in rows:
        s = float(p[hdr['convert_us']]) + float(p[hdr['upload_us']])
        if s != s:
            continue
        cls = 'csr' if p[3] in ('csr_scalar', 'csr_vector') else p[3]
        k = (p[0], p[2], p[hdr['bytes']], cls)
        g[k].append(s); key[tuple(p[:5])] = k
    med = {k: S.median(v) for k, v in g.items()}
    return {r: med[k] for r, k in key.items()}
ha, ra = load(sys.argv[1]); hb, rb = load(sys.argv[2])
sa, sb = setups(ha, ra), setups(hb, rb)
prod = {tuple(p[:5]): (float(p[ha['us']]), float(p[ha['us_repeat']])) for p in ra}
mats = collections.defaultdict(list)
for r in sa:
    if r in sb:
        mats[(r[0], r[2])].append(r)
for prec in ('single', 'double'):
    for N in (10, 100, 1000, 10000):
        sl = []
        for (m, pr), rs in mats.items():
            if pr != prec:
                continue
            cost = lambda r: sa[r] + N * prod[r][0]
            best = min(rs, key=cost)
            pick = min(rs, key=lambda r: sb[r] + N * (prod[r][1] if prod[r][1] == prod[r][1] else prod[r][0]))
            sl.append(cost(pick) / cost(best))
        sl.sort()
        print('%s N = %5d: %d matrices, within 5 %%: %3.0f %%, within 20 %%: %3.0f %%, geomean %.3f, worst %.2f' % (
            prec, N, len(sl), 100 * sum(x <= 1.05 for x in sl) / len(sl), 100 * sum(x <= 1.2 for x in sl) / len(sl),
            math.exp(sum(map(math.log, sl)) / len(sl)), sl[-1]))
