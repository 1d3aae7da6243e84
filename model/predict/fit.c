/* fit.c: fits the strip models of seed 000 §3.2 (and ours for COO) to calibration points by
 * least squares (gsl_fit_linear). The choices the paper leaves open are listed at
 * spmvp_calib_fit in calib.h. Groups are small (at most a few hundred points), so the
 * selections below are plain scans. */
#include "calib.h"

#include <gsl/gsl_fit.h>
#include <gsl/gsl_statistics_double.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef const spmvp_calib_point *cpt;

/* Scratch for one fit: x, y for a line; u, v for the per-I slopes. Each of size n. */
typedef struct work {
    double *x, *y, *u, *v;
    char why[320];      /* reason a model or segment was not fitted */
} work;

static int width_of(cpt p) { return p->format == SPMVP_CSR_VECTOR ? p->vector_width : 0; }

static int cmp_key(cpt a, cpt b)
{
    if (a->format != b->format) return a->format < b->format ? -1 : 1;
    if (a->dist != b->dist) return a->dist < b->dist ? -1 : 1;
    if (width_of(a) != width_of(b)) return width_of(a) < width_of(b) ? -1 : 1;
    return 0;
}

/* by model key, then I, then PNZ */
static int cmp_point(const void *x, const void *y)
{
    cpt a = *(const cpt *)x, b = *(const cpt *)y;
    int k = cmp_key(a, b);
    if (k) return k;
    if (a->strips != b->strips) return a->strips < b->strips ? -1 : 1;
    if (a->pnz != b->pnz) return a->pnz < b->pnz ? -1 : 1;
    return 0;
}

/* Number of distinct values in x[0..n). */
static size_t distinct(const double *x, size_t n)
{
    size_t d = 0;
    for (size_t k = 0; k < n; k++) {
        size_t j = 0;
        while (j < k && x[j] != x[k])
            j++;
        d += j == k;
    }
    return d;
}

/* y = c1·x + c0 by least squares; -1 when x has fewer than 2 distinct values. */
static int line(const double *x, const double *y, size_t n, double *c1, double *c0)
{
    double cov00, cov01, cov11, sumsq;
    if (distinct(x, n) < 2)
        return -1;
    gsl_fit_linear(x, 1, y, 1, n, c0, c1, &cov00, &cov01, &cov11, &sumsq);
    return isfinite(*c0) && isfinite(*c1) ? 0 : -1;
}

/* Points with lo < PNZ <= hi and strips == I (x = PNZ), or with PNZ == P (x = I) when I < 0;
 * y = time. Returns their number. */
static size_t pick(const cpt *g, size_t n, int lo, int hi, int I, int P, work *w)
{
    size_t m = 0;
    for (size_t k = 0; k < n; k++) {
        if (g[k]->pnz <= lo || g[k]->pnz > hi)
            continue;
        if (I >= 0 ? g[k]->strips != I : g[k]->pnz != P)
            continue;
        w->x[m] = I >= 0 ? g[k]->pnz : g[k]->strips;
        w->y[m++] = g[k]->time_us;
    }
    return m;
}

/* The largest I with >= 2 distinct PNZ in (lo, hi]; -1 if none. */
static int largest_i(const cpt *g, size_t n, int lo, int hi, work *w)
{
    int best = -1;
    for (size_t k = 0; k < n; k++)
        if (g[k]->strips > best && distinct(w->x, pick(g, n, lo, hi, g[k]->strips, 0, w)) >= 2)
            best = g[k]->strips;
    return best;
}

/* The PNZ in (lo, hi] closest to target (the smaller on ties) measured at >= 2 values of I;
 * -1 if none. */
static int closest_pnz(const cpt *g, size_t n, int lo, int hi, int target, work *w)
{
    int best = -1;
    for (size_t k = 0; k < n; k++) {
        int P = g[k]->pnz;
        if (P <= lo || P > hi)
            continue;
        long long d = llabs((long long)P - target), db = llabs((long long)best - target);
        if (best >= 0 && (d > db || (d == db && P >= best)))
            continue;
        if (distinct(w->x, pick(g, n, lo, hi, -1, P, w)) >= 2)
            best = P;
    }
    return best;
}

/* CSR-S, ELL, JAD: f_I per I, f(I) = A·I + B, E(I) = p·I + q at P1. */
static int fit_rows(const cpt *g, size_t n, spmvp_strip_model *m, work *w)
{
    size_t nI = 0;
    for (size_t k = 0; k < n; k++) {
        if (k && g[k]->strips == g[k - 1]->strips)
            continue; /* sorted: one pass per distinct I */
        double f, gI;
        if (!line(w->x, w->y, pick(g, n, -1, INT_MAX, g[k]->strips, 0, w), &f, &gI)) {
            w->u[nI] = g[k]->strips;
            w->v[nI++] = f;
        }
    }
    if (line(w->u, w->v, nI, &m->A, &m->B)) {
        snprintf(w->why, sizeof w->why, "slopes f_I at %zu value(s) of I; f(I) needs 2 values "
                 "of I with 2 or more distinct PNZ each", nI);
        return -1;
    }
    m->P1 = closest_pnz(g, n, -1, INT_MAX, 32, w);
    if (m->P1 < 0) {
        snprintf(w->why, sizeof w->why, "no PNZ measured at 2 or more values of I for E(I)");
        return -1;
    }
    snprintf(w->why, sizeof w->why, "E(I) at P1 = %d could not be fitted", m->P1);
    return line(w->x, w->y, pick(g, n, -1, INT_MAX, -1, m->P1, w), &m->p, &m->q);
}

