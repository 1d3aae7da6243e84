/* cv.c: cross-validation grouped by family and its summaries (cv.h). */
#include "cv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "setup_cost.h"

void spmvp_cv_free(spmvp_cv *cv)
{
    if (cv) {
        free(cv->fold);
        free(cv->pred);
        memset(cv, 0, sizeof *cv);
    }
}

/* Families to folds: largest first, each to the fold with the fewest rows so far. */
static spmvp_status assign_folds(const spmvp_train_table *t, int folds, spmvp_cv *cv)
{
    const char **fam = NULL;
    int nf = 0;
    int *fam_of = malloc((t->n ? t->n : 1) * sizeof *fam_of);
    if (!fam_of)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the folds");
    spmvp_status st = spmvp_train_table_families(t, &fam, &nf, fam_of);
    size_t *size = st ? NULL : calloc((size_t)nf + 1, sizeof *size);
    int *order = size ? malloc(((size_t)nf + 1) * sizeof *order) : NULL;
    int *fold_of = order ? malloc(((size_t)nf + 1) * sizeof *fold_of) : NULL;
    size_t load[64] = {0};
    if (!st && !fold_of)
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the folds");
    if (!st && nf < 2)
        st = spmvp_fail(SPMVP_ERR_ARG, "cross-validation needs at least 2 families of matrices, "
                        "the table has %d", nf);
    if (!st) {
        cv->nfolds = folds < nf ? folds : nf;
        if (cv->nfolds > 64)
            cv->nfolds = 64;
        for (size_t i = 0; i < t->n; i++)
            size[fam_of[i]]++;
        for (int i = 0; i < nf; i++)
            order[i] = i;
        for (int i = 1; i < nf; i++) /* insertion sort by size, largest first; ties by order */
            for (int j = i; j > 0 && size[order[j]] > size[order[j - 1]]; j--) {
                int x = order[j];
                order[j] = order[j - 1];
                order[j - 1] = x;
            }
        for (int i = 0; i < nf; i++) {
            int best = 0;
            for (int k = 1; k < cv->nfolds; k++)
                if (load[k] < load[best])
                    best = k;
            fold_of[order[i]] = best;
            load[best] += size[order[i]];
        }
        for (size_t i = 0; i < t->n; i++)
            cv->fold[i] = fold_of[fam_of[i]];
    }
    free(fam);
    free(fam_of);
    free(size);
    free(order);
    free(fold_of);
    return st;
}

spmvp_status spmvp_cv_run(const spmvp_train_table *t, int folds, FILE *notes, spmvp_cv *out)
{
    memset(out, 0, sizeof *out);
    out->n = t->n;
    out->fold = malloc((t->n ? t->n : 1) * sizeof *out->fold);
    out->pred = malloc((t->n ? t->n : 1) * SPMVP_MODELS_MAX * sizeof *out->pred);
    unsigned char *use = malloc(t->n ? t->n : 1);
    spmvp_status st = SPMVP_OK;
    if (!out->fold || !out->pred || !use)
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for cross-validation");
    if (!st)
        st = assign_folds(t, folds, out);
    for (size_t i = 0; !st && i < t->n * SPMVP_MODELS_MAX; i++)
        out->pred[i] = NAN;
    for (int fo = 0; !st && fo < out->nfolds; fo++) {
        for (size_t i = 0; i < t->n; i++)
            use[i] = out->fold[i] != fo;
        for (int k = 0; !st && k < SPMVP_NPRECISIONS; k++) {
            for (int mi = 0; !st && mi < spmvp_model_families(); mi++) {
                const spmvp_model *m = spmvp_model_family(mi);
                if (m->combine) { /* derived: from its members' held-out predictions, which
                                     come before it */
                    for (size_t i = 0; i < t->n; i++)
                        if (!use[i] && t->row[i].prec == (spmvp_precision)k)
                            for (int j = 0; j < m->nvariants; j++)
                                out->pred[i * SPMVP_MODELS_MAX + spmvp_model_first(mi) + j] =
                                    spmvp_model_combine(m, j, out->pred + i * SPMVP_MODELS_MAX);
                    continue;
                }
                if (!m->fit_table || !m->predict_vec)
                    continue;
                void *part = calloc(1, m->prec_size ? m->prec_size : 1);
                if (!part) {
                    st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a model");
                    break;
                }
                st = m->fit_table(t, use, (spmvp_precision)k, part, NULL);
                for (size_t i = 0; !st && i < t->n; i++) {
                    const spmvp_train_row *r = &t->row[i];
                    if (use[i] || r->prec != (spmvp_precision)k)
                        continue;
                    for (int j = 0; j < m->nvariants; j++)
                        out->pred[i * SPMVP_MODELS_MAX + spmvp_model_first(mi) + j] =
                            m->predict_vec(part, j, r->format, r->x);
                }
                if (m->free_prec)
                    m->free_prec(part);
                free(part);
            }
        }
        if (notes && !st) {
            size_t held = 0;
            for (size_t i = 0; i < t->n; i++)
                held += !use[i];
            fprintf(notes, "spmvp: cv fold %d of %d: %zu rows held out\n", fo + 1, out->nfolds, held);
        }
    }
    free(use);
    if (st)
        spmvp_cv_free(out);
    return st;
}

