/* gen_longrows.c: a few very long rows among many short ones ("longrows:ROWS:SHORT:NLONG:LONG"),
 * the row skew that defeats one-work-item-per-row and one-group-per-row kernels. */
#include "gen.h"

#include <stdio.h>

#include "gen_rng.h"

#define SALT_LONGROWS 0x6c6f6e67726f7721ULL

/* Row i's len distinct sorted columns of 0..cols-1, one drawn uniformly from each of len equal
 * strata (the last stratum takes the remainder), and its values. */
static void fill_row(spmvp_csr *A, spmvp_idx i, spmvp_idx len, unsigned long long seed)
{
    rng r;
    rng_seed(&r, mix64(seed ^ SALT_LONGROWS) + GOLDEN * (uint64_t)(i + 1));
    spmvp_idx k = A->rowptr[i], width = A->ncols / len;
    for (spmvp_idx j = 0; j < len; j++, k++) {
        spmvp_idx w = j == len - 1 ? A->ncols - j * width : width;
        A->colidx[k] = j * width + (spmvp_idx)rng_below(&r, (uint32_t)w);
        A->val[k] = rng_value(&r);
    }
}

spmvp_status spmvp_gen_longrows_st(long long rows, int shortlen, long long nlong, long long longlen,
                                   unsigned long long seed, spmvp_csr **out)
{
    *out = NULL;
    if (rows < 1 || shortlen < 0 || nlong < 0 || nlong > rows || longlen < 0 ||
        shortlen > rows || longlen > rows)
        return spmvp_fail(SPMVP_ERR_ARG, "longrows: need 0 <= NLONG <= ROWS and row lengths "
                          "0..ROWS (got %lld rows, %d, %lld of %lld)", rows, shortlen, nlong, longlen);
    long long nnz = (rows - nlong) * shortlen + nlong * longlen;
    if (rows > SPMVP_IDX_MAX - 1 || nnz > SPMVP_IDX_MAX)
        return spmvp_fail(SPMVP_ERR_RANGE, "longrows: %lld rows and %lld non-zeros need more "
                          "than 32-bit indices", rows, nnz);
    spmvp_csr *A = spmvp_csr_alloc((spmvp_idx)rows, (spmvp_idx)rows, (spmvp_idx)nnz);
    if (!A)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a %lld-row matrix", rows);
    /* long row k lies in the k-th of nlong equal stretches of rows, at a place the seed picks */
    long long step = nlong ? rows / nlong : 0, next = 0, k = 0;
    rng r;
    rng_seed(&r, mix64(seed ^ SALT_LONGROWS));
    if (nlong)
        next = rng_below(&r, (uint32_t)step);
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        spmvp_idx len = shortlen;
        if (k < nlong && i == next) {
            len = (spmvp_idx)longlen;
            k++;
            next = k * step + rng_below(&r, (uint32_t)step);
        }
        A->rowptr[i + 1] = A->rowptr[i] + len;
    }
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 4096)
#endif
    for (spmvp_idx i = 0; i < A->nrows; i++)
        if (A->rowptr[i + 1] > A->rowptr[i])
            fill_row(A, i, A->rowptr[i + 1] - A->rowptr[i], seed);
    *out = A;
    return SPMVP_OK;
}
