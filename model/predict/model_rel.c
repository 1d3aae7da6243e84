/* model_rel.c: ours, for ranking: a two-level model of one precision's times,
 *
 *   log t(matrix, configuration) = L(matrix) + R(matrix, configuration)
 *
 * L, the log of the matrix's best measured time over all its configurations, boosted on the
 * matrix's own features (seed 004's Table 1 without the block size, and the columns); R, how
 * much slower a configuration is than that best, one booster over every format (the format
 * one-hot, all the configuration's features and the work model's prediction for it).
 *
 * Why: the per-format models (gbt, work+gbt) miss each matrix by errors that are independent
 * from format to format, so their ranking suffers from errors that have nothing to do with
 * which format wins; here what a matrix costs overall goes into L, whose error is shared by
 * every configuration of the matrix and so cancels in the ranking, and R is trained on what
 * tells configurations apart, across formats. Both boosters are xgb.h's (log targets; see
 * model_gbt.c). The part is self-contained: the boosters and the work model R reads. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "model_work.h"
#include "profile_json.h"
#include "xgb.h"

#define MIN_MATRICES 8
#define NLEVEL (SPMVP_FV_COLS - SPMVP_FV_ROWS + 1)   /* nRows .. cols */
#define NREL (SPMVP_FV_N + 1 + SPMVP_NFORMATS)       /* features, log(work), one-hot format */

typedef struct rel_part {
    BoosterHandle level, rel; /* NULL: not fitted */
    int rows, matrices;
    spmvp_workfit work;
} rel_part;


static void level_row(const double *x, float *out)
{
    float all[SPMVP_FV_N];
    spmvp_xgb_features(x, 0, all);
    memcpy(out, all + SPMVP_FV_ROWS, NLEVEL * sizeof *out);
}

/* R's inputs; 0 when the work model has no prediction for it. */
static int rel_row(const rel_part *p, spmvp_format f, const double *x, float *out)
{
    double w = spmvp_workfit_predict(&p->work, f, x);
    if (!(w > 0 && isfinite(w)))
        return 0;
    spmvp_xgb_features(x, w, out); /* SPMVP_FV_N + 1 */
    for (int i = 0; i < SPMVP_NFORMATS; i++)
        out[SPMVP_FV_N + 1 + i] = i == (int)f;
    return 1;
}

static double predict_vec(const void *part, int variant, spmvp_format f, const double *x)
{
    const rel_part *p = part;
    float lv[NLEVEL], rv[NREL];
    (void)variant;
    if (!p || !p->level || !p->rel || (unsigned)f >= SPMVP_NFORMATS || !rel_row(p, f, x, rv))
        return NAN;
    level_row(x, lv);
    return exp(spmvp_xgb_predict(p->level, lv, NLEVEL) + spmvp_xgb_predict(p->rel, rv, NREL));
}

static void free_prec(void *part)
{
    rel_part *p = part;
    if (p->level)
        XGBoosterFree(p->level);
    if (p->rel)
        XGBoosterFree(p->rel);
    memset(p, 0, sizeof *p);
}

/* ---- training ---- */

static spmvp_status fit_table(const spmvp_train_table *t, const unsigned char *use,
                              spmvp_precision k, void *part, FILE *notes)
{
    rel_part *p = part;
    free_prec(p);
    spmvp_xgb_quiet();
    SPMVP_TRY(spmvp_workfit_fit(t, use, k, &p->work, NULL));
    size_t cap = t->n ? t->n : 1, n = 0, nm = 0, nr = 0;
    size_t *ix = malloc(cap * sizeof *ix);
    float *XL = malloc(cap * NLEVEL * sizeof *XL), *yl = malloc(cap * sizeof *yl);
    float *XR = malloc(cap * NREL * sizeof *XR), *yr = malloc(cap * sizeof *yr);
    spmvp_status st = SPMVP_OK;
    if (!ix || !XL || !yl || !XR || !yr)
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the two-level model's fit");
    for (size_t i = 0; !st && i < t->n; i++)
        if ((!use || use[i]) && t->row[i].prec == k && t->row[i].us > 0 && isfinite(t->row[i].us))
            ix[n++] = i;
    if (!st)
        spmvp_train_table_sort_by_matrix(t, ix, n);
    for (size_t a = 0; !st && a < n;) { /* one matrix: rows a..b */
        size_t b = a;
        double best = INFINITY;
        while (b < n && !strcmp(t->row[ix[b]].matrix, t->row[ix[a]].matrix))
            best = fmin(best, t->row[ix[b++]].us);
        level_row(t->row[ix[a]].x, XL + nm * NLEVEL);
        yl[nm++] = (float)log(best);
        for (size_t j = a; j < b; j++) {
            const spmvp_train_row *r = &t->row[ix[j]];
            if (rel_row(p, r->format, r->x, XR + nr * NREL))
                yr[nr++] = (float)log(r->us / best);
        }
        a = b;
    }
    if (!st && nm >= MIN_MATRICES && nr >= MIN_MATRICES) {
        st = spmvp_xgb_train(XL, yl, nm, NLEVEL, &p->level);
        if (!st)
            st = spmvp_xgb_train(XR, yr, nr, NREL, &p->rel);
        p->rows = (int)nr;
        p->matrices = (int)nm;
        if (!st && notes)
            fprintf(notes, "rel %s: level booster on %zu matrices, relative booster on %zu rows\n",
                    spmvp_precision_name(k), nm, nr);
    }
    free(ix), free(XL), free(yl), free(XR), free(yr);
    if (st)
        free_prec(p);
    return st;
}

