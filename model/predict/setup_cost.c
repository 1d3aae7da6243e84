/* setup_cost.c: the setup-cost model (setup_cost.h). */
#include "setup_cost.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "advise.h"
#include "drstats.h"
#include "nnls.h"

#define MIN_ROWS 8 /* a model of up to 4 terms needs more rows than terms to mean anything */

/* Bytes past which an upload's bytes cost more each: a pageable copy goes through the host's
 * caches, and on the H100's host CSR's double-precision uploads ran at a median 12 GB/s around
 * 10 MB and 7-9 GB/s from 30 MB up (its table of stop 39). The knot is that table's, not fitted
 * per host; the term's coefficient is fitted, and 0 where the rate does not fall. With it the
 * held-out setup error's median fell in 50 of the 60 format x precision x table cells and rose
 * by a point in 4 (GPUs 11-33 % -> 9-31 %, p90s by up to half; docs/data/solver/stop39/).
 * Profiles from before it have no such term (0). */
#define SETUP_UPLOAD_KNOT 33554432.0

/* Bytes up to which an upload's bytes cost more each: on GPUs arrays of 4 MiB and more go
 * through pinned staging (host/ocl/stage.h) at 16-41 GB/s on the H100, smaller ones through
 * the driver's pageable path at 5-11 GB/s, so a layout's first bytes are its dearest. The knot
 * was chosen of 4, 8 and 16 MiB on the H100's and H200's tables of stop 41
 * (docs/data/solver/stop41/knot.txt), not fitted per host; its coefficient is fitted: about
 * 1.1e-4 µs a byte (9 GB/s more) on the H100, 0 for most of PoCL's formats, which stage
 * nothing. Profiles from before it have no such term (0). */
#define SETUP_STAGE_KNOT 8388608.0

static const char *const convert_names[SPMVP_SETUP_CONVERT_TERMS] = {
    "convert_us", "convert_us_per_nnz", "convert_us_per_row", "convert_us_per_slot"};
static const char *const upload_names[SPMVP_SETUP_UPLOAD_TERMS] = {
    "upload_us", "upload_us_per_byte", "upload_us_per_slot", "upload_us_per_byte_past_32mib",
    "upload_us_per_byte_to_stage_knot"};
/* Upload terms every profile has; those after them, the knots' (stops 39 and 41), are read as
 * 0 from profiles written before them. */
#define SETUP_UPLOAD_ALWAYS 3

static void convert_terms(const double *x, double *v)
{
    v[0] = 1;
    v[1] = x[SPMVP_FV_NNZ];
    v[2] = x[SPMVP_FV_ROWS];
    v[3] = x[SPMVP_FV_SLOTS];
}

static void upload_terms(const double *x, double *v)
{
    v[0] = 1;
    v[1] = x[SPMVP_FV_BYTES];
    v[2] = x[SPMVP_FV_SLOTS];
    v[3] = x[SPMVP_FV_BYTES] > SETUP_UPLOAD_KNOT ? x[SPMVP_FV_BYTES] - SETUP_UPLOAD_KNOT : 0;
    v[4] = x[SPMVP_FV_BYTES] < SETUP_STAGE_KNOT ? x[SPMVP_FV_BYTES] : SETUP_STAGE_KNOT;
}

