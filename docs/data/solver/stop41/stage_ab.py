# stage_ab.py H100.tsv H200.tsv: stage_ab.c's A/B per matrix, staged / pageable upload (the
# median of 3 rounds per format and precision; the range and median of the 10 format-precision
# ratios), and the summed medians.
import csv, statistics as S, collections, sys
def load(f):
    d = collections.defaultdict(list)
    for r in csv.DictReader(open(f), delimiter='\t'):
        d[(r['matrix'].split('/')[-1].replace('.mtx.gz', ''), int(r['nnz']), r['prec'], r['format'], r['variant'])].append(float(r['upload_us']))
    return d
out = {}
for f in sys.argv[1:3]:
    d = load(f); m = collections.defaultdict(lambda: [[], 0.0, 0.0])
    for k in {k[:4] for k in d}:
        a, b = d.get(k + ('pageable',)), d.get(k + ('staged',))
        if a and b:
            e = m[k[:2]]; e[0].append(S.median(b) / S.median(a)); e[1] += S.median(a); e[2] += S.median(b)
    out[f] = m
print('matrix nnz | H100: ratio median (min-max), summed ms pageable -> staged | H200: the same')
for k in sorted(out[sys.argv[1]], key=lambda k: k[1]):
    row = [f'{k[0]} {k[1]}']
    for f in sys.argv[1:3]:
        r, a, b = out[f][k]
        row.append(f'{S.median(r):.2f} ({min(r):.2f}-{max(r):.2f}), {a/1e3:.1f} -> {b/1e3:.1f}')
    print(' | '.join(row))
