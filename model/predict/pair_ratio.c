/* pair_ratio.c: device B's time from device A's on configurations both measured (pair_ratio.h). */
#include "pair_ratio.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

spmvp_status spmvp_pair_ratio_fit(const spmvp_train_table *a, const spmvp_train_table *b,
                                  spmvp_pair_ratio *r)
{
    memset(r, 0, sizeof *r);
    size_t na = a->n ? a->n : 1, nb = b->n ? b->n : 1;
    size_t *ia = malloc(na * sizeof *ia), *ib = malloc(nb * sizeof *ib);
    double *lr = malloc(nb * sizeof *lr), *v = malloc(nb * sizeof *v);
    int *cell = malloc(nb * sizeof *cell);
    size_t *pa = malloc(nb * sizeof *pa); /* the row of a of each pair */
    float *X = NULL, *Y = NULL;
    spmvp_status st = SPMVP_OK;
    if (!ia || !ib || !lr || !v || !cell || !pa) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory pairing two training tables");
        goto out;
    }
    for (size_t i = 0; i < a->n; i++)
        ia[i] = i;
    for (size_t i = 0; i < b->n; i++)
        ib[i] = i;
    key_table = a;
    qsort(ia, a->n, sizeof *ia, by_key);
    key_table = b;
    qsort(ib, b->n, sizeof *ib, by_key);
    size_t n = 0;
    for (size_t i = 0, j = 0; i < a->n && j < b->n;) { /* merge the two sorted key lists */
        const spmvp_train_row *x = &a->row[ia[i]], *y = &b->row[ib[j]];
        int c = key_cmp(x, y);
        if (c < 0) {
            i++;
        } else if (c > 0) {
            j++;
        } else {
            lr[n] = log(y->us / x->us);
            pa[n] = ia[i];
            cell[n++] = ((int)x->prec * SPMVP_NFORMATS + (int)x->format) * SPMVP_PAIR_BINS + bin_of(x->x[SPMVP_FV_BYTES]);
            i++, j++;
        }
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
    X = malloc(n * SPMVP_FV_N * sizeof *X);
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
                spmvp_xgb_features(x->x, 0, X + m * SPMVP_FV_N);
                Y[m++] = (float)lr[i];
            }
            if (m >= SPMVP_PAIR_MIN_BOOST)
                st = spmvp_xgb_train(X, Y, m, SPMVP_FV_N, &r->b[p][f]);
        }
out:
    free(X);
    free(Y);
    free(pa);
    free(ia);
    free(ib);
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
                                const double *x)
{
    if (!r->b[k][f])
        return exp(binned(r, k, f, x[SPMVP_FV_BYTES]));
    float row[SPMVP_FV_N];
    spmvp_xgb_features(x, 0, row);
    return exp(spmvp_xgb_predict(r->b[k][f], row, SPMVP_FV_N));
}

void spmvp_pair_ratio_free(spmvp_pair_ratio *r)
{
    for (int p = 0; p < SPMVP_NPRECISIONS; p++)
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            if (r->b[p][f])
                XGBoosterFree(r->b[p][f]);
    memset(r->b, 0, sizeof r->b);
}
