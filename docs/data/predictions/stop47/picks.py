import sys,csv
def load(p):
    M={}
    for r in csv.DictReader(open(p),delimiter='\t'):
        M.setdefault((r['matrix'],r['precision']),[]).append(r)
    out={}
    for k,rs in M.items():
        best=min(rs,key=lambda r: float(r['us']))
        pick=min(rs,key=lambda r: float(r['ens']))
        out[k]=(float(best['us']),best['format']+' '+best['mapping'],float(pick['us'])/float(best['us']),pick['format']+' '+pick['mapping'])
    return out
a=load(sys.argv[1]); b=load(sys.argv[2])
for k in sorted(b):
    if b[k][0]>=20 and k[1]==sys.argv[3]:
        print("%-28s best %-26s %7.1f | before %.3f %-26s | after %.3f %-26s"%(k[0],b[k][1],b[k][0],a[k][2],a[k][3],b[k][2],b[k][3]))
