# sweep.py DIR (stop 52): CSR-adaptive's batch µs per work-group size and entries a work-item
# (DIR/r/NAME_PREC_wW_iI_ROUND.json, the least of the rounds) beside cuSPARSE's best CSR
# algorithm of the same call (DIR/cu/cusparse_NAME_PREC.json)
import json,glob,collections,os,sys
d0=sys.argv[1]
t=collections.defaultdict(list)
for f in glob.glob(d0+'/r/*.json'):
    name,prec,w,i,rnd=os.path.basename(f)[:-5].rsplit('_',4)
    r=[x for x in json.load(open(f))['results'] if x['format']=='csr_adaptive'][0]
    if r['state']=='ok':
        t[(name,prec,w+'_'+i)].append(r['batch_us'])
cu={}
for f in glob.glob(d0+'/cu/cusparse_*.json'):
    name,prec=os.path.basename(f)[9:-5].rsplit('_',1)
    cu[(name,prec)]=min((x['batch_us'],x['format'][9:]) for x in json.load(open(f))['results']
                        if x.get('state')=='ok' and x['format'].startswith('cusparse_csr'))
cfgs=['w256_i8','w256_i4','w512_i8','w512_i4','w128_i8','w1024_i4']
print('| matrix | precision | '+' | '.join(c.replace('w','WG ').replace('_i',', ') for c in cfgs)+' | cuSPARSE best CSR | cuSPARSE / (256, 8) | cuSPARSE / (256, 4) |')
print('|---|---|'+'---:|'*(len(cfgs)+3))
for (name,prec) in sorted(set((k[0],k[1]) for k in t)):
    row=[min(t.get((name,prec,c),[float('nan')])) for c in cfgs]
    c=cu.get((name,prec),(float('nan'),'-'))
    print('| %s | %s | '%(name,prec)+' | '.join('%.1f'%x for x in row)+' | %.1f (%s) | %.3f | %.3f |'%(c[0],c[1],c[0]/row[0],c[0]/row[1]))
