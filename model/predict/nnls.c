/* nnls.c: subset-enumeration non-negative relative least squares (nnls.h). */
#include "nnls.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_multifit.h>
#include <math.h>
#include <string.h>

/* Ordinary least squares of (t - L) / t on the terms in mask, each divided by t (so that the
 * residuals are relative); 0 with beta (zeros outside the mask) and *rss, -1 on a failure. */
static int fit_subset(const double *X, const double *t, size_t n, int k, double L,
                      unsigned mask, double *beta, double *rss)
{
    size_t m = 0;
    int idx[SPMVP_NNLS_MAX_TERMS];
    for (int j = 0; j < k; j++)
        if (mask & (1u << j))
            idx[m++] = j;
    if (n < m)
        return -1;
    gsl_matrix *A = gsl_matrix_alloc(n, m), *cov = gsl_matrix_alloc(m, m);
    gsl_vector *y = gsl_vector_alloc(n), *b = gsl_vector_alloc(m);
    gsl_multifit_linear_workspace *w = gsl_multifit_linear_alloc(n, m);
    int rc = -1;
    if (A && cov && y && b && w) {
        for (size_t i = 0; i < n; i++) {
            for (size_t j = 0; j < m; j++)
                gsl_matrix_set(A, i, j, X[i * (size_t)k + (size_t)idx[j]] / t[i]);
            gsl_vector_set(y, i, (t[i] - L) / t[i]);
        }
        if (gsl_multifit_linear(A, y, b, cov, rss, w) == GSL_SUCCESS) {
            memset(beta, 0, (size_t)k * sizeof *beta);
            for (size_t j = 0; j < m; j++)
                beta[idx[j]] = gsl_vector_get(b, j);
            rc = 0;
        }
    }
    gsl_multifit_linear_free(w);
    gsl_vector_free(b);
    gsl_vector_free(y);
    gsl_matrix_free(cov);
    gsl_matrix_free(A);
    return rc;
}

int spmvp_nnls_rel(const double *X, const double *t, size_t n, int k, double L, double *beta,
                   double *rms_rel)
{
    if (k < 1 || k > SPMVP_NNLS_MAX_TERMS || !n)
        return -1;
    gsl_error_handler_t *old = gsl_set_error_handler_off(); /* failures are return codes here */
    double best_rss = INFINITY, best[SPMVP_NNLS_MAX_TERMS] = {0};
    for (unsigned mask = 1; mask < (1u << k); mask++) {
        double b[SPMVP_NNLS_MAX_TERMS], rss;
        if (fit_subset(X, t, n, k, L, mask, b, &rss))
            continue;
        int ok = 1;
        for (int j = 0; j < k; j++)
            ok &= b[j] >= 0 && isfinite(b[j]);
        if (ok && rss < best_rss) {
            best_rss = rss;
            memcpy(best, b, sizeof best);
        }
    }
    gsl_set_error_handler(old);
    if (best_rss == INFINITY)
        return -1;
    memcpy(beta, best, (size_t)k * sizeof *beta);
    *rms_rel = sqrt(best_rss / (double)n);
    return 0;
}
