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

__kernel void spmv_ell(const INDEX_TYPE nrows,
                       const INDEX_TYPE width,
                       const INDEX_TYPE pitch,
                       __global const INDEX_TYPE *restrict colidx,
                       __global const VALUE_TYPE *restrict val,
                       __global const VALUE_TYPE *restrict x,
                       __global VALUE_TYPE *restrict y)
{
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
