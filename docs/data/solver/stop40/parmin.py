# parmin.py: call 8's conversions with the threads' threshold SPMVP_PAR_MIN at 65,536 (shipped),
# 262,144 and 1,048,576 (parmin-call8.tgz, unpacked here): per gap between creations, the
# summed conversion time, the stalls (above 2x the configuration's own median and 1 ms more)
# and the medians' geometric mean against 65,536 per size class.
import csv, glob, statistics as st, collections, math
for gap in ['0', '5000']:
    d, nnz = collections.defaultdict(list), {}
    for f in glob.glob(f'p-{gap}-*.tsv'):
        for r in csv.DictReader(open(f), delimiter='\t'):
            d[(r['matrix'], r['format'], r['variant'])].append(float(r['convert_us']))
            nnz[r['matrix']] = int(r['nnz'])
    print(f'== {gap} us between creations')
    for v in ['65536', '262144', '1048576']:
        s = n = 0; tot = extra = 0.0; rat = collections.defaultdict(list)
        for (m, f, vv), x in d.items():
            if vv != v:
                continue
            md = st.median(x)
            for c in x:
                n += 1; tot += c
                if c > md + 1000 and c > 2 * md:
                    s += 1; extra += c - md
            c = '<1e5' if nnz[m] < 1e5 else '<1e6' if nnz[m] < 1e6 else '>=1e6'
            rat[c].append(md / st.median(d[(m, f, '65536')]))
        gm = {c: round(math.exp(sum(map(math.log, r)) / len(r)), 2) for c, r in sorted(rat.items())}
        print(f'{v:>8}: sum {tot / 1000:.0f} ms, stalls {s} of {n} ({extra / 1000:.0f} ms), medians / 65536 {gm}')