/* One CSR-V segment, PNZ in (lo, hi]: T_s(PNZ) at I1, E_s(I) at PE, t0 at (I1, PE). */
static int fit_segment(const cpt *g, size_t n, int lo, int hi, int target,
                       struct spmvp_csrv_segment *out, int *I1, work *w)
{
    struct spmvp_csrv_segment seg = {0, 0, 0, 0, 0, 0, 0}, *s = &seg;
    memset(out, 0, sizeof *out); /* all zero unless fitted */
    size_t any = 0;
    for (size_t k = 0; k < n; k++)
        any += g[k]->pnz > lo && g[k]->pnz <= hi;
    if (!any) {
        snprintf(w->why, sizeof w->why, "no points");
        return -1;
    }
    *I1 = largest_i(g, n, lo, hi, w);
    if (*I1 < 0) {
        snprintf(w->why, sizeof w->why, "no I with 2 or more distinct PNZ for T(PNZ)");
        return -1;
    }
    snprintf(w->why, sizeof w->why, "a line could not be fitted"); /* not expected */
    if (line(w->x, w->y, pick(g, n, lo, hi, *I1, 0, w), &s->m, &s->n))
        return -1;
    s->PE = closest_pnz(g, n, lo, hi, target, w);
    if (s->PE < 0) {
        snprintf(w->why, sizeof w->why, "no PNZ measured at 2 or more values of I for E(I)");
        return -1;
    }
    if (line(w->x, w->y, pick(g, n, lo, hi, -1, s->PE, w), &s->p, &s->q))
        return -1;
    size_t nt = 0; /* times measured at (I1, PE) */
    for (size_t k = 0; k < n; k++)
        if (g[k]->strips == *I1 && g[k]->pnz == s->PE)
            w->y[nt++] = g[k]->time_us;
    s->t0 = nt ? gsl_stats_mean(w->y, 1, nt) : s->m * s->PE + s->n;
    if (!(s->t0 > 0)) {
        snprintf(w->why, sizeof w->why, "t0 = %g at I1 = %d, PE = %d is not positive", s->t0,
                 *I1, s->PE);
        return -1;
    }
    s->valid = 1;
    *out = seg;
    return 0;
}

/* CSR-V: the two segments; a failed one is left invalid and noted. */
static int fit_vector(const cpt *g, size_t n, int split, spmvp_strip_model *m, work *w,
                      const char *name, FILE *notes)
{
    char why0[sizeof w->why];
    int I1[2] = {0, 0};
    if (split < 1) {
        snprintf(w->why, sizeof w->why, "no segment boundary (work-group size %d)", split);
        return -1;
    }
    m->split = split;
    int ok0 = !fit_segment(g, n, -1, split, 64, &m->seg[0], &I1[0], w);
    memcpy(why0, w->why, sizeof why0);
    int ok1 = !fit_segment(g, n, split, INT_MAX, 2048, &m->seg[1], &I1[1], w);
    if (!ok0 && !ok1) {
        char why1[sizeof w->why];
        memcpy(why1, w->why, sizeof why1);
        snprintf(w->why, sizeof w->why, "PNZ <= %d: %.120s; PNZ > %d: %.120s", split, why0,
                 split, why1);
        return -1;
    }
    if (notes && !ok0)
        fprintf(notes, "spmvp: note: %s: segment PNZ <= %d not fitted: %s\n", name, split, why0);
    if (notes && !ok1)
        fprintf(notes, "spmvp: note: %s: segment PNZ > %d not fitted: %s\n", name, split, w->why);
    m->I1 = ok0 ? I1[0] : I1[1];
    return 0;
}

/* COO: T = A·I_nz + B with I_nz the points' strips. */
static int fit_coo(const cpt *g, size_t n, spmvp_strip_model *m, work *w)
{
    for (size_t k = 0; k < n; k++) {
        w->x[k] = g[k]->strips;
        w->y[k] = g[k]->time_us;
    }
    if (line(w->x, w->y, n, &m->A, &m->B)) {
        snprintf(w->why, sizeof w->why, "points at only 1 value of I_nz; T(I_nz) needs 2");
        return -1;
    }
    return 0;
}

