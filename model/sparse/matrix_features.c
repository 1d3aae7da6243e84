/* matrix_features.c: seed 004's Table 1, the formats' work and the locality of x, in one pass each
 * over the CSR (matrix_features.h defines every feature). */
#include "matrix_features.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "work.h"

spmvp_features_target spmvp_features_target_default(size_t value_size)
{
    /* an H100 SXM: 132 SMs x 2048 resident threads, warps of 32, 48 KiB of local memory per
     * work-group as its OpenCL driver reports */
    spmvp_features_target t = {32, 256, 132LL * 2048, value_size, 48 * 1024, {0}, 0, 0};
    return t;
}

int spmvp_gather_curve_check(const spmvp_gather_curve *c, int *at)
{
    for (int i = 0; i < c->n; i++) {
        *at = i;
        if (!isfinite(c->bytes[i]) || !(c->bytes[i] > (i ? c->bytes[i - 1] : 0)))
            return 1;
        if (!isfinite(c->ggps[i]) || !(c->ggps[i] > 0))
            return 2;
    }
    return 0;
}

double spmvp_gather_cache_bytes(const spmvp_gather_curve *c)
{
    if (c->n < 2)
        return 0;
    double dram = c->ggps[c->n - 1], knee = 0;
    for (int i = 0; i < c->n - 1; i++)
        if (c->ggps[i] >= 1.5 * dram)
            knee = c->bytes[i];
    return knee;
}

/* Window i's rate as the upper envelope from the right: a rate cannot rise with the window
 * (a larger window only misses more), so one below a larger window's is noise (the 2-core
 * VM's PoCL measured 0.85 at 8 MiB between 1.44 and 1.36 once) and reads as that one. */
static double envelope(const spmvp_gather_curve *c, int n, int i)
{
    double r = c->ggps[i];
    for (int j = i + 1; j < n; j++)
        r = c->ggps[j] > r ? c->ggps[j] : r;
    return r;
}

double spmvp_gather_cost(const spmvp_gather_curve *c, double x_bytes)
{
    if (!c || c->n < 2 || !(x_bytes > 0))
        return 1.0;
    const double *b = c->bytes;
    int n = c->n < SPMVP_GATHER_MAX_POINTS ? c->n : SPMVP_GATHER_MAX_POINTS;
    double rate;
    if (x_bytes <= b[0])
        rate = envelope(c, n, 0);
    else if (x_bytes >= b[n - 1])
        rate = c->ggps[n - 1];
    else {
        int i = 0;
        while (b[i + 1] < x_bytes)
            i++;
        double u = log(x_bytes / b[i]) / log(b[i + 1] / b[i]);
        rate = exp((1.0 - u) * log(envelope(c, n, i)) + u * log(envelope(c, n, i + 1)));
    }
    return c->ggps[n - 1] / rate;
}

/* The row length at position p (0-based) of the lengths sorted in increasing order. */
static long long sorted_length(const spmvp_rowlen_stats *s, long long p)
{
    long long below = 0;
    for (long long L = 0; L <= s->max; L++) {
        below += s->hist[L];
        if (p < below)
            return L;
    }
    return s->max;
}

void spmvp_table1_compute(const spmvp_csr *A, const spmvp_rowlen_stats *s, spmvp_table1 *o)
{
    memset(o, 0, sizeof *o);
    o->rows = A->nrows;
    o->cols = A->ncols;
    o->nnz = A->nnz;
    o->min_nnz = s->min;
    o->max_nnz = s->max;
    o->mode_nnz = s->mode;
    if (A->nrows)
        o->median_nnz = 0.5 * (double)(sorted_length(s, (A->nrows - 1) / 2) + sorted_length(s, A->nrows / 2));
    o->dispersion = s->sd;
    o->density = A->nrows && A->ncols ? (double)A->nnz / ((double)A->nrows * (double)A->ncols) : 0.0;
    long long min_dist = -1, max_dist = 0, band = 0;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++) {
            long long d = (long long)A->colidx[k] - i;
            band = d > band ? d : -d > band ? -d : band;
            if (k > A->rowptr[i]) {
                long long gap = (long long)A->colidx[k] - A->colidx[k - 1];
                min_dist = min_dist < 0 || gap < min_dist ? gap : min_dist;
                max_dist = gap > max_dist ? gap : max_dist;
            }
        }
    o->min_dist = min_dist < 0 ? 0 : min_dist;
    o->max_dist = max_dist;
    o->bandwidth = band;
}

/* Counts a unit (sector or line) the first time stamp `id` meets it. */
static int first_touch(spmvp_idx *stamp, long long unit, spmvp_idx id)
{
    if (stamp[unit] == id)
        return 0;
    stamp[unit] = id;
    return 1;
}

