#!/usr/bin/env python3
import json,glob,re,sys,collections,math
d=collections.defaultdict(lambda: collections.defaultdict(list))
for f in glob.glob(sys.argv[1]+'/*.json'):
    m=re.match(r'(.*)_(single|double)_([A-Z]\d?)(\d)\.json',f.split('/')[-1])
    j=json.load(open(f))
    for r in j['results']:
        if r['state']=='ok': d[(m[1],m[2],r['format'])][m[3]].append(r['batch_us'])
        else: print('FAIL',f,r.get('reason'))
vs=sys.argv[2].split(',')
for k in sorted(d):
    a=min(d[k]['A'])
    print(f"{k[0]:26s} {k[1]:6s} A {a:7.2f} "+' '.join(f"{v} {min(d[k][v])/a:.3f}" for v in vs if d[k][v]), ' n=%d'%len(d[k]['A']))
