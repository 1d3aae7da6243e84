/* ell.cl: y = A*x for column-major ELLPACK, one work-item per row. Entry j of row i sits at
 * [j*pitch + i], so neighbouring work-items read neighbouring addresses (coalesced); a
 * padding slot holds column -1 and ends the row, so short rows skip their padding's values. */
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
