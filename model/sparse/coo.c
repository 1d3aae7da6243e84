/* coo.c: coordinate format (sorted by row, then column) from and to CSR. */
#include "sparse.h"

#include <stdlib.h>
#include <string.h>

spmvp_coo *spmvp_coo_free(spmvp_coo *C)
{
    if (C) {
        free(C->rowidx);
        free(C->colidx);
        free(C->val);
        free(C);
    }
    return NULL;
}

/* CSR order is already row-major with sorted columns: only the row indices are new. */
spmvp_coo *spmvp_coo_from_csr(const spmvp_csr *A)
{
    size_t n = A->nnz ? (size_t)A->nnz : 1; /* never malloc(0) */
    spmvp_coo *C = calloc(1, sizeof *C);
    if (!C)
        goto fail;
    C->nrows = A->nrows;
    C->ncols = A->ncols;
    C->nnz = A->nnz;
    C->rowidx = malloc(n * sizeof *C->rowidx);
    C->colidx = malloc(n * sizeof *C->colidx);
    C->val = malloc(n * sizeof *C->val);
    if (!C->rowidx || !C->colidx || !C->val)
        goto fail;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
            C->rowidx[k] = i;
    memcpy(C->colidx, A->colidx, (size_t)A->nnz * sizeof *C->colidx);
    memcpy(C->val, A->val, (size_t)A->nnz * sizeof *C->val);
    return C;
fail:
    spmvp_coo_free(C);
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a COO matrix with %d entries", (int)A->nnz);
    return NULL;
}

/* Relies on the COO invariant (row-sorted, columns sorted within a row): the entries are
 * copied in order and only the row pointers are counted. */
spmvp_csr *spmvp_coo_to_csr(const spmvp_coo *C)
{
    spmvp_csr *A = spmvp_csr_alloc(C->nrows, C->ncols, C->nnz);
    if (!A)
        return NULL;
    for (spmvp_idx k = 0; k < C->nnz; k++)
        A->rowptr[C->rowidx[k] + 1]++;
    for (spmvp_idx i = 0; i < C->nrows; i++)
        A->rowptr[i + 1] += A->rowptr[i];
    memcpy(A->colidx, C->colidx, (size_t)C->nnz * sizeof *A->colidx);
    memcpy(A->val, C->val, (size_t)C->nnz * sizeof *A->val);
    return A;
}
