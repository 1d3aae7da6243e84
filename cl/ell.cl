/* ell.cl: y = A*x for column-major ELLPACK, one work-item per row. Entry j of row i sits at
 * [j*pitch + i], so neighbouring work-items read neighbouring addresses (coalesced); a
 * padding slot holds column -1, and its value and x are not read.
 *
 * The loop runs the full width, each slot predicated on holding an entry, rather than stopping
 * at the row's first padding slot: a loop whose trip count depends on the column just loaded
 * cannot load the next slot's column until it has that one, so each row had one gather in
 * flight. On the H100 the early stop ran 2-4x ELL-R's time on rows of 64-300 in single
 * precision; full width is 0.68x its time over ELL's A/B set (0.36-0.98), HYB's ELL part
 * 0.72x. Two other shapes lost (docs/data/h100-ell/): pairs with an early stop (0.76x), and
 * blocks of 8 slots as sell.cl reads them (0.97x: 0.56-0.70x in double, 1.02-1.43x in single).
 * The price is reading padding's column indices, which is small where ELL is worth running:
 * HYB's ELL part pads only the rows shorter than its K (rmat:18, HYB: 1.00-1.05x).
 *
 * On NVIDIA only. On PoCL's CPU device a row is no warp's lane that waits for the longest one:
 * there the full width cost ELL a median 3.0x its time over the training table's rows (p90
 * 22x, the padded ones) and HYB 1.8x, so other devices keep the early stop. */
#ifndef SPMVP_ELL_FULL_WIDTH /* set by hand (SPMVP_CLOPTS) to test one loop on another device */
#if defined(SPMVP_NVIDIA)
#define SPMVP_ELL_FULL_WIDTH 1
#else
#define SPMVP_ELL_FULL_WIDTH 0
#endif
#endif

__kernel void spmv_ell(__global const uchar *restrict spmvp_mat,
                       const INDEX_TYPE nrows,
                       const INDEX_TYPE width,
                       const INDEX_TYPE pitch,
                       const ulong colidx_off,
                       const ulong val_off,
                       __global const VALUE_TYPE *restrict x,
                       __global VALUE_TYPE *restrict y)
{
    PLAN_ARRAY(const INDEX_TYPE, colidx);
    PLAN_ARRAY(const VALUE_TYPE, val);
    const size_t row = get_global_id(0);
    if (row >= (size_t)nrows)
        return;
    VALUE_TYPE sum = 0;
    size_t off = row;
    for (INDEX_TYPE j = 0; j < width; j++, off += (size_t)pitch) {
        const INDEX_TYPE c = SPMVP_LD_I(colidx + off);
#if SPMVP_ELL_FULL_WIDTH
        if (c >= 0)
            sum += SPMVP_LD_V(val + off) * x[c];
#else
        if (c < 0)
            break;
        sum += SPMVP_LD_V(val + off) * x[c];
#endif
    }
    y[row] = sum;
}
