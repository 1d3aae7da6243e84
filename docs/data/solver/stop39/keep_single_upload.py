# The refilled table with its single-precision rows' upload_us taken back from the table before
# (stop 39: the refill measured a narrowing path that was then reverted).
import sys
old, new, out = sys.argv[1:4]
def rows(f):
    hdr=None; pre=[]; d={}; order=[]
    for l in open(f):
        if l.startswith('#'): pre.append(l); continue
        p=l.rstrip('\n').split('\t')
        if hdr is None: hdr=p; pre.append(l); continue
        k=tuple(p[:5]); d[k]=p; order.append(k)
    return pre,hdr,d,order
_,hdr,o,_=rows(old); pre,h2,n,order=rows(new)
iu=hdr.index('upload_us'); assert hdr==h2
c=0
with open(out,'w') as f:
    f.writelines(pre)
    for k in order:
        p=n[k]
        if p[2]=='single': p[iu]=o[k][iu]; c+=1
        f.write('\t'.join(p)+'\n')
print(out, 'single rows given back their upload:', c)
