import sys
src,dst=sys.argv[1],sys.argv[2]
f=open(src); out=open(dst,'w'); out.write(f.readline()); h=f.readline(); out.write(h)
C=h.rstrip('\n').split('\t'); ix={c:i for i,c in enumerate(C)}
for line in f:
    v=line.rstrip('\n').split('\t')
    try:
        nnz=float(v[ix['nnz']]); wi=float(v[ix['work_items']]); sec=float(v[ix['sectors']])
        v[ix['modeNnz']]=repr(nnz/wi if wi>0 else 0.0)
        v[ix['minDist']]=repr(sec/nnz if nnz>0 else 0.0)
    except ValueError: pass
    out.write('\t'.join(v)+'\n')
