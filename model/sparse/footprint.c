/* footprint.c: device memory each format needs, in bytes, to tell which formats fit.
 *
 * With I = sizeof(spmvp_idx) = 4 and V = value_size (4 or 8):
 *   CSR  (nrows+1)*I + nnz*(I+V)               rowptr, colidx, val
 *   COO  nnz*(2*I+V)                           rowidx, colidx, val
 *   ELL  width*pitch*(I+V)                     colidx, val, padding included
 *   JAD  nrows*I + (ndiags+1)*I + nnz*(I+V)    perm, jdptr, colidx, val
 *   HYB  its ELL part's arrays + its COO part's arrays
 * each plus x (ncols values) and y (nrows values), counted once for HYB. Computed in size_t:
 * a full 2^31-slot ELL in double is 24 GiB, past 32 bits. */
#include "sparse.h"

#define IDX sizeof(spmvp_idx)

static size_t vectors(spmvp_idx nrows, spmvp_idx ncols, size_t vs)
{
    return ((size_t)ncols + (size_t)nrows) * vs;
}

static size_t coo_arrays(const spmvp_coo *C, size_t vs)
{
    return (size_t)C->nnz * (2 * IDX + vs);
}

static size_t ell_arrays(const spmvp_ell *E, size_t vs)
{
    return (size_t)E->width * (size_t)E->pitch * (IDX + vs);
}

size_t spmvp_csr_bytes(const spmvp_csr *A, size_t vs)
{
    return ((size_t)A->nrows + 1) * IDX + (size_t)A->nnz * (IDX + vs) +
           vectors(A->nrows, A->ncols, vs);
}

size_t spmvp_coo_bytes(const spmvp_coo *C, size_t vs)
{
    return coo_arrays(C, vs) + vectors(C->nrows, C->ncols, vs);
}

size_t spmvp_ell_bytes(const spmvp_ell *E, size_t vs)
{
    return ell_arrays(E, vs) + vectors(E->nrows, E->ncols, vs);
}

size_t spmvp_jad_bytes(const spmvp_jad *J, size_t vs)
{
    return (size_t)J->nrows * IDX + ((size_t)J->ndiags + 1) * IDX +
           (size_t)J->nnz * (IDX + vs) + vectors(J->nrows, J->ncols, vs);
}

size_t spmvp_hyb_bytes(const spmvp_hyb *H, size_t vs)
{
    return ell_arrays(H->ell, vs) + coo_arrays(H->coo, vs) +
           vectors(H->ell->nrows, H->ell->ncols, vs);
}