spmvp_dr_summary spmvp_cv_dr(const spmvp_train_table *t, const spmvp_cv *cv, int m,
                             spmvp_precision k, int f)
{
    double *dr = malloc((t->n ? t->n : 1) * sizeof *dr);
    size_t n = 0;
    for (size_t i = 0; dr && i < t->n; i++) {
        const spmvp_train_row *r = &t->row[i];
        double p = cv->pred[i * SPMVP_MODELS_MAX + m];
        if (r->prec == k && (f < 0 || r->format == (spmvp_format)f) && isfinite(p) && p > 0)
            dr[n++] = spmvp_dr(p, r->us);
    }
    spmvp_dr_summary s = spmvp_dr_summarize(dr, n);
    free(dr);
    return s;
}

void spmvp_cv_log_ratio(const spmvp_train_table *t, const spmvp_cv *cv, int m,
                        spmvp_precision k, int f, double lo, double hi, double *q_lo,
                        double *q_hi)
{
    double *v = malloc((t->n ? t->n : 1) * sizeof *v);
    size_t n = 0;
    for (size_t i = 0; v && i < t->n; i++) {
        const spmvp_train_row *r = &t->row[i];
        double p = cv->pred[i * SPMVP_MODELS_MAX + m];
        if (r->prec == k && r->format == (spmvp_format)f && isfinite(p) && p > 0)
            v[n++] = log(r->us / p);
    }
    *q_lo = *q_hi = NAN;
    if (n >= 5) {
        gsl_sort(v, 1, n);
        *q_lo = gsl_stats_quantile_from_sorted_data(v, 1, n, lo);
        *q_hi = gsl_stats_quantile_from_sorted_data(v, 1, n, hi);
    }
    free(v);
}

/* What a per-matrix choice is judged by: the chooser's score of row i (the least finite one
 * is picked; NaN or INFINITY: not a candidate) and row i's measured cost (NaN: the row takes no
 * part, as a row without setup times in advice). */
typedef struct chooser {
    const spmvp_train_table *t;
    const spmvp_cv *cv;
    int m;                 /* a model id, SPMVP_CV_NOISE, SPMVP_CV_CSR_VECTOR or CV_SESSION */
    const double *setup;   /* held-out setup predictions (advice), else NULL; for the noise
                              chooser only a flag (it scores the measured one), for the session
                              chooser the other session's measured setups (NaN: this one's) */
    const double *setup_meas; /* measured setups (spmvp_cv_setup_measured), else NULL: each
                                 row's own */
    double N;              /* products (advice) */
    const double *alt;     /* CV_SESSION: another session's product times, else NULL */
} chooser;

#define CV_SESSION (-3) /* the chooser of spmvp_cv_session */

/* Row i's measured setup, NaN without one. */
static double measured_setup(const chooser *c, size_t i)
{
    const spmvp_train_row *r = &c->t->row[i];
    return c->setup_meas ? c->setup_meas[i] : r->convert_us + r->upload_us;
}

