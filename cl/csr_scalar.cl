/* csr_scalar.cl: y = A*x for CSR, one work-item per row (seed 000's CSR-S).
 *
 * SPMVP_SCALAR_VEC=4 (the plan's option, model/sparse/csr_formats.c, only for a matrix whose
 * every row starts at a multiple of 4 entries, 8 or more a row, no row past 4 times the mean):
 * the row is read 4 entries a load, an int4 of columns and a vector of 4 values, summed in the
 * order of its entries as one by one. Why: where every row of a warp starts at one offset of
 * its 128-byte line (rows of 16, 32, 64 entries), the warp's 32 scalar reads of a step fall at
 * one offset of 32 lines and ran 2.1-2.6x the time of rows of 31 or 33 on the H200
 * (docs/data/h100-kernels/stop54/); a quarter as many such reads ran 0.32-0.91x the time on
 * those matrices (stop 57, calls 5-7). Reading every row this way after entries one by one up
 * to an aligned one lost up to 1.6x on short and power-law rows, so it is the aligned
 * matrices' alone. */
#ifdef SPMVP_SCALAR_VEC
#define SPMVP_CAT_(a, b) a##b
#define SPMVP_CAT(a, b) SPMVP_CAT_(a, b)
#define SPMVP_VALUE4 SPMVP_CAT(VALUE_TYPE, 4)
#endif

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
#if defined(SPMVP_SCALAR_VEC) && SPMVP_SCALAR_VEC == 4
    /* the arrays start on 128-byte lines (format.h's SPMVP_PLAN_ALIGN) and k on a multiple of
     * 4, so each load is aligned to its own size */
    for (INDEX_TYPE k = rowptr[row]; k < end; k += 4) {
        const int4 c = *(__global const int4 *)(colidx + k);
        const SPMVP_VALUE4 v = *(__global const SPMVP_VALUE4 *)(val + k);
        sum += v.s0 * x[c.s0];
        sum += v.s1 * x[c.s1];
        sum += v.s2 * x[c.s2];
        sum += v.s3 * x[c.s3];
    }
#else
    for (INDEX_TYPE k = rowptr[row]; k < end; k++)
        sum += val[k] * x[colidx[k]];
#endif
    y[row] = sum;
}
