/* pmf_cal.c: the calibrated variant of the PMF model (pmf_cal.h): eq. (C1) fitted to the
 * profile's benchmark-matrix timings. */
#include "pmf_cal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nnls.h"
#include "spmvp_sparse.h"

#define NTERMS 4     /* t0, mem, ops, row */
#define MIN_POINTS 5 /* one more than the terms */

static const char *pmf_names[4] = {"coo", "csr", "ell", "hyb"};

/* Kernels spmvp launches per product: COO zeroes y, then sums chunks, then carries. */
static const int launches[3] = {3, 1, 1};

const char *spmvp_pmf_format_name(spmvp_pmf_format f)
{
    return (f >= 0 && f <= SPMVP_PMF_HYB) ? pmf_names[f] : "?";
}

/* The spmvp format whose calibration points stand for PMF format f. */
static spmvp_format measured_format(spmvp_pmf_format f)
{
    return f == SPMVP_PMF_COO ? SPMVP_COO : f == SPMVP_PMF_CSR ? SPMVP_CSR_SCALAR : SPMVP_ELL;
}

/* The terms of (C1) in microseconds (rows per element for the row term). */
static void terms(const spmvp_pmf_time *t, double rows, const spmvp_pmf_hw *hw, double x[NTERMS])
{
    x[0] = 1.0;
    x[1] = t->am * 1e6;
    x[2] = (t->ctc_m + t->ctc_a) * 1e6;
    x[3] = rows / hw->C;
}

static double combine(const spmvp_pmf_cal_coef *k, const double x[NTERMS])
{
    return k->t0_us * x[0] + k->mem * x[1] + k->ops * x[2] + k->row_us * x[3];
}

double spmvp_pmf_cal_time(const spmvp_pmf_cal *cal, const spmvp_pmf *p, const spmvp_pmf_hw *hw,
                          spmvp_pmf_prec prec, spmvp_pmf_format f)
{
    if (!cal || !p || !hw || f < SPMVP_PMF_COO || f > SPMVP_PMF_ELL || !cal->f[f].valid)
        return NAN;
    spmvp_pmf_time t = spmvp_pmf_time_of(p, hw, prec, f, p->max);
    double x[NTERMS];
    terms(&t, (double)p->rows, hw, x);
    return combine(&cal->f[f], x) * 1e-6;
}

double spmvp_pmf_cal_hyb(const spmvp_pmf_cal *cal, const spmvp_pmf *p, const spmvp_pmf_hw *hw,
                         spmvp_pmf_prec prec, long long K)
{
    if (!cal || !p || !hw)
        return NAN;
    const spmvp_pmf_cal_coef *ell = &cal->f[SPMVP_PMF_ELL], *coo = &cal->f[SPMVP_PMF_COO];
    if (K < 0)
        K = 0;
    if (K > p->max)
        K = p->max;
    int has_coo = K < p->max;
    if (!ell->valid || (has_coo && !coo->valid))
        return NAN;
    spmvp_pmf_time t = spmvp_pmf_time_hyb(p, hw, prec, K);
    /* ELL part (eq. 47) over all N rows; the COO part (eq. 46) over the rows longer than K */
    double xe[NTERMS] = {1.0, t.am_ell * 1e6, (t.ct_ell - t.am_ell) * 1e6, (double)p->rows / hw->C};
    double us = combine(ell, xe);
    if (has_coo) {
        double rows_gt = (double)p->rows * spmvp_pmf_p_gt(p, K);
        double xc[NTERMS] = {1.0, t.am_coo * 1e6, (t.ct_coo - t.am_coo) * 1e6, rows_gt / hw->C};
        us += combine(coo, xc) - cal->launch_us; /* no zeroing kernel: ELL wrote y */
    }
    return us * 1e-6;
}

typedef struct cal_ctx {
    const spmvp_pmf_cal *cal;
    const spmvp_pmf *p;
    const spmvp_pmf_hw *hw;
    spmvp_pmf_prec prec;
} cal_ctx;

static double cal_cost(const void *ctx, long long K)
{
    const cal_ctx *c = ctx;
    return spmvp_pmf_cal_hyb(c->cal, c->p, c->hw, c->prec, K); /* NaN without COO below max */
}

