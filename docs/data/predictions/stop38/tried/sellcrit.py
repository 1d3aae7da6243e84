import sys, re
src,dst,fac=sys.argv[1],sys.argv[2],float(sys.argv[3])
f=open(src); out=open(dst,'w'); out.write(f.readline()); h=f.readline(); out.write(h)
C=h.rstrip('\n').split('\t'); ix={c:i for i,c in enumerate(C)}
for line in f:
    v=line.rstrip('\n').split('\t')
    if v[ix['format']]=='sell':
        m=re.search(r'T=(\d+)',v[ix['mapping']])
        if m and int(m.group(1))>1:
            v[ix['critical']]=repr(float(v[ix['critical']])*fac)
    out.write('\t'.join(v)+'\n')
