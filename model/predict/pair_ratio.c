/* pair_ratio.c: device B's time from device A's on configurations both measured (pair_ratio.h). */
#include "pair_ratio.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The booster's inputs for a configuration with features x that device A runs in t_a µs:
 * the features (xgb.h), then log(t_a) and log(bytes / t_a), A's achieved bandwidth. The
 * features say what the product reads; A's time says what bounds it. A product near A's
 * copy bandwidth runs on B at about the bandwidths' ratio, one far below it (bound by
 * latency, launches or x's gathers from L2) at about B's clock over A's, and on these two
 * GPUs the two differ by 0.72 against 1.0. The features alone cannot tell them apart: in
 * `spmvp cv` held out by family the booster without A's time was within 10 % on 51 / 57 %
 * of the matrices (single / double), with it 56 / 67 % (docs/solver-h100.md, stop 34). In a
 * fit t_a is A's measured time; at prediction A's predicted one. */
#define PAIR_NCOL (SPMVP_FV_N + 2)
static void pair_features(const double *x, double t_a, float *out)
{
    spmvp_xgb_features(x, 0, out);
    out[SPMVP_FV_N] = t_a > 0 ? (float)log(t_a) : NAN;
    out[SPMVP_FV_N + 1] =
        t_a > 0 && x[SPMVP_FV_BYTES] > 0 ? (float)log(x[SPMVP_FV_BYTES] / t_a) : NAN;
}

static int bin_of(double bytes)
{
    int b = (int)floor(2 * log2(bytes > 1 ? bytes : 1));
    return b < 0 ? 0 : b >= SPMVP_PAIR_BINS ? SPMVP_PAIR_BINS - 1 : b;
}

static const spmvp_train_table *key_table; /* qsort has no context argument */

static int key_cmp(const spmvp_train_row *x, const spmvp_train_row *y)
{
    int c = strcmp(x->matrix, y->matrix);
    if (!c)
        c = (int)x->prec - (int)y->prec;
    if (!c)
        c = (int)x->format - (int)y->format;
    return c ? c : strcmp(x->mapping, y->mapping);
}

static int by_key(const void *p, const void *q)
{
    return key_cmp(&key_table->row[*(const size_t *)p], &key_table->row[*(const size_t *)q]);
}

/* The median of v[0..n) (sorted in place), n >= 1. */
static double median(double *v, size_t n)
{
    gsl_sort(v, 1, n);
    return gsl_stats_median_from_sorted_data(v, 1, n);
}

spmvp_status spmvp_pair_rows(const spmvp_train_table *a, const spmvp_train_table *b,
                             size_t **pa, size_t **pb, size_t *n, size_t *other_kernels)
{
    if (other_kernels)
        *other_kernels = 0;
    size_t na = a->n ? a->n : 1, nb = b->n ? b->n : 1, m = na < nb ? na : nb;
    size_t *ia = malloc(na * sizeof *ia), *ib = malloc(nb * sizeof *ib);
    unsigned char *half = malloc(m);
    *pa = malloc(m * sizeof **pa);
    *pb = malloc(m * sizeof **pb);
    *n = 0;
    if (!ia || !ib || !half || !*pa || !*pb) {
        free(ia), free(ib), free(half), free(*pa), free(*pb);
        *pa = *pb = NULL;
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory pairing two training tables");
    }
    for (size_t i = 0; i < a->n; i++)
        ia[i] = i;
    for (size_t i = 0; i < b->n; i++)
        ib[i] = i;
    key_table = a;
    qsort(ia, a->n, sizeof *ia, by_key);
    key_table = b;
    qsort(ib, b->n, sizeof *ib, by_key);
    size_t same[SPMVP_NPRECISIONS][SPMVP_NFORMATS] = {{0}}; /* pairs of one digest (or none) */
    for (size_t i = 0, j = 0; i < a->n && j < b->n;) { /* merge the two sorted key lists */
        int c = key_cmp(&a->row[ia[i]], &b->row[ib[j]]);
        if (c < 0) {
            i++;
        } else if (c > 0) {
            j++;
        } else {
            const spmvp_train_row *x = &a->row[ia[i]];
            const char *ka = x->kernel, *kb = b->row[ib[j]].kernel;
            if (ka[0] && kb[0] && strcmp(ka, kb)) { /* other kernels: no pair */
                if (other_kernels)
                    (*other_kernels)++;
                i++, j++;
                continue;
            }
            half[*n] = !ka[0] != !kb[0];
            same[x->prec][x->format] += !half[*n];
            (*pa)[*n] = ia[i++];
            (*pb)[(*n)++] = ib[j++];
        }
    }
    /* A row with a digest beside one without: the digested row was measured again, most often
     * after its kernel changed, and the other may predate the change. Such pairs count only
     * where a precision and format has no pair of one digest (or of none) to learn from. */
    size_t k = 0;
    for (size_t p = 0; p < *n; p++) {
        const spmvp_train_row *x = &a->row[(*pa)[p]];
        if (half[p] && same[x->prec][x->format]) {
            if (other_kernels)
                (*other_kernels)++;
            continue;
        }
        (*pa)[k] = (*pa)[p];
        (*pb)[k++] = (*pb)[p];
    }
    *n = k;
    free(half);
    free(ia);
    free(ib);
    return SPMVP_OK;
}

