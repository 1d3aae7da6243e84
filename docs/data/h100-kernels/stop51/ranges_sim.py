import random
def run(rows, TILE, G):
    nnz=len(rows); vals=[random.random() for _ in rows]
    ref={}
    for r,v in zip(rows,vals): ref[r]=ref.get(r,0)+v
    ntiles=(nnz+TILE-1)//TILE; G=min(G,ntiles)
    y={}; pieces={}; flags={}
    gstart=lambda j: j*ntiles//G*TILE
    closers=[]
    for j in range(G):
        g0=j*ntiles//G; g1=(j+1)*ntiles//G
        start=g0*TILE; end=min(g1*TILE,nnz)
        r0=rows[start]; r1=rows[end-1]
        inn= start>0 and rows[start-1]==r0
        out= end<nnz and rows[end]==r1
        hrow= r0 if inn and not (out and r0==r1) else -1
        ghead=[None]
        def finish(row,s):
            if row==hrow: ghead[0]=s
            else:
                assert row not in y, row
                y[row]=s
        crow=-1; csum=0
        for g in range(g0,g1):
            seg=[]
            for k in range(g*TILE,min((g+1)*TILE,nnz)):
                if seg and seg[-1][0]==rows[k]: seg[-1][1]+=vals[k]
                else: seg.append([rows[k],vals[k]])
            first=seg[0][0]; last=seg[-1][0]
            if crow>=0 and crow!=first: finish(crow,csum)
            inv = csum if crow==first else 0
            final = g+1==g1
            if first!=last:
                finish(first, inv+seg[0][1])
                for r,s in seg[1:-1]:
                    assert r not in y; y[r]=s
                s=seg[-1][1]
            else:
                s=inv+seg[0][1]
            if not final: crow,csum=last,s
            elif out: pieces[j]=s; flags[j]=1
            else: finish(last,s)
        if hrow>=0: closers.append((j,hrow,ghead[0]))
    for j,hrow,gh in closers:
        lo,hi=0,j-1
        if j>1 and rows[gstart(j-1)-1]==hrow:
            while hi-lo>1:
                mid=(lo+hi)//2
                if rows[gstart(mid)-1]==hrow: hi=mid
                else: lo=mid
        else: lo=j-1
        back=j-lo
        tot=0
        for i in range(back):
            k=j-1-i; assert flags.pop(k)==1; tot+=pieces[k]
        assert hrow not in y; y[hrow]=tot+gh
    assert not flags, flags
    assert set(y)==set(ref), (set(ref)-set(y), set(y)-set(ref))
    for r in ref: assert abs(y[r]-ref[r])<1e-9*max(1,abs(ref[r])), r
random.seed(1)
n=0
for trial in range(3000):
    nr=random.randint(1,200); lens=[]
    for i in range(nr):
        c=random.random()
        lens.append(0 if c<0.1 else random.randint(1,5) if c<0.8 else random.randint(1,300) if c<0.97 else random.randint(300,3000))
    rows=[i for i,l in enumerate(lens) for _ in range(l)]
    if not rows: continue
    TILE=random.choice([4,8,64]); G=random.choice([1,2,3,4,7,32,100])
    run(rows,TILE,G); n+=1
print("ok",n)
