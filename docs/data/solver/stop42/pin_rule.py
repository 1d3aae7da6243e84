#!/usr/bin/env python3
"""pin_rule.py pin-rule-call3.tgz: call 3's CG uploads, the whole-upload pin rule (new) against
stop 41's array-by-array rule (old), median of 3 rounds, beside bench's upload (pinned first)."""
import json, statistics as st, sys, tarfile

t = tarfile.open(sys.argv[1])
cg, bench = {}, {}
for m in t.getmembers():
    if not m.isfile() or not m.name.endswith('.json'):
        continue
    d = json.load(t.extractfile(m))
    parts = m.name.rsplit('/', 1)[1][:-5].split('-')
    if parts[0] == 'cg':  # cg-VARIANT-laplace3d-N-PRECISION-ROUND
        key = (parts[2] + ':' + parts[3], parts[4])
        cg.setdefault(key + (parts[1],), []).append((d['upload_us'] / 1e3, d['stage_us'] / 1e3))
    else:  # bench-laplace3d-N-PRECISION-ROUND
        r = d['results'][0]
        bench[(parts[1] + ':' + parts[2], parts[3])] = (r['upload_us'] / 1e3, r['stage_ms'], r['footprint_bytes'])
print('| matrix | precision | footprint (arrays, x, y) | old: upload + pin, ms | new: upload + pin, ms | new / old | bench (pinned first): upload, pin |')
print('|---|---|---:|---|---|---:|---|')
for key in sorted(bench):
    o, n = cg[key + ('old',)], cg[key + ('new',)]
    mo, mn = st.median(u + p for u, p in o), st.median(u + p for u, p in n)
    b = bench[key]
    print('| %s | %s | %.0f MB | %.1f + %.1f = %.1f | %.1f + %.1f = %.1f | %.2f | %.1f, %.1f |' % (
        key[0], key[1], b[2] / 1e6, st.median(u for u, _ in o), st.median(p for _, p in o), mo,
        st.median(u for u, _ in n), st.median(p for _, p in n), mn, mn / mo, b[0], b[1]))
