/* hyb_threshold.c: seed 002's Algorithm 2 (the HYB threshold K) for a predictor, beside the
 * usual HYB width rules (hyb_threshold.h). */
#include "hyb_threshold.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "spmvp_sparse.h"
#include "model_pmf.h"

size_t spmvp_hyb_curve_len(const spmvp_rowlen_stats *s)
{
    if (!s || s->rows < 1 || s->nnz < 1)
        return 0;
    return (size_t)(s->max - spmvp_pmf_first_k(s->rows, s->nnz, s->max) + 1);
}

spmvp_status spmvp_predict_hyb_thresholds(const spmvp_predictor *in, const spmvp_rowlen_stats *s,
                                          spmvp_hyb_thresholds *out, double *curve_t,
                                          double *curve_ct, double *curve_cal)
{
    if (!in || !s || !out || s->rows < 1 || s->nnz < 1)
        return spmvp_fail(SPMVP_ERR_ARG, "HYB threshold: needs a matrix with at least one non-zero");
    spmvp_pmf *p = spmvp_pmf_from_stats(s);
    if (!p)
        return SPMVP_ERR_NOMEM;
    size_t n = spmvp_hyb_curve_len(s);
    out->k0 = spmvp_pmf_hyb_first_k(p);
    out->max = p->max;
    out->cusp = spmvp_hyb_k_cusp(s->hist, s->max, s->rows, 3.0, 4096);
    out->viennacl = spmvp_hyb_k_quantile(s->hist, s->max, s->rows, 0.8);
    out->mean = spmvp_hyb_k_mean(s->hist, s->max, s->rows);
    out->spmvp = spmvp_hyb_width_from_hist(s->hist, s->max, s->rows);
    out->pmf_t = out->pmf_ct = out->pmf_cal = -1;
    out->pmf_t_us = out->pmf_ct_us = out->pmf_cal_us = NAN;
    double *curves[3] = {curve_t, curve_ct, curve_cal};
    for (int c = 0; c < 3; c++)
        for (size_t j = 0; curves[c] && j < n; j++)
            curves[c][j] = NAN;
    const spmvp_pmf_state *st = spmvp_predictor_pmf(in);
    if (st && spmvp_predictor_has(in, &spmvp_model_pmf)) {
        spmvp_pmf_time t;
        /* O(max) each: Algorithm 2 on the prefix sums */
        spmvp_pmf_hyb_best(p, &st->hw, st->prec, &out->pmf_t, &t, curve_t, n);
        out->pmf_t_us = t.t * 1e6;
        spmvp_pmf_hyb_best_ct(p, &st->hw, st->prec, &out->pmf_ct, &t, curve_ct, n);
        out->pmf_ct_us = t.ct * 1e6;
        double tc;
        if (st->cal->f[SPMVP_PMF_ELL].valid &&
            !spmvp_pmf_cal_hyb_best(st->cal, p, &st->hw, st->prec, &out->pmf_cal, &tc, curve_cal, n))
            out->pmf_cal_us = tc * 1e6;
        for (int c = 0; c < 3; c++) /* seconds to µs */
            for (size_t j = 0; curves[c] && j < n; j++)
                curves[c][j] *= 1e6;
    }
    spmvp_pmf_free(p);
    return SPMVP_OK;
}

void spmvp_hyb_report_release(spmvp_hyb_report *h)
{
    for (int c = 0; h && c < SPMVP_HYB_NCURVES; c++) {
        free(h->curve[c]);
        h->curve[c] = NULL;
    }
}

spmvp_status spmvp_hyb_report_make(const spmvp_predictor *in, const spmvp_rowlen_stats *s,
                                   spmvp_hyb_report *out)
{
    static const char *names[SPMVP_HYB_NCURVES] = {"pmf_T", "pmf_CT", "pmf-cal_CT"};
    static const char *labels[SPMVP_HYB_NCURVES] = {"PMF: T = DTT + CT (the paper)",
                                                     "PMF: CT (matrix on the device)",
                                                     "PMF calibrated: CT"};
    spmvp_hyb_thresholds k;
    memset(out, 0, sizeof *out);
    out->n = spmvp_hyb_curve_len(s);
    for (int c = 0; c < SPMVP_HYB_NCURVES; c++) {
        out->curve_name[c] = names[c];
        out->curve_label[c] = labels[c];
        if (!(out->curve[c] = malloc((out->n + 1) * sizeof *out->curve[c]))) {
            spmvp_hyb_report_release(out);
            return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
        }
    }
    spmvp_status st = spmvp_predict_hyb_thresholds(in, s, &k, out->curve[0], out->curve[1], out->curve[2]);
    if (st) {
        spmvp_hyb_report_release(out);
        return st;
    }
    out->k0 = k.k0;
    out->max = k.max;
    const spmvp_hyb_rule rules[SPMVP_HYB_NRULES] = {
        {"pmf_t", "pmf, T = DTT + CT (the paper)", "Alg. 2 on T", "T", k.pmf_t, k.pmf_t_us},
        {"pmf_ct", "pmf, CT (matrix on the device)", "Alg. 2 on CT", "CT", k.pmf_ct, k.pmf_ct_us},
        {"pmf_cal", "pmf-cal, CT", "Alg. 2 calibrated", "CT", k.pmf_cal, k.pmf_cal_us},
        {"cusp", "CUSP (speed 3.0, 4096 rows)", "CUSP", NULL, k.cusp, NAN},
        {"viennacl", "ViennaCL (80 % of rows)", "ViennaCL", NULL, k.viennacl, NAN},
        {"mean", "mean row length", "mean length", NULL, k.mean, NAN},
        {"spmvp", "spmvp default (bench)", "spmvp default", NULL, k.spmvp, NAN},
    };
    memcpy(out->rule, rules, sizeof rules);
    return SPMVP_OK;
}

int spmvp_hyb_report_has_curves(const spmvp_predictor *in, const char **why)
{
    int i = spmvp_model_family_index(&spmvp_model_pmf);
    if (why)
        *why = i >= 0 ? in->note[i] : "";
    return spmvp_predictor_has(in, &spmvp_model_pmf);
}