spmvp_status spmvp_pmf_cal_hyb_best(const spmvp_pmf_cal *cal, const spmvp_pmf *p,
                                    const spmvp_pmf_hw *hw, spmvp_pmf_prec prec, long long *K_out,
                                    double *t_out, double *curve, size_t curve_len)
{
    if (!cal || !p || !hw || !K_out)
        return spmvp_fail(SPMVP_ERR_ARG, "calibrated HYB threshold: NULL argument");
    if (!cal->f[SPMVP_PMF_ELL].valid)
        return spmvp_fail(SPMVP_ERR_ARG, "calibrated HYB threshold: the profile has no calibrated ELL model");
    cal_ctx c = {cal, p, hw, prec};
    return spmvp_pmf_scan_k(p, cal_cost, &c, K_out, t_out, curve, curve_len);
}

/* ---- the fit ---- */

/* The non-negative fit of the terms X (n rows) to the times t over the launch floor L. */
static int fit_nonneg(const double *X, const double *t, size_t n, double L, spmvp_pmf_cal_coef *out)
{
    double best[NTERMS];
    if (spmvp_nnls_rel(X, t, n, NTERMS, L, best, &out->rms_rel))
        return -1;
    out->t0_us = L + best[0];
    out->mem = best[1];
    out->ops = best[2];
    out->row_us = best[3];
    return 0;
}

spmvp_status spmvp_pmf_cal_fit(const spmvp_calib *c, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                               spmvp_pmf_cal *out, FILE *notes)
{
    return spmvp_pmf_cal_fit_launch(c, hw, prec, 0.0, out, notes);
}

spmvp_status spmvp_pmf_cal_fit_launch(const spmvp_calib *c, const spmvp_pmf_hw *hw,
                                      spmvp_pmf_prec prec, double launch_us, spmvp_pmf_cal *out,
                                      FILE *notes)
{
    if (!c || !hw || !out || !(launch_us >= 0))
        return spmvp_fail(SPMVP_ERR_ARG, "PMF fit: NULL argument or a negative launch cost");
    memset(out, 0, sizeof *out);
    out->launch_us = launch_us;
    double *X = malloc((c->npoints + 1) * NTERMS * sizeof *X);
    double *tv = malloc((c->npoints + 1) * sizeof *tv);
    if (!X || !tv) {
        free(X);
        free(tv);
        return spmvp_fail(SPMVP_ERR_NOMEM, "PMF fit: out of memory");
    }
    spmvp_status st = SPMVP_OK;
    int fitted = 0;
    for (int f = SPMVP_PMF_COO; f <= SPMVP_PMF_ELL && !st; f++) {
        size_t n = 0;
        for (size_t i = 0; i < c->npoints && !st; i++) {
            const spmvp_calib_point *q = &c->points[i];
            if (q->format != measured_format((spmvp_pmf_format)f) || !(q->time_us > 0) || q->rows < 1)
                continue;
            long long *hist = NULL, maxlen = 0;
            /* benchmark matrices are square (seed 000 §3.1) */
            st = spmvp_gen_length_hist(q->rows, q->rows, q->pnz, q->dist, &hist, &maxlen);
            spmvp_pmf *p = st ? NULL : spmvp_pmf_from_hist(hist, maxlen);
            free(hist);
            if (!st && !p)
                st = SPMVP_ERR_NOMEM;
            if (st)
                break;
            spmvp_pmf_time t = spmvp_pmf_time_of(p, hw, prec, (spmvp_pmf_format)f, p->max);
            terms(&t, (double)p->rows, hw, X + n * NTERMS);
            tv[n++] = q->time_us;
            spmvp_pmf_free(p);
        }
        if (st)
            break;
        spmvp_pmf_cal_coef *k = &out->f[f];
        k->npoints = (int)n;
        if (n >= MIN_POINTS && !fit_nonneg(X, tv, n, launches[f] * launch_us, k)) {
            k->valid = 1;
            fitted++;
        } else if (notes) {
            fprintf(notes, "spmvp: note: PMF fit of %s skipped: %zu usable calibration points of %s\n",
                    pmf_names[f], n, spmvp_format_name(measured_format((spmvp_pmf_format)f)));
        }
    }
    free(X);
    free(tv);
    if (st)
        return spmvp_fail(st, "PMF fit: %s", spmvp_last_error());
    if (!fitted)
        return spmvp_fail(SPMVP_ERR_ARG, "PMF fit: no calibration points of COO, CSR-scalar or ELL");
    return SPMVP_OK;
}
