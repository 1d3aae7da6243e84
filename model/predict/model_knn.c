/* model_knn.c: seed 004's k-nearest-neighbours model (Lehnert et al., Euro-Par 2016, §3.3),
 * learned from the training table (train_table.h) as a version 2 model descriptor (model.h).
 *
 * Per format and precision, the training configurations are stored; a prediction is the
 * distance-weighted mean of the times of the k = 4 nearest (§3.3 "Model Specifics"; 2 when the
 * format has fewer than 4 points), weights 1/distance ("the inverse of the euclidean
 * distance"), Euclidean distance over the features 0-1 normalised ("min-max").
 *
 * Our choices where the paper leaves them open, and why:
 * - Normalised is log(1 + v), not v: the sizes span 10^3..10^8, so min-max of the raw values
 *   would squeeze every matrix but the largest into a corner near 0 and the distance would be
 *   that of the largest feature alone; in log space a factor of 2 counts the same everywhere.
 *   (log(1 + v) since counts such as minNnz are 0 for some matrices.)
 * - Features: Table 2's KNN columns where the paper has the format (COO; CSR for csr_scalar
 *   and csr_vector; ELL for ell and ellr; SELL-C-sigma for sell), the union of its KNN columns
 *   for our other formats, plus our lockstep, bytes and sectors (the work the kernel does and
 *   the traffic of x, which Table 1 lacks). The paper's "manually derived weights" are not
 *   given, so every feature weighs 1. A feature NaN or negative in some training row, or
 *   constant over the format's rows (min = max: no scale to normalise by), is dropped.
 * - The mean is taken in log space (a weighted geometric mean of the times): the times of
 *   neighbours differ by factors, and an arithmetic mean would be pulled up by the slowest.
 * - An exact match (distance 0) returns its time (the geometric mean of all exact matches).
 * - A format with more than 4000 rows keeps 4000 of them, every (n/4000)-th in table order (a
 *   deterministic stride, so a profile is reproducible); min and max come from all rows. This
 *   bounds the profile's size and the cost of one prediction (a scan of the points).
 * - A query outside a feature's training range normalises outside 0..1 (not clamped): its
 *   distance says how far it extrapolates.
 *
 * Ownership: the part holds each format's points (malloc'd); free_prec frees them. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define KNN_K 4
#define KNN_K_FEW 2        /* with fewer than KNN_K points */
#define KNN_MIN_ROWS 2     /* fewer: no model */
#define KNN_MAX_POINTS 4000

typedef struct knn_fmt {
    int rows, npts, nfeat;       /* training rows, stored points, features (npts > 0: fitted) */
    int feat[SPMVP_FV_N];        /* featvec.h index */
    double lo[SPMVP_FV_N], hi[SPMVP_FV_N]; /* min and max of log(1 + x) (hi > lo) */
    double *pt;                  /* npts x (nfeat + 1): normalised features, then log(us) */
} knn_fmt;

typedef struct knn_part {
    knn_fmt f[SPMVP_NFORMATS];
} knn_part;


/* ======================================================================================== */
/* Features (seed 004 Table 2, KNN columns)                                                 */
/* ======================================================================================== */

