import gzip,csv,sys
FMT=sys.argv[3] if len(sys.argv)>3 else None
def load(p):
    f=gzip.open(p,'rt') if p.endswith('.gz') else open(p); f.readline()
    return {(r['matrix'],r['precision'],r['format'],r['mapping']):float(r['us']) for r in csv.DictReader(f,delimiter='\t') if r['us'] not in ('','nan') and (FMT is None or r['format']==FMT)}
a,b=load(sys.argv[1]),load(sys.argv[2])
for prec in ('single','double'):
    d=sorted(abs(b[k]-a[k]) for k in a if k in b and k[1]==prec and a[k]!=b[k] and min(a[k],b[k])<10)
    r=sorted(abs(b[k]-a[k])/min(a[k],b[k]) for k in a if k in b and k[1]==prec and a[k]!=b[k] and min(a[k],b[k])>=10)
    q=lambda l,p: l[int(p*(len(l)-1))] if l else float('nan')
    print("%-7s small n=%4d |d| median %.2f p90 %.2f µs | large n=%4d D median %.3f p90 %.3f"%(prec,len(d),q(d,.5),q(d,.9),len(r),q(r,.5),q(r,.9)))
