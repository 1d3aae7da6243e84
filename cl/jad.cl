/* jad.cl: y = A*x for jagged diagonals, one work-item per permuted row p. Diagonal d holds
 * entry d of every row longer than d, rows sorted by decreasing length, so row p stops at the
 * first diagonal shorter than p+1; the result goes to the original row perm[p]. */

__kernel void spmv_jad(__global const uchar *restrict spmvp_mat,
                       const INDEX_TYPE nrows,
                       const INDEX_TYPE ndiags,
                       const ulong perm_off,
                       const ulong jdptr_off,
                       const ulong colidx_off,
                       const ulong val_off,
                       __global const VALUE_TYPE *restrict x,
                       __global VALUE_TYPE *restrict y)
{
    PLAN_ARRAY(const INDEX_TYPE, perm);
    PLAN_ARRAY(const INDEX_TYPE, jdptr);
    PLAN_ARRAY(const INDEX_TYPE, colidx);
    PLAN_ARRAY(const VALUE_TYPE, val);
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
        sum += SPMVP_LD_V(val + k) * x[SPMVP_LD_I(colidx + k)];
        start = next;
    }
    y[perm[p]] = sum;
}
