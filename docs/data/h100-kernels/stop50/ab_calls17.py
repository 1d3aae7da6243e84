#!/usr/bin/env python3
import json,glob,re,sys,collections,math
d=collections.defaultdict(lambda: collections.defaultdict(list))
for f in glob.glob(sys.argv[1]+'/*.json'):
    m=re.match(r'(.*)_(single|double)_([A-Z])(\d)\.json',f.split('/')[-1])
    try: j=json.load(open(f))
    except Exception as e: print('bad',f); continue
    for r in j['results']:
        if r['state']=='ok': d[(m[1],m[2],r['format'])][m[3]].append(r['batch_us'])
rat=collections.defaultdict(list)
for k in sorted(d):
    a,b=d[k]['A'],d[k]['B']
    if a and b:
        x=min(b)/min(a); rat[k[2]].append(x)
        print(f"{k[0]:28s} {k[1]:6s} {k[2]:4s} A {' '.join('%.2f'%v for v in a):18s} B {' '.join('%.2f'%v for v in b):18s} B/A {x:.3f}")
for f,v in rat.items(): print(f, 'geomean B/A %.3f'%math.exp(sum(map(math.log,v))/len(v)), 'min %.3f max %.3f'%(min(v),max(v)))
