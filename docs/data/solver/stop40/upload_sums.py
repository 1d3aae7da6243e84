# upload_sums.py OLD NEW: summed single-precision upload (and conversion) per size class of two
# versions of a training table (git show HEAD~:devices/X.train.tsv against the refilled one),
# with the geometric mean of new / old per row. Different sessions: the same-session A/Bs are
# narrow-ab-call2.tgz and train-ab-call5.tsv.gz.
import csv, sys, math, collections
def load(f):
    return {(r['matrix'], r['precision'], r['format'], r['mapping']): r
            for r in csv.DictReader((l for l in open(f) if not l.startswith('#')), delimiter='\t')}
old, new = load(sys.argv[1]), load(sys.argv[2])
cls = lambda n: '<1e5' if n < 1e5 else '1e5-1e6' if n < 1e6 else '1e6-1e7' if n < 1e7 else '>=1e7'
for col in ['upload_us', 'convert_us']:
    s = collections.defaultdict(lambda: [0.0, 0.0, []])
    for k, r in new.items():
        if k[1] != 'single' or k not in old:
            continue
        a, b = float(old[k][col]), float(r[col])
        c = s[cls(int(r['nnz']))]
        c[0] += a; c[1] += b
        if a > 0 and b > 0:
            c[2].append(math.log(b / a))
    for c in ['<1e5', '1e5-1e6', '1e6-1e7', '>=1e7']:
        if c in s:
            a, b, l = s[c]
            print(f'{col} {c:8s} rows {len(l):5d}  sum {a / 1e6:8.2f} -> {b / 1e6:8.2f} s  geomean new/old {math.exp(sum(l) / len(l)):.3f}')
