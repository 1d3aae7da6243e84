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

__kernel void spmv_csr_scalar(const INDEX_TYPE nrows,
                              __global const INDEX_TYPE *restrict rowptr,
                              __global const INDEX_TYPE *restrict colidx,
                              __global const VALUE_TYPE *restrict val,
                              __global const VALUE_TYPE *restrict x,
                              __global VALUE_TYPE *restrict y)
{
    const size_t row = get_global_id(0);
    if (row >= (size_t)nrows)
        return;
    VALUE_TYPE sum = 0;
    const INDEX_TYPE end = rowptr[row + 1];
    for (INDEX_TYPE k = rowptr[row]; k < end; k++)
        sum += val[k] * x[colidx[k]];
    y[row] = sum;
}
