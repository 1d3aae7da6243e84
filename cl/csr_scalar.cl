/* csr_scalar.cl: y = A*x for CSR, one work-item per row (seed 000's CSR-S). */
#ifndef VALUE_TYPE
#error "define VALUE_TYPE (-DVALUE_TYPE=float or double)"
#endif
#ifndef INDEX_TYPE
#error "define INDEX_TYPE (-DINDEX_TYPE=int)"
#endif
#ifdef SPMVP_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

/* The plan's arrays come packed in one buffer, spmvp_mat, and each array argument is the
 * array's byte offset into it, a multiple of 128 (host/ocl/spmv.c: every buffer argument costs
 * launch time). PLAN_ARRAY(T, a) rebuilds `__global T *restrict a` from the argument a_off;
 * restrict holds, as the arrays do not overlap. */
#define PLAN_ARRAY(T, a) __global T *restrict a = (__global T *)(spmvp_mat + (a##_off))

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