/* The candidate features of format f; returns their number. */
static int candidates(spmvp_format f, int *out)
{
    static const int coo[] = {SPMVP_FV_BLOCKSIZE, SPMVP_FV_NNZ};
    static const int csr[] = {SPMVP_FV_BLOCKSIZE, SPMVP_FV_ROWS, SPMVP_FV_NNZ,
                              SPMVP_FV_MEDIAN_NNZ, SPMVP_FV_DENSITY};
    static const int ell[] = {SPMVP_FV_BLOCKSIZE, SPMVP_FV_NNZ, SPMVP_FV_MIN_NNZ,
                              SPMVP_FV_MAX_NNZ, SPMVP_FV_MIN_DIST, SPMVP_FV_MAX_DIST,
                              SPMVP_FV_DISPERSION};
    static const int sell[] = {SPMVP_FV_BLOCKSIZE, SPMVP_FV_NNZ, SPMVP_FV_MIN_NNZ,
                               SPMVP_FV_DISPERSION};
    static const int all[] = {SPMVP_FV_BLOCKSIZE, SPMVP_FV_ROWS, SPMVP_FV_NNZ,
                              SPMVP_FV_MIN_NNZ, SPMVP_FV_MAX_NNZ, SPMVP_FV_MEDIAN_NNZ,
                              SPMVP_FV_MIN_DIST, SPMVP_FV_MAX_DIST, SPMVP_FV_DISPERSION,
                              SPMVP_FV_DENSITY}; /* the union of Table 2's KNN columns */
    static const int ours[] = {SPMVP_FV_LOCKSTEP, SPMVP_FV_BYTES, SPMVP_FV_SECTORS};
    const int *s;
    int n;
#define KNN_SET(a) (s = (a), n = (int)(sizeof(a) / sizeof((a)[0])))
    switch (f) {
    case SPMVP_COO: KNN_SET(coo); break;
    case SPMVP_CSR_SCALAR: case SPMVP_CSR_VECTOR: KNN_SET(csr); break;
    case SPMVP_ELL: case SPMVP_ELLR: KNN_SET(ell); break;
    case SPMVP_SELL: KNN_SET(sell); break;
    default: KNN_SET(all); break;
    }
#undef KNN_SET
    memcpy(out, s, (size_t)n * sizeof(int));
    memcpy(out + n, ours, sizeof ours);
    return n + (int)(sizeof ours / sizeof ours[0]);
}

/* ======================================================================================== */
/* Fit                                                                                      */
/* ======================================================================================== */

static void free_prec(void *prec_part)
{
    knn_part *part = prec_part;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        free(part->f[f].pt);
    memset(part, 0, sizeof *part);
}

/* Format f's model from the rows idx[0..n-1] of t into m (zeroed). SPMVP_ERR_NOMEM. */
static spmvp_status fit_format(const spmvp_train_table *t, const int *idx, int n, spmvp_format f,
                               knn_fmt *m)
{
    int cand[SPMVP_FV_N], nc = candidates(f, cand);
    for (int c = 0; c < nc; c++) {
        int j = cand[c], ok = 1;
        double lo = INFINITY, hi = -INFINITY;
        for (int r = 0; r < n && ok; r++) {
            double v = t->row[idx[r]].x[j];
            ok = v >= 0 && isfinite(v);
            if (ok) {
                lo = fmin(lo, log1p(v));
                hi = fmax(hi, log1p(v));
            }
        }
        if (ok && hi > lo) {
            m->feat[m->nfeat] = j;
            m->lo[m->nfeat] = lo;
            m->hi[m->nfeat++] = hi;
        }
    }
    m->rows = n;
    if (m->nfeat == 0)
        return SPMVP_OK; /* nothing to measure a distance by: no model */
    int npts = n < KNN_MAX_POINTS ? n : KNN_MAX_POINTS, w = m->nfeat + 1;
    if (!(m->pt = malloc((size_t)npts * (size_t)w * sizeof(double))))
        return spmvp_fail(SPMVP_ERR_NOMEM, "KNN: out of memory");
    for (int i = 0; i < npts; i++) {
        const spmvp_train_row *r = &t->row[idx[(size_t)i * (size_t)n / (size_t)npts]];
        double *p = m->pt + (size_t)i * (size_t)w;
        for (int c = 0; c < m->nfeat; c++)
            p[c] = (log1p(r->x[m->feat[c]]) - m->lo[c]) / (m->hi[c] - m->lo[c]);
        p[m->nfeat] = log(r->us);
    }
    m->npts = npts;
    return SPMVP_OK;
}

