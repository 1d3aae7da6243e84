/* model_strip.c: seed 000's strip models (fixed = Guo-Wang, normal, uniform row lengths) as
 * one model descriptor: its training plan (the benchmark grid of §3.1), fit (fit.c), JSON
 * part ("models" in each precision), prediction (predict.c, eq. 6) and compare report. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calib.h"
#include "model.h"
#include "predict.h"

/* ======================================================================================== */
/* The training plan: seed 000's grid                                                       */
/* ======================================================================================== */

/* Grid (full): CSR-V: I = 1..10, 15..50 step 5; PNZ = 4, 8, ..., 1024, 1536, 2048, 2560, 3072.
 * CSR-S, ELL, JAD: I = 1..10; PNZ = 4, 8, ..., 1024. Rows R = S x I (eq. 4) with S the strip
 * size: S_CSR-S = S_ELL = S_JAD = N_SM x N_T (eqs. 2-3); CSR-V with V work-items per row,
 * S = N_SM x N_T / V, which is eq. (1)'s N_SM x N_HW for the paper's half-warp V.
 * COO (ours): strips of non-zeros, S_COO = N_SM x N_T x chunk entries, I_nz = 1..10, the same
 * PNZ values, R = S_COO x I_nz / PNZ rows.
 * Quick (documented subset, for a first profile in about a minute): I = 1, 2, 4; PNZ = 4, 16,
 * 64 (CSR-V: I = 1, 4, 16 and PNZ 4, 16, 64, 256, 2048, so both of its segments exist on
 * GPUs whose work-group limit is 1024); CSR-V widths 1, 2 and the half-warp.
 * Every point with all three row-length distributions. A point above max_nnz non-zeros
 * (default: what a quarter of the max allocation holds, at most 2^24, which keeps a full
 * calibration of an H100 within minutes) is skipped with a note: on a large GPU one strip is
 * hundreds of thousands of rows, so the upper corner of the paper's grid does not fit (or
 * would take hours to generate). */