spmvp_status spmvp_pair_ratio_fit(const spmvp_train_table *a, const spmvp_train_table *b,
                                  spmvp_pair_ratio *r)
{
    return spmvp_pair_ratio_fit_masked(a, b, NULL, r);
}

spmvp_status spmvp_pair_ratio_fit_masked(const spmvp_train_table *a, const spmvp_train_table *b,
                                         const unsigned char *use, spmvp_pair_ratio *r)
{
    memset(r, 0, sizeof *r);
    size_t *pa = NULL, *pb = NULL, np = 0, n = 0;
    double *lr = NULL, *v = NULL;
    int *cell = NULL;
    float *X = NULL, *Y = NULL;
    spmvp_status st = spmvp_pair_rows(a, b, &pa, &pb, &np, NULL);
    if (st)
        return st;
    lr = malloc((np ? np : 1) * sizeof *lr);
    v = malloc((np ? np : 1) * sizeof *v);
    cell = malloc((np ? np : 1) * sizeof *cell);
    if (!lr || !v || !cell) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory pairing two training tables");
        goto out;
    }
    for (size_t i = 0; i < np; i++) { /* the pairs used, packed to the front of pa */
        const spmvp_train_row *x = &a->row[pa[i]], *y = &b->row[pb[i]];
        if (use && !use[pa[i]])
            continue;
        lr[n] = log(y->us / x->us);
        pa[n] = pa[i];
        cell[n++] = ((int)x->prec * SPMVP_NFORMATS + (int)x->format) * SPMVP_PAIR_BINS + bin_of(x->x[SPMVP_FV_BYTES]);
    }
    if (!n) {
        st = spmvp_fail(SPMVP_ERR_ARG, "the two training tables share no configuration of a "
                        "matrix: nothing to pair");
        goto out;
    }
    r->pairs = (int)n;
    memcpy(v, lr, n * sizeof *v);
    r->overall = median(v, n);
    for (int k = 0; k < SPMVP_NPRECISIONS * SPMVP_NFORMATS * SPMVP_PAIR_BINS; k++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (cell[i] == k)
                v[m++] = lr[i];
        if (!m)
            continue;
        int p = k / (SPMVP_NFORMATS * SPMVP_PAIR_BINS), f = k / SPMVP_PAIR_BINS % SPMVP_NFORMATS;
        r->count[p][f][k % SPMVP_PAIR_BINS] = (int)m;
        r->log_ratio[p][f][k % SPMVP_PAIR_BINS] = (float)median(v, m);
    }
    /* the boosters: each precision and format with enough pairs */
    spmvp_xgb_quiet();
    X = malloc(n * PAIR_NCOL * sizeof *X);
    Y = malloc(n * sizeof *Y);
    if (!X || !Y) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory pairing two training tables");
        goto out;
    }
    for (int p = 0; p < SPMVP_NPRECISIONS && !st; p++)
        for (int f = 0; f < SPMVP_NFORMATS && !st; f++) {
            size_t m = 0;
            for (size_t i = 0; i < n; i++) {
                const spmvp_train_row *x = &a->row[pa[i]];
                if ((int)x->prec != p || (int)x->format != f)
                    continue;
                pair_features(x->x, x->us, X + m * PAIR_NCOL);
                Y[m++] = (float)lr[i];
            }
            if (m >= SPMVP_PAIR_MIN_BOOST)
                st = spmvp_xgb_train(X, Y, m, PAIR_NCOL, &r->b[p][f]);
        }
