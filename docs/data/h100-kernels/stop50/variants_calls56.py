#!/usr/bin/env python3
import json,glob,re,collections,sys
d=collections.defaultdict(lambda: collections.defaultdict(list))
for f in glob.glob(sys.argv[1]+'/r/*.json'):
    m=re.match(r'(.*)_(single|double)_(\w+)-(\d)\.json',f.split('/')[-1])
    j=json.load(open(f))
    for r in j['results']:
        if r['state']=='ok': d[(m[1],m[2])][m[3]].append(r['batch_us'])
        else: print('FAIL',f,r.get('reason'))
vs=sys.argv[2].split()
for k in sorted(d):
    a=min(d[k]['A'])
    print(f"{k[0]:22s} {k[1]:6s} {a:7.2f} "+' '.join('%s %.3f'%(v,min(d[k][v])/a) for v in vs if d[k][v]), len(d[k]['A']))
