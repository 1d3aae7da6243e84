/* sell.cl: y = A*x for SELL-C-sigma, one work-item per sorted row p: lane p % SELL_C of chunk
 * p / SELL_C. A chunk is column-major (entry j of lane l at cs[c] + j*SELL_C + l) and padded
 * to its own longest row cl[c]; a padding slot holds column -1 and ends the row. The result
 * goes to the original row perm[p], so y comes out in the matrix's row order. */
#ifndef VALUE_TYPE
#error "define VALUE_TYPE (-DVALUE_TYPE=float or double)"
#endif
#ifndef INDEX_TYPE
#error "define INDEX_TYPE (-DINDEX_TYPE=int)"
#endif
#ifdef SPMVP_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifndef SELL_C
#error "define SELL_C, the chunk height (-DSELL_C=32)"
#endif

__kernel void spmv_sell(const INDEX_TYPE nrows,
                        __global const INDEX_TYPE *restrict perm,
                        __global const INDEX_TYPE *restrict cs,
                        __global const INDEX_TYPE *restrict cl,
                        __global const INDEX_TYPE *restrict colidx,
                        __global const VALUE_TYPE *restrict val,
                        __global const VALUE_TYPE *restrict x,
                        __global VALUE_TYPE *restrict y)
{
    const size_t p = get_global_id(0);
    if (p >= (size_t)nrows)
        return;
    const size_t c = p / SELL_C;
    const INDEX_TYPE width = cl[c];
    size_t off = (size_t)cs[c] + p % SELL_C;
    VALUE_TYPE sum = 0;
    for (INDEX_TYPE j = 0; j < width; j++, off += SELL_C) {
        const INDEX_TYPE col = colidx[off];
        if (col < 0)
            break;
        sum += val[off] * x[col];
    }
    y[perm[p]] = sum;
}