static const int full_i[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
static const int full_iv[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 35, 40, 45, 50};
static const int full_p[] = {4, 8, 16, 32, 64, 128, 256, 512, 1024};
static const int full_pv[] = {4, 8, 16, 32, 64, 128, 256, 512, 1024, 1536, 2048, 2560, 3072};
static const int quick_i[] = {1, 2, 4};
static const int quick_iv[] = {1, 4, 16};
static const int quick_p[] = {4, 16, 64};
static const int quick_pv[] = {4, 16, 64, 256, 2048};
#define N(a) (sizeof a / sizeof a[0])

/* Adds the points of one format (and width) over a grid of I and PNZ, all distributions. */
static spmvp_status add_grid(spmvp_calib *l, spmvp_format f, int v, long long strip, int coo,
                             const int *is, size_t ni, const int *ps, size_t np, long long max_nnz,
                             int *skipped, FILE *notes)
{
    int n = 0; /* grid points skipped: one note for them all, not one line each */
    for (size_t a = 0; a < ni; a++)
        for (size_t b = 0; b < np; b++) {
            long long rows = coo ? strip * is[a] / ps[b] : strip * is[a];
            long long nnz = rows * ps[b];
            if (rows < 1 || nnz > max_nnz) {
                n++;
                continue;
            }
            for (int d = 0; d < SPMVP_NDISTS; d++) {
                spmvp_calib_point q = {f, (spmvp_dist)d, v, is[a], ps[b], rows, 0, 0};
                SPMVP_TRY(spmvp_calib_add(l, &q));
            }
        }
    *skipped += n;
    if (n && notes) {
        char what[48];
        snprintf(what, sizeof what, v ? "%s V=%d" : "%s", spmvp_format_name(f), v);
        fprintf(notes, "spmvp: note: %s: %d of %zu grid points skipped (fewer than one row, or more "
                "than %lld non-zeros: --max-nnz)\n", what, n, ni * np, max_nnz);
    }
    return SPMVP_OK;
}

static spmvp_status plan(const spmvp_device_params *di, const spmvp_plan_options *opt,
                         spmvp_calib *l, FILE *notes, int *skipped)
{
    long long nt = (long long)di->compute_units * di->threads_per_compute_unit; /* N_SM x N_T */
    long long max_nnz = opt->max_nnz;
    size_t per_nnz = 4 + opt->value_size;
    if (max_nnz <= 0) {
        max_nnz = (long long)((unsigned long long)di->max_alloc_bytes / 4 / per_nnz);
        if (max_nnz > (1ll << 24))
            max_nnz = 1ll << 24;
    }
    int q = opt->quick;
    const int *is = q ? quick_i : full_i, *iv = q ? quick_iv : full_iv;
    const int *ps = q ? quick_p : full_p, *pv = q ? quick_pv : full_pv;
    size_t nis = q ? N(quick_i) : N(full_i), niv = q ? N(quick_iv) : N(full_iv);
    size_t nps = q ? N(quick_p) : N(full_p), npv = q ? N(quick_pv) : N(full_pv);
    SPMVP_TRY(add_grid(l, SPMVP_CSR_SCALAR, 0, nt, 0, is, nis, ps, nps, max_nnz, skipped, notes));
    SPMVP_TRY(add_grid(l, SPMVP_ELL, 0, nt, 0, is, nis, ps, nps, max_nnz, skipped, notes));
    SPMVP_TRY(add_grid(l, SPMVP_JAD, 0, nt, 0, is, nis, ps, nps, max_nnz, skipped, notes));
    SPMVP_TRY(add_grid(l, SPMVP_COO, 0, nt * 8, 1, is, nis, ps, nps, max_nnz, skipped, notes));
    unsigned warp = (unsigned)di->warp_size;
    unsigned half = warp >= 2 ? warp / 2 : 1;
    for (unsigned v = 1; v <= warp; v *= 2) {
        if (q && !(v == 1 || v == 2 || v == half))
            continue;
        SPMVP_TRY(add_grid(l, SPMVP_CSR_VECTOR, (int)v, nt / v, 0, iv, niv, pv, npv, max_nnz,
                           skipped, notes));
    }
    return SPMVP_OK;
}

/* ======================================================================================== */
/* Fit                                                                                      */
/* ======================================================================================== */

static spmvp_status fit(spmvp_profile *p, spmvp_precision k, FILE *notes)
{
    const char *what = spmvp_precision_name(k);
    spmvp_calib *c = p->prec[k].calib;
    int skipped = 0;
    if (spmvp_calib_fit_notes(c, (int)p->device.max_work_group_size, notes, &skipped)) {
        char why[512];
        snprintf(why, sizeof why, "%s", spmvp_last_error());
        return spmvp_fail(SPMVP_ERR_ARG, "%s: no model could be fitted: %s", what, why);
    }
    if (notes)
        fprintf(notes, "spmvp: %s: %zu models fitted from %zu points (%d not fitted)\n", what,
                c->nmodels, c->npoints, skipped);
    return SPMVP_OK;
}

/* ======================================================================================== */
/* The "models" array of each precision                                                     */
/* ======================================================================================== */

static void write_model(spmvp_json_writer *w, cJSON *models, const spmvp_strip_model *m)
{
    cJSON *o = spmvp_json_append(w, models, cJSON_CreateObject());
    if (!o)
        return;
    spmvp_json_add_string(w, o, "format", spmvp_format_name(m->format));
    spmvp_json_add_string(w, o, "distribution", spmvp_dist_name(m->dist));
    spmvp_json_add_int(w, o, "vector_width", m->vector_width);
    spmvp_json_add_int(w, o, "strip", m->strip);
    spmvp_json_add_int(w, o, "npoints", m->npoints);
    cJSON *c = spmvp_json_add_object(w, o, "coefficients");
    if (!c)
        return;
    if (m->format != SPMVP_CSR_VECTOR) {
        spmvp_json_add_double(w, c, "A", m->A);
        spmvp_json_add_double(w, c, "B", m->B);
        spmvp_json_add_double(w, c, "p", m->p);
        spmvp_json_add_double(w, c, "q", m->q);
        spmvp_json_add_int(w, c, "P1", m->P1);
        return;
    }
    spmvp_json_add_int(w, c, "split", m->split);
    spmvp_json_add_int(w, c, "I1", m->I1);
    cJSON *segs = spmvp_json_add(w, c, "segments", cJSON_CreateArray());
    for (int s = 0; segs && s < 2; s++) {
        const struct spmvp_csrv_segment *g = &m->seg[s];
        cJSON *so = spmvp_json_append(w, segs, cJSON_CreateObject());
        if (!so)
            return;
        spmvp_json_add(w, so, "valid", cJSON_CreateBool(g->valid != 0));
        if (!g->valid)
            continue; /* an empty segment's numbers mean nothing: not written, read as 0 */
        spmvp_json_add_int(w, so, "PE", g->PE);
        spmvp_json_add_double(w, so, "m", g->m);
        spmvp_json_add_double(w, so, "n", g->n);
        spmvp_json_add_double(w, so, "p", g->p);
        spmvp_json_add_double(w, so, "q", g->q);
        spmvp_json_add_double(w, so, "t0", g->t0);
    }
}

static void write_prec(spmvp_json_writer *w, cJSON *o, const spmvp_calib *c, const void *part)
{
    (void)part;
    cJSON *models = spmvp_json_add(w, o, "models", cJSON_CreateArray());
    for (size_t k = 0; models && k < c->nmodels; k++)
        write_model(w, models, &c->models[k]);
}

#define R spmvp_json_reader
static spmvp_status read_model(const R *r, const cJSON *o, const char *at, spmvp_strip_model *m)
{
    const cJSON *it, *c;
    long long v;
    char cat[160], sat[200];
    if (!cJSON_IsObject(o))
        return spmvp_json_bad(r, at, "", "expected an object, got %s", spmvp_json_kind(o));
    memset(m, 0, sizeof *m);
    SPMVP_TRY(spmvp_json_member(r, o, at, "format", &it));
    SPMVP_TRY(spmvp_json_read_format(r, it, at, "format", &m->format));
    SPMVP_TRY(spmvp_json_member(r, o, at, "distribution", &it));
    SPMVP_TRY(spmvp_json_read_dist(r, it, at, "distribution", &m->dist));
    SPMVP_TRY(spmvp_json_get_int32(r, o, at, "vector_width", 0, &m->vector_width));
    SPMVP_TRY(spmvp_json_get_int(r, o, at, "strip", 1, SPMVP_JSON_MAX_EXACT, &v));
    m->strip = v;
    SPMVP_TRY(spmvp_json_get_int32(r, o, at, "npoints", 0, &m->npoints));
    SPMVP_TRY(spmvp_json_get_object(r, o, at, "coefficients", &c));
    snprintf(cat, sizeof cat, "%s.coefficients", at);
    if (m->format != SPMVP_CSR_VECTOR) {
        SPMVP_TRY(spmvp_json_get_double(r, c, cat, "A", SPMVP_JSON_ANY, &m->A));
        SPMVP_TRY(spmvp_json_get_double(r, c, cat, "B", SPMVP_JSON_ANY, &m->B));
        SPMVP_TRY(spmvp_json_get_double(r, c, cat, "p", SPMVP_JSON_ANY, &m->p));
        SPMVP_TRY(spmvp_json_get_double(r, c, cat, "q", SPMVP_JSON_ANY, &m->q));
        return spmvp_json_get_int32(r, c, cat, "P1", 0, &m->P1);
    }
    const cJSON *segs;
    SPMVP_TRY(spmvp_json_get_int32(r, c, cat, "split", 0, &m->split));
    SPMVP_TRY(spmvp_json_get_int32(r, c, cat, "I1", 0, &m->I1));
    SPMVP_TRY(spmvp_json_get_array(r, c, cat, "segments", &segs));
    if (cJSON_GetArraySize(segs) != 2)
        return spmvp_json_bad(r, cat, "segments", "expected 2 elements (PNZ <= split, PNZ > "
                              "split), got %d", cJSON_GetArraySize(segs));
    for (int s = 0; s < 2; s++) {
        struct spmvp_csrv_segment *g = &m->seg[s];
        const cJSON *so = cJSON_GetArrayItem(segs, s);
        snprintf(sat, sizeof sat, "%s.segments[%d]", cat, s);
        if (!cJSON_IsObject(so))
            return spmvp_json_bad(r, sat, "", "expected an object, got %s", spmvp_json_kind(so));
        SPMVP_TRY(spmvp_json_get_bool(r, so, sat, "valid", &g->valid));
        if (!g->valid)
            continue;
        SPMVP_TRY(spmvp_json_get_int32(r, so, sat, "PE", 0, &g->PE));
        SPMVP_TRY(spmvp_json_get_double(r, so, sat, "m", SPMVP_JSON_ANY, &g->m));
        SPMVP_TRY(spmvp_json_get_double(r, so, sat, "n", SPMVP_JSON_ANY, &g->n));
        SPMVP_TRY(spmvp_json_get_double(r, so, sat, "p", SPMVP_JSON_ANY, &g->p));
        SPMVP_TRY(spmvp_json_get_double(r, so, sat, "q", SPMVP_JSON_ANY, &g->q));
        SPMVP_TRY(spmvp_json_get_double(r, so, sat, "t0", SPMVP_JSON_POSITIVE, &g->t0));
    }
    return SPMVP_OK;
}

static spmvp_status read_prec(const R *r, const cJSON *o, const char *at, spmvp_calib *c, void *part)
{
    const cJSON *models;
    (void)part;
    SPMVP_TRY(spmvp_json_get_array(r, o, at, "models", &models));
    int n = cJSON_GetArraySize(models);
    if (n > 0) {
        c->models = calloc((size_t)n, sizeof *c->models);
        if (!c->models)
            return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", r->name);
    }
    int k = 0;
    for (const cJSON *m = models->child; m; m = m->next, k++) {
        char mat[128];
        snprintf(mat, sizeof mat, "%s.models[%d]", at, k);
        SPMVP_TRY(read_model(r, m, mat, &c->models[k]));
        c->nmodels = (size_t)k + 1;
    }
    return SPMVP_OK;
}
#undef R

/* ======================================================================================== */
/* Prediction and reports                                                                   */
/* ======================================================================================== */

typedef struct strip_state {
    const spmvp_calib *calib; /* the profile's, at the predictor's precision; NULL: none */
} strip_state;

static int prepare(const spmvp_profile *p, spmvp_precision k, void *state, char *note, size_t size)
{
    strip_state *st = state;
    st->calib = p->prec[k].calib;
    if (!st->calib)
        snprintf(note, size, "no calibration at %s precision: precisions.%s is missing from the "
                 "profile", spmvp_precision_name(k), spmvp_precision_name(k));
    return st->calib != NULL;
}

/* The variants are the distributions, in spmvp_dist order. */
static spmvp_status predict(const void *state, const spmvp_rowlen_stats *s,
                            const spmvp_mapping *map, int first, spmvp_prediction *out)
{
    const spmvp_calib *c = ((const strip_state *)state)->calib;
    for (int d = 0; d < SPMVP_NDISTS; d++)
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            double t = NAN;
            if (f == SPMVP_HYB) {
                const spmvp_strip_model *e = spmvp_calib_model(c, SPMVP_ELL, d, 0);
                const spmvp_strip_model *o = spmvp_calib_model(c, SPMVP_COO, d, 0);
                t = spmvp_predict_hyb(e, o, s, map->hyb_width);
            } else {
                int v = f == SPMVP_CSR_VECTOR ? map->vector_width : 0;
                const spmvp_strip_model *m = spmvp_calib_model(c, f, d, v);
                if (m)
                    t = spmvp_predict_strip(m, s);
            }
            out->us[f][first + d] = t;
        }
    return SPMVP_OK;
}

