/* model_gbt.c: seed 004's gradient-boosted regression trees (Lehnert et al., Euro-Par 2016,
 * §3.2 "Gradient-Boosting") through XGBoost's C API, as one descriptor of two models:
 *
 *   gbt       per format and precision, a booster regressing log(us) on log(1 + x_i) of every
 *             feature (featvec.h). Seed 004 boosts regression trees where a linear model in
 *             the logarithmised features falls short, "where some non-linear relationship
 *             exists" or "important features have not been identified" (its SELL-C-sigma and
 *             ELL-BRO); it leaves the feature choice to the trees, so every feature goes in.
 *   work+gbt  ours: our work model (model_work.h) as the baseline and a booster on its
 *             residual log(us) - log(work), with log(work) as one more feature, so that the
 *             trees learn only what the resource bounds miss (and the baseline carries the
 *             prediction outside the training range, where trees are flat).
 *
 * Targets are log times: squared error in log space is relative error, seed 004's measure
 * ("divergence"). Trees do not care about monotone transforms of a feature; log(1 + x) only
 * puts the split points (midpoints between training values) at geometric rather than
 * arithmetic midpoints, apt for counts that span decades, and keeps 0 defined. A feature that
 * is NaN (a format without that number) is XGBoost's missing value: each split learns a
 * default direction for it.
 *
 * How much of its residual booster work+gbt trusts (its weight w: time = work x exp(w x
 * booster)) is chosen per format by cross-validation inside the training rows, grouped by
 * family as `spmvp cv` groups them: w in 0, 1/4, .., 1, the least mean |log error| of
 * the held-out rows. Where a format's times scatter from one upload to the next more than its
 * features explain (COO's and CSR-adaptive's launch-bound products on the H100: two uploads
 * of one sparsity pattern differ by up to 25 %, the repeat on one upload by 0.3 %), trees fitted
 * to that scatter predict it for matrices they never saw, and the work model's bounds alone
 * are the better guess; where the features explain the residual, w stays 1.
 *
 * The part holds the boosters (XGBoost's handles, freed by free_prec) and the work model they
 * build on, so it is self-contained; in the profile it is "gbt" of each precision, the
 * boosters as XGBoost's own JSON models inside the profile's JSON. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <xgboost/c_api.h>

#include "model.h"
#include "model_work.h"
#include "profile_json.h"
#include "xgb.h"

#define MIN_ROWS 8              /* fewer rows of a format: no booster (as the work model) */
#define NVAR 2                  /* gbt, work+gbt */
#define NCOL_MAX (SPMVP_FV_N + 1) /* work+gbt's features: the vector and log(work) */
#define INNER_FOLDS 5           /* folds by family that choose work+gbt's weight */
#define NWEIGHT 5               /* weights tried: 0, 1/4, .., 1 */

typedef struct gbt_part {
    BoosterHandle b[SPMVP_NFORMATS][NVAR]; /* NULL: no booster for the format */
    int rows[SPMVP_NFORMATS];              /* rows of the format with a time (gbt's rows) */
    double weight[SPMVP_NFORMATS];         /* work+gbt's weight of its booster, 0..1 */
    spmvp_workfit work;                    /* work+gbt's baseline */
} gbt_part;

static const char *const var_names[NVAR] = {"gbt", "work+gbt"};

static void free_prec(void *part)
{
    gbt_part *g = part;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        for (int v = 0; v < NVAR; v++)
            if (g->b[f][v])
                XGBoosterFree(g->b[f][v]);
    memset(g, 0, sizeof *g);
}

/* Variant v's prediction in µs, or NaN. */
static double predict_vec(const void *part, int v, spmvp_format f, const double *x)
{
    const gbt_part *g = part;
    if (!g || (unsigned)f >= SPMVP_NFORMATS || v < 0 || v >= NVAR || !g->b[f][v])
        return NAN;
    double base = 1;
    if (v == 1 && !((base = spmvp_workfit_predict(&g->work, f, x)) > 0 && isfinite(base)))
        return NAN;
    float row[NCOL_MAX];
    spmvp_xgb_features(x, v == 1 ? base : 0, row);
    return base * exp((v == 1 ? g->weight[f] : 1.0) *
                      spmvp_xgb_predict(g->b[f][v], row, v == 1 ? NCOL_MAX : SPMVP_FV_N));
}

