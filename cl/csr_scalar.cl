/* csr_scalar.cl: y = A*x for CSR, one work-item per row (seed 000's CSR-S). */

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
    const INDEX_TYPE end = rowptr[row + 1];
    for (INDEX_TYPE k = rowptr[row]; k < end; k++)
        sum += val[k] * x[colidx[k]];
    y[row] = sum;
}