/* ---- the profile: "rel" of each precision ---- */

static void write_prec(spmvp_json_writer *w, cJSON *obj, const spmvp_calib *c, const void *part)
{
    const rel_part *p = part;
    (void)c;
    if (!p->level || !p->rel)
        return;
    cJSON *o = spmvp_json_add_object(w, obj, "rel");
    if (!o)
        return;
    spmvp_json_add_int(w, o, "rows", p->rows);
    spmvp_json_add_int(w, o, "matrices", p->matrices);
    spmvp_workfit_write(w, o, "work", &p->work);
    const char *key[2] = {"level", "relative"};
    BoosterHandle b[2] = {p->level, p->rel};
    for (int i = 0; i < 2; i++) {
        char *text = spmvp_xgb_json(b[i]);
        if (!text)
            w->oom = 1; /* the interface has no other way to fail a write */
        else
            spmvp_json_add_raw(w, o, key[i], text);
        free(text);
    }
}

static spmvp_status read_prec(const spmvp_json_reader *r, const cJSON *obj, const char *at,
                              spmvp_calib *c, void *part)
{
    rel_part *p = part;
    (void)c;
    free_prec(p);
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(obj, "rel");
    if (!o)
        return SPMVP_OK;
    char sub[96], e[256];
    snprintf(sub, sizeof sub, "%s.rel", at);
    if (!cJSON_IsObject(o))
        return spmvp_json_bad(r, at, "rel", "expected an object, got %s", spmvp_json_kind(o));
    spmvp_xgb_quiet();
    SPMVP_TRY(spmvp_json_get_int32(r, o, sub, "rows", MIN_MATRICES, &p->rows));
    SPMVP_TRY(spmvp_json_get_int32(r, o, sub, "matrices", MIN_MATRICES, &p->matrices));
    SPMVP_TRY(spmvp_workfit_read(r, o, sub, "work", &p->work));
    const char *key[2] = {"level", "relative"};
    BoosterHandle *b[2] = {&p->level, &p->rel};
    int ncol[2] = {NLEVEL, NREL};
    for (int i = 0; i < 2; i++) {
        const cJSON *it;
        SPMVP_TRY(spmvp_json_get_object(r, o, sub, key[i], &it));
        if (spmvp_xgb_load(it, ncol[i], b[i], e, sizeof e)) {
            free_prec(p);
            return spmvp_json_bad(r, sub, key[i], "XGBoost cannot load it: %s", e);
        }
    }
    return SPMVP_OK;
}

/* ---- prediction and reports ---- */

static int fitted(const void *prec_part)
{
    const rel_part *p = prec_part;
    return p->level && p->rel;
}

static void print_info(const void *state, int available, const char *note, spmvp_precision k,
                       FILE *out)
{
    const rel_part *p = *(const rel_part *const *)state;
    (void)k;
    if (!available)
        fprintf(out, "rel       not available: %s\n", note);
    else
        fprintf(out, "rel       level of %d matrices, relative time of %d configurations\n",
                p->matrices, p->rows);
}

const spmvp_model spmvp_model_rel = {
    .version = SPMVP_MODEL_VERSION,
    .nvariants = 1,
    .variant = {{"rel", "Matrix level + relative (ours)", 0, NULL}},
    .help = "rel: the matrix's best time, and each configuration's slowdown over it (ours)",
    .legend = "rel = ours: the matrix's best time (boosted on its Table 1 features) times each\n"
              "configuration's slowdown over it (one booster across formats), for ranking\n",
    .prec_size = sizeof(rel_part),
    .read_prec = read_prec,
    .write_prec = write_prec,
    .print_info = print_info,
    .fit_table = fit_table,
    .predict_vec = predict_vec,
    .free_prec = free_prec,
    .fitted = fitted,
};
