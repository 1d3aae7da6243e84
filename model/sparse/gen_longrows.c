/* gen_longrows.c: the row skew that defeats one-work-item-per-row and one-group-per-row
 * kernels: a few very long rows among many short ones ("longrows:ROWS:SHORT:NLONG:LONG"), and
 * row lengths of a heavy-tailed law ("powerlaw:ROWS:MIN:MAX"). Both read x uniformly. */
#include "gen.h"

#include <math.h>
#include <stdio.h>

#include "gen_rng.h"

#define SALT_LONGROWS 0x6c6f6e67726f7721ULL
#define SALT_POWERLAW 0x706f7765726c6177ULL
/* P(len > l) = (MIN / l)^1.5. Broder et al. (2000, "Graph structure in the Web") measured
 * densities of the web's in- and out-degrees falling as k^-2.1 and k^-2.72, tails of shape
 * 1.1 and 1.72; 1.5 lies between: a mean of 3 MIN and, before the cut at MAX, no finite
 * variance. */
#define POWERLAW_SHAPE 1.5

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

/* Row i's length: MIN / U^(1 / shape) with U uniform on (0, 1] from the row's own stream (so the
 * lengths depend on the seed alone), cut at maxlen. */
static spmvp_idx powerlaw_len(long long i, long long minlen, long long maxlen,
                              unsigned long long seed)
{
    rng r;
    rng_seed(&r, mix64(seed ^ SALT_POWERLAW) + GOLDEN * (uint64_t)(i + 1));
    double u = 1.0 - (double)(rng_next(&r) >> 11) * 0x1p-53; /* (0, 1] */
    double len = floor((double)minlen * pow(u, -1.0 / POWERLAW_SHAPE));
    return (spmvp_idx)(len > (double)maxlen ? maxlen : len);
}

spmvp_status spmvp_gen_powerlaw_st(long long rows, long long minlen, long long maxlen,
                                   unsigned long long seed, spmvp_csr **out)
{
    *out = NULL;
    if (rows < 1 || minlen < 1 || minlen > maxlen || maxlen > rows)
        return spmvp_fail(SPMVP_ERR_ARG, "powerlaw: need 1 <= MIN <= MAX <= ROWS (got %lld rows, "
                          "%lld and %lld)", rows, minlen, maxlen);
    if (rows > SPMVP_IDX_MAX - 1)
        return spmvp_fail(SPMVP_ERR_RANGE, "powerlaw: %lld rows need more than 32-bit indices",
                          rows);
    long long nnz = 0;
    for (long long i = 0; i < rows; i++)
        if ((nnz += powerlaw_len(i, minlen, maxlen, seed)) > SPMVP_IDX_MAX)
            return spmvp_fail(SPMVP_ERR_RANGE, "powerlaw: %lld rows of at least %lld entries "
                              "need more than 32-bit indices", rows, minlen);
    spmvp_csr *A = spmvp_csr_alloc((spmvp_idx)rows, (spmvp_idx)rows, (spmvp_idx)nnz);
    if (!A)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a %lld-row matrix", rows);
    for (spmvp_idx i = 0; i < A->nrows; i++)
        A->rowptr[i + 1] = A->rowptr[i] + powerlaw_len(i, minlen, maxlen, seed);
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 4096)
#endif
    for (spmvp_idx i = 0; i < A->nrows; i++)
        fill_row(A, i, A->rowptr[i + 1] - A->rowptr[i], seed);
    *out = A;
    return SPMVP_OK;
}
