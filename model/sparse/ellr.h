/* ellr.h: ELL-R / ELLG (seed 003 §2; ELLPACK-R of Vázquez et al.): ELL plus an array of row
 * lengths, so a work-item runs exactly its row's entries and never reads padding.
 *
 * Ownership as in sparse.h: spmvp_ellr_from_csr returns a new object freed by spmvp_ellr_free
 * (which accepts NULL and returns NULL); NULL with the message in spmvp_last_error() on
 * failure. */
#ifndef SPMVP_ELLR_H
#define SPMVP_ELLR_H

#include "sparse.h"

typedef struct spmvp_ellr {
    spmvp_ell *ell;    /* the ELL arrays (owned): entry j of row i at [j*pitch + i], width the
                          longest row, pitch a multiple of the row alignment and of 32 elements
                          (128 bytes, seed 003's alignment); padding colidx -1, val 0 */
    spmvp_idx *rowlen; /* entries of row i (size nrows; one element allocated for no rows) */
} spmvp_ellr;

/* ELL-R of A, its pitch as spmvp_ell_from_csr's (nrows rounded up to row_align and 32);
 * SPMVP_ERR_RANGE past 32-bit indices, SPMVP_ERR_ARG for row_align <= 0. */
spmvp_ellr *spmvp_ellr_from_csr(const spmvp_csr *A, spmvp_idx row_align);
spmvp_ellr *spmvp_ellr_free(spmvp_ellr *R);
/* Row i is its first rowlen[i] slots (the padding is not looked at). */
spmvp_csr *spmvp_ellr_to_csr(const spmvp_ellr *R);
/* Device bytes: ELL's colidx and val (padding included), rowlen, x and y. */
size_t spmvp_ellr_bytes(const spmvp_ellr *R, size_t value_size);

#endif
