# merge_single.py HEAD_TABLE REFILLED_TABLE OUT: the shipped table after stop 40. Double rows and
# every conversion are HEAD's (stop 39's session; the conversions did not change). A single row
# keeps HEAD's upload when its values are fewer than 2^20 (slots), which the narrowing still
# does as before on one thread (format.h SPMVP_NARROW_PAR_MIN), and otherwise takes the lesser
# of HEAD's upload and the refilled one (the chunked narrowing on threads, faster; the lesser
# because the H100's refill ran on a host whose parallel loops stalled 2-8 ms, README.md).
import sys
head, refill, out = sys.argv[1:4]
def rows(f):
    hdr, d, com = None, {}, []
    for l in open(f):
        if l.startswith('#'):
            com.append(l); continue
        p = l.rstrip('\n').split('\t')
        if hdr is None:
            hdr = p; continue
        d[tuple(p[:5])] = p
    return com, hdr, d
com, hdr, h = rows(head)
_, hdr2, r = rows(refill)
assert hdr == hdr2
iu, isl, ip = hdr.index('upload_us'), hdr.index('slots'), hdr.index('precision')
n_new = 0
with open(out + '.tmp', 'w') as o:
    o.writelines(com)
    o.write('\t'.join(hdr) + '\n')
    for k, p in h.items():
        p = list(p)
        if p[ip] == 'single' and int(p[isl]) >= 1 << 20:
            a, b = float(p[iu]), float(r[k][iu])
            if b < a:
                p[iu] = r[k][iu]; n_new += 1
        o.write('\t'.join(p) + '\n')
import os
os.replace(out + '.tmp', out)
print(out, len(h), 'rows;', n_new, 'single uploads from the refill')
