import sys,statistics as st
def read(p):
    rows={}
    hdr=None
    for line in open(p):
        if line.startswith('#'): continue
        f=line.rstrip('\n').split('\t')
        if hdr is None: hdr={k:i for i,k in enumerate(f)}; continue
        k=(f[hdr['matrix']],f[hdr['precision']],f[hdr['format']],f[hdr['mapping']])
        rows[k]=(float(f[hdr['convert_us']]),float(f[hdr['upload_us']]))
    return rows
old,new,ship=read(sys.argv[1]),read(sys.argv[2]),read(sys.argv[3])
ch=[k for k in new if new[k]!=old.get(k)]
r_old=[new[k][1]/old[k][1] for k in ch if old[k][1]>0]
r_ship=[new[k][1]/ship[k][1] for k in ch if k in ship and ship[k][1]>0]
q=lambda v,p: sorted(v)[int(p*(len(v)-1))]
print(len(ch),'rows changed; new/old-session2 upload median %.2f (p10 %.2f p90 %.2f); new session2 / shipped upload median %.2f (p10 %.2f p90 %.2f)'%(st.median(r_old),q(r_old,.1),q(r_old,.9),st.median(r_ship),q(r_ship,.1),q(r_ship,.9)))
print('summed upload s: old s2 %.2f new s2 %.2f shipped %.2f'%(sum(old[k][1] for k in ch)/1e6,sum(new[k][1] for k in ch)/1e6,sum(ship[k][1] for k in ch if k in ship)/1e6))
