/* ellr.cl: y = A*x for ELL-R / ELLG (seed 003 §2), one work-item per row. The ELL arrays are
 * column-major (entry j of row i at [j*pitch + i], pitch 128-byte aligned) and rowlen[i] says
 * where row i ends, so no padding slot is read. As seed 003's kernel, two entries are loaded
 * before either is added (its unroll by 2 with prefetching); the sums are still added in
 * entry order.
 *
 * In double precision on NVIDIA the loop is a plain one over the row's length, unrolled by 4:
 * on the H100 it took 0.85x the pairs' time over ten generated matrices (0.66-1.01; rows of
 * 81-300 with x scattered gain most: random:50000:300 342 -> 224 µs), since a double
 * product's gathers are twice as long and more of them in flight pays. In single it cost
 * 1.05x (up to 1.14x), so single keeps the pairs (docs/data/h100-ell/, second section). Other
 * devices keep the pairs: the A/B was NVIDIA's. */
#ifndef SPMVP_ELLR_UNROLL4 /* set by hand (SPMVP_CLOPTS) to test one loop on another device */
#if defined(SPMVP_NVIDIA) && defined(SPMVP_FP64)
#define SPMVP_ELLR_UNROLL4 1
#else
#define SPMVP_ELLR_UNROLL4 0
#endif
#endif

__kernel void spmv_ellr(__global const uchar *restrict spmvp_mat,
                        const INDEX_TYPE nrows,
                        const INDEX_TYPE pitch,
                        const ulong rowlen_off,
                        const ulong colidx_off,
                        const ulong val_off,
                        __global const VALUE_TYPE *restrict x,
                        __global VALUE_TYPE *restrict y)
{
    PLAN_ARRAY(const INDEX_TYPE, rowlen);
    PLAN_ARRAY(const INDEX_TYPE, colidx);
    PLAN_ARRAY(const VALUE_TYPE, val);
    const size_t row = get_global_id(0);
    if (row >= (size_t)nrows)
        return;
    const INDEX_TYPE len = rowlen[row];
    const size_t step = (size_t)pitch;
    size_t off = row;
    VALUE_TYPE sum = 0;
#if SPMVP_ELLR_UNROLL4
#pragma unroll 4
    for (INDEX_TYPE j = 0; j < len; j++, off += step)
        sum += SPMVP_LD_V(val + off) * x[SPMVP_LD_I(colidx + off)];
#else
    for (INDEX_TYPE j = 0; j < len / 2; j++, off += 2 * step) {
        const INDEX_TYPE c0 = SPMVP_LD_I(colidx + off), c1 = SPMVP_LD_I(colidx + off + step);
        const VALUE_TYPE x0 = x[c0], x1 = x[c1];
        const VALUE_TYPE v0 = SPMVP_LD_V(val + off), v1 = SPMVP_LD_V(val + off + step);
        sum += v0 * x0;
        sum += v1 * x1;
    }
    if (len & 1)
        sum += SPMVP_LD_V(val + off) * x[SPMVP_LD_I(colidx + off)];
#endif
    y[row] = sum;
}
