# tables.py CALLDIR VARIANTS [rounds]: CSR-adaptive's batch µs per variant (the least of a call's
# rounds; "rounds": the file names end in a one-digit round after the variant)
# and its ratio to variant A, with CSR-vector's least time beside it (unchanged in every
# variant: a check of the machine). File names MATRIX_PRECISION_V[ROUND].json, as the call
# scripts of this folder write them (calls 1, 2 and 4; `scripts/ab_table.py` reads call 3).
import json, glob, sys
d0, variants = sys.argv[1], sys.argv[2].split(',')
rounds = len(sys.argv) > 3 and sys.argv[3] == 'rounds'
rows = {}
for f in glob.glob(d0 + '/*.json'):
    name, prec, v = f.split('/')[-1][:-5].rsplit('_', 2)
    try:
        d = json.load(open(f))
    except ValueError:
        continue
    for r in d['results']:
        if r.get('state') == 'ok':
            rows.setdefault((name, prec), {}).setdefault(r['format'], {}).setdefault((v[:-1] if rounds else v).upper(), []).append(
                (r['batch_us'], r['params']))
print('%-26s %-6s ' % ('matrix', 'prec') + ' '.join('%7s' % v for v in variants) + '  ' +
      ' '.join('%5s' % (v + '/A') for v in variants[1:]) + ' | vector | A params')
for k in sorted(rows):
    ad = rows[k]['csr_adaptive']
    m = {v: min(x[0] for x in ad[v]) for v in variants if v in ad}
    vec = min(x[0] for l in rows[k]['csr_vector'].values() for x in l)
    print('%-26s %-6s ' % k + ' '.join('%7.1f' % m[v] if v in m else '    ---' for v in variants) + '  ' +
          ' '.join('%5.3f' % (m[v] / m['A']) if v in m and 'A' in m else '  -  ' for v in variants[1:]) +
          ' | %6.1f | %s' % (vec, ad['A'][0][1] if 'A' in ad else ''))
