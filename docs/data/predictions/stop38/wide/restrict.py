import sys, csv, math, collections
def load(path, model, keep=None):
    by=collections.defaultdict(list)
    for r in csv.DictReader(open(path),delimiter='\t'):
        try: us=float(r['us']); p=float(r[model])
        except: continue
        if not us>0 or math.isnan(p): continue
        by[(r['matrix'],r['precision'])].append((us,p,r['family']))
    return by
def score(by, keys):
    sl=[]; 
    for k in keys:
        v=by[k]; best=min(t[0] for t in v); pick=min(v,key=lambda t:t[1]); sl.append(pick[0]/best)
    n=len(sl); sl.sort()
    return '%d pairs within5 %.1f%% within20 %.1f%% geomean %.3f worst %.2f'%(n,100*sum(s<=1.05 for s in sl)/n,100*sum(s<=1.2 for s in sl)/n,math.exp(sum(map(math.log,sl))/n),sl[-1])
a=load(sys.argv[1],'ens'); b=load(sys.argv[2],'ens')
old=sorted(set(a)&set(b))
print('old matrices, before:', score(a,old))
print('old matrices, after: ', score(b,old))
for fam in ['random','perm-band','band','blockdiag','perm-blockdiag']:
    ks=[k for k in old if a[k][0][2]==fam]
    if ks: print(' %-15s before %s | after %s'%(fam, score(a,ks), score(b,ks)))
new=sorted(set(b)-set(a)); print('new matrices (held out):', score(b,new))
