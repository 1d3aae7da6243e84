import sys
src, dst, prec = sys.argv[1], sys.argv[2], sys.argv[3]
real_only = len(sys.argv) > 4 and sys.argv[4] == 'real'
out = open(dst, 'w'); hdr = None
for line in open(src):
    if line.startswith('#'): out.write(line); continue
    p = line.rstrip('\n').split('\t')
    if hdr is None:
        hdr = p; ic, iu, ip, iff = hdr.index('convert_us'), hdr.index('upload_us'), hdr.index('precision'), hdr.index('family'); out.write(line); continue
    real = p[iff].startswith('ss-') or p[iff].startswith('domain-')
    if real_only and not real: continue
    if prec == 'both' or p[ip] == prec: p[ic] = 'nan'; p[iu] = 'nan'
    out.write('\t'.join(p) + '\n')
