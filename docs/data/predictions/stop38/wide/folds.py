import sys, collections
def folds(path):
    fam=[]; size=collections.Counter(); seen=[]
    for i,l in enumerate(open(path)):
        if i<2: continue
        f=l.split('\t')[1]
        if f not in size: seen.append(f)
        size[f]+=1
    order=sorted(range(len(seen)), key=lambda i:(-size[seen[i]], i))
    load=[0]*5; fo={}
    for i in order:
        b=min(range(5), key=lambda k:(load[k],k)); fo[seen[i]]=b; load[b]+=size[seen[i]]
    g=collections.defaultdict(list)
    for f,b in fo.items(): g[b].append(f)
    return fo,g
for p in sys.argv[1:]:
    fo,g=folds(p); print(p); 
    for b in sorted(g): print(' ',b, [f for f in g[b] if not f.startswith('ss-') and not f.startswith('domain')], len(g[b]))
