/* featvec.c: feature vectors of configurations and the configurations to measure and rank
 * (featvec.h). */
#include "featvec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile_json.h" /* SPMVP_TRY */


const char *const spmvp_fv_names[SPMVP_FV_N] = {
    "blocksize", "nRows", "nnz", "minNnz", "maxNnz", "modeNnz", "medianNnz", "minDist",
    "maxDist", "bandwidth", "dispersion", "density",
    "cols", "lockstep", "critical", "slots", "bytes", "launches", "work_items", "waves",
    "sectors", "lines", "group_lines", "param",
};

int spmvp_fv_index(const char *name)
{
    for (int i = 0; i < SPMVP_FV_N; i++)
        if (!strcmp(spmvp_fv_names[i], name))
            return i;
    return -1;
}

/* The format's first own mapping parameter, or NULL. */
static const spmvp_mapping_param *first_param(spmvp_format f)
{
    const spmvp_format_desc *d = spmvp_format_get(f);
    return d && d->params && d->params[0].name ? &d->params[0] : NULL;
}

static void fill(const spmvp_table1 *t1, const spmvp_format_features *ff,
                 const spmvp_locality *loc, const spmvp_features_target *t, spmvp_format f,
                 size_t wg, double *x)
{
    x[SPMVP_FV_BLOCKSIZE] = (double)wg;
    x[SPMVP_FV_ROWS] = (double)t1->rows;
    x[SPMVP_FV_NNZ] = (double)t1->nnz;
    x[SPMVP_FV_MIN_NNZ] = (double)t1->min_nnz;
    x[SPMVP_FV_MAX_NNZ] = (double)t1->max_nnz;
    x[SPMVP_FV_MODE_NNZ] = (double)t1->mode_nnz;
    x[SPMVP_FV_MEDIAN_NNZ] = t1->median_nnz;
    x[SPMVP_FV_MIN_DIST] = (double)t1->min_dist;
    x[SPMVP_FV_MAX_DIST] = (double)t1->max_dist;
    x[SPMVP_FV_BANDWIDTH] = (double)t1->bandwidth;
    x[SPMVP_FV_DISPERSION] = t1->dispersion;
    x[SPMVP_FV_DENSITY] = t1->density;
    x[SPMVP_FV_COLS] = (double)t1->cols;
    /* each sector priced at what a gather costs where x fits (featvec.h), read at x's reuse
     * distance: x's bytes plus the matrix bytes that stream through the caches while the
     * product moves on by one entry per column (the curve is measured with x alone) */
    const int ok = ff->state == SPMVP_OK;
    const double xb = (double)t1->cols * (double)t->value_size;
    const double vec = xb + (double)t1->rows * (double)t->value_size; /* x and y */
    const double mat = ok ? (double)ff->work.bytes - vec : 0;          /* the arrays: they stream */
    double win = xb;
    if (ok && t1->nnz > 0 && mat > 0)
        win += mat * (double)t1->cols / (double)t1->nnz;
    /* a lock-step sweep reuses only its window of x, and in proportion the matrix that streams
     * meanwhile (matrix_features.h's window; held out, the models' median errors fell by up to
     * 0.9 points, docs/data/predictions/stop55/) */
    if (ok)
        win *= spmvp_locality_window(loc, ff->work.gather_lanes);
    x[SPMVP_FV_SECTORS] = (double)loc->sectors * spmvp_gather_cost(&t->gather, win);
    x[SPMVP_FV_LINES] = (double)loc->lines;
    x[SPMVP_FV_GROUP_LINES] = (double)loc->group_lines;
    x[SPMVP_FV_LOCKSTEP] = ok ? (double)ff->work.lockstep_entries : NAN;
    x[SPMVP_FV_CRITICAL] = ok ? (double)ff->work.critical_path : NAN;
    x[SPMVP_FV_SLOTS] = ok ? (double)ff->work.slots : NAN;
    x[SPMVP_FV_BYTES] = ok ? (double)ff->work.bytes : NAN;
    if (ok && ff->work.l2_pin) /* the part kept in L2 is not read from DRAM (format.h) */
        x[SPMVP_FV_BYTES] -= mat * spmvp_l2_pin_fraction(t->l2_pin_bytes, SPMVP_L2_PIN_SHARE,
                                                     SPMVP_L2_PIN_FROM, mat, vec);
    x[SPMVP_FV_LAUNCHES] = ok ? ff->work.launches : NAN;
    x[SPMVP_FV_WORK_ITEMS] = ok ? (double)ff->work_items : NAN;
    x[SPMVP_FV_WAVES] = ok ? (double)ff->waves : NAN;
    const spmvp_mapping_param *p = first_param(f);
    spmvp_mapping m = ff->map;
    x[SPMVP_FV_PARAM] = p ? *spmvp_mapping_value(&m, p) : 0.0;
}

void spmvp_fv_from_features(const spmvp_features *F, spmvp_format f, double x[SPMVP_FV_N])
{
    size_t wg = F->format[f].map.wg_size > 0 ? (size_t)F->format[f].map.wg_size : F->target.wg_size;
    fill(&F->table1, &F->format[f], &F->locality, &F->target, f, wg, x);
}

