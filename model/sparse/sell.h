/* sell.h: SELL-C-sigma (Kreutzer, Hager, Wellein, Fehske, Bishop 2014; seed 004's "SELL-C-σ"):
 * rows sorted by decreasing length within windows of sigma rows, then cut into chunks of C
 * consecutive sorted rows; each chunk is a small column-major ELL padded only to its own
 * longest row.
 *
 * Ownership as in sparse.h: spmvp_sell_from_csr returns a new object freed by spmvp_sell_free
 * (which accepts NULL and returns NULL); NULL with the message in spmvp_last_error(). */
#ifndef SPMVP_SELL_H
#define SPMVP_SELL_H

#include "sparse.h"

typedef struct spmvp_sell {
    spmvp_idx nrows, ncols;
    spmvp_idx nnz;     /* real entries (padding excluded) */
    spmvp_idx C;       /* chunk height: sorted rows per chunk (> 0) */
    spmvp_idx sigma;   /* sorting window in rows (> 0; 1: no sorting, SELL-C) */
    spmvp_idx nchunks; /* ceil(nrows / C) */
    spmvp_idx *perm;   /* perm[p] = original row of sorted row p (size nrows) */
    spmvp_idx *cs;     /* chunk start: entry j of lane l (sorted row c*C + l) of chunk c is at
                          cs[c] + j*C + l; cs[nchunks] = slots (size nchunks+1) */
    spmvp_idx *cl;     /* chunk length: the longest row of chunk c (size nchunks) */
    spmvp_idx *colidx; /* column indices, -1 for padding (size cs[nchunks]) */
    double *val;       /* values, 0 for padding (size cs[nchunks]) */
} spmvp_sell;

/* SELL-C-sigma of A with chunk height C > 0 and window sigma > 0 (SPMVP_ERR_ARG otherwise);
 * rows of equal length keep their order (a stable sort). SPMVP_ERR_RANGE when the slots
 * (padding included) pass 32-bit indices. */
spmvp_sell *spmvp_sell_from_csr(const spmvp_csr *A, spmvp_idx C, spmvp_idx sigma);
spmvp_sell *spmvp_sell_free(spmvp_sell *S);
/* Row perm[p] is lane p%C of chunk p/C up to its first -1 (or the chunk's length). */
spmvp_csr *spmvp_sell_to_csr(const spmvp_sell *S);
/* Device bytes: perm, cs, cl, colidx and val (padding included), x and y. */
size_t spmvp_sell_bytes(const spmvp_sell *S, size_t value_size);

/* The default chunk height for a warp width: the largest power of two <= warp (1 for 0). */
int spmvp_sell_c_for_warp(unsigned warp);
/* The default window for chunk height C: 128*C rows (4096 for C = 32; see sell.c). */
int spmvp_sell_sigma_for_c(int C);
/* The default work-items per row for a mean row length (see sell.c): a power of two in [1, 8]. */
int spmvp_sell_t_auto(double mean_len);
/* The work-items per row a plan runs: t, lowered to a power of two with C*t <= wg (a row's
 * work-items must share a work-group for their reduction), at least 1. */
int spmvp_sell_t_fit(int t, int C, size_t wg);

#endif
