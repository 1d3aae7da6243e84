/* csr_vector.cl: y = A*x for CSR, VECTOR_WIDTH work-items per row (seed 000's CSR-V).
 * VECTOR_WIDTH is a power of two up to the work-group size; the partial sums of a row are
 * combined by a tree: on NVIDIA, with a row's work-items inside one warp, by warp shuffles
 * (prelude.cl; 0.945x the time of the local-memory tree over the GPU-scale set on the H100, up
 * to 0.79x on rows of 300, docs/data/h100-shuffle/), elsewhere in local memory with
 * work-group barriers (not warp-synchronous code), correct on every OpenCL device, including
 * GPUs with independent thread scheduling. Both add the same pairs in the same order: the
 * same bits either way. */
#ifndef VECTOR_WIDTH
#error "define VECTOR_WIDTH (-DVECTOR_WIDTH=1,2,4,...,64)"
#endif
#ifndef WG_SIZE
#error "define WG_SIZE, the work-group size (a multiple of VECTOR_WIDTH)"
#endif
#if (VECTOR_WIDTH & (VECTOR_WIDTH - 1)) != 0 || WG_SIZE % VECTOR_WIDTH != 0
#error "VECTOR_WIDTH must be a power of two dividing WG_SIZE"
#endif

__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmv_csr_vector(__global const uchar *restrict spmvp_mat,
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
    const size_t lid = get_local_id(0);
    const size_t lane = lid & (VECTOR_WIDTH - 1);
    const size_t row = get_global_id(0) / VECTOR_WIDTH;

    VALUE_TYPE sum = 0;
    if (row < (size_t)nrows) {
        const INDEX_TYPE end = rowptr[row + 1];
        for (INDEX_TYPE k = rowptr[row] + (INDEX_TYPE)lane; k < end; k += VECTOR_WIDTH)
            sum += val[k] * x[colidx[k]];
    }
#if defined(SPMVP_WARP) && VECTOR_WIDTH <= SPMVP_WARP
    /* NVIDIA (prelude.cl): a row's work-items are in one warp; the same tree by shuffles, the
     * same pairs added in the same order as below (the same bits), without local memory */
    for (int s = VECTOR_WIDTH / 2; s > 0; s >>= 1)
        sum += spmvp_shfl_down(sum, s);
    if (lane == 0 && row < (size_t)nrows)
        y[row] = sum;
#else
    __local VALUE_TYPE partial[WG_SIZE];
    partial[lid] = sum;
    /* every work-item runs the same number of barriers, rows past the end included */
    for (size_t s = VECTOR_WIDTH / 2; s > 0; s >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lane < s)
            partial[lid] += partial[lid + s];
    }
    if (lane == 0 && row < (size_t)nrows)
        y[row] = partial[lid];
#endif
}
