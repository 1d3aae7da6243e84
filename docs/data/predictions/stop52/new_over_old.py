# new_over_old.py OLD NEW FORMAT...: the named formats' rows of two training tables, NEW over OLD
# (us, per configuration), split by generated (a name with ':') and real matrices (stop 52)
import math,sys
def load(p,fmts):
    d={}
    with open(p) as f:
        next(f); h=next(f).rstrip('\n').split('\t')
        for line in f:
            r=dict(zip(h,line.rstrip('\n').split('\t')))
            if r['format'] in fmts:
                d[(r['matrix'],r['precision'],r['format'],r['mapping'],r['blocksize'],r['param'])]=float(r['us'])
    return d
fmts=sys.argv[3:]; a=load(sys.argv[1],fmts); b=load(sys.argv[2],fmts)
print('%-6s %-10s %5s %8s %6s %6s %6s'%('format','matrices','rows','geomean','p10','median','p90'))
for f in fmts:
    for gen in (True,False):
        l=sorted(b[k]/a[k] for k in a if k in b and k[2]==f and ((':' in k[0])==gen))
        if l:
            print('%-6s %-10s %5d %8.3f %6.3f %6.3f %6.3f'%(f,'generated' if gen else 'real',len(l),math.exp(sum(map(math.log,l))/len(l)),l[len(l)//10],l[len(l)//2],l[9*len(l)//10]))
