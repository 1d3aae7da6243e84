/* csr.c: CSR allocation, the CPU reference product, and assembly from triplets. */
#include "sparse.h"

#include "budget.h"

#include <stdlib.h>
#include <string.h>

spmvp_csr *spmvp_csr_alloc(spmvp_idx nrows, spmvp_idx ncols, spmvp_idx nnz)
{
    if (nrows < 0 || ncols < 0 || nnz < 0 || nrows == SPMVP_IDX_MAX) {
        spmvp_fail(SPMVP_ERR_RANGE, "matrix sizes %d x %d with %d entries are out of range",
                   (int)nrows, (int)ncols, (int)nnz);
        return NULL;
    }
    if (spmvp_host_check(NULL, "the CSR matrix", spmvp_csr_host_bytes((uint64_t)nrows,
                                                                       (uint64_t)nnz)))
        return NULL;
    spmvp_csr *A = calloc(1, sizeof *A);
    if (!A)
        goto fail;
    A->nrows = nrows;
    A->ncols = ncols;
    A->nnz = nnz;
    A->rowptr = calloc((size_t)nrows + 1, sizeof *A->rowptr);
    A->colidx = malloc((nnz ? (size_t)nnz : 1) * sizeof *A->colidx);
    A->val = malloc((nnz ? (size_t)nnz : 1) * sizeof *A->val);
    if (!A->rowptr || !A->colidx || !A->val)
        goto fail;
    return A;
fail:
    spmvp_csr_free(A);
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a %d x %d matrix with %d entries",
               (int)nrows, (int)ncols, (int)nnz);
    return NULL;
}

spmvp_csr *spmvp_csr_free(spmvp_csr *A)
{
    if (A) {
        free(A->rowptr);
        free(A->colidx);
        free(A->val);
        free(A);
    }
    return NULL;
}

/* y = A*x */
void spmvp_csr_spmv(const spmvp_csr *A, const double *x, double *y)
{
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        double s = 0.0;
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
            s += A->val[k] * x[A->colidx[k]];
        y[i] = s;
    }
}

spmvp_idx spmvp_csr_max_row(const spmvp_csr *A)
{
    spmvp_idx m = 0;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        if (A->rowptr[i + 1] - A->rowptr[i] > m)
            m = A->rowptr[i + 1] - A->rowptr[i];
    return m;
}

int spmvp_csr_equal(const spmvp_csr *A, const spmvp_csr *B)
{
    if (A->nrows != B->nrows || A->ncols != B->ncols || A->nnz != B->nnz)
        return 0;
    return !memcmp(A->rowptr, B->rowptr, ((size_t)A->nrows + 1) * sizeof *A->rowptr) &&
           !memcmp(A->colidx, B->colidx, (size_t)A->nnz * sizeof *A->colidx) &&
           !memcmp(A->val, B->val, (size_t)A->nnz * sizeof *A->val);
}

/* Counting sort by row, then insertion sort of each row by column, then duplicates summed in
 * place: O(n + sum of row_len^2) in the worst case, O(n) for the usual short rows, and rows
 * longer than 32 fall back to qsort. The counting sort counts in A's own row pointers, so its
 * only scratch is one 32-bit position per entry: nothing per row beyond the CSR itself. */
static int cmp_col(const void *a, const void *b, const spmvp_idx *ci)
{
    spmvp_idx x = ci[*(const uint32_t *)a], y = ci[*(const uint32_t *)b];
    return (x > y) - (x < y);
}

static const spmvp_idx *sort_keys; /* qsort has no context argument in C11 */
static int cmp_col_qsort(const void *a, const void *b) { return cmp_col(a, b, sort_keys); }

uint64_t spmvp_csr_from_triplets_bytes(uint64_t nrows, uint64_t n)
{
    return spmvp_bytes_add(spmvp_csr_host_bytes(nrows, n), spmvp_bytes_mul(n, sizeof(uint32_t)));
}

spmvp_csr *spmvp_csr_from_triplets(spmvp_idx nrows, spmvp_idx ncols, size_t n,
                                   const spmvp_idx *ri, const spmvp_idx *ci, const double *v)
{
    if (n > (size_t)SPMVP_IDX_MAX) {
        spmvp_fail(SPMVP_ERR_RANGE, "%zu entries exceed 32-bit indices", n);
        return NULL;
    }
    if (nrows < 0 || nrows == SPMVP_IDX_MAX) /* what spmvp_csr_alloc refuses, said first */
        return spmvp_csr_alloc(nrows, ncols, (spmvp_idx)n);
    if (spmvp_host_check(NULL, "assembling the CSR matrix",
                         spmvp_csr_from_triplets_bytes((uint64_t)nrows, n)))
        return NULL;
    spmvp_csr *A = spmvp_csr_alloc(nrows, ncols, (spmvp_idx)n);
    if (!A)
        return NULL;
    uint32_t *order = malloc((n ? n : 1) * sizeof *order);
    if (!order) {
        spmvp_csr_free(A);
        spmvp_fail(SPMVP_ERR_NOMEM, "out of memory assembling %zu entries", n);
        return NULL;
    }
    spmvp_idx *next = A->rowptr; /* counts, then starts, then ends of the rows */
    for (size_t k = 0; k < n; k++)
        next[ri[k] + 1]++;
    for (spmvp_idx i = 0; i < nrows; i++)
        next[i + 1] += next[i];
    for (size_t k = 0; k < n; k++)
        order[next[ri[k]]++] = (uint32_t)k;
    /* next[i] is now the end of row i; rebuild starts while sorting and merging */
    size_t out = 0, start = 0;
    for (spmvp_idx i = 0; i < nrows; i++) {
        size_t end = (size_t)next[i];
        size_t len = end - start;
        uint32_t *seg = order + start;
        if (len > 32) {
            sort_keys = ci;
            qsort(seg, len, sizeof *seg, cmp_col_qsort);
        } else {
            for (size_t a = 1; a < len; a++) {
                uint32_t key = seg[a];
                size_t b = a;
                while (b > 0 && ci[seg[b - 1]] > ci[key]) {
                    seg[b] = seg[b - 1];
                    b--;
                }
                seg[b] = key;
            }
        }
        A->rowptr[i] = (spmvp_idx)out;
        for (size_t a = 0; a < len; a++) {
            uint32_t k = seg[a];
            if (out > (size_t)A->rowptr[i] && A->colidx[out - 1] == ci[k]) {
                A->val[out - 1] += v[k];
            } else {
                A->colidx[out] = ci[k];
                A->val[out] = v[k];
                out++;
            }
        }
        start = end;
    }
    A->rowptr[nrows] = (spmvp_idx)out;
    A->nnz = (spmvp_idx)out;
    free(order);
    return A;
}