static void note_format(FILE *notes, spmvp_precision k, spmvp_format f, const knn_fmt *m, int n)
{
    if (!notes)
        return;
    fprintf(notes, "knn %s %s: %d rows", spmvp_precision_name(k), spmvp_format_name(f), n);
    if (n < KNN_MIN_ROWS) {
        fprintf(notes, ", too few for a model (%d needed)\n", KNN_MIN_ROWS);
        return;
    }
    if (!m->npts) {
        fprintf(notes, ", no model (no feature varies)\n");
        return;
    }
    if (m->npts < n)
        fprintf(notes, " (%d kept)", m->npts);
    fprintf(notes, ", k %d, features", m->npts >= KNN_K ? KNN_K : KNN_K_FEW);
    for (int i = 0; i < m->nfeat; i++)
        fprintf(notes, "%s %s", i ? "," : "", spmvp_fv_names[m->feat[i]]);
    fprintf(notes, "\n");
}

static spmvp_status fit_table(const spmvp_train_table *t, const unsigned char *use,
                              spmvp_precision k, void *prec_part, FILE *notes)
{
    knn_part *part = prec_part;
    free_prec(part);
    int *idx = malloc((t->n ? t->n : 1) * sizeof(int));
    if (!idx)
        return spmvp_fail(SPMVP_ERR_NOMEM, "KNN: out of memory");
    spmvp_status st = SPMVP_OK;
    for (int f = 0; f < SPMVP_NFORMATS && !st; f++) {
        int n = 0;
        for (size_t i = 0; i < t->n; i++) {
            const spmvp_train_row *r = &t->row[i];
            if ((!use || use[i]) && r->prec == k && (int)r->format == f && isfinite(r->us) && r->us > 0)
                idx[n++] = (int)i;
        }
        if (n == 0)
            continue;
        if (n >= KNN_MIN_ROWS)
            st = fit_format(t, idx, n, (spmvp_format)f, &part->f[f]);
        if (!st)
            note_format(notes, k, (spmvp_format)f, &part->f[f], n);
    }
    free(idx);
    if (st)
        free_prec(part);
    return st;
}

/* ======================================================================================== */
/* Prediction                                                                               */
/* ======================================================================================== */

static double predict_vec(const void *prec_part, int variant, spmvp_format f, const double *x)
{
    const knn_part *part = prec_part;
    (void)variant;
    if (!part || (int)f < 0 || f >= SPMVP_NFORMATS || !part->f[f].npts)
        return NAN;
    const knn_fmt *m = &part->f[f];
    double u[SPMVP_FV_N];
    for (int c = 0; c < m->nfeat; c++) {
        double v = x[m->feat[c]];
        if (!(v >= 0))
            return NAN; /* NaN or negative: outside the model */
        u[c] = (log1p(v) - m->lo[c]) / (m->hi[c] - m->lo[c]);
    }
    int k = m->npts >= KNN_K ? KNN_K : KNN_K_FEW, nk = 0, nexact = 0, w = m->nfeat + 1;
    double best_d2[KNN_K], best_t[KNN_K], exact = 0;
    for (int i = 0; i < m->npts; i++) {
        const double *p = m->pt + (size_t)i * (size_t)w;
        double d2 = 0;
        for (int c = 0; c < m->nfeat; c++)
            d2 += (u[c] - p[c]) * (u[c] - p[c]);
        if (d2 == 0) {
            exact += p[m->nfeat];
            nexact++;
            continue;
        }
        if (nexact || (nk == k && !(d2 < best_d2[k - 1])))
            continue; /* once there is an exact match only exact matches count */
        int j = nk < k ? nk++ : k - 1; /* insert, sorted; ties keep the earlier point */
        while (j > 0 && d2 < best_d2[j - 1]) {
            best_d2[j] = best_d2[j - 1];
            best_t[j] = best_t[j - 1];
            j--;
        }
        best_d2[j] = d2;
        best_t[j] = p[m->nfeat];
    }
    if (nexact)
        return exp(exact / nexact);
    if (!nk || !isfinite(best_d2[0]))
        return NAN; /* a query at an infinite feature */
    double sw = 0, st = 0;
    for (int j = 0; j < nk; j++) {
        double wj = 1 / sqrt(best_d2[j]);
        sw += wj;
        st += wj * best_t[j];
    }
    return exp(st / sw);
}

