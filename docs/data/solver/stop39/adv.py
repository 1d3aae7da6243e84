import csv,sys,math,collections
f=sys.argv[1]; N=float(sys.argv[2]); prec=sys.argv[3] if len(sys.argv)>3 else None
rows=collections.defaultdict(list)
for r in csv.DictReader(open(f),delimiter='\t'):
    if prec and r['precision']!=prec: continue
    try:
        s=float(r['setup_us']); sp=float(r['setup_predicted_us']); us=float(r['us']); e=float(r['ens'])
    except: continue
    if not all(map(math.isfinite,(s,us))): continue
    rows[(r['matrix'],r['precision'])].append((r['format'],r['mapping'],us,e,s,sp,r['family']))
miss=[];n=0
cause=collections.Counter()
for k,L in rows.items():
    L=[x for x in L]
    best=min(L,key=lambda x:x[4]+N*x[2])
    cand=[x for x in L if math.isfinite(x[3]) and math.isfinite(x[5])]
    if not cand: continue
    pick=min(cand,key=lambda x:x[5]+N*x[3])
    n+=1
    sl=(pick[4]+N*pick[2])/(best[4]+N*best[2])
    if sl>1.05:
        # would pick with true setup & predicted product / predicted setup & true product
        p_ts=min(cand,key=lambda x:x[4]+N*x[3]); p_tp=min(cand,key=lambda x:x[5]+N*x[2])
        a=(p_ts[4]+N*p_ts[2])/(best[4]+N*best[2]); b=(p_tp[4]+N*p_tp[2])/(best[4]+N*best[2])
        miss.append((sl,k,pick,best,a,b))
        cause['setup-fixes' if a<=1.05 else ('product-fixes' if b<=1.05 else 'both')]+=1
print(n,'within5',1-len(miss)/n, cause)
for m in sorted(miss,reverse=True)[:40]:
    sl,k,p,b,a,bb=m
    print('%.3f %-34s %s | pick %s %s us=%.1f ens=%.1f set=%.0f pred=%.0f | best %s %s us=%.1f ens=%.1f set=%.0f pred=%.0f | trueSetup %.3f trueProd %.3f'%(sl,k[0][:34],k[1][0],p[0],p[1],p[2],p[3],p[4],p[5],b[0],b[1],b[2],b[3],b[4],b[5],a,bb))
