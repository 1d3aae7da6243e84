# new_over_old_direct.py OLD NEW: as new_over_old.py, the direct-only matrices (nnz / nRows >= 128)
# apart from the rest, each with its rows of 20 µs and more that moved most (stop 47)
import sys, math, statistics
def load(p):
    d={}; mean={}
    with open(p) as f:
        next(f); h=next(f).rstrip('\n').split('\t')
        for line in f:
            r=dict(zip(h,line.rstrip('\n').split('\t')))
            if r['format']=='csr_adaptive':
                d[(r['matrix'],r['precision'],r['mapping'])]=float(r['us'])
                mean[r['matrix']]=float(r['nnz'])/max(1,float(r['nRows']))
    return d,mean
a,mean=load(sys.argv[1]); b,_=load(sys.argv[2])
for label,sel in (("direct-only (mean >= 128)",lambda m: mean[m]>=128),("the rest",lambda m: mean[m]<128)):
    print(label)
    for lo,hi in ((0,10),(10,20),(20,1e9)):
        rs=[b[k]/a[k] for k in a if k in b and lo<=a[k]<hi and sel(k[0])]
        if len(rs)>1:
            q=statistics.quantiles(rs,n=10)
            print(f"  {lo}-{hi} us: {len(rs)} rows, geomean {math.exp(sum(map(math.log,rs))/len(rs)):.3f}, p10 {q[0]:.3f}, median {statistics.median(rs):.3f}, p90 {q[-1]:.3f}, min {min(rs):.3f}, max {max(rs):.3f}")
    big=sorted(((b[k]/a[k],k,a[k],b[k]) for k in a if k in b and a[k]>=20 and sel(k[0])))
    for x in big[:5]+big[-3:]: print(f"    {x[1]} {x[2]:.1f} -> {x[3]:.1f} ({x[0]:.3f})")
print("direct-only matrices:", sorted(m for m in mean if mean[m]>=128))
