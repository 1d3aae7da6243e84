#!/usr/bin/env python3
# variants.py DIR/r B,C,...: batch µs of variant A (least of its runs) and each other variant
# over A, per matrix, precision and format; then geometric means (stop 51, calls 3-4).
import json,glob,re,sys,collections,math
d=collections.defaultdict(lambda: collections.defaultdict(list))
for f in glob.glob(sys.argv[1]+'/*.json'):
    m=re.match(r'(.*)_(single|double)_([A-Z])(\d)\.json',f.split('/')[-1])
    try: j=json.load(open(f))
    except Exception: continue
    for r in j['results']:
        if r['state']=='ok': d[(m[1],m[2],r['format'])][m[3]].append(r['batch_us'])
vs=sys.argv[2].split(',')
rat=collections.defaultdict(list)
print('%-28s %-6s %-4s %8s '%('matrix','prec','fmt','A us')+' '.join('%6s'%v for v in vs))
for k in sorted(d):
    a=d[k]['A']
    if not a: continue
    row=[]
    for v in vs:
        if d[k][v]: x=min(d[k][v])/min(a); rat[(k[2],v)].append(x); row.append('%6.3f'%x)
        else: row.append('     -')
    print('%-28s %-6s %-4s %8.2f '%(k[0],k[1],k[2],min(a))+' '.join(row))
for (f,v),x in sorted(rat.items()): print(f,v,'geomean %.3f min %.3f max %.3f n %d'%(math.exp(sum(map(math.log,x))/len(x)),min(x),max(x),len(x)))