/* Steps past this many share the last step's sums (a row of millions of entries read by one
 * work-item would otherwise need a sum per entry): their spread only widens the window. */
#define WINDOW_MAX_STEPS 65536

/* spmvp_locality's window for V = 2^i work-items a row: sums of the columns read at each step
 * by the first wave's rows (as fractions of the columns, so that the squares keep their
 * precision), then the entries-weighted mean of 4 standard deviations. */
static spmvp_status lockstep_windows(const spmvp_csr *A, const spmvp_features_target *t,
                                     spmvp_locality *o)
{
    for (int i = 0; i < SPMVP_WINDOW_NV; i++)
        o->window[i] = 1.0;
    if (!A->nrows || !A->nnz || !A->ncols)
        return SPMVP_OK;
    const spmvp_idx *rp = A->rowptr, *ci = A->colidx;
    long long longest = 0;
    for (spmvp_idx r = 0; r < A->nrows; r++)
        longest = rp[r + 1] - rp[r] > longest ? rp[r + 1] - rp[r] : longest;
    long long cap = longest < WINDOW_MAX_STEPS ? longest : WINDOW_MAX_STEPS;
    uint64_t need = spmvp_bytes_mul((uint64_t)cap, 3 * sizeof(double));
    if (spmvp_host_check(NULL, "the lock-step windows of x", need))
        return SPMVP_ERR_NOMEM;
    double *acc = malloc((size_t)cap * 3 * sizeof *acc); /* per step: entries, sum, sum of squares */
    if (!acc)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the lock-step windows of x");
    const double inv = 1.0 / (double)A->ncols;
    for (int i = 0; i < SPMVP_WINDOW_NV; i++) {
        long long wave = t->resident >> i;
        wave = wave < 1 ? 1 : wave > A->nrows ? A->nrows : wave;
        long long steps = 0;
        for (long long r = 0; r < wave; r++) {
            long long st = spmvp_ceil_div(rp[r + 1] - rp[r], 1LL << i);
            steps = st > steps ? st : steps;
        }
        steps = steps < cap ? steps : cap;
        memset(acc, 0, (size_t)steps * 3 * sizeof *acc);
        for (long long r = 0; r < wave; r++)
            for (spmvp_idx k = rp[r]; k < rp[r + 1]; k++) {
                long long s = (long long)(k - rp[r]) >> i;
                double c = (double)ci[k] * inv, *a = acc + 3 * (s < steps ? s : steps - 1);
                a[0] += 1;
                a[1] += c;
                a[2] += c * c;
            }
        double sum = 0, entries = 0;
        for (long long s = 0; s < steps; s++) {
            const double *a = acc + 3 * s;
            if (a[0] <= 0)
                continue;
            double mean = a[1] / a[0], var = a[2] / a[0] - mean * mean;
            double w = var > 0 ? 4 * sqrt(var) : 0;
            sum += a[0] * (w < 1 ? w : 1);
            entries += a[0];
        }
        o->window[i] = entries > 0 ? sum / entries : 1.0;
    }
    free(acc);
    return SPMVP_OK;
}

double spmvp_locality_window(const spmvp_locality *l, int lanes)
{
    if (lanes <= 0)
        return 1.0;
    int i = 0;
    while (i + 1 < SPMVP_WINDOW_NV && (1 << (i + 1)) <= lanes)
        i++;
    return l->window[i];
}

spmvp_status spmvp_locality_regroup(const spmvp_csr *A, const spmvp_features_target *t,
                                    spmvp_locality *o)
{
    long long vs = (long long)t->value_size, G = (long long)t->wg_size;
    long long nline = ((long long)A->ncols * vs + 127) / 128 + 1;
    /* stamps: one index per line of x */
    uint64_t need = spmvp_bytes_mul((uint64_t)nline, sizeof(spmvp_idx));
    if (spmvp_host_check(NULL, "locality of x", need))
        return SPMVP_ERR_NOMEM;
    spmvp_idx *gline = calloc((size_t)nline, sizeof *gline);
    if (!gline)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the locality of x (%llu bytes)",
                          (unsigned long long)need);
    const spmvp_idx *rp = A->rowptr, *ci = A->colidx;
    o->group_lines = 0;
    for (long long g0 = 0; g0 < A->nrows; g0 += G) {
        spmvp_idx id = (spmvp_idx)(g0 / G + 1);
        long long end = g0 + G < A->nrows ? g0 + G : A->nrows;
        for (spmvp_idx k = rp[g0]; k < rp[end]; k++)
            o->group_lines += first_touch(gline, (long long)ci[k] * vs / 128, id);
    }
    free(gline);
    o->group_lines_per_entry = o->entries ? (double)o->group_lines / (double)o->entries : 0.0;
    return SPMVP_OK;
}

