/* predict.c: strip-model evaluation at the target parameters of eq. (6). */
#include "predict.h"

#include <math.h>

/* ceil(a / b) for a >= 0, b > 0 */
static long long ceil_div(long long a, long long b) { return a / b + (a % b != 0); }

spmvp_status spmvp_predict_params(const spmvp_strip_model *m, const spmvp_rowlen_stats *s,
                                  long long *I0, long long *P0)
{
    if (!m || !s || !I0 || !P0)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_predict_params: NULL argument");
    if (m->strip <= 0)
        return spmvp_fail(SPMVP_ERR_ARG, "%s model has strip size %lld",
                          spmvp_format_name(m->format), m->strip);
    switch (m->format) {
    case SPMVP_COO:
        *I0 = ceil_div(s->nnz, m->strip);
        *P0 = 0;
        return SPMVP_OK;
    case SPMVP_CSR_VECTOR:
        *I0 = ceil_div(s->rows, m->strip);
        *P0 = s->mode;
        return SPMVP_OK;
    case SPMVP_CSR_SCALAR:
    case SPMVP_ELL:
    case SPMVP_JAD:
        *I0 = ceil_div(s->rows, m->strip);
        *P0 = s->max;
        return SPMVP_OK;
    default:
        return spmvp_fail(SPMVP_ERR_ARG, "no strip model for format %s",
                          spmvp_format_name(m->format));
    }
}

/* T0 = T_s(P) / t0 × E_s(I) (§3.2.1) */
static double eval_csrv(const spmvp_strip_model *m, double I, double P)
{
    int s = P > m->split;
    if (!m->seg[s].valid)
        s = !s;
    if (!m->seg[s].valid || !(m->seg[s].t0 > 0))
        return NAN;
    const struct spmvp_csrv_segment *g = &m->seg[s];
    return (g->m * P + g->n) / g->t0 * (g->p * I + g->q);
}

double spmvp_strip_model_eval(const spmvp_strip_model *m, double I, double P)
{
    if (!m)
        return NAN;
    switch (m->format) {
    case SPMVP_COO:
        return m->A * I + m->B;
    case SPMVP_CSR_VECTOR:
        return eval_csrv(m, I, P);
    case SPMVP_CSR_SCALAR:
    case SPMVP_ELL:
    case SPMVP_JAD: {
        double f = m->A * I + m->B; /* f(I) */
        return f * P + (m->p * I + m->q) - f * m->P1;
    }
    default:
        return NAN;
    }
}

double spmvp_predict_strip(const spmvp_strip_model *m, const spmvp_rowlen_stats *s)
{
    long long I0 = 0, P0 = 0;
    if (spmvp_predict_params(m, s, &I0, &P0))
        return NAN;
    return spmvp_strip_model_eval(m, (double)I0, (double)P0);
}

/* T_HYB = T_ELL(P0 = min(K, max), I0) + T_COO(I_nz of the COO part) */
double spmvp_predict_hyb(const spmvp_strip_model *ell, const spmvp_strip_model *coo,
                         const spmvp_rowlen_stats *s, int K)
{
    if (!s || K < 0)
        return NAN;
    spmvp_hyb_split h = spmvp_rowlen_stats_hyb(s, K);
    if (h.coo_nnz < 0)
        return NAN;
    double t = 0.0;
    if (h.ell_width > 0) {
        if (!ell || ell->format != SPMVP_ELL || ell->strip <= 0)
            return NAN;
        t += spmvp_strip_model_eval(ell, (double)ceil_div(h.rows, ell->strip), (double)h.ell_width);
    }
    if (h.coo_nnz > 0) {
        if (!coo || coo->format != SPMVP_COO || coo->strip <= 0)
            return NAN;
        t += spmvp_strip_model_eval(coo, (double)ceil_div(h.coo_nnz, coo->strip), 0.0);
    }
    return t;
}
