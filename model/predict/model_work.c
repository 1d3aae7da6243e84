/* model_work.c: our work model (model_work.h) as a registered model ("work"): the launch floor
 * plus a smooth maximum of the memory, lock-step and critical-path terms, per format and
 * precision, fitted to the training table.
 *
 * Why this shape: a product is bounded by whichever resource saturates first — DRAM traffic
 * (the layout's bytes and the sectors of x its gathers touch), the SIMD lanes (lock-step
 * entries, idle lanes included: what row skew costs CSR-scalar and ELL), or one work-item's
 * serial chain (a very long row in a row-per-work-item kernel) — and every launch costs a
 * floor however little it does. A hard max has no gradient at the switch-over, so the fit uses
 * the q-norm (q = 4), within 19 % of the max when two terms are equal and within 1 % once one
 * is twice the other. Coefficients are exp(theta): positive by construction. */
#include "model_work.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_vector.h>

#include "model.h"
#include "profile_json.h"

#define Q 4.0
#define MIN_ROWS 8

static const char *const coef_names[SPMVP_WORK_NCOEF] = {
    "floor_us", "us_per_byte", "us_per_sector", "us_per_lockstep", "us_per_critical"};

/* The model at coefficients c for features x; NaN without the work features. */
static double model(const double *c, const double *x)
{
    double l = x[SPMVP_FV_LAUNCHES], b = x[SPMVP_FV_BYTES], s = x[SPMVP_FV_SECTORS],
           k = x[SPMVP_FV_LOCKSTEP], p = x[SPMVP_FV_CRITICAL];
    if (isnan(l) || isnan(b) || isnan(s) || isnan(k) || isnan(p))
        return NAN;
    double mem = c[1] * b + c[2] * 32.0 * s, lock = c[3] * k, crit = c[4] * p;
    double m = fmax(mem, fmax(lock, crit));
    if (!(m > 0))
        return c[0] * l;
    double sum = pow(mem / m, Q) + pow(lock / m, Q) + pow(crit / m, Q);
    return c[0] * l + m * pow(sum, 1.0 / Q);
}

double spmvp_workfit_predict(const spmvp_workfit *w, spmvp_format f, const double *x)
{
    if ((unsigned)f >= SPMVP_NFORMATS || !w->ok[f])
        return NAN;
    return model(w->coef[f], x);
}

/* The rows of one fit. */
typedef struct fitdata {
    const spmvp_train_row *const *row;
    size_t n;
} fitdata;

/* Residuals in log space: log(model) - log(measured). */
static int residuals(const gsl_vector *theta, void *data, gsl_vector *f)
{
    const fitdata *d = data;
    double c[SPMVP_WORK_NCOEF];
    for (int i = 0; i < SPMVP_WORK_NCOEF; i++)
        c[i] = exp(gsl_vector_get(theta, (size_t)i));
    for (size_t j = 0; j < d->n; j++) {
        double t = model(c, d->row[j]->x);
        gsl_vector_set(f, j, log(t > 1e-300 ? t : 1e-300) - log(d->row[j]->us));
    }
    return GSL_SUCCESS;
}

/* A start: each term alone explaining a third of the median row's time. */
static void start(const fitdata *d, double *theta)
{
    static const int feat[SPMVP_WORK_NCOEF] = {SPMVP_FV_LAUNCHES, SPMVP_FV_BYTES, SPMVP_FV_SECTORS,
                                               SPMVP_FV_LOCKSTEP, SPMVP_FV_CRITICAL};
    double *r = malloc(d->n * sizeof *r);
    for (int i = 0; i < SPMVP_WORK_NCOEF; i++) {
        size_t m = 0;
        for (size_t j = 0; r && j < d->n; j++) {
            double v = d->row[j]->x[feat[i]] * (i == 2 ? 32.0 : 1.0);
            if (v > 0)
                r[m++] = d->row[j]->us / v;
        }
        double med = 1e-6;
        if (r && m) {
            gsl_sort(r, 1, m);
            med = gsl_stats_median_from_sorted_data(r, 1, m);
        }
        theta[i] = log(med / 3.0);
    }
    free(r);
}