static void print_info(const void *state, int available, const char *note, spmvp_precision k,
                       FILE *out)
{
    (void)state;
    (void)k;
    if (!available)
        fprintf(out, "strip     %s\n", note);
}

/* The fitted coefficients of every model either profile has, side by side. */
static void describe_fit(const void *const state[2], const int available[2], FILE *out)
{
    const spmvp_calib *cs[2];
    for (int k = 0; k < 2; k++)
        cs[k] = available[k] ? ((const strip_state *)state[k])->calib : NULL;
    fprintf(out, "\nmodels (µs; CSR-V: segment below the work-group limit; \"-\": not in that profile)\n");
    fprintf(out, "  %-22s %-44s %s\n", "format dist [V]", "A", "B");
    for (int w = 0; w < 2; w++)
        for (size_t i = 0; cs[w] && i < cs[w]->nmodels; i++) {
            const spmvp_strip_model *m = &cs[w]->models[i];
            if (w == 1 && spmvp_calib_model(cs[0], m->format, m->dist, m->vector_width))
                continue; /* printed with A's */
            char key[64], txt[2][96];
            if (m->format == SPMVP_CSR_VECTOR)
                snprintf(key, sizeof key, "%s %s V=%d", spmvp_format_name(m->format),
                         spmvp_dist_name(m->dist), m->vector_width);
            else
                snprintf(key, sizeof key, "%s %s", spmvp_format_name(m->format), spmvp_dist_name(m->dist));
            for (int k = 0; k < 2; k++) {
                const spmvp_strip_model *x = spmvp_calib_model(cs[k], m->format, m->dist, m->vector_width);
                if (!x)
                    snprintf(txt[k], sizeof txt[k], "-");
                else if (x->format == SPMVP_CSR_VECTOR) {
                    const struct spmvp_csrv_segment *g = &x->seg[x->seg[0].valid ? 0 : 1];
                    snprintf(txt[k], sizeof txt[k], "m=%.3g n=%.3g p=%.3g q=%.3g t0=%.3g", g->m, g->n, g->p, g->q, g->t0);
                } else
                    snprintf(txt[k], sizeof txt[k], "A=%.3g B=%.3g p=%.3g q=%.3g", x->A, x->B, x->p, x->q);
            }
            fprintf(out, "  %-22s %-44s %s\n", key, txt[0], txt[1]);
        }
}

const spmvp_model spmvp_model_strip = {
    .version = SPMVP_MODEL_VERSION,
    .nvariants = 3,
    .variant = {{"fixed", "Guo-Wang (fixed)", SPMVP_MODEL_TRUST_GPU,
                 "on the H100 its pick ran within 5 % of the fastest format on 86 % (double) and "
                 "82 % (single) of 65 matrices it was not calibrated on, within 20 % on 97-98 % "
                 "(docs/models.md), and it predicts every format it has calibration points for"},
                {"normal", "normal", SPMVP_MODEL_COMPARE_DEFAULT, NULL},
                {"uniform", "uniform", 0, NULL}},
    .help = "fixed (Guo-Wang: fixed row lengths), normal, uniform (seed 000)",
    .legend = "fixed = Guo-Wang (fixed row lengths); normal, uniform = seed 000's distributions;\n",
    .read_prec = read_prec,
    .write_prec = write_prec,
    .plan = plan,
    .fit = fit,
    .state_size = sizeof(strip_state),
    .prepare = prepare,
    .predict = predict,
    .print_info = print_info,
    .describe_fit = describe_fit,
};