static double dot(const double *a, const double *b, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

double spmvp_setup_predict(const spmvp_setup_fit *fit, const double *x, double *convert_us,
                           double *upload_us)
{
    double c = NAN, u = NAN;
    if (fit->rows > 0) {
        double v[SPMVP_SETUP_CONVERT_TERMS], w[SPMVP_SETUP_UPLOAD_TERMS];
        convert_terms(x, v);
        upload_terms(x, w);
        c = dot(fit->convert, v, SPMVP_SETUP_CONVERT_TERMS);
        u = dot(fit->upload, w, SPMVP_SETUP_UPLOAD_TERMS);
    }
    if (convert_us)
        *convert_us = c;
    if (upload_us)
        *upload_us = u;
    return c + u;
}

/* Whether row r has setup times to fit or check (a conversion may take 0 µs by the clock: a
 * CSR format's plan; an upload never does). */
static int measured(const spmvp_train_row *r)
{
    return isfinite(r->convert_us) && r->convert_us >= 0 && isfinite(r->upload_us) && r->upload_us > 0;
}

/* One fit per class: fitted apart, CSR-scalar's and CSR-vector's setups (the same operation)
 * came out a few percent apart, which for few products decided between them more than their
 * products did. */
int spmvp_setup_class(spmvp_format f) { return spmvp_advise_is_csr(f) ? -1 : (int)f; }

/* Fits one part (terms of every usable row, the times t) into beta; 0, or -1 with no fit. */
static int fit_part(const double *X, double *t, size_t n, int k, double *beta)
{
    double rms;
    /* relative least squares needs times above 0: a clock reading of 0 counts as 0.05 µs */
    for (size_t i = 0; i < n; i++)
        t[i] = t[i] > 0.05 ? t[i] : 0.05;
    return spmvp_nnls_rel(X, t, n, k, 0.0, beta, &rms);
}

/* Relative least squares minimises sum ((p - m) / m)^2, which a spread of measured times pulls
 * low: held out on the H100's table of stop 39 the fits came out below the measured setups in
 * 33 of 40 format x size classes, by a median of up to 46 % (SELL, 10^5-10^6 entries;
 * docs/data/solver/stop39/setup-bias.txt), so a converted format's extra setup was under-priced
 * against CSR's. Both parts are scaled by one factor that makes the median of
 * log(measured / predicted) over the fitted rows 0: the same shape, median-unbiased. lr: n
 * doubles of scratch. */
static void calibrate(spmvp_setup_fit *F, const double *Xc, const double *Xu, const double *tc,
                      const double *tu, size_t n, double *lr)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        double p = dot(F->convert, Xc + i * SPMVP_SETUP_CONVERT_TERMS, SPMVP_SETUP_CONVERT_TERMS) +
                   dot(F->upload, Xu + i * SPMVP_SETUP_UPLOAD_TERMS, SPMVP_SETUP_UPLOAD_TERMS);
        if (p > 0)
            lr[m++] = log((tc[i] + tu[i]) / p);
    }
    if (!m)
        return;
    gsl_sort(lr, 1, m);
    const double scale = exp(gsl_stats_median_from_sorted_data(lr, 1, m));
    for (int i = 0; i < SPMVP_SETUP_CONVERT_TERMS; i++)
        F->convert[i] *= scale;
    for (int i = 0; i < SPMVP_SETUP_UPLOAD_TERMS; i++)
        F->upload[i] *= scale;
}

spmvp_status spmvp_setup_fit_table(const spmvp_train_table *t, const unsigned char *use,
                                   spmvp_precision k, spmvp_setup_fit fits[SPMVP_NFORMATS],
                                   FILE *notes)
{
    size_t cap = t->n ? t->n : 1;
    double *Xc = malloc(cap * SPMVP_SETUP_CONVERT_TERMS * sizeof *Xc);
    double *Xu = malloc(cap * SPMVP_SETUP_UPLOAD_TERMS * sizeof *Xu);
    double *tc = malloc(cap * sizeof *tc), *tu = malloc(cap * sizeof *tu);
    double *lr = malloc(cap * sizeof *lr);
    spmvp_status st = SPMVP_OK;
    if (!Xc || !Xu || !tc || !tu || !lr) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "setup-cost fit: out of memory");
        goto out;
    }
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        spmvp_setup_fit *F = &fits[f];
        size_t n = 0;
        for (size_t i = 0; i < t->n; i++) {
            const spmvp_train_row *r = &t->row[i];
            if (r->prec != k || spmvp_setup_class(r->format) != spmvp_setup_class((spmvp_format)f) ||
                (use && !use[i]) || !measured(r))
                continue;
            convert_terms(r->x, Xc + n * SPMVP_SETUP_CONVERT_TERMS);
            upload_terms(r->x, Xu + n * SPMVP_SETUP_UPLOAD_TERMS);
            tc[n] = r->convert_us;
            tu[n++] = r->upload_us;
        }
        F->rows = 0;
        if (n < MIN_ROWS || fit_part(Xc, tc, n, SPMVP_SETUP_CONVERT_TERMS, F->convert) ||
            fit_part(Xu, tu, n, SPMVP_SETUP_UPLOAD_TERMS, F->upload)) {
            if (notes && n)
                fprintf(notes, "spmvp: note: no setup-cost model of %s: %zu rows with setup times\n",
                        spmvp_format_name((spmvp_format)f), n);
            continue;
        }
        F->rows = (int)n;
        calibrate(F, Xc, Xu, tc, tu, n, lr);
    }
