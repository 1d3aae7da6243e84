/* nnls.h: non-negative least squares in relative error, for the small linear models spmvp
 * fits (seed 002's calibrated PMF terms, the setup-cost model): minimise
 * sum_i ((L + sum_j beta_j X_ij - t_i) / t_i)^2 over beta >= 0, by ordinary least squares (GSL)
 * on every non-empty subset of the terms and keeping the best non-negative one. Exact for the
 * few terms these models have (2^k - 1 fits); not for k above 8. Internal to model/predict. */
#ifndef SPMVP_NNLS_H
#define SPMVP_NNLS_H

#include <stddef.h>

#define SPMVP_NNLS_MAX_TERMS 8

/* X is n rows of k terms (row-major), t the n measured times (> 0), L a fixed offset added to
 * every prediction. On success returns 0 with beta[k] (zeros for terms left out) and *rms_rel
 * the root mean square relative residual; -1 when no subset gives a non-negative fit (or
 * k is out of 1..SPMVP_NNLS_MAX_TERMS, or a GSL allocation fails). */
int spmvp_nnls_rel(const double *X, const double *t, size_t n, int k, double L, double *beta,
                   double *rms_rel);

#endif