out:
    free(X);
    free(Y);
    free(pa);
    free(pb);
    free(lr);
    free(v);
    free(cell);
    return st;
}

/* The median log ratio of the nearest size bin of precision k and format f with pairs. */
static double binned(const spmvp_pair_ratio *r, spmvp_precision k, spmvp_format f, double bytes)
{
    int b = bin_of(bytes);
    for (int d = 0; d < SPMVP_PAIR_BINS; d++) /* the nearest bin with pairs, the smaller first */
        for (int s = -1; s <= 1; s += 2) {
            int x = b + s * d;
            if (x >= 0 && x < SPMVP_PAIR_BINS && r->count[k][f][x])
                return r->log_ratio[k][f][x];
        }
    return r->overall;
}

double spmvp_pair_ratio_predict(const spmvp_pair_ratio *r, spmvp_precision k, spmvp_format f,
                                const double *x, double t_a)
{
    if (!r->b[k][f])
        return exp(binned(r, k, f, x[SPMVP_FV_BYTES]));
    float row[PAIR_NCOL];
    pair_features(x, t_a, row);
    return exp(spmvp_xgb_predict(r->b[k][f], row, PAIR_NCOL));
}

void spmvp_pair_ratio_free(spmvp_pair_ratio *r)
{
    for (int p = 0; p < SPMVP_NPRECISIONS; p++)
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            if (r->b[p][f])
                XGBoosterFree(r->b[p][f]);
    memset(r->b, 0, sizeof r->b);
}

/* Whether entry i has a time and a ratio (spmvp_pair_ratio_near). */
static int usable(const double *t_a, const double *r, int i)
{
    return t_a[i] > 0 && r[i] > 0;
}

/* Whether entry i is usable and near A's best. */
static int near_ok(const double *t_a, const double *r, int i, double best)
{
    return usable(t_a, r, i) && t_a[i] <= SPMVP_PAIR_NEAR * best;
}

int spmvp_pair_ratio_near(const double *t_a, const double *r, int n, double *b_us)
{
    double best = INFINITY;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (usable(t_a, r, i))
            best = fmin(best, t_a[i]);
    for (int i = 0; i < n; i++)
        m += near_ok(t_a, r, i, best);
    /* the entry of rank (m - 1) / 2 by ratio, ties broken by index: the lower median. n is a
     * matrix's configurations (at most a few hundred), so counting beats sorting a copy */
    for (int i = 0; i < n; i++) {
        if (!near_ok(t_a, r, i, best))
            continue;
        int rank = 0;
        for (int j = 0; j < n; j++)
            rank += near_ok(t_a, r, j, best) && (r[j] < r[i] || (r[j] == r[i] && j < i));
        if (rank == (m - 1) / 2) {
            *b_us = best * r[i];
            return i;
        }
    }
    *b_us = NAN;
    return -1;
}