out:
    free(Xc);
    free(Xu);
    free(tc);
    free(tu);
    free(lr);
    return st;
}

/* The held-out error of the predictions pred at precision k and format f into e. */
static void summarize(const spmvp_train_table *t, const double *pred, spmvp_precision k,
                      spmvp_format f, double *dr, double *lr, spmvp_model_error *e)
{
    size_t n = 0;
    for (size_t i = 0; i < t->n; i++) {
        const spmvp_train_row *r = &t->row[i];
        if (r->prec != k || r->format != f || !measured(r) || !(pred[i] > 0))
            continue;
        double m = r->convert_us + r->upload_us;
        dr[n] = spmvp_dr(pred[i], m);
        lr[n++] = log(m / pred[i]);
    }
    memset(e, 0, sizeof *e);
    if (n < 5)
        return;
    spmvp_dr_summary s = spmvp_dr_summarize(dr, n);
    gsl_sort(lr, 1, n);
    e->cases = (int)n;
    e->median_dr = s.median;
    e->p90_dr = s.p90;
    e->q_lo = gsl_stats_quantile_from_sorted_data(lr, 1, n, 0.05);
    e->q_hi = gsl_stats_quantile_from_sorted_data(lr, 1, n, 0.95);
    e->q25 = gsl_stats_quantile_from_sorted_data(lr, 1, n, 0.25);
    e->q75 = gsl_stats_quantile_from_sorted_data(lr, 1, n, 0.75);
}

spmvp_status spmvp_setup_cv(const spmvp_train_table *t, const int *fold, int nfolds,
                            spmvp_precision k, double *pred, spmvp_setup_fit fits[SPMVP_NFORMATS])
{
    size_t cap = t->n ? t->n : 1;
    unsigned char *use = malloc(cap);
    double *dr = malloc(cap * sizeof *dr), *lr = malloc(cap * sizeof *lr);
    spmvp_setup_fit held[SPMVP_NFORMATS];
    spmvp_status st = SPMVP_OK;
    if (!use || !dr || !lr) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "setup-cost cross-validation: out of memory");
        goto out;
    }
    for (size_t i = 0; i < t->n; i++)
        if (t->row[i].prec == k)
            pred[i] = NAN;
    for (int g = 0; g < nfolds && !st; g++) {
        for (size_t i = 0; i < t->n; i++)
            use[i] = fold[i] != g;
        memset(held, 0, sizeof held);
        if ((st = spmvp_setup_fit_table(t, use, k, held, NULL)))
            break;
        for (size_t i = 0; i < t->n; i++)
            if (!use[i] && t->row[i].prec == k)
                pred[i] = spmvp_setup_predict(&held[t->row[i].format], t->row[i].x, NULL, NULL);
    }
    for (int f = 0; f < SPMVP_NFORMATS && !st; f++)
        summarize(t, pred, k, (spmvp_format)f, dr, lr, &fits[f].cv);
out:
    free(use);
    free(dr);
    free(lr);
    return st;
}

