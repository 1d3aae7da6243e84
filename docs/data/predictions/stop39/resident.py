# bytes of a product whose arrays and vectors fit the L2 (50 MiB, below `frac` of it) priced
# at kappa: they come from L2 on the next product, not DRAM. Usage: resident.py SRC DST KAPPA FRAC
import sys
src, dst, kappa, frac = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
L2 = 50 * 2**20
f = open(src); out = open(dst, 'w'); out.write(f.readline()); h = f.readline(); out.write(h)
C = h.rstrip('\n').split('\t'); ix = {c: i for i, c in enumerate(C)}
for line in f:
    v = line.rstrip('\n').split('\t')
    try:
        b = float(v[ix['bytes']])
        if b <= frac * L2:
            v[ix['bytes']] = repr(b * kappa)
    except ValueError:
        pass
    out.write('\t'.join(v) + '\n')
