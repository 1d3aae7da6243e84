#!/bin/bash
# usage: cvsum.sh LABEL TABLE  (env XW passes through)
out=/tmp/s54/cv-$1.txt
/work/main/build/spmvp cv $2 > $out 2>/dev/null
python3 - "$out" "$1" <<'PY'
import sys,re
t=open(sys.argv[1]).read()
res=[]
for sec in re.split(r'\n(?=(single|double) precision)',t):
    pass
parts=re.split(r'\n(?:single|double) precision',t)
out=[]
for p in parts[1:]:
    w=re.search(r'Work model \(ours\)\s+\d+\s+(\d+) %',p).group(1)
    e=re.search(r'Ensemble.*?\s+\d+\s+(\d+) %',p).group(1)
    adv=re.findall(r'N = \d+: advice\s+\d+\s+(\d+) %',p)
    big=re.search(r'\n  ens\s+.*?(\d+) % \(\s*\d+\)\s*$',p,re.M)
    bl=[l for l in p.splitlines() if l.strip().startswith('ens ') and '(' in l]
    b=re.findall(r'(\d+) %',bl[0])[-1] if bl else '?'
    out.append(f"work {w} ens {e} ens>=20us {b} adv {'/'.join(adv)}")
print(sys.argv[2],' | '.join(out))
PY
