import sys,collections,statistics as S
def load(f):
    d={}; hdr=None
    for l in open(f):
        if l.startswith('#'): continue
        p=l.rstrip('\n').split('\t')
        if hdr is None: hdr=p; ix={h:i for i,h in enumerate(p)}; continue
        try: c=float(p[ix['convert_us']]); u=float(p[ix['upload_us']])
        except: continue
        if c!=c: continue
        d[(p[0],p[2],p[3],p[4])]=(c,u,float(p[ix['nnz']]))
    return d
o=load(sys.argv[1]); n=load(sys.argv[2])
keys=[k for k in o if k in n]
print('common rows',len(keys),'matrices',len({k[0] for k in keys}))
g=collections.defaultdict(list)
for k in keys: g[(k[2],k[1])].append(k)
print('%-13s %-6s %5s | %9s %9s %6s | %9s %9s %6s | %6s'%('format','prec','rows','conv old','conv new','x','upl old','upl new','x','setup x'))
tot=collections.Counter()
for (f,p),ks in sorted(g.items()):
    co=sum(o[k][0] for k in ks); cn=sum(n[k][0] for k in ks); uo=sum(o[k][1] for k in ks); un=sum(n[k][1] for k in ks)
    tot['co']+=co; tot['cn']+=cn; tot['uo']+=uo; tot['un']+=un
    print('%-13s %-6s %5d | %7.0f ms %7.0f ms %5.2fx | %7.0f ms %7.0f ms %5.2fx | %5.2fx'%(f,p,len(ks),co/1e3,cn/1e3,co/max(cn,1e-9),uo/1e3,un/1e3,uo/un,(co+uo)/(cn+un)))
print('all: conversion %.1f -> %.1f s (%.2fx), upload %.1f -> %.1f s (%.2fx), setup %.2fx'%(tot['co']/1e6,tot['cn']/1e6,tot['co']/tot['cn'],tot['uo']/1e6,tot['un']/1e6,tot['uo']/tot['un'],(tot['co']+tot['uo'])/(tot['cn']+tot['un'])))
