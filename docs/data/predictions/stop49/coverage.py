# coverage of rank's 90 % intervals on measured products: old and new profiles; measured: bench
# JSON files (format, mapping, batch_us) of matrices named in their file names
import json,glob,re,subprocess,sys,collections
profs=sys.argv[1].split(',')
files=sys.argv[2:]
meas=[]
for fn in files:
    mm=re.match(r'.*/(.*)_(single|double)_.*\.json',fn)
    d=json.load(open(fn))
    for r in d['results']:
        mp='wg=256'+(' '+r['params'] if r['format']=='csr_vector' else '')
        meas.append((d['matrix']['name'],mm[2],r['format'],mp,r['batch_us']))
cache={}
def ranking(prof,mat,prec):
    k=(prof,mat,prec)
    if k not in cache:
        out=subprocess.run(['./build/spmvp','rank',mat,'--profile',prof,'--precision',prec,'--top','0','--json'],capture_output=True,text=True).stdout
        cache[k]={(e['format'],e['mapping']):(e['predicted_us'],e['interval_lo_us'],e['interval_hi_us'],e.get('interval50_lo_us',e.get('interval_lo50_us')),e.get('interval50_hi_us',e.get('interval_hi50_us'))) for e in json.loads(out)['ranking']}
    return cache[k]
for prof in profs:
    n=i90=ab=be=i50=0
    for mat,prec,fmt,mp,us in meas:
        R=ranking(prof,mat,prec)
        if (fmt,mp) not in R: continue
        p,lo,hi,lo50,hi50=R[(fmt,mp)]
        n+=1; i90+=lo<=us<=hi; ab+=us>hi; be+=us<lo
        if lo50 is not None: i50+=lo50<=us<=hi50
    print("%-28s n=%d within the 90%% interval %.0f%% (above %d, below %d); within the 50%% %.0f%%"%(prof,n,100*i90/max(n,1),ab,be,100*i50/max(n,1)))