/* ---- training ---- */

/* The rms log error of variant v of g on the rows ix[0..n) of t (in-sample; for the notes). */
static double rms_log(const gbt_part *g, int v, const spmvp_train_table *t, const size_t *ix,
                      size_t n)
{
    double s = 0;
    size_t m = 0;
    for (size_t j = 0; j < n; j++) {
        const spmvp_train_row *r = &t->row[ix[j]];
        double e = log(predict_vec(g, v, r->format, r->x)) - log(r->us);
        if (isfinite(e))
            s += e * e, m++;
    }
    return m ? sqrt(s / (double)m) : NAN;
}

/* The inner fold of a family: FNV-1a of its name, so that a family's rows stay together. */
static int inner_fold(const char *family)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *c = (const unsigned char *)family; *c; c++)
        h = (h ^ *c) * 16777619u;
    return (int)(h % INNER_FOLDS);
}

/* work+gbt's weight for the m rows of X (NCOL_MAX features) with residual targets y and inner
 * folds fold: each fold predicted by a booster fitted on the others, then the weight of least
 * mean |y - w x prediction| (1 when no fold can be held out). */
static spmvp_status choose_weight(const float *X, const float *y, const int *fold, size_t m,
                                  double *weight)
{
    *weight = 1;
    float *Xi = malloc(m * NCOL_MAX * sizeof *Xi), *yi = malloc(m * sizeof *yi);
    double *pred = malloc(m * sizeof *pred);
    spmvp_status st = Xi && yi && pred ? SPMVP_OK
                      : spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the boosters' fit");
    int folds = 0;
    for (int k = 0; k < INNER_FOLDS && !st; k++) {
        size_t n = 0;
        for (size_t j = 0; j < m; j++)
            if (fold[j] != k) {
                memcpy(Xi + n * NCOL_MAX, X + j * NCOL_MAX, NCOL_MAX * sizeof *Xi);
                yi[n++] = y[j];
            }
        BoosterHandle b = NULL;
        if (n < MIN_ROWS || n == m || (st = spmvp_xgb_train(Xi, yi, n, NCOL_MAX, &b)))
            continue;
        folds++;
        for (size_t j = 0; j < m; j++)
            if (fold[j] == k)
                pred[j] = spmvp_xgb_predict(b, X + j * NCOL_MAX, NCOL_MAX);
        XGBoosterFree(b);
    }
    if (!st && folds == INNER_FOLDS) {
        double best = INFINITY;
        for (int w = 0; w < NWEIGHT; w++) {
            double a = (double)w / (NWEIGHT - 1), e = 0;
            for (size_t j = 0; j < m; j++)
                e += fabs(y[j] - a * pred[j]);
            if (e < best) /* ties keep the smaller weight: the bounds alone */
                best = e, *weight = a;
        }
    }
    free(Xi);
    free(yi);
    free(pred);
    return st;
}

