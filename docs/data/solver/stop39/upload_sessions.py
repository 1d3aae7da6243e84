# The same upload in two sessions: the double-precision uploads of CSR-scalar, CSR-vector and
# CSR-adaptive (code unchanged between the sessions) in the table before stop 39 and in stop
# 39's refill, per size class: the spread of their ratio. Usage: upload_sessions.py OLD NEW
import math, statistics as S, sys
def load(f):
    d = {}
    for l in open(f):
        if l.startswith('#') or l.startswith('matrix'):
            continue
        p = l.rstrip('\n').split('\t')
        d[(p[0], p[2], p[3], p[4])] = (float(p[33]), int(p[7]))
    return d
o, n = load(sys.argv[1]), load(sys.argv[2])
for lo, hi in ((0, 1e5), (1e5, 1e6), (1e6, 1e9)):
    r = sorted(abs(math.log(n[k][0] / o[k][0])) for k in o
               if k in n and k[1] == 'double' and k[2] in ('csr_scalar', 'csr_vector', 'csr_adaptive')
               and lo <= o[k][1] < hi)
    print('nnz %g-%g: %d rows, |ratio| median %.2f, p90 %.2f, within 5 %%: %.0f %%' % (
        lo, hi, len(r), math.exp(S.median(r)), math.exp(r[int(.9 * len(r))]),
        100 * sum(x <= math.log(1.05) for x in r) / len(r)))
