# new_over_old_kind.py OLD NEW (stop 48): CSR-adaptive rows of two training tables, NEW over OLD,
# split by whether the program has one v for every block (stop 47's ADAPT_V / ADAPT_SV, from
# ../stop47/stream_v.tsv: unchanged by stop 48) or takes v per block (the switch), and by old time
import math,collections,sys
sv={}
for l in open('docs/data/predictions/stop47/stream_v.tsv'):
    m,wg,v,d=l.rstrip('\n').split('\t'); sv[(m,wg)]=(int(v)>0 or d=='1')
def load(p):
    d={}
    with open(p) as f:
        next(f); h=next(f).rstrip('\n').split('\t')
        for line in f:
            r=dict(zip(h,line.rstrip('\n').split('\t')))
            if r['format']=='csr_adaptive':
                d[(r['matrix'],r['precision'],r['mapping'])]=float(r['us'])
    return d
a=load(sys.argv[1]); b=load(sys.argv[2])
g=collections.defaultdict(list)
for k in a:
    if k in b:
        c=sv.get((k[0],k[2]))
        kind={True:'constant v (unchanged)',False:'v per block (switch)',None:'?'}[c]
        band='under 10 us' if a[k]<10 else '10 us and more'
        g[(kind,band)].append(b[k]/a[k])
print('%-26s %-15s %5s %8s %6s %6s %6s'%('program','old time','rows','geomean','p10','median','p90'))
for k in sorted(g):
    l=sorted(g[k]); print('%-26s %-15s %5d %8.3f %6.3f %6.3f %6.3f'%(k[0],k[1],len(l),math.exp(sum(map(math.log,l))/len(l)),l[len(l)//10],l[len(l)//2],l[9*len(l)//10]))
