import sys
src,dst=sys.argv[1],sys.argv[2]; L2=50*2**20
f=open(src); out=open(dst,'w'); out.write(f.readline()); h=f.readline(); out.write(h)
C=h.rstrip('\n').split('\t'); ix={c:i for i,c in enumerate(C)}
for line in f:
    v=line.rstrip('\n').split('\t')
    try: v[ix['minDist']]=repr(float(v[ix['bytes']])/L2)
    except ValueError: pass
    out.write('\t'.join(v)+'\n')
