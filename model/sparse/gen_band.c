/* gen_band.c: the two purely local families, "band:ROWS:WIDTH" and "blockdiag:ROWS:BLOCK": x is
 * read in a window that slides with the row (band) or stays put for a block of rows
 * (blockdiag), the best cases for caching x, against which perm: and rmat: are measured. */
#include "gen.h"

#include "gen_rng.h"

/* Row i's entries: columns lo..hi, the diagonal holding the row's length and the others -1, so
 * that every row is strictly diagonally dominant (an SPD matrix, like the stencils). */
static void fill_row(spmvp_csr *A, spmvp_idx i, spmvp_idx lo, spmvp_idx hi)
{
    spmvp_idx k = A->rowptr[i];
    for (spmvp_idx j = lo; j <= hi; j++, k++) {
        A->colidx[k] = j;
        A->val[k] = j == i ? (double)(hi - lo + 1) : -1.0;
    }
}

/* The matrix whose row i spans columns lo(i)..hi(i) of a rows x rows matrix, nnz entries; both
 * families differ only in the window. */
typedef void window_fn(long long i, long long rows, long long w, spmvp_idx *lo, spmvp_idx *hi);

static spmvp_status build(const char *what, long long rows, long long w, long long nnz,
                          window_fn *window, spmvp_csr **out)
{
    *out = NULL;
    if (rows > SPMVP_IDX_MAX - 1 || nnz > SPMVP_IDX_MAX)
        return spmvp_fail(SPMVP_ERR_RANGE, "%s: %lld rows and %lld non-zeros need more than "
                          "32-bit indices", what, rows, nnz);
    spmvp_csr *A = spmvp_csr_alloc((spmvp_idx)rows, (spmvp_idx)rows, (spmvp_idx)nnz);
    if (!A) /* sizes are in range: the budget or malloc refused, and said so */
        return SPMVP_ERR_NOMEM;
    spmvp_idx lo, hi;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        window(i, rows, w, &lo, &hi);
        A->rowptr[i + 1] = A->rowptr[i] + (hi - lo + 1);
    }
#ifdef _OPENMP
#pragma omp parallel for schedule(static) private(lo, hi)
#endif
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        window(i, rows, w, &lo, &hi);
        fill_row(A, i, lo, hi);
    }
    *out = A;
    return SPMVP_OK;
}

static void band_window(long long i, long long rows, long long w, spmvp_idx *lo, spmvp_idx *hi)
{
    *lo = (spmvp_idx)(i - w < 0 ? 0 : i - w);
    *hi = (spmvp_idx)(i + w > rows - 1 ? rows - 1 : i + w);
}

static void block_window(long long i, long long rows, long long b, spmvp_idx *lo, spmvp_idx *hi)
{
    *lo = (spmvp_idx)(i / b * b);
    *hi = (spmvp_idx)(*lo + b - 1 > rows - 1 ? rows - 1 : *lo + b - 1);
}

spmvp_status spmvp_gen_band_st(long long rows, long long width, spmvp_csr **out)
{
    *out = NULL;
    if (rows < 1 || width < 0 || width > rows - 1)
        return spmvp_fail(SPMVP_ERR_ARG, "band: need ROWS >= 1 and 0 <= WIDTH <= ROWS-1 (got %lld "
                          "and %lld)", rows, width);
    if (rows > SPMVP_IDX_MAX - 1)
        return spmvp_fail(SPMVP_ERR_RANGE, "band: %lld rows need more than 32-bit indices", rows);
    /* every row holds 2w+1, less the w(w+1)/2 cut off at each end; < 2^63 for 32-bit sizes */
    long long nnz = rows * (2 * width + 1) - width * (width + 1);
    return build("band", rows, width, nnz, band_window, out);
}

spmvp_status spmvp_gen_blockdiag_st(long long rows, long long block, spmvp_csr **out)
{
    *out = NULL;
    if (rows < 1 || block < 1 || block > rows)
        return spmvp_fail(SPMVP_ERR_ARG, "blockdiag: need ROWS >= 1 and 1 <= BLOCK <= ROWS (got "
                          "%lld and %lld)", rows, block);
    if (rows > SPMVP_IDX_MAX - 1)
        return spmvp_fail(SPMVP_ERR_RANGE, "blockdiag: %lld rows need more than 32-bit indices",
                          rows);
    long long full = rows / block, rest = rows % block;
    long long nnz = full * block * block + rest * rest;
    return build("blockdiag", rows, block, nnz, block_window, out);
}