static spmvp_status fit_table(const spmvp_train_table *t, const unsigned char *use,
                              spmvp_precision k, void *part, FILE *notes)
{
    gbt_part *g = part;
    free_prec(g);
    spmvp_xgb_quiet();
    /* notes NULL: the work model's lines are the "work" model's own */
    SPMVP_TRY(spmvp_workfit_fit(t, use, k, &g->work, NULL));
    size_t cap = t->n ? t->n : 1, *ix = malloc(cap * sizeof *ix);
    float *X = malloc(cap * NCOL_MAX * sizeof *X), *y = malloc(cap * sizeof *y);
    int *fold = malloc(cap * sizeof *fold);
    spmvp_status st = SPMVP_OK;
    if (!ix || !X || !y || !fold)
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the boosters' fit");
    for (int f = 0; f < SPMVP_NFORMATS && !st; f++) {
        size_t n = 0, m = 0;
        for (size_t i = 0; i < t->n; i++) {
            const spmvp_train_row *r = &t->row[i];
            if ((!use || use[i]) && r->prec == k && r->format == (spmvp_format)f &&
                r->us > 0 && isfinite(r->us))
                ix[n++] = i;
        }
        g->rows[f] = (int)n;
        if (n < MIN_ROWS)
            continue;
        for (size_t j = 0; j < n; j++) {
            spmvp_xgb_features(t->row[ix[j]].x, 0, X + j * SPMVP_FV_N);
            y[j] = (float)log(t->row[ix[j]].us);
        }
        if ((st = spmvp_xgb_train(X, y, n, SPMVP_FV_N, &g->b[f][0])))
            break;
        for (size_t j = 0; j < n && g->work.ok[f]; j++) { /* the rows the baseline predicts */
            const spmvp_train_row *r = &t->row[ix[j]];
            double w = spmvp_workfit_predict(&g->work, (spmvp_format)f, r->x);
            if (!(w > 0 && isfinite(w)))
                continue;
            spmvp_xgb_features(r->x, w, X + m * NCOL_MAX);
            fold[m] = inner_fold(r->family);
            y[m++] = (float)(log(r->us) - log(w));
        }
        if (m >= MIN_ROWS && ((st = spmvp_xgb_train(X, y, m, NCOL_MAX, &g->b[f][1])) ||
                              (st = choose_weight(X, y, fold, m, &g->weight[f]))))
            break;
        if (notes)
            fprintf(notes, "gbt %s %s: %zu rows, %d trees; in-sample rms log error gbt %.3f, "
                    "work+gbt %.3f (%zu rows, booster weight %.2f)\n", spmvp_precision_name(k),
                    spmvp_format_name((spmvp_format)f), n, SPMVP_XGB_ROUNDS, rms_log(g, 0, t, ix, n),
                    rms_log(g, 1, t, ix, n), m, g->weight[f]);
    }
    free(ix);
    free(X);
    free(y);
    free(fold);
    if (st)
        free_prec(g);
    return st;
}

/* ======================================================================================== */
/* The profile: "gbt" of each precision                                                     */
/* ======================================================================================== */

/* Writes {"rows": n, "gbt": booster, "work": {coefficients}, "work+gbt": booster} per format.
 * A booster that cannot be saved marks the writer failed (the interface has no other way to
 * fail; the profile is then not written). */
static void write_prec(spmvp_json_writer *w, cJSON *obj, const spmvp_calib *c, const void *part)
{
    const gbt_part *g = part;
    (void)c;
    cJSON *o = NULL;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        if (!g->b[f][0] && !g->b[f][1] && !g->work.ok[f])
            continue;
        if (!o && !(o = spmvp_json_add_object(w, obj, "gbt")))
            return;
        cJSON *fo = spmvp_json_add_object(w, o, spmvp_format_name((spmvp_format)f));
        if (!fo)
            continue;
        spmvp_json_add_int(w, fo, "rows", g->rows[f]);
        cJSON *wo = g->work.ok[f] ? spmvp_json_add_object(w, fo, "work") : NULL;
        if (wo)
            spmvp_workfit_write_format(w, wo, &g->work, (spmvp_format)f);
        if (g->b[f][1])
            spmvp_json_add_double(w, fo, "work+gbt_weight", g->weight[f]);
        for (int v = 0; v < NVAR; v++) {
            if (!g->b[f][v])
                continue;
            char *m = spmvp_xgb_json(g->b[f][v]);
            if (!m)
                w->oom = 1;
            else
                spmvp_json_add_raw(w, fo, var_names[v], m);
            free(m);
        }
    }
}

