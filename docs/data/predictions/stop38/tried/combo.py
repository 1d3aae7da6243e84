import sys, csv, math, collections, itertools
rows=list(csv.DictReader(open(sys.argv[1]),delimiter='\t'))
models=['lr','knn','work','gbt','work+gbt','rel']
by=collections.defaultdict(list)
for r in rows:
    try:
        us=float(r['us']); P={m:float(r[m]) for m in models}
    except: continue
    if not us>0 or any(not (v>0) for v in P.values()): continue
    by[(r['matrix'],r['precision'])].append((us,P))
def score(w):
    sl=[]
    for k,v in by.items():
        best=min(t[0] for t in v)
        pick=min(v,key=lambda t: sum(w[m]*math.log(t[1][m]) for m in w))
        sl.append(pick[0]/best)
    n=len(sl); return sum(s<=1.05 for s in sl)/n, math.exp(sum(map(math.log,sl))/n), max(sl)
res=[]
for k in range(1,5):
    for c in itertools.combinations(['work','gbt','work+gbt','rel','knn','lr'],k):
        w={m:1/k for m in c}; a,g,mx=score(w); res.append((a,g,mx,'+'.join(c)))
res.sort(key=lambda t:(-t[0],t[1]))
for r in res[:12]: print('%.1f%% %.3f %.2f %s'%(100*r[0],r[1],r[2],r[3]))
print([ '%.1f%% %.3f %s'%(100*r[0],r[1],r[3]) for r in res if r[3]=='work+gbt+work+gbt+rel' or r[3]=='work+gbt+work+gbt+rel'])
