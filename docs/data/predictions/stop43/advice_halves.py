#!/usr/bin/env python3
# advice_halves.py PRED.tsv (spmvp cv --predictions): advice within 5 % of the oracle as cv
# scores it (measured setup + N x measured batch of the pick over the least such total), and
# the same with the measured products, or the measured setups, in place of the predicted ones.
import csv, sys
from collections import defaultdict
m=defaultdict(list)
with open(sys.argv[1]) as f:
    for d in csv.DictReader(f, delimiter='\t'):
        try:
            d['_us']=float(d['us']); d['_ens']=float(d['ens']); d['_s']=float(d['setup_us']); d['_sp']=float(d['setup_predicted_us'])
        except ValueError: continue
        if d['_ens']!=d['_ens'] or d['_sp']!=d['_sp']: continue
        m[(d['matrix'],d['precision'])].append(d)
for N in (10,100,1000,10000):
  for prec in ('single','double'):
    tot=hit=hit_prod=hit_setup=0
    for k,v in m.items():
        if k[1]!=prec: continue
        true=lambda d: d['_s']+N*d['_us']
        orc=min(true(d) for d in v)
        pick=min(v,key=lambda d:d['_sp']+N*d['_ens'])
        pp=min(v,key=lambda d:d['_sp']+N*d['_us'])   # perfect product
        ps=min(v,key=lambda d:d['_s']+N*d['_ens'])   # perfect setup
        tot+=1; hit+=true(pick)<=1.05*orc; hit_prod+=true(pp)<=1.05*orc; hit_setup+=true(ps)<=1.05*orc
    print('N=%5d %s advice %2.0f%%  perfect products %2.0f%%  perfect setup %2.0f%%'%(N,prec,100*hit/tot,100*hit_prod/tot,100*hit_setup/tot))
