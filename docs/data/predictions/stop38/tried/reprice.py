import sys, math
src, dst, mode = sys.argv[1], sys.argv[2], sys.argv[3]
f=open(src); head=f.readline(); cols=f.readline()
g=[kv for kv in head.rstrip('\n').split('\t') if kv.startswith('gather=')][0][7:]
pts=[(float(a),float(b)) for a,b in (p.split(':') for p in g.split(','))]
B=[p[0] for p in pts]; R=[p[1] for p in pts]; n=len(B)
env=[max(R[i:]) for i in range(n)]
def cost(x):
    if x<=B[0]: r=env[0]
    elif x>=B[-1]: r=R[-1]
    else:
        i=0
        while B[i+1]<x: i+=1
        u=math.log(x/B[i])/math.log(B[i+1]/B[i]); r=math.exp((1-u)*math.log(env[i])+u*math.log(env[i+1]))
    return R[-1]/r
C=cols.rstrip('\n').split('\t'); ix={c:i for i,c in enumerate(C)}
out=open(dst,'w'); out.write(head); out.write(cols)
for line in f:
    v=line.rstrip('\n').split('\t')
    try:
        vs=4 if v[ix['precision']]=='single' else 8
        nc=float(v[ix['cols']]); nr=float(v[ix['nRows']]); nnz=float(v[ix['nnz']]); by=float(v[ix['bytes']]); s=float(v[ix['sectors']])
        xb=nc*vs; vec=xb+nr*vs; mat=by-vec
        w=xb+(mat*nc/nnz if nnz>0 and mat>0 else 0)
        raw=s/cost(w)
        if mode=='xonly': w2=xb
        elif mode=='half': w2=xb+0.5*(w-xb)
        elif mode=='same': w2=w
        v[ix['sectors']]=repr(raw*cost(w2))
    except (ValueError, ZeroDivisionError): pass
    out.write('\t'.join(v)+'\n')