static double product_score(const chooser *c, size_t i)
{
    const spmvp_train_row *r = &c->t->row[i];
    if (c->m == SPMVP_CV_NOISE)
        return r->us_repeat;
    if (c->m == CV_SESSION)
        return c->alt[i];
    if (c->m == SPMVP_CV_CSR_VECTOR) { /* spmvp's CSR-vector at 256: V by the mean row length */
        char label[64];
        int v = spmvp_vector_width_for_mean(r->x[SPMVP_FV_ROWS] > 0 ? r->x[SPMVP_FV_NNZ] / r->x[SPMVP_FV_ROWS] : 0, 32);
        snprintf(label, sizeof label, "wg=256 V=%d", v);
        return r->format == SPMVP_CSR_VECTOR && !strcmp(r->mapping, label) ? 0 : NAN;
    }
    return c->cv->pred[i * SPMVP_MODELS_MAX + c->m];
}

static double score(const chooser *c, size_t i)
{
    double p = product_score(c, i);
    if (!c->setup || c->m == SPMVP_CV_CSR_VECTOR)
        return p;
    if (c->m == SPMVP_CV_NOISE) /* the measured setup, a second look at the product */
        return measured_setup(c, i) + c->N * p;
    if (c->m == CV_SESSION) /* both looked at again, where the other session has a setup */
        return (isnan(c->setup[i]) ? measured_setup(c, i) : c->setup[i]) + c->N * p;
    return c->setup[i] + c->N * p;
}

static double cost(const chooser *c, size_t i)
{
    const spmvp_train_row *r = &c->t->row[i];
    if (!c->setup)
        return r->us;
    double s = measured_setup(c, i);
    return isfinite(s) ? s + c->N * r->us : NAN;
}

const double spmvp_cv_size_edge[SPMVP_CV_SIZES - 1] = {10.0, 20.0};

/* Per matrix at precision k: the cost of the chooser's pick over the least cost. */
static spmvp_cv_rank choose(const chooser *c, spmvp_precision k)
{
    const spmvp_train_table *t = c->t;
    spmvp_cv_rank r = {0};
    size_t *idx = malloc((t->n ? t->n : 1) * sizeof *idx);
    double *slow = malloc((t->n ? t->n : 1) * sizeof *slow);
    size_t n = 0, ns = 0;
    for (size_t i = 0; idx && i < t->n; i++)
        if (t->row[i].prec == k && !isnan(cost(c, i)))
            idx[n++] = i;
    if (!idx || !slow) {
        free(idx);
        free(slow);
        return r;
    }
    spmvp_train_table_sort_by_matrix(t, idx, n);
    double logsum = 0;
    for (size_t a = 0; a < n;) {
        size_t b = a;
        while (b < n && !strcmp(t->row[idx[b]].matrix, t->row[idx[a]].matrix))
            b++;
        long best = -1, pick = -1;
        double pbest = INFINITY, us = INFINITY; /* us: the least measured product */
        for (size_t j = a; j < b; j++) {
            if (best < 0 || cost(c, idx[j]) < cost(c, (size_t)best))
                best = (long)idx[j];
            us = fmin(us, t->row[idx[j]].us);
            double p = score(c, idx[j]);
            if (isfinite(p) && p >= 0 && p < pbest) {
                pbest = p;
                pick = (long)idx[j];
            }
        }
        if (pick >= 0) {
            double s = cost(c, (size_t)pick) / cost(c, (size_t)best);
            slow[ns++] = s;
            logsum += log(s);
            r.within5 += s <= 1.05;
            r.within20 += s <= 1.20;
            r.changed += pick != best;
            int z = 0;
            while (z < SPMVP_CV_SIZES - 1 && us >= spmvp_cv_size_edge[z])
                z++;
            r.size_matrices[z]++;
            r.size_within5[z] += s <= 1.05;
        }
        a = b;
    }
    r.matrices = (int)ns;
    for (int z = 0; z < SPMVP_CV_SIZES; z++)
        if (r.size_matrices[z])
            r.size_within5[z] /= r.size_matrices[z];
    if (ns) {
        gsl_sort(slow, 1, ns);
        r.within5 /= (double)ns;
        r.within20 /= (double)ns;
        r.changed /= (double)ns;
        r.geomean = exp(logsum / (double)ns);
        r.p90 = gsl_stats_quantile_from_sorted_data(slow, 1, ns, 0.90);
        r.worst = slow[ns - 1];
    }
    free(idx);
    free(slow);
    return r;
}

