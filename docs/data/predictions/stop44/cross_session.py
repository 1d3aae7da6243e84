#!/usr/bin/env python3
# cross_session.py S1 S2 FORMAT[,FORMAT...]: two sessions of the same table's rows (training
# tables, gzipped or not) against each other. Per matrix and precision, over FORMAT's
# configurations both measured: the configuration S1 measured fastest, its S2 time over S2's
# least; the share within 5 %, for all pairs, pairs whose best runs under 10 µs, and 20 µs and
# more. The floor a predictor trained on one session meets when judged on another's.
import gzip,csv,sys,collections
def rd(p):
    f=(gzip.open if p.endswith('.gz') else open)(p,'rt')
    r=csv.DictReader((l for l in f if not l.startswith('#')),delimiter='\t')
    return {(x['matrix'],x['precision'],x['format'],x['mapping']):float(x['us']) for x in r}
a=rd(sys.argv[1]); b=rd(sys.argv[2]); fmts=sys.argv[3].split(',')
g=collections.defaultdict(list)
for k in a:
    if k[2] in fmts and k in b: g[k[:2]].append(k)
for lab,sel in (('all',lambda t:True),('best<10us',lambda t:t<10),('best>=20us',lambda t:t>=20)):
    n=w=0; rs=[]
    for mp,ks in g.items():
        pa=min(ks,key=lambda k:a[k]); bb=min(b[k] for k in ks)
        if not sel(bb): continue
        r=b[pa]/bb; rs.append(r); n+=1; w+=r<=1.05
    rs.sort()
    print(f"{lab}: {n} pairs, pick from session 1 within 5% of session 2's best: {100*w/max(n,1):.0f}%, p90 {rs[int(.9*(len(rs)-1))]:.3f}, worst {rs[-1]:.3f}")
