/* EXPERIMENT (stop 54): csr_scalar.cl with each row's start rotated by its row number where the
 * row length is a multiple of 16. */
__kernel void spmv_csr_scalar(__global const uchar *restrict spmvp_mat,
                              const INDEX_TYPE nrows,
                              const ulong rowptr_off,
                              const ulong colidx_off,
                              const ulong val_off,
                              __global const VALUE_TYPE *restrict x,
                              __global VALUE_TYPE *restrict y)
{
    PLAN_ARRAY(const INDEX_TYPE, rowptr);
    PLAN_ARRAY(const INDEX_TYPE, colidx);
    PLAN_ARRAY(const VALUE_TYPE, val);
    const size_t row = get_global_id(0);
    if (row >= (size_t)nrows)
        return;
    VALUE_TYPE sum = 0;
    const INDEX_TYPE begin = rowptr[row], end = rowptr[row + 1], len = end - begin;
#if ROTATE_ALL
    const INDEX_TYPE mid = len > 0 ? begin + (INDEX_TYPE)(row & 31) % len : begin;
#else
    const INDEX_TYPE mid = (len & 15) == 0 && len > 0 ? begin + (INDEX_TYPE)(row & 31) % len : begin;
#endif
    for (INDEX_TYPE k = mid; k < end; k++)
        sum += val[k] * x[colidx[k]];
    for (INDEX_TYPE k = begin; k < mid; k++)
        sum += val[k] * x[colidx[k]];
    y[row] = sum;
}
