/* cg_cpu.c: conjugate gradients on the CPU in double, the reference of `spmvp cg`: the same
 * recurrence, start and stopping rule as the device's solver (host/ocl/cg.c). */
#include "cg_cpu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"

const char *spmvp_cg_state_name(spmvp_cg_state s)
{
    static const char *const names[] = {"converged", "max_iterations", "breakdown"};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "unknown";
}

/* x·y over n values, summed in order */
static double dot(spmvp_idx n, const double *x, const double *y)
{
    double s = 0.0;
    for (spmvp_idx i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

/* The iterations on work vectors w (x, r, p, q: 4 x n values); r = p = b on entry. */
static void iterate(const spmvp_csr *A, double bnorm, double tol, int max_it, double *w,
                    spmvp_cg_cpu_result *res)
{
    spmvp_idx n = A->nrows;
    double *x = w, *r = w + n, *p = w + 2 * (size_t)n, *q = w + 3 * (size_t)n;
    double rr = dot(n, r, r);
    res->relres = sqrt(rr) / bnorm;
    res->state = SPMVP_CG_CONVERGED;
    while (!(res->relres <= tol)) {
        if (res->iterations == max_it) {
            res->state = SPMVP_CG_MAX_IT;
            return;
        }
        spmvp_csr_spmv(A, p, q);                        /* q = A p */
        double pq = dot(n, p, q);
        if (!(pq > 0.0 && isfinite(pq))) {
            res->state = SPMVP_CG_BREAKDOWN;
            res->pap = pq;
            return;
        }
        double alpha = rr / pq;
        for (spmvp_idx i = 0; i < n; i++) {
            x[i] += alpha * p[i];                       /* x += alpha p */
            r[i] -= alpha * q[i];                       /* r -= alpha q */
        }
        double rr_new = dot(n, r, r), beta = rr_new / rr;
        rr = rr_new;
        res->relres = sqrt(rr) / bnorm;
        res->iterations++;
        if (res->relres <= tol)
            break;                                      /* the last p is never used */
        for (spmvp_idx i = 0; i < n; i++)
            p[i] = r[i] + beta * p[i];                  /* p = r + beta p */
    }
}

spmvp_status spmvp_cg_cpu(const spmvp_csr *A, const double *b, double tol, int max_it,
                          double *x, spmvp_cg_cpu_result *res)
{
    memset(res, 0, sizeof *res);
    if (A->nrows != A->ncols)
        return spmvp_fail(SPMVP_ERR_ARG, "CG needs a square matrix, not %d x %d", (int)A->nrows,
                          (int)A->ncols);
    if (!(tol >= 0.0) || max_it < 0)
        return spmvp_fail(SPMVP_ERR_ARG, "CG needs tol >= 0 and max_it >= 0, not %g and %d", tol,
                          max_it);
    size_t n = (size_t)A->nrows;
    if (spmvp_host_check(NULL, "CG's four work vectors", spmvp_bytes_mul(4 * sizeof(double), n)))
        return SPMVP_ERR_NOMEM;
    double *w = calloc(4 * n + 1, sizeof *w);
    if (!w)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for CG's vectors of %zu values", n);
    memcpy(w + n, b, n * sizeof *b);                    /* r = b - A*0 */
    memcpy(w + 2 * n, b, n * sizeof *b);                /* p = r */
    double bnorm = sqrt(dot(A->nrows, b, b));
    if (bnorm > 0.0)
        iterate(A, bnorm, tol, max_it, w, res);         /* b = 0: x = 0 solves it */
    if (x)
        memcpy(x, w, n * sizeof *x);
    free(w);
    return SPMVP_OK;
}
