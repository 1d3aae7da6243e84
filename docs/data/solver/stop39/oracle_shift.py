import sys,collections,math,statistics as S
def load(f):
    d=collections.defaultdict(list)
    for l in open(f):
        if l.startswith('#') or l.startswith('matrix'): continue
        p=l.rstrip('\n').split('\t')
        c,u,us=float(p[32]),float(p[33]),float(p[29])
        if c!=c: continue
        d[(p[0],p[2])].append((p[3],p[4],c+u,us))
    return d
o=load(sys.argv[1]); n=load(sys.argv[2])
print('%-6s %-6s %6s | %-28s | %s'%('prec','N','mats','oracle not CSR: before -> after','least measured total, after / before, per matrix'))
for prec in ('single','double'):
  for N in (10,100,1000,10000):
    ks=[k for k in o if k[1]==prec and k in n]
    nc_o=nc_n=0; r=[]
    for k in ks:
        bo=min(o[k],key=lambda x:x[2]+N*x[3]); bn=min(n[k],key=lambda x:x[2]+N*x[3])
        nc_o+=bo[0] not in ('csr_scalar','csr_vector'); nc_n+=bn[0] not in ('csr_scalar','csr_vector')
        r.append((bn[2]+N*bn[3])/(bo[2]+N*bo[3]))
    g=math.exp(sum(map(math.log,r))/len(r))
    print('%-6s %-6d %6d | %3d -> %3d (%2.0f %% -> %2.0f %%)    | geomean %.3f, p10 %.3f, min %.3f'%(prec,N,len(ks),nc_o,nc_n,100*nc_o/len(ks),100*nc_n/len(ks),g,sorted(r)[len(r)//10],min(r)))
