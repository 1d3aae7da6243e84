import sys, csv, math, collections
rows=list(csv.DictReader(open(sys.argv[1]),delimiter='\t'))
model=sys.argv[2]
by=collections.defaultdict(list); err=collections.defaultdict(list)
for r in rows:
    try: us=float(r['us']); p=float(r[model])
    except: continue
    if not us>0 or not p>0: continue
    by[(r['matrix'],r['precision'])].append((us,p,r['format'],r['family']))
    err[(r['format'],r['precision'])].append(math.log(us/p))
q={}
for k,v in err.items():
    v.sort(); q[k]=[v[int(f*len(v))] for f in (0.25,0.5,0.75)]
for qi,name in [(None,'point'),(0,'q25'),(1,'q50'),(2,'q75')]:
    sl=[]
    for k,v in by.items():
        best=min(t[0] for t in v)
        pick=min(v,key=lambda t: t[1]*(math.exp(q[(t[2],k[1])][qi]) if qi is not None else 1))
        sl.append(pick[0]/best)
    n=len(sl); print(name,'%.1f%% geomean %.3f worst %.2f'%(100*sum(s<=1.05 for s in sl)/n, math.exp(sum(map(math.log,sl))/n), max(sl)))
