import sys, csv, math, collections
rows=list(csv.DictReader(open(sys.argv[1]),delimiter='\t'))
model=sys.argv[2]
by=collections.defaultdict(list)
for r in rows:
    try: us=float(r['us']); rep=float(r['us_repeat']); p=float(r[model])
    except: continue
    if not (us>0) or math.isnan(p) or math.isnan(rep): continue
    by[(r['matrix'],r['precision'])].append((p,us,rep))
for k in [1,2,3,4,6,8,12]:
    sl=[]
    for key,v in by.items():
        best=min(t[1] for t in v)
        top=sorted(v)[:k]
        pick=min(top,key=lambda t:t[2])
        sl.append(pick[1]/best)
    n=len(sl); sl.sort()
    big=[s for (key,v),s in zip(by.items(),sl)]
    print('k=%2d n=%d within5 %.0f%% within20 %.0f%% geomean %.3f p90 %.2f worst %.2f'%(k,n,100*sum(s<=1.05 for s in sl)/n,100*sum(s<=1.2 for s in sl)/n,math.exp(sum(map(math.log,sl))/n),sl[int(0.9*n)],sl[-1]))
