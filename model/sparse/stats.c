/* stats.c: row-length statistics from a histogram built in one pass over the row pointers. */
#include "stats.h"

#include <math.h>
#include <stdlib.h>

spmvp_rowlen_stats *spmvp_rowlen_stats_free(spmvp_rowlen_stats *s)
{
    if (s) {
        free(s->hist);
        free(s);
    }
    return NULL;
}

/* Grows h (size *cap) to hold index len, zero-filling; -1 when out of memory. */
static int grow(long long **h, size_t *cap, size_t len)
{
    size_t n = *cap ? *cap : 64;
    while (n <= len)
        n *= 2;
    long long *g = realloc(*h, n * sizeof *g);
    if (!g)
        return -1;
    for (size_t k = *cap; k < n; k++)
        g[k] = 0;
    *h = g;
    *cap = n;
    return 0;
}

spmvp_rowlen_stats *spmvp_rowlen_stats_from_csr(const spmvp_csr *A)
{
    if (!A || A->nrows < 0 || (A->nrows > 0 && !A->rowptr)) {
        spmvp_fail(SPMVP_ERR_ARG, "row statistics of an invalid matrix");
        return NULL;
    }
    spmvp_rowlen_stats *s = calloc(1, sizeof *s);
    size_t cap = 0;
    if (!s || grow(&s->hist, &cap, 0))
        goto fail;
    s->rows = A->nrows;
    s->cols = A->ncols;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        long long len = (long long)A->rowptr[i + 1] - A->rowptr[i];
        if (len < 0) {
            spmvp_rowlen_stats_free(s);
            spmvp_fail(SPMVP_ERR_ARG, "row %d has negative length %lld", (int)i, len);
            return NULL;
        }
        if ((size_t)len >= cap && grow(&s->hist, &cap, (size_t)len))
            goto fail;
        s->hist[len]++;
        s->nnz += len;
        if (len > s->max)
            s->max = len;
    }
    /* moments, extremes and mode from the histogram: O(max) */
    s->mean = s->rows ? (double)s->nnz / (double)s->rows : 0.0;
    double ss = 0.0;
    long long best = 0;
    s->min = s->rows ? -1 : 0;
    for (long long l = 0; l <= s->max; l++) {
        long long n = s->hist[l];
        if (!n)
            continue;
        if (s->min < 0)
            s->min = l;
        if (n > best) { /* strict: the smallest length wins ties */
            best = n;
            s->mode = l;
        }
        ss += (double)n * ((double)l - s->mean) * ((double)l - s->mean);
    }
    s->sd = s->rows ? sqrt(ss / (double)s->rows) : 0.0;
    return s;
fail:
    spmvp_rowlen_stats_free(s);
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for row statistics");
    return NULL;
}

/* ELL takes min(K, len) entries of each row, COO the remaining max(0, len - K). */
spmvp_hyb_split spmvp_rowlen_stats_hyb(const spmvp_rowlen_stats *s, long long K)
{
    spmvp_hyb_split h = {0, 0, 0, 0};
    if (!s)
        return h;
    if (K < 0)
        K = 0;
    h.rows = s->rows;
    h.ell_width = K < s->max ? K : s->max;
    if (K >= s->max)
        h.coo_nnz = 0;
    else if (K == 0)
        h.coo_nnz = s->nnz;
    else if (!s->hist)
        h.coo_nnz = -1;
    else
        for (long long l = K + 1; l <= s->max; l++)
            h.coo_nnz += (l - K) * s->hist[l];
    h.ell_nnz = h.coo_nnz < 0 ? -1 : s->nnz - h.coo_nnz;
    return h;
}
