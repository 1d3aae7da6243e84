/* stats.h: row-length statistics of a CSR matrix, the target parameters of the strip models
 * (seed 000 eq. 6: N_R, mode and maximum of the row lengths D) and the HYB ELL/COO split.
 *
 * gen.h's spmvp_row_stats (mean, sd, min, max) is a subset of spmvp_rowlen_stats; the
 * names differ so that both headers can be included together.
 *
 * Ownership: spmvp_rowlen_stats_from_csr returns a new object (it holds the row-length histogram)
 * that the caller frees with spmvp_rowlen_stats_free, which accepts NULL and returns NULL. */
#ifndef SPMVP_STATS_H
#define SPMVP_STATS_H

#include "sparse.h"

typedef struct spmvp_rowlen_stats {
    long long rows;   /* N_R */
    long long cols;
    long long nnz;    /* N_NZ */
    double mean;      /* nnz / rows (0 for no rows) */
    double sd;        /* population standard deviation of the row lengths (divides by rows) */
    long long min;    /* shortest row (0 for no rows) */
    long long max;    /* longest row (0 for no rows) */
    long long mode;   /* most frequent row length, the smallest on ties (0 for no rows) */
    long long *hist;  /* hist[l] = rows with exactly l entries (size max+1) */
} spmvp_rowlen_stats;

/* Statistics of A's row lengths in one pass over rowptr, O(longest row) memory. NULL (with
 * SPMVP_ERR_NOMEM or SPMVP_ERR_ARG recorded) on failure. */
spmvp_rowlen_stats *spmvp_rowlen_stats_from_csr(const spmvp_csr *A);
spmvp_rowlen_stats *spmvp_rowlen_stats_free(spmvp_rowlen_stats *s);

/* How HYB with ELL width K splits a matrix (K < 0 counts as 0). */
typedef struct spmvp_hyb_split {
    long long rows;      /* rows of the ELL part: all of them */
    long long ell_width; /* min(K, max) */
    long long ell_nnz;   /* real entries in the ELL part: nnz - coo_nnz (-1 when that is) */
    long long coo_nnz;   /* entries in the COO part: sum over rows of max(0, length - K);
                            -1 when s->hist is NULL and 0 < K < max (unknown) */
} spmvp_hyb_split;

spmvp_hyb_split spmvp_rowlen_stats_hyb(const spmvp_rowlen_stats *s, long long K);

#endif