/* One format's boosters and baseline of "gbt" (spmvp_json_read_per_format's reader). */
static spmvp_status read_format(const spmvp_json_reader *r, const cJSON *fe, const char *fat,
                                spmvp_format f, void *ctx)
{
    gbt_part *g = ctx;
    char wat[240], e[256];
    SPMVP_TRY(spmvp_json_get_int32(r, fe, fat, "rows", 0, &g->rows[f]));
    g->weight[f] = 1; /* profiles before the weight trusted the booster whole */
    if (cJSON_GetObjectItemCaseSensitive(fe, "work+gbt_weight")) {
        SPMVP_TRY(spmvp_json_get_double(r, fe, fat, "work+gbt_weight", SPMVP_JSON_NONNEG, &g->weight[f]));
        if (g->weight[f] > 1)
            return spmvp_json_bad(r, fat, "work+gbt_weight", "%g is above 1", g->weight[f]);
    }
    const cJSON *wo = cJSON_GetObjectItemCaseSensitive(fe, "work");
    if (wo) {
        snprintf(wat, sizeof wat, "%s.work", fat);
        if (!cJSON_IsObject(wo))
            return spmvp_json_bad(r, wat, "", "expected an object, got %s", spmvp_json_kind(wo));
        SPMVP_TRY(spmvp_workfit_read_format(r, wo, wat, &g->work, f));
    }
    for (int v = 0; v < NVAR; v++) {
        const cJSON *it = cJSON_GetObjectItemCaseSensitive(fe, var_names[v]);
        if (!it)
            continue;
        if (!cJSON_IsObject(it))
            return spmvp_json_bad(r, fat, var_names[v], "expected an object (an XGBoost "
                                  "model), got %s", spmvp_json_kind(it));
        if (v == 1 && !g->work.ok[f])
            return spmvp_json_bad(r, fat, var_names[v], "its baseline \"work\" is missing");
        if (spmvp_xgb_load(it, v == 1 ? NCOL_MAX : SPMVP_FV_N, &g->b[f][v], e, sizeof e))
            return spmvp_json_bad(r, fat, var_names[v], "XGBoost cannot load it: %s", e);
    }
    return SPMVP_OK;
}

static spmvp_status read_prec(const spmvp_json_reader *r, const cJSON *o, const char *at,
                              spmvp_calib *c, void *part)
{
    (void)c;
    free_prec(part);
    spmvp_xgb_quiet();
    /* on failure the profile frees what was loaded (free_prec) */
    return spmvp_json_read_per_format(r, o, at, "gbt", read_format, part);
}

/* ======================================================================================== */
/* Prediction and reports                                                                   */
/* ======================================================================================== */


static int fitted(const void *prec_part)
{
    const gbt_part *part = prec_part;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        if (part->b[f][0] || part->b[f][1])
            return 1;
    return 0;
}

static void print_info(const void *state, int available, const char *note, spmvp_precision k,
                       FILE *out)
{
    const gbt_part *g = *(const gbt_part *const *)state;
    (void)k;
    if (!available) {
        fprintf(out, "gbt       not available: %s\n", note);
        return;
    }
    int nf = 0, nw = 0, rows = 0;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        nf += g->b[f][0] != NULL;
        nw += g->b[f][1] != NULL;
        rows += g->b[f][0] ? g->rows[f] : 0;
    }
    fprintf(out, "gbt       %d formats (work+gbt %d), %d trees each, fitted on %d training rows\n",
            nf, nw, SPMVP_XGB_ROUNDS, rows);
}

const spmvp_model spmvp_model_gbt = {
    .version = SPMVP_MODEL_VERSION,
    .nvariants = NVAR,
    .variant = {{"gbt", "Gradient boosting (seed 004)", 0, NULL},
                {"work+gbt", "Work model + gradient boosting (ours)", 0, NULL}},
    .help = "gbt, work+gbt: gradient-boosted trees on the log features (seed 004), alone or on "
            "the work model's residual (ours)",
    .legend = "  gbt       seed 004: gradient-boosted regression trees (XGBoost) on log(1 + feature),\n"
              "            per format, fitted to the training table (spmvp train)\n"
              "  work+gbt  ours: the work model times boosted trees fitted to its residual\n",
    .prec_size = sizeof(gbt_part),
    .read_prec = read_prec,
    .write_prec = write_prec,
    .print_info = print_info,
    .fit_table = fit_table,
    .predict_vec = predict_vec,
    .free_prec = free_prec,
    .fitted = fitted,
};