spmvp_status spmvp_pair_ratio_cv(const spmvp_train_table *a, const spmvp_cv *cv_a,
                                 const int m[SPMVP_NPRECISIONS], const spmvp_train_table *b,
                                 spmvp_pair_cv out[SPMVP_NPRECISIONS])
{
    memset(out, 0, SPMVP_NPRECISIONS * sizeof *out);
    size_t *pa = NULL, *pb = NULL, np = 0, cap = a->n ? a->n : 1;
    size_t other = 0;
    spmvp_status st = spmvp_pair_rows(a, b, &pa, &pb, &np, &other);
    if (st)
        return st;
    for (int k = 0; k < SPMVP_NPRECISIONS; k++)
        out[k].other_kernels = other;
    unsigned char *use = malloc(cap);
    double *pred_b = malloc(cap * sizeof *pred_b);
    double *err = malloc(SPMVP_NPRECISIONS * cap * sizeof *err); /* precision k's at k * cap */
    long *pair_of = malloc(cap * sizeof *pair_of);
    size_t *idx = malloc(cap * sizeof *idx), nidx = 0, ne[SPMVP_NPRECISIONS] = {0};
    /* one matrix's A times and ratios at a time (spmvp_pair_ratio_near) */
    double *t_a = malloc(cap * sizeof *t_a), *ratio = malloc(cap * sizeof *ratio);
    static spmvp_pair_ratio r; /* large: not on the stack */
    if (!use || !pred_b || !err || !pair_of || !idx || !t_a || !ratio) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory cross-validating the paired ratio");
        goto out;
    }
    for (size_t i = 0; i < a->n; i++)
        pair_of[i] = -1, pred_b[i] = NAN;
    for (size_t i = 0; i < np; i++)
        if (m[a->row[pa[i]].prec] >= 0) {
            pair_of[pa[i]] = (long)i;
            idx[nidx++] = pa[i];
        }
    /* one fit per fold serves both precisions */
    for (int g = 0; g < cv_a->nfolds && !st; g++) {
        for (size_t i = 0; i < a->n; i++)
            use[i] = cv_a->fold[i] != g;
        st = spmvp_pair_ratio_fit_masked(a, b, use, &r);
        for (size_t j = 0; j < nidx && !st; j++) {
            const spmvp_train_row *x = &a->row[idx[j]];
            if (cv_a->fold[idx[j]] != g)
                continue;
            const double t_a = cv_a->pred[idx[j] * SPMVP_MODELS_MAX + m[x->prec]];
            pred_b[idx[j]] = t_a * spmvp_pair_ratio_predict(&r, x->prec, x->format, x->x, t_a);
        }
        spmvp_pair_ratio_free(&r);
    }
    if (st)
        goto out;
    /* per matrix and precision */
    spmvp_train_table_sort_by_matrix(a, idx, nidx);
    for (size_t s0 = 0; s0 < nidx;) {
        const spmvp_train_row *first = &a->row[idx[s0]];
        size_t s1 = s0;
        while (s1 < nidx && a->row[idx[s1]].prec == first->prec &&
               !strcmp(a->row[idx[s1]].matrix, first->matrix))
            s1++;
        double ma = INFINITY, mb = INFINITY, pb_near;
        int nm = 0;
        for (size_t j = s0; j < s1; j++) {
            size_t i = idx[j];
            double p = cv_a->pred[i * SPMVP_MODELS_MAX + m[first->prec]];
            if (!(p > 0) || !(pred_b[i] > 0))
                continue;
            t_a[nm] = p;
            ratio[nm++] = pred_b[i] / p;
            ma = fmin(ma, a->row[i].us);
            mb = fmin(mb, b->row[pb[pair_of[i]]].us);
        }
        /* the predicted B/A is the median ratio itself: B's time over A's best */
        const int k = spmvp_pair_ratio_near(t_a, ratio, nm, &pb_near);
        if (k >= 0 && isfinite(ma))
            err[first->prec * cap + ne[first->prec]++] = fabs(ratio[k] / (mb / ma) - 1);
        s0 = s1;
    }
    for (int k = 0; k < SPMVP_NPRECISIONS; k++) {
        double *e = err + k * cap;
        if (!ne[k])
            continue;
        out[k].matrices = (int)ne[k];
        for (size_t i = 0; i < ne[k]; i++)
            out[k].within10 += e[i] <= 0.10;
        out[k].within10 /= (double)ne[k];
        gsl_sort(e, 1, ne[k]);
        out[k].median_err = gsl_stats_median_from_sorted_data(e, 1, ne[k]);
        out[k].p90_err = gsl_stats_quantile_from_sorted_data(e, 1, ne[k], 0.90);
    }
out:
    free(pa);
    free(pb);
    free(use);
    free(pred_b);
    free(err);
    free(pair_of);
    free(idx);
    free(t_a);
    free(ratio);
    return st;
}
