import csv, sys, statistics as st, collections, math
for pol in ['active','passive']:
    rows=list(csv.DictReader(open(f'narrow-{pol}.tsv'),delimiter='\t'))
    d=collections.defaultdict(list)
    for r in rows: d[(r['matrix'],r['format'],r['variant'])].append(float(r['upload_us']))
    print('==',pol)
    # per variant: geomean of median upload vs old; count > 3ms where old median < 1.5 ms
    keys=set((m,f) for m,f,v in d)
    for v in ['old','block','async','blockser']:
        rat=[];anom=0;n=0;big=[]
        for m,f in keys:
            o=st.median(d[(m,f,'old')]); x=d[(m,f,v)]
            rat.append(math.log(st.median(x)/o))
            for u in x:
                n+=1
                if u>3*o and u>2000: anom+=1
        print(f'{v:9s} geomean median/old {math.exp(sum(rat)/len(rat)):.3f}  anomalies {anom}/{n}')
    # by size class
    byn=collections.defaultdict(lambda: collections.defaultdict(list))
    nnz={r['matrix']:int(r['nnz']) for r in rows}
    for m,f in keys:
        cls='<1e5' if nnz[m]<1e5 else ('<1e6' if nnz[m]<1e6 else '>=1e6')
        for v in ['old','block','async','blockser']:
            byn[cls][v].append(st.median(d[(m,f,v)]))
    for cls in byn:
        print(cls, {v: round(math.exp(sum(math.log(a/b) for a,b in zip(byn[cls][v],byn[cls]['old']))/len(byn[cls]['old'])),3) for v in byn[cls]}, 'old median us', round(st.median(byn[cls]['old']),1))
