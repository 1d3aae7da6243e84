# merge_sell.py TABLE REFILLED OUT: SELL-C-sigma's conversions after its window sorts moved to
# threads (call 9). A SELL row of a matrix with SPMVP_PAR_MIN (65,536) rows or more takes the
# lesser of its conversion in TABLE and in the refill (the refill's code is the shipped one; the
# lesser, as merge_single.py, for the host's stalls); smaller matrices' rows, whose code did not
# change, and every upload keep TABLE's.
import sys, os
table, refill, out = sys.argv[1:4]
def rows(f):
    import gzip
    op = gzip.open if f.endswith('.gz') else open
    hdr, d, com = None, {}, []
    for l in op(f, 'rt'):
        if l.startswith('#'):
            com.append(l); continue
        p = l.rstrip('\n').split('\t')
        if hdr is None:
            hdr = p; continue
        d[tuple(p[:5])] = p
    return com, hdr, d
com, hdr, t = rows(table)
_, hdr2, r = rows(refill)
assert hdr == hdr2
ic, ifm, inr = hdr.index('convert_us'), hdr.index('format'), hdr.index('nRows')
n = 0
with open(out + '.tmp', 'w') as o:
    o.writelines(com)
    o.write('\t'.join(hdr) + '\n')
    for k, p in t.items():
        p = list(p)
        if p[ifm] == 'sell' and int(p[inr]) >= 65536 and float(r[k][ic]) < float(p[ic]):
            p[ic] = r[k][ic]; n += 1
        o.write('\t'.join(p) + '\n')
os.replace(out + '.tmp', out)
print(out, len(t), 'rows;', n, 'SELL conversions from the refill')