void spmvp_setup_write(spmvp_json_writer *w, cJSON *obj, const spmvp_setup_fit fits[SPMVP_NFORMATS])
{
    cJSON *o = NULL;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        const spmvp_setup_fit *F = &fits[f];
        if (!F->rows)
            continue;
        if (!o && !(o = spmvp_json_add_object(w, obj, "setup")))
            return;
        cJSON *fo = spmvp_json_add_object(w, o, spmvp_format_name((spmvp_format)f));
        if (!fo)
            continue;
        spmvp_json_add_int(w, fo, "rows", F->rows);
        for (int i = 0; i < SPMVP_SETUP_CONVERT_TERMS; i++)
            spmvp_json_add_double(w, fo, convert_names[i], F->convert[i]);
        for (int i = 0; i < SPMVP_SETUP_UPLOAD_TERMS; i++)
            spmvp_json_add_double(w, fo, upload_names[i], F->upload[i]);
        if (F->cv.cases) {
            spmvp_json_add_int(w, fo, "cv_cases", F->cv.cases);
            spmvp_json_add_double(w, fo, "cv_median_dr", F->cv.median_dr);
            spmvp_json_add_double(w, fo, "cv_p90_dr", F->cv.p90_dr);
            char buf[40];
            const double q[4] = {F->cv.q_lo, F->cv.q_hi, F->cv.q25, F->cv.q75};
            const char *names[4] = {"cv_log_ratio_p05", "cv_log_ratio_p95", "cv_log_ratio_p25",
                                    "cv_log_ratio_p75"};
            for (int i = 0; i < 4; i++) {
                spmvp_json_format_double(buf, sizeof buf, q[i]);
                spmvp_json_add_raw(w, fo, names[i], buf);
            }
        }
    }
}

/* One format's member of "setup" (spmvp_json_read_per_format's reader). */
static spmvp_status read_format(const spmvp_json_reader *r, const cJSON *e, const char *fat,
                                spmvp_format f, void *ctx)
{
    spmvp_setup_fit *F = &((spmvp_setup_fit *)ctx)[f];
    SPMVP_TRY(spmvp_json_get_int32(r, e, fat, "rows", 1, &F->rows));
    for (int i = 0; i < SPMVP_SETUP_CONVERT_TERMS; i++)
        SPMVP_TRY(spmvp_json_get_double(r, e, fat, convert_names[i], SPMVP_JSON_NONNEG, &F->convert[i]));
    for (int i = 0; i < SPMVP_SETUP_UPLOAD_TERMS; i++)
        if (i < SETUP_UPLOAD_ALWAYS || cJSON_GetObjectItemCaseSensitive(e, upload_names[i]))
            SPMVP_TRY(spmvp_json_get_double(r, e, fat, upload_names[i], SPMVP_JSON_NONNEG, &F->upload[i]));
    if (!cJSON_GetObjectItemCaseSensitive(e, "cv_cases"))
        return SPMVP_OK;
    long long cases;
    SPMVP_TRY(spmvp_json_get_int(r, e, fat, "cv_cases", 5, INT32_MAX, &cases));
    F->cv.cases = (int)cases;
    SPMVP_TRY(spmvp_json_get_double(r, e, fat, "cv_median_dr", SPMVP_JSON_NONNEG, &F->cv.median_dr));
    SPMVP_TRY(spmvp_json_get_double(r, e, fat, "cv_p90_dr", SPMVP_JSON_NONNEG, &F->cv.p90_dr));
    SPMVP_TRY(spmvp_json_get_double(r, e, fat, "cv_log_ratio_p05", SPMVP_JSON_ANY, &F->cv.q_lo));
    SPMVP_TRY(spmvp_json_get_double(r, e, fat, "cv_log_ratio_p95", SPMVP_JSON_ANY, &F->cv.q_hi));
    SPMVP_TRY(spmvp_json_get_double(r, e, fat, "cv_log_ratio_p25", SPMVP_JSON_ANY, &F->cv.q25));
    return spmvp_json_get_double(r, e, fat, "cv_log_ratio_p75", SPMVP_JSON_ANY, &F->cv.q75);
}

spmvp_status spmvp_setup_read(const spmvp_json_reader *r, const cJSON *obj, const char *at,
                              spmvp_setup_fit fits[SPMVP_NFORMATS])
{
    memset(fits, 0, SPMVP_NFORMATS * sizeof *fits);
    return spmvp_json_read_per_format(r, obj, at, "setup", read_format, fits);
}