spmvp_cv_rank spmvp_cv_ranking(const spmvp_train_table *t, const spmvp_cv *cv, int m,
                               spmvp_precision k)
{
    chooser c = {t, cv, m, NULL, NULL, 0, NULL};
    return choose(&c, k);
}

spmvp_cv_rank spmvp_cv_session(const spmvp_train_table *t, const double *alt,
                               const double *alt_setup, spmvp_precision k,
                               const double *setup_meas, long long N)
{
    chooser c = {t, NULL, CV_SESSION, setup_meas && alt_setup ? alt_setup : setup_meas,
                 setup_meas, (double)N, alt};
    return choose(&c, k);
}

spmvp_cv_rank spmvp_cv_advice(const spmvp_train_table *t, const spmvp_cv *cv, int m,
                              spmvp_precision k, const double *setup_pred,
                              const double *setup_meas, long long N)
{
    chooser c = {t, cv, m, setup_pred, setup_meas, (double)N, NULL};
    return choose(&c, k);
}

/* Rows in the order of the arrays they upload: matrix, precision, bytes, then setup class
 * (setup_cost.h: CSR-scalar and CSR-vector are one). */
static const spmvp_train_table *arrays_table;
static int by_arrays(const void *a, const void *b)
{
    const spmvp_train_row *x = &arrays_table->row[*(const size_t *)a];
    const spmvp_train_row *y = &arrays_table->row[*(const size_t *)b];
    int d = strcmp(x->matrix, y->matrix);
    if (d)
        return d;
    if (x->prec != y->prec)
        return x->prec < y->prec ? -1 : 1;
    double bx = x->x[SPMVP_FV_BYTES], by = y->x[SPMVP_FV_BYTES];
    if (bx != by)
        return bx < by ? -1 : 1;
    int fx = spmvp_setup_class(x->format), fy = spmvp_setup_class(y->format);
    return (fx > fy) - (fx < fy);
}

spmvp_status spmvp_cv_setup_measured(const spmvp_train_table *t, double *out)
{
    size_t *idx = malloc((t->n ? t->n : 1) * sizeof *idx), n = 0;
    double *v = malloc((t->n ? t->n : 1) * sizeof *v);
    if (!idx || !v) {
        free(idx);
        free(v);
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the measured setups");
    }
    for (size_t i = 0; i < t->n; i++) {
        out[i] = t->row[i].convert_us + t->row[i].upload_us;
        if (isfinite(out[i]))
            idx[n++] = i;
    }
    arrays_table = t;
    qsort(idx, n, sizeof *idx, by_arrays);
    for (size_t a = 0, b; a < n; a = b) {
        for (b = a; b < n && !by_arrays(&idx[a], &idx[b]); b++)
            v[b - a] = out[idx[b]];
        gsl_sort(v, 1, b - a);
        double med = gsl_stats_median_from_sorted_data(v, 1, b - a);
        for (size_t j = a; j < b; j++)
            out[idx[j]] = med;
    }
    free(idx);
    free(v);
    return SPMVP_OK;
}

spmvp_dr_summary spmvp_cv_noise(const spmvp_train_table *t, spmvp_precision k)
{
    double *d = malloc((t->n ? t->n : 1) * sizeof *d);
    size_t n = 0;
    for (size_t i = 0; d && i < t->n; i++)
        if (t->row[i].prec == k && isfinite(t->row[i].us_repeat))
            d[n++] = spmvp_dr(t->row[i].us_repeat, t->row[i].us);
    spmvp_dr_summary s = spmvp_dr_summarize(d, n);
    free(d);
    return s;
}