static int fitted(const void *prec_part)
{
    const knn_part *part = prec_part;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        if (part->f[f].npts)
            return 1;
    return 0;
}

static void print_info(const void *state, int available, const char *note, spmvp_precision k,
                       FILE *out)
{
    const knn_part *part = *(const knn_part *const *)state;
    (void)k;
    if (!available || !part) {
        fprintf(out, "knn       not available: %s\n", note);
        return;
    }
    int nf = 0, lo = SPMVP_FV_N, hi = 0;
    long rows = 0, pts = 0;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        if (part->f[f].npts) {
            nf++;
            rows += part->f[f].rows;
            pts += part->f[f].npts;
            lo = part->f[f].nfeat < lo ? part->f[f].nfeat : lo;
            hi = part->f[f].nfeat > hi ? part->f[f].nfeat : hi;
        }
    fprintf(out, "knn       %d format%s, %d-%d features each, %ld points of %ld rows\n", nf,
            nf == 1 ? "" : "s", lo, hi, pts, rows);
}

/* ======================================================================================== */
/* "knn" of each precision: {"coo": {"rows", "features": [names], "min", "max",             */
/* "points": [[u_1, ..., u_n, log_us], ...]}}                                               */
/* ======================================================================================== */

static void write_prec(spmvp_json_writer *w, cJSON *obj, const spmvp_calib *c, const void *prec_part)
{
    const knn_part *part = prec_part;
    cJSON *o = NULL;
    (void)c;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        const knn_fmt *m = &part->f[f];
        if (!m->npts)
            continue;
        if (!o && !(o = spmvp_json_add_object(w, obj, "knn")))
            return;
        cJSON *fo = spmvp_json_add_object(w, o, spmvp_format_name((spmvp_format)f)), *a;
        if (!fo)
            continue;
        spmvp_json_add_int(w, fo, "rows", m->rows);
        if ((a = spmvp_json_add(w, fo, "features", cJSON_CreateArray())))
            for (int i = 0; i < m->nfeat; i++)
                spmvp_json_append(w, a, cJSON_CreateString(spmvp_fv_names[m->feat[i]]));
        if ((a = spmvp_json_add(w, fo, "min", cJSON_CreateArray())))
            spmvp_json_add_numbers(w, a, m->lo, m->nfeat);
        if ((a = spmvp_json_add(w, fo, "max", cJSON_CreateArray())))
            spmvp_json_add_numbers(w, a, m->hi, m->nfeat);
        /* the points as raw JSON, one point per line: printed by cJSON, every number would
         * take an indented line of its own (a profile of megabytes) */
        char *text = NULL, num[40];
        size_t len = 0;
        FILE *mf = open_memstream(&text, &len);
        if (!mf) {
            w->oom = 1;
            continue;
        }
        fputc('[', mf);
        for (int i = 0; i < m->npts; i++) {
            const double *v = m->pt + (size_t)i * (size_t)(m->nfeat + 1);
            fputs(i ? ",\n[" : "\n[", mf);
            for (int j = 0; j <= m->nfeat; j++) {
                spmvp_json_format_double(num, sizeof num, v[j]);
                fprintf(mf, "%s%s", j ? ", " : "", num);
            }
            fputc(']', mf);
        }
        fputc(']', mf);
        if (fclose(mf) || !text)
            w->oom = 1;
        else
            spmvp_json_add_raw(w, fo, "points", text);
        free(text);
    }
}