spmvp_status spmvp_config_features(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                                   const spmvp_features_target *t, const spmvp_config *c,
                                   const spmvp_table1 *table1, const spmvp_locality *locality,
                                   double x[SPMVP_FV_N])
{
    spmvp_features_target tc = *t;
    if (c->map.wg_size > 0)
        tc.wg_size = (size_t)c->map.wg_size;
    spmvp_table1 t1;
    spmvp_locality loc;
    if (!table1) {
        spmvp_table1_compute(A, s, &t1);
        table1 = &t1;
    }
    if (!locality) {
        spmvp_status st = spmvp_locality_compute(A, &tc, &loc);
        if (st)
            return st;
        locality = &loc;
    }
    spmvp_format_features ff;
    spmvp_format_features_compute(c->format, A, s, &tc, &c->map, &ff);
    if (ff.state)
        return spmvp_fail(ff.state, "%s", ff.reason);
    fill(table1, &ff, locality, &tc, c->format, tc.wg_size, x);
    return SPMVP_OK;
}

void spmvp_featurizer_init(spmvp_featurizer *z, const spmvp_csr *A, const spmvp_rowlen_stats *s,
                           const spmvp_features_target *t)
{
    memset(z, 0, sizeof *z);
    z->A = A;
    z->s = s;
    z->t = *t;
    spmvp_table1_compute(A, s, &z->table1);
}

spmvp_status spmvp_featurizer_vector(spmvp_featurizer *z, const spmvp_config *c,
                                     double x[SPMVP_FV_N])
{
    size_t wg = c->map.wg_size > 0 ? (size_t)c->map.wg_size : z->t.wg_size;
    int w = 0;
    while (w < z->ncache && z->cache[w].wg != wg)
        w++;
    if (w == z->ncache && w < (int)(sizeof z->cache / sizeof z->cache[0])) {
        spmvp_features_target tw = z->t;
        tw.wg_size = wg;
        if (w > 0) { /* only the group lines depend on the size: the rest of the first */
            z->cache[w].loc = z->cache[0].loc;
            SPMVP_TRY(spmvp_locality_regroup(z->A, &tw, &z->cache[w].loc));
        } else {
            SPMVP_TRY(spmvp_locality_compute(z->A, &tw, &z->cache[w].loc));
        }
        z->cache[w].wg = wg;
        z->ncache++;
    }
    return spmvp_config_features(z->A, z->s, &z->t, c, &z->table1,
                                 w < z->ncache ? &z->cache[w].loc : NULL, x);
}

void spmvp_config_label(const spmvp_config *c, const spmvp_rowlen_stats *s, unsigned warp,
                        char *buf, size_t size)
{
    spmvp_mapping m = c->map;
    spmvp_format_resolve(c->format, s, warp, &m);
    char params[64];
    spmvp_format_mapping_label(c->format, &m, params, sizeof params);
    snprintf(buf, size, "wg=%d%s%s", m.wg_size > 0 ? m.wg_size : 256, *params ? " " : "", params);
}

spmvp_status spmvp_config_list(const spmvp_rowlen_stats *s, unsigned warp, size_t max_wg,
                               int quick, spmvp_config **out, int *n)
{
    static const int wgs[] = {64, 128, 256, 512};
    int cap = SPMVP_NFORMATS * 16, k = 0;
    spmvp_config *c = malloc((size_t)cap * sizeof *c);
    *out = NULL;
    *n = 0;
    if (!c)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the configurations");
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        for (size_t w = 0; w < sizeof wgs / sizeof wgs[0]; w++) {
            if ((size_t)wgs[w] > max_wg || (quick && wgs[w] != 256))
                continue;
            c[k].format = (spmvp_format)f;
            c[k].map = spmvp_mapping_auto();
            c[k++].map.wg_size = wgs[w];
        }
        if (max_wg < 256)
            continue;
        /* each switch the format declares, its other side at 256 (quick too): only the device
         * says which side is faster, so both are measured and ranked; a matrix the side
         * cannot hold drops it when its features are computed */
        const spmvp_format_desc *d = spmvp_format_get((spmvp_format)f);
        for (const spmvp_mapping_param *q = d->params; q && q->name && k < cap; q++)
            if (q->variant) {
                c[k].format = (spmvp_format)f;
                c[k].map = spmvp_mapping_auto();
                c[k].map.wg_size = 256;
                *spmvp_mapping_value(&c[k++].map, q) = q->variant;
            }
        const spmvp_mapping_param *p = first_param((spmvp_format)f);
        if (quick || !p || !p->pow2)
            continue;
        /* the parameter's automatic value at 256, which the loop above measured */
        spmvp_mapping a = spmvp_mapping_auto();
        a.wg_size = 256;
        spmvp_format_resolve((spmvp_format)f, s, warp, &a);
        for (long v = 2; v <= 64 && k < cap; v *= 2) {
            if (v < p->lo || v > p->hi || v == *spmvp_mapping_value(&a, p))
                continue;
            c[k].format = (spmvp_format)f;
            c[k].map = spmvp_mapping_auto();
            c[k].map.wg_size = 256;
            *spmvp_mapping_value(&c[k++].map, p) = (int)v;
        }
    }
    *out = c;
    *n = k;
    return SPMVP_OK;
}

spmvp_features_target spmvp_profile_target(const spmvp_profile *p, size_t value_size)
{
    spmvp_features_target t = spmvp_features_target_default(value_size);
    const spmvp_device_params *d = &p->device;
    if (d->warp_size > 0)
        t.warp = (unsigned)d->warp_size;
    if (d->max_work_group_size > 0 && d->max_work_group_size < 256)
        t.wg_size = (size_t)d->max_work_group_size;
    if (d->compute_units > 0 && d->threads_per_compute_unit > 0)
        t.resident = (long long)d->compute_units * d->threads_per_compute_unit;
    if (d->local_mem_bytes > 0)
        t.local_mem = (unsigned long long)d->local_mem_bytes;
    t.gather = p->microbench.gather;
    t.l2_pin_bytes = (double)d->l2_pin_bytes;
    t.local_from_l1 = d->local_from_l1;
    return t;
}
