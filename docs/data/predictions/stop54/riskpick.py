import csv,collections,sys,math,statistics as st
rows=list(csv.DictReader(open(sys.argv[1]),delimiter='\t'))
model=sys.argv[2] if len(sys.argv)>2 else 'ens'
# residual log(meas/pred) per format, by family
res=collections.defaultdict(list)  # (prec,format) -> list of (family, lr)
for r in rows:
    p=float(r[model]); u=float(r['us'])
    if p>0 and u>0: res[(r['precision'],r['format'])].append((r['family'],math.log(u/p)))
def q_excl(key,fam,q):
    v=sorted(x for f,x in res[key] if f!=fam)
    if not v: return 0
    i=q*(len(v)-1); lo=int(i); hi=min(lo+1,len(v)-1)
    return v[lo]+(v[hi]-v[lo])*(i-lo)
cache={}
def corr(key,fam,q):
    k=(key,fam,q)
    if k not in cache: cache[k]=q_excl(key,fam,q)
    return cache[k]
g=collections.defaultdict(list)
for r in rows: g[(r['matrix'],r['precision'])].append(r)
def evaluate(q, minus=None):
    out=[];big=[]
    for k,rs in g.items():
        best=min(float(r['us']) for r in rs)
        def score(r):
            s=math.log(float(r[model]))
            if q is not None: s+=corr((r['precision'],r['format']),r['family'],q)
            return s
        pick=min(rs,key=score)
        ratio=float(pick['us'])/best
        out.append(ratio)
        if best>=20: big.append(ratio)
    def summ(v):
        v=sorted(v); n=len(v)
        return "n %3d within5 %3.0f%% within20 %3.0f%% geo %.3f p90 %.3f worst %.3f"%(n,100*sum(x<=1.05 for x in v)/n,100*sum(x<=1.2 for x in v)/n,math.exp(sum(map(math.log,v))/n),v[int(0.9*(n-1))],v[-1])
    return summ(out), summ(big)
for q in [None,0.5,0.6,0.75,0.9]:
    a,b=evaluate(q)
    print(q, '| all', a, '| >=20us', b)
