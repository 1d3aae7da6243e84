/* jad.cl: y = A*x for jagged diagonals, one work-item per permuted row p. Diagonal d holds
 * entry d of every row longer than d, rows sorted by decreasing length, so row p stops at the
 * first diagonal shorter than p+1; the result goes to the original row perm[p]. */
#ifndef VALUE_TYPE
#error "define VALUE_TYPE (-DVALUE_TYPE=float or double)"
#endif
#ifndef INDEX_TYPE
#error "define INDEX_TYPE (-DINDEX_TYPE=int)"
#endif
#ifdef SPMVP_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

__kernel void spmv_jad(const INDEX_TYPE nrows,
                       const INDEX_TYPE ndiags,
                       __global const INDEX_TYPE *restrict perm,
                       __global const INDEX_TYPE *restrict jdptr,
                       __global const INDEX_TYPE *restrict colidx,
                       __global const VALUE_TYPE *restrict val,
                       __global const VALUE_TYPE *restrict x,
                       __global VALUE_TYPE *restrict y)
{
    const size_t p = get_global_id(0);
    if (p >= (size_t)nrows)
        return;
    VALUE_TYPE sum = 0;
    INDEX_TYPE start = jdptr[0];
    for (INDEX_TYPE d = 0; d < ndiags; d++) {
        const INDEX_TYPE next = jdptr[d + 1];
        if ((INDEX_TYPE)p >= next - start)
            break;
        const INDEX_TYPE k = start + (INDEX_TYPE)p;
        sum += val[k] * x[colidx[k]];
        start = next;
    }
    y[perm[p]] = sum;
}