/* S from the points (see calib.h); -1 with a reason when they disagree or are invalid. */
static int strip_size(const cpt *g, size_t n, spmvp_strip_model *m, work *w)
{
    for (size_t k = 0; k < n; k++)
        if (g[k]->strips < 1 || g[k]->rows < 1 || g[k]->pnz < 0) {
            snprintf(w->why, sizeof w->why, "point with I = %d, %lld rows, PNZ %d",
                     g[k]->strips, g[k]->rows, g[k]->pnz);
            return -1;
        }
    if (m->format == SPMVP_COO) {
        size_t b = 0; /* the nominal nnz, rows x PNZ: normal and uniform rows vary */
        for (size_t k = 1; k < n; k++)
            if (g[k]->rows * g[k]->pnz > g[b]->rows * g[b]->pnz)
                b = k;
        m->strip = llround((double)g[b]->rows * g[b]->pnz / g[b]->strips);
    } else {
        m->strip = g[0]->rows / g[0]->strips;
        for (size_t k = 0; k < n; k++)
            if (g[k]->rows != m->strip * g[k]->strips) {
                snprintf(w->why, sizeof w->why, "rows / I differ between points (%lld rows at "
                         "I = %d, %lld rows at I = %d)", g[0]->rows, g[0]->strips, g[k]->rows,
                         g[k]->strips);
                return -1;
            }
    }
    if (m->strip < 1) {
        snprintf(w->why, sizeof w->why, "strip size %lld", m->strip);
        return -1;
    }
    return 0;
}

/* Fits the model of one group (same format, distribution, width); -1 with w->why if not. */
static int fit_group(const cpt *g, size_t n, int split, spmvp_strip_model *m, work *w,
                     const char *name, FILE *notes)
{
    memset(m, 0, sizeof *m);
    m->format = g[0]->format;
    m->dist = g[0]->dist;
    m->vector_width = width_of(g[0]);
    m->npoints = (int)n;
    if (strip_size(g, n, m, w))
        return -1;
    switch (m->format) {
    case SPMVP_CSR_VECTOR: return fit_vector(g, n, split, m, w, name, notes);
    case SPMVP_COO: return fit_coo(g, n, m, w);
    default: return fit_rows(g, n, m, w);
    }
}

static int usable(cpt p)
{
    return p->time_us > 0 && isfinite(p->time_us) && p->format >= 0 &&
           p->format < SPMVP_NFORMATS && p->format != SPMVP_HYB && p->dist >= 0 &&
           p->dist < SPMVP_NDISTS;
}

spmvp_status spmvp_calib_fit_notes(spmvp_calib *c, int split, FILE *notes, int *skipped)
{
    if (skipped)
        *skipped = 0;
    if (!c)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_calib_fit: NULL profile");
    size_t n = 0, cap = c->npoints ? c->npoints : 1;
    cpt *g = malloc(cap * sizeof *g);
    spmvp_strip_model *models = malloc(cap * sizeof *models);
    work w = {malloc(cap * sizeof(double)), malloc(cap * sizeof(double)),
              malloc(cap * sizeof(double)), malloc(cap * sizeof(double)), ""};
    spmvp_status st = SPMVP_OK;
    size_t nm = 0;
    int nskip = 0;
    if (!g || !models || !w.x || !w.y || !w.u || !w.v) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory fitting %zu points", c->npoints);
        goto out;
    }
    for (size_t k = 0; k < c->npoints; k++)
        if (usable(&c->points[k]))
            g[n++] = &c->points[k];
    if (notes && n < c->npoints)
        fprintf(notes, "spmvp: note: %zu of %zu calibration points not used (time <= 0, or hyb)\n",
                c->npoints - n, c->npoints);
    if (!n) {
        st = spmvp_fail(SPMVP_ERR_ARG, "no usable calibration points (%zu with time <= 0 or "
                        "format hyb)", c->npoints);
        goto out;
    }
    qsort(g, n, sizeof *g, cmp_point);
    for (size_t a = 0, b; a < n; a = b) {
        for (b = a + 1; b < n && !cmp_key(g[a], g[b]); b++)
            ;
        char name[64];
        if (g[a]->format == SPMVP_CSR_VECTOR)
            snprintf(name, sizeof name, "%s V=%d %s", spmvp_format_name(g[a]->format),
                     g[a]->vector_width, spmvp_dist_name(g[a]->dist));
        else
            snprintf(name, sizeof name, "%s %s", spmvp_format_name(g[a]->format),
                     spmvp_dist_name(g[a]->dist));
        if (!fit_group(g + a, b - a, split, &models[nm], &w, name, notes)) {
            nm++;
            continue;
        }
        nskip++;
        spmvp_fail(SPMVP_ERR_ARG, "%s: %s", name, w.why);
        if (notes)
            fprintf(notes, "spmvp: note: skipped model %s: %s\n", name, w.why);
    }
    if (!nm) {
        st = SPMVP_ERR_ARG; /* the reason of the last skipped model is recorded */
        goto out;
    }
    free(c->models);
    c->models = models;
    c->nmodels = nm;
    models = NULL;
out:
    if (skipped)
        *skipped = nskip;
    free(models);
    free(g);
    free(w.x);
    free(w.y);
    free(w.u);
    free(w.v);
    return st;
}

spmvp_status spmvp_calib_fit(spmvp_calib *c, int split)
{
    return spmvp_calib_fit_notes(c, split, NULL, NULL);
}
