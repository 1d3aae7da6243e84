# train_ab.py: call 5's same-session A/B of the single-precision narrowing inside train's refill
# (train-ab-call5.tsv.gz: old = 341619e, new = 733b16e, ser = new on one thread; order old new
# ser ser new old). Prints each run's summed and median upload per size class and the paired
# geometric means of new / old and ser / old (each the geometric mean of its two runs).
import gzip, csv, math, statistics as st, collections
rows = list(csv.DictReader(gzip.open('train-ab-call5.tsv.gz', 'rt'), delimiter='\t'))
runs = ['ab1-old', 'ab2-new', 'ab3-ser', 'ab4-ser', 'ab5-new', 'ab6-old']
ok = [r for r in rows if all(r[f'{n}_upload_us'] != 'nan' for n in runs)]
cls = lambda n: '<1e5' if int(n) < 100000 else '<1e6' if int(n) < 1000000 else '>=1e6'
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
print(len(ok), 'rows measured in every run')
for n in runs:
    by = collections.defaultdict(list)
    for r in ok:
        by[cls(r['nnz'])].append(float(r[f'{n}_upload_us']))
    print(n, {c: f'{len(v)} rows, sum {sum(v) / 1000:.0f} ms, median {st.median(v):.0f} us' for c, v in sorted(by.items())})
for a in ['new', 'ser']:
    by = collections.defaultdict(list)
    for r in ok:
        x = [float(r[f'{n}_upload_us']) for n in runs if n.endswith(a)]
        o = [float(r[f'{n}_upload_us']) for n in runs if n.endswith('old')]
        by[cls(r['nnz'])].append(math.sqrt(x[0] * x[1]) / math.sqrt(o[0] * o[1]))
    print(a, '/ old, upload, geometric mean:', {c: round(gm(v), 3) for c, v in sorted(by.items())})
by = collections.defaultdict(list)
for r in ok:
    by[cls(r['nnz'])].append(float(r['ab6-old_upload_us']) / float(r['ab1-old_upload_us']))
print('old (6th) / old (1st):', {c: round(gm(v), 3) for c, v in sorted(by.items())})
