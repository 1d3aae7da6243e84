# new_over_old.py OLD NEW: CSR-adaptive rows of two training tables, NEW over OLD per
# configuration, by OLD time, and the rows of 20 µs and more that moved most (stop 47)
import sys, math, statistics
def load(p):
    d={}; info={}
    with open(p) as f:
        next(f); h=next(f).rstrip('\n').split('\t')
        for line in f:
            r=dict(zip(h,line.rstrip('\n').split('\t')))
            if r['format']=='csr_adaptive':
                d[(r['matrix'],r['precision'],r['mapping'])]=float(r['us'])
                info[(r['matrix'],r['mapping'])]=r['param']
    return d,info
a,_=load(sys.argv[1]); b,info=load(sys.argv[2])
for lo,hi in ((0,10),(10,20),(20,1e9)):
    rs=[b[k]/a[k] for k in a if k in b and lo<=a[k]<hi]
    q=statistics.quantiles(rs,n=10)
    print(f"{lo}-{hi if hi<1e9 else 'inf'} us: {len(rs)} rows, geomean {math.exp(sum(map(math.log,rs))/len(rs)):.3f}, p10 {q[0]:.3f}, median {statistics.median(rs):.3f}, p90 {q[-1]:.3f}, min {min(rs):.3f}, max {max(rs):.3f}")
big=sorted(((b[k]/a[k],k,a[k],b[k]) for k in a if k in b and a[k]>=20))
for x in big[:12]+big[-8:]: print(f"  {x[1]} {x[2]:.1f} -> {x[3]:.1f} ({x[0]:.3f})")
