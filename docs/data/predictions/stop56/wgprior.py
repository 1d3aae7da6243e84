import csv,sys,collections,math
P=sys.argv[1]; model=sys.argv[2] if len(sys.argv)>2 else 'ens'
rows=collections.defaultdict(list)
for r in csv.DictReader(open(P),delimiter='\t'):
    r['us']=float(r['us']); r['p']=float(r[model]) if r[model]!='nan' else float('inf')
    wg,_,rest=r['mapping'].partition(' '); r['wg']=wg; r['rest']=rest
    rows[(r['matrix'],r['family'],r['precision'])].append(r)
# prior: per (format, precision, family): for each (matrix) the wg of the best among configs sharing rest -> score log(us/min_us_same_rest)
score=collections.defaultdict(lambda: collections.defaultdict(list))  # (fmt,prec) -> wg -> list of (family, logratio)
for k,rs in rows.items():
    grp=collections.defaultdict(list)
    for r in rs: grp[(r['format'],r['rest'])].append(r)
    for (f,rest),g in grp.items():
        if len(g)<2: continue
        m=min(x['us'] for x in g)
        for x in g: score[(f,k[2])][x['wg']].append((k[1],math.log(x['us']/m), m))
def prior(f,prec,fam,wgs,minus=0):
    best=None
    for wg in wgs:
        v=[l for (fa,l,m) in score[(f,prec)].get(wg,[]) if fa!=fam and m>=minus]
        if not v: continue
        s=sum(v)/len(v)
        if best is None or s<best[0]: best=(s,wg)
    return best[1] if best else None
def evaluate(X,minus=0,bigonly=None):
    res=[]
    for k,rs in rows.items():
        b=min(r['us'] for r in rs)
        if bigonly is not None and (b>=20)!=bigonly: continue
        pick=min(rs,key=lambda r:r['p'])
        if X is not None:
            cands=[r for r in rs if r['format']==pick['format'] and r['rest']==pick['rest'] and r['p']<=pick['p']*(1+X)]
            wg=prior(pick['format'],k[2],k[1],[c['wg'] for c in cands],minus)
            if wg: pick=[c for c in cands if c['wg']==wg][0]
        res.append(pick['us']/b)
    n=len(res); w5=sum(q<=1.05 for q in res)/n; g=math.exp(sum(map(math.log,res))/n)
    res.sort()
    return '%3d w5 %.0f%% geo %.3f p90 %.3f worst %.2f'%(n,100*w5,g,res[int(0.9*n)],res[-1])
for big in (None,True,False):
    print('big' if big else ('small' if big is False else 'all'))
    print('  base      ',evaluate(None,bigonly=big))
    for X in (0.02,0.05,0.1,0.2,1.0):
        print('  X=%.2f     '%X,evaluate(X,bigonly=big))
