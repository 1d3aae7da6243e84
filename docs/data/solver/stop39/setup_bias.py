import csv,sys,collections,math,statistics as S
f,t=sys.argv[1],sys.argv[2]
nnz={}
for l in open(t):
    if l.startswith('#') or l.startswith('matrix'): continue
    p=l.rstrip('\n').split('\t'); nnz[(p[0],p[2])]=int(p[7])
d=collections.defaultdict(lambda: collections.defaultdict(list))
for r in csv.DictReader(open(f),delimiter='\t'):
    try: m=float(r['setup_us']); p=float(r['setup_predicted_us'])
    except: continue
    if not (m>0 and p>0): continue
    n=nnz[(r['matrix'],r['precision'])]
    b='<2e4' if n<2e4 else '2e4-65536' if n<65536 else '65536-1e6' if n<1e6 else '>1e6'
    d[r['format']][b].append(math.log(p/m))
order=['<2e4','2e4-65536','65536-1e6','>1e6']
for fm in sorted(d):
    print('%-13s'%fm, '  '.join('%s: %+.2f (%d)'%(b,S.median(d[fm][b]),len(d[fm][b])) for b in order if d[fm][b]))
