import sys
src, dst = sys.argv[1], sys.argv[2]
keep = set(sys.argv[3].split(',')) if len(sys.argv) > 3 else None
out = open(dst, 'w'); hdr = None
for line in open(src):
    if line.startswith('#'): out.write(line); continue
    p = line.rstrip('\n').split('\t')
    if hdr is None:
        hdr = p; ic, iu = hdr.index('convert_us'), hdr.index('upload_us'); out.write(line); continue
    if keep is not None and p[0] not in keep: continue
    p[ic] = 'nan'; p[iu] = 'nan'
    out.write('\t'.join(p) + '\n')
