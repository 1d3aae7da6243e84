# items_real.py DIR MANIFEST (stop 52, call 5): CSR-adaptive at 4 and 2 entries a work-item over
# 8 (WG 256), the least batch µs of the rounds, per matrix and precision, ordered by entries;
# then the geometric mean by precision and by size (8 items' time under / over 10 µs)
import json,glob,collections,os,math,sys
t=collections.defaultdict(list)
for f in glob.glob(sys.argv[1]+'/r/*.json'):
    name,prec,w,i,rnd=os.path.basename(f)[:-5].rsplit('_',4)
    r=[x for x in json.load(open(f))['results'] if x['format']=='csr_adaptive'][0]
    if r['state']=='ok':
        t[(name,prec,i)].append(r['batch_us'])
nnz={}
for l in open(sys.argv[2]):
    p=l.split('\t')
    if p[0]!='name': nnz[p[0]]=int(p[8])
rows=sorted((nnz.get(n,0),n,p) for (n,p) in set((k[0],k[1]) for k in t))
g=collections.defaultdict(list)
print('| matrix | precision | entries | 8 items µs | 4 / 8 | 2 / 8 |\n|---|---|---:|---:|---:|---:|')
for n,name,prec in rows:
    v={i:min(t[(name,prec,i)]) for i in ('i8','i4','i2')}
    print('| %s | %s | %s | %.1f | %.3f | %.3f |'%(name,prec,n or 'generated',v['i8'],v['i4']/v['i8'],v['i2']/v['i8']))
    g[(prec,'10 µs and more' if v['i8']>=10 else 'under 10 µs')].append(v['i4']/v['i8'])
print('\n| precision | 8 items time | pairs | 4 / 8 geomean | least | most |\n|---|---|---:|---:|---:|---:|')
for k in sorted(g):
    l=sorted(g[k]); print('| %s | %s | %d | %.3f | %.3f | %.3f |'%(k[0],k[1],len(l),math.exp(sum(map(math.log,l))/len(l)),l[0],l[-1]))
