# merge_rows.py OLDER NEWER STREAM_V -o OUT (stop 47): CSR-adaptive's rows of NEWER where its
# program changed (stream_v.tsv: a constant v, the third column > 0, at the row's work-group
# size), OLDER's elsewhere; every other row NEWER's (the two tables differ only in CSR-adaptive's
# rows). OLDER: eb27fd0's rows, the least of two sessions; NEWER: b015f4a's, one session. Written
# through a temporary file.
import os, sys
older, newer, sv_path = sys.argv[1:4]
out = sys.argv[sys.argv.index('-o') + 1]
sv = {}
for line in open(sv_path):
    m, wg, v, _ = line.rstrip('\n').split('\t')
    sv[(m, wg)] = int(v)
def rows(p):
    with open(p) as f:
        head = [next(f), next(f)]
        h = head[1].rstrip('\n').split('\t')
        return head, h, f.readlines()
_, h, old = rows(older)
head, h2, new = rows(newer)
assert h == h2
i_m, i_f, i_p, i_map = h.index('matrix'), h.index('format'), h.index('precision'), h.index('mapping')
key = lambda c: (c[i_m], c[i_p], c[i_f], c[i_map])
old_rows = {key(l.split('\t')): l for l in old}
kept = changed = 0
with open(out + '.tmp', 'w') as f:
    f.writelines(head)
    for l in new:
        c = l.split('\t')
        if c[i_f] == 'csr_adaptive' and sv[(c[i_m], c[i_map])] == 0:
            l = old_rows[key(c)]
            kept += 1
        elif c[i_f] == 'csr_adaptive':
            changed += 1
        f.write(l)
os.replace(out + '.tmp', out)
print(f"merge_rows: {changed} CSR-adaptive rows of the new kernel's programs, {kept} of the older table")
