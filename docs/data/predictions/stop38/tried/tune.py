import sys, csv, math, collections, re
rows=list(csv.DictReader(open(sys.argv[1]),delimiter='\t'))
model=sys.argv[2]
by=collections.defaultdict(list)
def group(r):
    f=r['format']; m=re.sub(r'wg=\d+\s*','',r['mapping']).strip()
    if f in ('csr_scalar','csr_vector'): return 'csr'
    return f+' '+m
for r in rows:
    try: us=float(r['us']); rep=float(r['us_repeat']); p=float(r[model]); s=float(r['setup_us']); sp=float(r['setup_predicted_us'])
    except: continue
    if not (us>0) or any(math.isnan(v) for v in (p,rep,s,sp)): continue
    by[(r['matrix'],r['precision'])].append(dict(us=us,rep=rep,p=p,s=s,sp=sp,g=group(r)))
def score(N, K, delta, m):
    sl=[]
    for key,v in by.items():
        orc=min(c['s']+N*c['us'] for c in v)
        ranked=sorted(v,key=lambda c:c['sp']+N*c['p'])
        b=ranked[0]['sp']+N*ranked[0]['p']
        cand=[c for c in ranked[:K] if c['sp']+N*c['p']<=(1+delta)*b]
        if len(cand)<=1 or N<len(cand)*m:
            c=ranked[0]; tot=c['s']+N*c['us']
        else:
            pick=min(cand,key=lambda c:c['rep'])
            groups={}
            for c in cand: groups[c['g']]=c['s']
            tot=sum(groups.values())+sum(m*c['us'] for c in cand)+(N-len(cand)*m)*pick['us']
        sl.append(tot/orc)
    n=len(sl); sl.sort()
    return '%3.0f%% p90 %.3f worst %.2f'%(100*sum(s<=1.05 for s in sl)/n, sl[int(.9*n)], sl[-1])
for N in [10,100,1000,10000]:
    print('N=%d plain %s'%(N,score(N,1,0,10)))
    for K in [4,8]:
        for d in [0.1,0.3]:
            for m in [5,20]:
                print('   K=%d delta=%.1f m=%d %s'%(K,d,m,score(N,K,d,m)))