spmvp_status spmvp_locality_compute(const spmvp_csr *A, const spmvp_features_target *t,
                                    spmvp_locality *o)
{
    memset(o, 0, sizeof *o);
    long long vs = (long long)t->value_size, W = t->warp;
    long long nsec = ((long long)A->ncols * vs + 31) / 32 + 1, nline = ((long long)A->ncols * vs + 127) / 128 + 1;
    /* stamps: one index per sector and one per line of x (about 1/8 of x's bytes), and the
     * active rows of one warp */
    uint64_t need = spmvp_bytes_mul((uint64_t)(nsec + nline + W), sizeof(spmvp_idx));
    if (spmvp_host_check(NULL, "locality of x", need))
        return SPMVP_ERR_NOMEM;
    spmvp_idx *sec = calloc((size_t)nsec, sizeof *sec), *line = calloc((size_t)nline, sizeof *line);
    spmvp_idx *active = malloc((size_t)W * sizeof *active);
    if (!sec || !line || !active) {
        free(sec), free(line), free(active);
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the locality of x (%llu bytes)",
                          (unsigned long long)need);
    }
    const spmvp_idx *rp = A->rowptr, *ci = A->colidx;
    spmvp_idx gid = 0; /* gather stamps: 1, 2, ... up to nnz */
    for (long long r0 = 0; r0 < A->nrows; r0 += W) {
        long long na = 0;
        for (long long i = r0; i < r0 + W && i < A->nrows; i++)
            if (rp[i + 1] > rp[i])
                active[na++] = (spmvp_idx)i;
        for (long long j = 0; na > 0; j++) {
            long long keep = 0;
            gid++;
            o->gathers++;
            for (long long a = 0; a < na; a++) {
                spmvp_idx i = active[a];
                long long c = ci[rp[i] + j];
                o->sectors += first_touch(sec, c * vs / 32, gid);
                o->lines += first_touch(line, c * vs / 128, gid);
                o->entries++;
                if (rp[i] + j + 1 < rp[i + 1])
                    active[keep++] = i;
            }
            na = keep;
        }
    }
    free(sec), free(line), free(active);
    if (o->gathers)
        o->sectors_per_gather = (double)o->sectors / (double)o->gathers;
    if (o->entries) {
        o->sectors_per_entry = (double)o->sectors / (double)o->entries;
        o->lines_per_entry = (double)o->lines / (double)o->entries;
    }
    spmvp_status st = lockstep_windows(A, t, o);
    return st ? st : spmvp_locality_regroup(A, t, o);
}

void spmvp_format_features_compute(spmvp_format f, const spmvp_csr *A, const spmvp_rowlen_stats *s,
                            const spmvp_features_target *t, const spmvp_mapping *m,
                            spmvp_format_features *o)
{
    /* no compute units: the work counts COO's tiles, not the groups that take them */
    spmvp_target tt = {t->value_size, t->wg_size, t->warp, t->local_mem, 0, t->local_from_l1};
    memset(o, 0, sizeof *o);
    o->map = m ? *m : spmvp_mapping_auto();
    spmvp_format_resolve(f, s, t->warp, &o->map);
    spmvp_format_mapping_label(f, &o->map, o->params, sizeof o->params);
    o->state = spmvp_format_work(f, A, s, &o->map, &tt, &o->work);
    if (o->state) {
        snprintf(o->reason, sizeof o->reason, "%s", spmvp_last_error());
        return;
    }
    for (int l = 0; l < o->work.launches; l++) {
        o->work_items += o->work.items[l];
        o->waves += (o->work.items[l] + t->resident - 1) / t->resident;
    }
    o->lockstep_ratio = A->nnz ? (double)o->work.lockstep_entries / (double)A->nnz : 0.0;
}

spmvp_status spmvp_features_compute(const spmvp_csr *A, const spmvp_features_target *t,
                                    const spmvp_mapping *m, spmvp_features *out)
{
    memset(out, 0, sizeof *out);
    if (!t->warp || !t->wg_size || t->resident <= 0 || (t->value_size != 4 && t->value_size != 8))
        return spmvp_fail(SPMVP_ERR_ARG, "features need a warp width, a work-group size, resident "
                          "work-items and a value size of 4 or 8 (got %u, %zu, %lld, %zu)",
                          t->warp, t->wg_size, t->resident, t->value_size);
    out->target = *t;
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    if (!s)
        return SPMVP_ERR_NOMEM; /* message recorded */
    spmvp_table1_compute(A, s, &out->table1);
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        spmvp_format_features_compute((spmvp_format)f, A, s, t, m, &out->format[f]);
    spmvp_rowlen_stats_free(s);
    return spmvp_locality_compute(A, t, &out->locality);
}
