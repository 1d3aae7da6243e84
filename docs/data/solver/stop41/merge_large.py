# merge_large.py TABLE REFILLED OUT: uploads through pinned staging (stop 41). A row whose plan
# has an array of 4 MiB or more (SPMVP_STAGE_MIN_BYTES: slots x value bytes, slots x 4 for the
# column indices, or rows x 4 for a row array) takes the lesser of the refill's upload (the
# shipped code) and TABLE's (pageable writes): in the same-session A/B (stage_ab.c) staging was
# faster in the median of every such matrix, so a refill above the pageable time is the host
# stalling (stop 40), as merge_single.py took it. Its conversion, whose code did not change,
# and every other row stay TABLE's.
import sys, os, gzip
table, refill, out = sys.argv[1:4]
def rows(f):
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
I = {k: i for i, k in enumerate(hdr)}
def large(p):
    vs = 8 if p[I['precision']] == 'double' else 4
    slots, nr = float(p[I['slots']]), float(p[I['nRows']])
    return slots * vs >= 4 << 20 or slots * 4 >= 4 << 20 or nr * 4 >= 4 << 20
n = kept = 0
with open(out + '.tmp', 'w') as o:
    o.writelines(com)
    o.write('\t'.join(hdr) + '\n')
    for k, p in t.items():
        p = list(p)
        if large(p):
            u = r[k][I['upload_us']]
            assert u != 'nan', k
            if float(u) < float(p[I['upload_us']]):
                p[I['upload_us']] = u; n += 1
            elif float(u) > float(p[I['upload_us']]):
                kept += 1
        o.write('\t'.join(p) + '\n')
os.replace(out + '.tmp', out)
print(out, len(t), 'rows;', n, 'uploads from the refill,', kept, 'rows whose refill was above TABLE\'s kept TABLE\'s')
