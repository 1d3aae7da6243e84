/* ell.cl: y = A*x for column-major ELLPACK, one work-item per row. Entry j of row i sits at
 * [j*pitch + i], so neighbouring work-items read neighbouring addresses (coalesced); a
 * padding slot holds column -1 and ends the row, so short rows skip their padding's values. */

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
        const INDEX_TYPE c = colidx[off];
        if (c < 0)
            break;
        sum += val[off] * x[c];
    }
    y[row] = sum;
}