static double rms(const fitdata *d, const double *c)
{
    double s = 0;
    for (size_t j = 0; j < d->n; j++) {
        double e = log(model(c, d->row[j]->x)) - log(d->row[j]->us);
        s += e * e;
    }
    return d->n ? sqrt(s / (double)d->n) : 0;
}

/* Levenberg-Marquardt in log space from the start; keeps the start if it fails. */
static spmvp_status fit_one(const fitdata *d, double *coef)
{
    double theta[SPMVP_WORK_NCOEF];
    start(d, theta);
    for (int i = 0; i < SPMVP_WORK_NCOEF; i++)
        coef[i] = exp(theta[i]);
    gsl_multifit_nlinear_parameters par = gsl_multifit_nlinear_default_parameters();
    gsl_multifit_nlinear_workspace *ws =
        gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &par, d->n, SPMVP_WORK_NCOEF);
    if (!ws)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the work model's fit");
    gsl_multifit_nlinear_fdf fdf = {.f = residuals, .df = NULL, .fvv = NULL, .n = d->n,
                                    .p = SPMVP_WORK_NCOEF, .params = (void *)d};
    gsl_vector_view x0 = gsl_vector_view_array(theta, SPMVP_WORK_NCOEF);
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int info, st = gsl_multifit_nlinear_init(&x0.vector, &fdf, ws);
    if (!st)
        st = gsl_multifit_nlinear_driver(200, 1e-8, 1e-8, 1e-8, NULL, NULL, &info, ws);
    gsl_set_error_handler(old);
    double c[SPMVP_WORK_NCOEF];
    for (int i = 0; i < SPMVP_WORK_NCOEF; i++) {
        double t = gsl_vector_get(ws->x, (size_t)i);
        c[i] = exp(t < -700 ? -700 : t > 700 ? 700 : t);
    }
    /* the driver's point when it improved on the start (it may stop early, never worse) */
    if (isfinite(rms(d, c)) && rms(d, c) <= rms(d, coef))
        memcpy(coef, c, sizeof c);
    gsl_multifit_nlinear_free(ws);
    return SPMVP_OK;
}

spmvp_status spmvp_workfit_fit(const spmvp_train_table *t, const unsigned char *use,
                               spmvp_precision k, spmvp_workfit *w, FILE *notes)
{
    memset(w, 0, sizeof *w);
    const spmvp_train_row **row = malloc((t->n ? t->n : 1) * sizeof *row);
    if (!row)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the work model's fit");
    spmvp_status st = SPMVP_OK;
    for (int f = 0; f < SPMVP_NFORMATS && !st; f++) {
        size_t n = 0;
        for (size_t i = 0; i < t->n; i++) {
            const spmvp_train_row *r = &t->row[i];
            if ((!use || use[i]) && r->prec == k && r->format == (spmvp_format)f &&
                !isnan(model((double[]){1, 1, 1, 1, 1}, r->x)))
                row[n++] = r;
        }
        w->rows[f] = (int)n;
        if (n < MIN_ROWS)
            continue;
        fitdata d = {row, n};
        if ((st = fit_one(&d, w->coef[f])))
            break;
        w->ok[f] = 1;
        if (notes)
            fprintf(notes, "work %s %s: %zu rows, floor %.3g µs, %.3g µs/MB, %.3g µs/M sectors, "
                    "%.3g µs/M lock-step, %.3g µs/k critical; rms log error %.3f\n",
                    spmvp_precision_name(k), spmvp_format_name((spmvp_format)f), n,
                    w->coef[f][0], w->coef[f][1] * 1e6, w->coef[f][2] * 1e6, w->coef[f][3] * 1e6,
                    w->coef[f][4] * 1e3, rms(&d, w->coef[f]));
    }
    free(row);
    return st;
}

/* ======================================================================================== */
/* The registered model: its part ("work_model" in each precision) and hooks               */
/* ======================================================================================== */