static spmvp_status read_format(const spmvp_json_reader *r, const cJSON *e, const char *fat,
                                knn_fmt *m)
{
    const cJSON *a, *it;
    char sub[260];
    SPMVP_TRY(spmvp_json_get_int32(r, e, fat, "rows", 1, &m->rows));
    SPMVP_TRY(spmvp_json_get_array(r, e, fat, "features", &a));
    snprintf(sub, sizeof sub, "%s.features", fat);
    if (cJSON_GetArraySize(a) < 1 || cJSON_GetArraySize(a) > SPMVP_FV_N)
        return spmvp_json_bad(r, sub, "", "expected 1 to %d feature names", SPMVP_FV_N);
    for (it = a->child; it; it = it->next) {
        char name[64], key[16];
        snprintf(key, sizeof key, "[%d]", m->nfeat);
        SPMVP_TRY(spmvp_json_check_string(r, it, sub, key, 0, name, sizeof name));
        int j = spmvp_fv_index(name);
        if (j < 0)
            return spmvp_json_bad(r, sub, key, "unknown feature \"%s\"", name);
        for (int i = 0; i < m->nfeat; i++)
            if (m->feat[i] == j)
                return spmvp_json_bad(r, sub, key, "feature \"%s\" given twice", name);
        m->feat[m->nfeat++] = j;
    }
    SPMVP_TRY(spmvp_json_member(r, e, fat, "min", &it));
    snprintf(sub, sizeof sub, "%s.min", fat);
    SPMVP_TRY(spmvp_json_read_numbers(r, it, sub, m->nfeat, m->lo));
    SPMVP_TRY(spmvp_json_member(r, e, fat, "max", &it));
    snprintf(sub, sizeof sub, "%s.max", fat);
    SPMVP_TRY(spmvp_json_read_numbers(r, it, sub, m->nfeat, m->hi));
    for (int i = 0; i < m->nfeat; i++)
        if (!(m->hi[i] > m->lo[i]))
            return spmvp_json_bad(r, sub, "", "max of %s must exceed its min",
                                  spmvp_fv_names[m->feat[i]]);
    SPMVP_TRY(spmvp_json_get_array(r, e, fat, "points", &a));
    int n = cJSON_GetArraySize(a), w = m->nfeat + 1, i = 0;
    snprintf(sub, sizeof sub, "%s.points", fat);
    if (n < 1)
        return spmvp_json_bad(r, sub, "", "expected at least one point");
    if (!(m->pt = malloc((size_t)n * (size_t)w * sizeof(double))))
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", r->name);
    for (it = a->child; it; it = it->next, i++) {
        char el[300];
        snprintf(el, sizeof el, "%s[%d]", sub, i);
        SPMVP_TRY(spmvp_json_read_numbers(r, it, el, w, m->pt + (size_t)i * (size_t)w));
    }
    m->npts = n; /* only now: a part read half-way predicts nothing */
    return SPMVP_OK;
}

/* The optional "knn": an absent key leaves every format unfitted. On failure what was read
 * stays in the part, for free_prec. */
/* spmvp_json_read_per_format's reader: one format's points. */
static spmvp_status read_member(const spmvp_json_reader *r, const cJSON *e, const char *fat,
                                spmvp_format f, void *ctx)
{
    return read_format(r, e, fat, &((knn_part *)ctx)->f[f]);
}

static spmvp_status read_prec(const spmvp_json_reader *r, const cJSON *obj, const char *at,
                              spmvp_calib *c, void *prec_part)
{
    (void)c;
    free_prec(prec_part);
    return spmvp_json_read_per_format(r, obj, at, "knn", read_member, prec_part);
}

const spmvp_model spmvp_model_knn = {
    .version = SPMVP_MODEL_VERSION,
    .nvariants = 1,
    .variant = {{"knn", "KNN (seed 004)", 0, NULL}},
    .help = "knn (seed 004 §3.3: distance-weighted 4 nearest training configurations, trained)",
    .legend = "knn = seed 004's k-nearest neighbours (k 4, inverse-distance weighted, geometric\n"
              "mean) over min-max normalised log features, per format (spmvp train)\n",
    .prec_size = sizeof(knn_part),
    .read_prec = read_prec,
    .write_prec = write_prec,
    .predict = NULL, /* predict_all calls predict_vec with the features */
    .print_info = print_info,
    .fit_table = fit_table,
    .predict_vec = predict_vec,
    .free_prec = free_prec,
    .fitted = fitted,
};
