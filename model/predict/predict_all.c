/* predict_all.c: predictions of every format and model for one matrix (seed 000 eq. 6-7,
 * seed 002 eqs 21-50). */
#include "predict_all.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hyb_rules.h"
#include "pmf_hw.h"
#include "predict.h"

static const char *model_names[SPMVP_NMODELS] = {"fixed", "normal", "uniform", "pmf", "pmf-cal"};
static const char *model_labels[SPMVP_NMODELS] = {"Guo-Wang (fixed)", "normal", "uniform",
                                                  "PMF (seed 002)", "PMF calibrated"};

const char *spmvp_model_name(spmvp_model m)
{
    return (m >= 0 && m < SPMVP_NMODELS) ? model_names[m] : "?";
}

const char *spmvp_model_label(spmvp_model m)
{
    return (m >= 0 && m < SPMVP_NMODELS) ? model_labels[m] : "?";
}

int spmvp_model_parse(const char *name)
{
    for (int m = 0; name && m < SPMVP_NMODELS; m++)
        if (!strcmp(name, model_names[m]))
            return m;
    return -1;
}

spmvp_status spmvp_predictor_init(spmvp_predictor *out, const spmvp_profile *p, const char *path,
                                  size_t value_size)
{
    int i = spmvp_precision_of(value_size);
    if (!out || !p || i < 0)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: no profile, or value size %zu is not 4 or 8",
                          path ? path : "profile", value_size);
    memset(out, 0, sizeof *out);
    out->calib = spmvp_profile_calib(p, value_size);
    out->cal = &p->prec[i].pmf_fit;
    out->prec = value_size == 8 ? SPMVP_PMF_DOUBLE : SPMVP_PMF_SINGLE;
    out->warp = (unsigned)p->device.warp_size;
    if (spmvp_profile_pmf_hw(p, &out->hw, out->source, &out->hw_derived))
        snprintf(out->pmf_note, sizeof out->pmf_note, "%s", spmvp_last_error());
    else if (value_size == 8 && !(out->hw.F_d > 0))
        snprintf(out->pmf_note, sizeof out->pmf_note, "pmf_hardware.F_d is 0 (no double precision)");
    else
        out->has_pmf = 1;
    if (out->calib || out->has_pmf)
        return SPMVP_OK;
    const spmvp_calib *unused;
    return spmvp_profile_require(p, path, value_size, &unused); /* names what is missing */
}

/* The spmvp format each PMF format stands for (HYB included). */
static const struct { spmvp_pmf_format pmf; spmvp_format f; } pmf_formats[] = {
    {SPMVP_PMF_COO, SPMVP_COO}, {SPMVP_PMF_CSR, SPMVP_CSR_SCALAR},
    {SPMVP_PMF_ELL, SPMVP_ELL}, {SPMVP_PMF_HYB, SPMVP_HYB},
};

static spmvp_status predict_pmf(const spmvp_predictor *in, const spmvp_rowlen_stats *s,
                                spmvp_prediction *out)
{
    if (!in->has_pmf || s->rows < 1)
        return SPMVP_OK;
    spmvp_pmf *p = spmvp_pmf_from_stats(s);
    if (!p)
        return SPMVP_ERR_NOMEM; /* the stats are consistent: only memory can fail */
    for (size_t k = 0; k < sizeof pmf_formats / sizeof pmf_formats[0]; k++) {
        spmvp_pmf_format pf = pmf_formats[k].pmf;
        spmvp_format f = pmf_formats[k].f;
        spmvp_pmf_time t = spmvp_pmf_time_of(p, &in->hw, in->prec, pf, out->hyb_width);
        out->us[f][SPMVP_MODEL_PMF] = t.ct * 1e6;
        out->dtt_us[f] = t.dtt * 1e6;
        double cal = pf == SPMVP_PMF_HYB ? spmvp_pmf_cal_hyb(in->cal, p, &in->hw, in->prec, out->hyb_width)
                                         : spmvp_pmf_cal_time(in->cal, p, &in->hw, in->prec, pf);
        out->us[f][SPMVP_MODEL_PMF_CAL] = cal * 1e6;
    }
    spmvp_pmf_choice c = spmvp_pmf_choose(p, &in->hw, in->prec);
    out->pmf_algorithm1 = pmf_formats[c.best].f; /* COO, CSR, ELL: the first three rows */
    spmvp_pmf_free(p);
    return SPMVP_OK;
}

spmvp_status spmvp_predict_all(const spmvp_predictor *in, const spmvp_csr *A,
                               const spmvp_rowlen_stats *s, spmvp_prediction *out)
{
    out->vector_width = spmvp_vector_width_auto(A, in->warp);
    /* from the statistics' histogram: no second pass over the matrix */
    out->hyb_width = s->nnz ? (int)spmvp_hyb_width_from_hist(s->hist, s->max, s->rows) : 0;
    out->pmf_algorithm1 = -1;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        out->dtt_us[f] = NAN;
        for (int m = 0; m < SPMVP_NMODELS; m++)
            out->us[f][m] = NAN;
    }
    for (int d = 0; in->calib && d < SPMVP_NDISTS; d++)
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            double t = NAN;
            if (f == SPMVP_HYB) {
                const spmvp_strip_model *e = spmvp_calib_model(in->calib, SPMVP_ELL, d, 0);
                const spmvp_strip_model *o = spmvp_calib_model(in->calib, SPMVP_COO, d, 0);
                t = spmvp_predict_hyb(e, o, s, out->hyb_width);
            } else {
                int v = f == SPMVP_CSR_VECTOR ? out->vector_width : 0;
                const spmvp_strip_model *m = spmvp_calib_model(in->calib, f, d, v);
                if (m)
                    t = spmvp_predict_strip(m, s);
            }
            out->us[f][d] = t; /* model index d: the strip models come first, in dist order */
        }
    spmvp_status st = predict_pmf(in, s, out);
    for (int m = 0; m < SPMVP_NMODELS; m++) {
        out->best[m] = -1;
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            double t = out->us[f][m];
            /* a line extrapolated below zero is no prediction: it may not win the pick */
            if (t > 0 && (out->best[m] < 0 || t < out->us[out->best[m]][m]))
                out->best[m] = f;
        }
    }
    return st;
}

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
    if (in->has_pmf) {
        spmvp_pmf_time t;
        /* O(max) each: Algorithm 2 on the prefix sums */
        spmvp_pmf_hyb_best(p, &in->hw, in->prec, &out->pmf_t, &t, curve_t, n);
        out->pmf_t_us = t.t * 1e6;
        spmvp_pmf_hyb_best_ct(p, &in->hw, in->prec, &out->pmf_ct, &t, curve_ct, n);
        out->pmf_ct_us = t.ct * 1e6;
        double tc;
        if (in->cal->f[SPMVP_PMF_ELL].valid &&
            !spmvp_pmf_cal_hyb_best(in->cal, p, &in->hw, in->prec, &out->pmf_cal, &tc, curve_cal, n))
            out->pmf_cal_us = tc * 1e6;
        for (int c = 0; c < 3; c++) /* seconds to µs */
            for (size_t j = 0; curves[c] && j < n; j++)
                curves[c][j] *= 1e6;
    }
    spmvp_pmf_free(p);
    return SPMVP_OK;
}