void spmvp_workfit_write_format(spmvp_json_writer *w, cJSON *fo, const spmvp_workfit *wf,
                                spmvp_format f)
{
    spmvp_json_add_int(w, fo, "rows", wf->rows[f]);
    for (int i = 0; i < SPMVP_WORK_NCOEF; i++)
        spmvp_json_add_double(w, fo, coef_names[i], wf->coef[f][i]);
}

spmvp_status spmvp_workfit_read_format(const spmvp_json_reader *r, const cJSON *fo,
                                       const char *at, spmvp_workfit *wf, spmvp_format f)
{
    SPMVP_TRY(spmvp_json_get_int32(r, fo, at, "rows", MIN_ROWS, &wf->rows[f]));
    for (int i = 0; i < SPMVP_WORK_NCOEF; i++)
        SPMVP_TRY(spmvp_json_get_double(r, fo, at, coef_names[i], SPMVP_JSON_NONNEG, &wf->coef[f][i]));
    wf->ok[f] = 1;
    return SPMVP_OK;
}

void spmvp_workfit_write(spmvp_json_writer *w, cJSON *obj, const char *key, const spmvp_workfit *wf)
{
    cJSON *o = NULL;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        if (!wf->ok[f])
            continue;
        if (!o && !(o = spmvp_json_add_object(w, obj, key)))
            return;
        cJSON *fo = spmvp_json_add_object(w, o, spmvp_format_name((spmvp_format)f));
        if (fo)
            spmvp_workfit_write_format(w, fo, wf, (spmvp_format)f);
    }
}

/* spmvp_json_read_per_format's reader of one format's coefficients. */
static spmvp_status read_format(const spmvp_json_reader *r, const cJSON *e, const char *fat,
                                spmvp_format f, void *ctx)
{
    return spmvp_workfit_read_format(r, e, fat, ctx, f);
}

spmvp_status spmvp_workfit_read(const spmvp_json_reader *r, const cJSON *o, const char *at,
                                const char *key, spmvp_workfit *wf)
{
    memset(wf, 0, sizeof *wf);
    return spmvp_json_read_per_format(r, o, at, key, read_format, wf);
}

static void write_prec(spmvp_json_writer *w, cJSON *obj, const spmvp_calib *c, const void *part)
{
    (void)c;
    spmvp_workfit_write(w, obj, "work_model", part);
}

static spmvp_status read_prec(const spmvp_json_reader *r, const cJSON *o, const char *at,
                              spmvp_calib *c, void *part)
{
    (void)c;
    return spmvp_workfit_read(r, o, at, "work_model", part);
}

static spmvp_status fit_table(const spmvp_train_table *t, const unsigned char *use,
                              spmvp_precision k, void *part, FILE *notes)
{
    return spmvp_workfit_fit(t, use, k, part, notes);
}

static double predict_vec(const void *part, int variant, spmvp_format f, const double *x)
{
    (void)variant;
    return spmvp_workfit_predict(part, f, x);
}


static int fitted(const void *prec_part)
{
    const spmvp_workfit *part = prec_part;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        if (part->ok[f])
            return 1;
    return 0;
}

static void print_info(const void *state, int available, const char *note, spmvp_precision k,
                       FILE *out)
{
    const spmvp_workfit *wf = *(const spmvp_workfit *const *)state;
    (void)k;
    if (!available) {
        fprintf(out, "work      not available: %s\n", note);
        return;
    }
    int nf = 0, rows = 0;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        if (wf->ok[f])
            nf++, rows += wf->rows[f];
    fprintf(out, "work      %d formats, fitted on %d training rows\n", nf, rows);
}

const spmvp_model spmvp_model_work = {
    .version = SPMVP_MODEL_VERSION,
    .nvariants = 1,
    .variant = {{"work", "Work model (ours)", 0, NULL}},
    .help = "work: launches, bytes, sectors of x, lock-step work and critical path (ours)",
    .legend = "work = ours: launch floor + smooth max of memory, lock-step and critical-path\n"
              "terms, per format, fitted to the training table (spmvp train)\n",
    .prec_size = sizeof(spmvp_workfit),
    .read_prec = read_prec,
    .write_prec = write_prec,
    .print_info = print_info,
    .fit_table = fit_table,
    .predict_vec = predict_vec,
    .fitted = fitted,
};
