#!/usr/bin/env python3
# cusparse_call1.py DIR: COO of HEAD's build (A, the least of its two rounds) against
# cuSPARSE's COO ALG1 and ALG2 timed in the same call (DIR/cu), stop 51 call 1.
import json, glob, os, re, sys, math
d = sys.argv[1]
r1, r2 = [], []
for f in sorted(glob.glob(d + '/cu/cusparse_*.json')):
    cu = {r['format']: r.get('batch_us') for r in json.load(open(f))['results']}
    m = re.match(r'cusparse_(.*)_(single|double)\.json$', os.path.basename(f))
    a = []
    for rnd in (1, 2):
        try:
            j = json.load(open(f'{d}/r/{m[1]}_{m[2]}_A{rnd}.json'))
            a += [r['batch_us'] for r in j['results'] if r['format'] == 'coo' and r['state'] == 'ok']
        except (OSError, ValueError):
            pass
    a = min(a)
    c1, c2 = cu['cusparse_coo_alg1'], cu['cusparse_coo_alg2']
    r1.append(c1 / a)
    r2.append(c2 / a)
    print(f"| {m[1]} | {m[2]} | {c1:.2f} | {c2:.2f} | {a:.2f} | {c1 / a:.3f} | {c2 / a:.3f} |")
g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
print(f"ALG1 geomean {g(r1):.3f} worst {min(r1):.3f} within 1.1x {sum(x >= 1 / 1.1 for x in r1)}/{len(r1)}; "
      f"ALG2 geomean {g(r2):.3f} worst {min(r2):.3f} within 1.1x {sum(x >= 1 / 1.1 for x in r2)}/{len(r2)}")
