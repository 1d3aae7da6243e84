/* test_gbt.c: seed 004's gradient boosting and our work+gbt (model/predict/model_gbt.c): the
 * fit on a synthetic table, its place in a profile (written, read back, predicting the same
 * bits), repeatability, and malformed boosters named by their JSON path. */
#include "spmvp_predict.h"
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

extern const spmvp_model spmvp_model_gbt;

#define K SPMVP_PRECISION_DOUBLE
#define F SPMVP_ELL

static unsigned long long rng = 88172645463325252ULL;
static double uniform(void) /* xorshift64: the same table on every run */
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0;
}

/* n rows of format F at precision K in 5 families: the time a non-linear function of nnz and
 * maxNnz (a bandwidth-bound line whose slope steps up with the longest row, as lock-step
 * padding would), the work features consistent with it, one feature always missing. */
static void make_table(spmvp_train_table *t, int n)
{
    memset(t, 0, sizeof *t);
    for (int i = 0; i < n; i++) {
        spmvp_train_row r;
        memset(&r, 0, sizeof r);
        snprintf(r.matrix, sizeof r.matrix, "m%d", i);
        snprintf(r.family, sizeof r.family, "fam%d", i % 5);
        snprintf(r.mapping, sizeof r.mapping, "wg=256");
        r.prec = K;
        r.format = F;
        double rows = floor(exp(log(1e3) + uniform() * log(1e3)));
        double mean = 2 + uniform() * 30, maxr = floor(mean * (1 + uniform() * 20));
        double nnz = floor(rows * mean);
        for (int j = 0; j < SPMVP_FV_N; j++)
            r.x[j] = floor(uniform() * 100); /* noise the trees must ignore */
        r.x[SPMVP_FV_BLOCKSIZE] = 256;
        r.x[SPMVP_FV_ROWS] = rows;
        r.x[SPMVP_FV_NNZ] = nnz;
        r.x[SPMVP_FV_MAX_NNZ] = maxr;
        r.x[SPMVP_FV_LAUNCHES] = 1;
        r.x[SPMVP_FV_BYTES] = 12 * nnz;
        r.x[SPMVP_FV_SECTORS] = nnz / 4;
        r.x[SPMVP_FV_LOCKSTEP] = rows * maxr;
        r.x[SPMVP_FV_CRITICAL] = maxr;
        r.x[SPMVP_FV_PARAM] = NAN;
        double step = 1 + 2 / (1 + exp(-(log(maxr) - 4)));
        r.us = 5 + 1e-3 * nnz * step;
        r.us_event = r.us_repeat = NAN;
        CHECK(spmvp_train_table_add(t, &r) == SPMVP_OK);
    }
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void gbt_fits_a_nonlinear_table_within_ten_percent(void)
{
    spmvp_train_table t;
    make_table(&t, 200);
    spmvp_profile *p = spmvp_profile_new();
    void *part = spmvp_profile_part(p, &spmvp_model_gbt, K);
    CHECK(part && spmvp_model_gbt.fit_table(&t, NULL, K, part, NULL) == SPMVP_OK);
    double err[2][200];
    for (int v = 0; v < 2; v++) {
        for (size_t i = 0; i < t.n; i++)
            err[v][i] = fabs(spmvp_model_gbt.predict_vec(part, v, F, t.row[i].x) / t.row[i].us - 1);
        qsort(err[v], t.n, sizeof err[v][0], cmp);
        CHECK_MSG(err[v][t.n / 2] < 0.10, "%s: median error %.3f", v ? "work+gbt" : "gbt",
                  err[v][t.n / 2]);
    }
    /* no booster for a format without rows; nonsense arguments are NaN */
    CHECK(isnan(spmvp_model_gbt.predict_vec(part, 0, SPMVP_COO, t.row[0].x)));
    CHECK(isnan(spmvp_model_gbt.predict_vec(part, 2, F, t.row[0].x)));
    CHECK(isnan(spmvp_model_gbt.predict_vec(part, 0, SPMVP_NFORMATS, t.row[0].x)));
    /* work+gbt needs the work features; gbt takes them as missing */
    spmvp_train_row r = t.row[0];
    r.x[SPMVP_FV_BYTES] = NAN;
    CHECK(isnan(spmvp_model_gbt.predict_vec(part, 1, F, r.x)));
    CHECK(spmvp_model_gbt.predict_vec(part, 0, F, r.x) > 0);
    spmvp_profile_free(p);
    spmvp_train_table_free(&t);
}

/* A profile with the model fitted at precision K, printed: *text (free()). */
static spmvp_profile *fitted_profile(const spmvp_train_table *t, const unsigned char *use, char **text)
{
    spmvp_profile *p = spmvp_profile_new();
    p->prec[K].calib = spmvp_calib_new();
    spmvp_profile_stamp(p, "test");
    snprintf(p->created, sizeof p->created, "2025-01-31T12:00:00Z"); /* the same text each fit */
    void *part = spmvp_profile_part(p, &spmvp_model_gbt, K);
    CHECK(spmvp_model_gbt.fit_table(t, use, K, part, NULL) == SPMVP_OK);
    spmvp_status st = spmvp_profile_print(p, text);
    CHECK_MSG(st == SPMVP_OK, "%s", spmvp_last_error());
    return p;
}

static void a_profile_reloads_the_boosters_bit_for_bit(void)
{
    spmvp_train_table t;
    make_table(&t, 200);
    unsigned char *use = malloc(t.n);
    for (size_t i = 0; use && i < t.n; i++)
        use[i] = t.row[i].family[3] != '4'; /* family 4 held out */
    char *text = NULL;
    spmvp_profile *p = fitted_profile(&t, use, &text), *q = NULL;
    CHECK(text && spmvp_profile_parse("t.json", text, &q) == SPMVP_OK);
    const void *a = spmvp_profile_part(p, &spmvp_model_gbt, K);
    const void *b = spmvp_profile_part(q, &spmvp_model_gbt, K);
    int same = 1, finite = 1;
    for (size_t i = 0; b && i < t.n; i++)
        for (int v = 0; v < 2; v++) {
            double x = spmvp_model_gbt.predict_vec(a, v, F, t.row[i].x);
            double y = spmvp_model_gbt.predict_vec(b, v, F, t.row[i].x);
            same &= x == y;
            finite &= isfinite(x) && x > 0;
        }
    CHECK(same && finite);
    /* the reloaded profile prints to the same text */
    char *again = NULL;
    CHECK(q && spmvp_profile_print(q, &again) == SPMVP_OK && again && !strcmp(text, again));
    /* fitted: at K, not at the other precision */
    CHECK(spmvp_model_gbt.fitted(spmvp_profile_part(p, &spmvp_model_gbt, K)) == 1);
    CHECK(spmvp_model_gbt.fitted(spmvp_profile_part(p, &spmvp_model_gbt, 1 - K)) == 0);
    free(again);
    free(text);
    free(use);
    spmvp_profile_free(q);
    spmvp_profile_free(p);
    spmvp_train_table_free(&t);
}

/* work+gbt's weight of its booster as the profile text has it, or -1 */
static double weight_in(const char *text)
{
    const char *w = text ? strstr(text, "\"work+gbt_weight\":") : NULL;
    return w ? strtod(w + strlen("\"work+gbt_weight\":"), NULL) : -1;
}

/* Where the residual is structure the features show, work+gbt trusts its booster whole; where
 * it is scatter from matrix to matrix that no feature explains, the booster's weight drops. */
static void the_booster_weight_follows_what_generalises(void)
{
    spmvp_train_table t;
    make_table(&t, 300);
    char *text = NULL;
    spmvp_profile *p = fitted_profile(&t, NULL, &text);
    CHECK_MSG(weight_in(text) == 1, "%g", weight_in(text));
    free(text);
    spmvp_profile_free(p);
    /* times a line in the bytes (the work model's shape) times noise of +-30 % per matrix */
    for (size_t i = 0; i < t.n; i++)
        t.row[i].us = (5 + 1e-3 * t.row[i].x[SPMVP_FV_BYTES] / 12) * exp(0.6 * (uniform() - 0.5));
    text = NULL;
    p = fitted_profile(&t, NULL, &text);
    CHECK_MSG(weight_in(text) >= 0 && weight_in(text) <= 0.5, "%g", weight_in(text));
    free(text);
    spmvp_profile_free(p);
    spmvp_train_table_free(&t);
}

static void training_is_repeatable(void)
{
    spmvp_train_table t;
    make_table(&t, 120);
    char *t1 = NULL, *t2 = NULL;
    spmvp_profile *p = fitted_profile(&t, NULL, &t1), *q = fitted_profile(&t, NULL, &t2);
    const void *a = spmvp_profile_part(p, &spmvp_model_gbt, K);
    const void *b = spmvp_profile_part(q, &spmvp_model_gbt, K);
    int same = 1;
    for (size_t i = 0; i < t.n; i++)
        for (int v = 0; v < 2; v++)
            same &= spmvp_model_gbt.predict_vec(a, v, F, t.row[i].x) ==
                    spmvp_model_gbt.predict_vec(b, v, F, t.row[i].x);
    CHECK(same);
    CHECK(t1 && t2 && !strcmp(t1, t2));
    free(t1);
    free(t2);
    spmvp_profile_free(q);
    spmvp_profile_free(p);
    spmvp_train_table_free(&t);
}

/* Parses text with precisions.double.gbt.ell's member `key` replaced by `json` (NULL: removed);
 * the status, the message in msg. */
static spmvp_status parse_with(const char *text, const char *key, const char *json, char *msg,
                               size_t size)
{
    cJSON *root = cJSON_Parse(text);
    cJSON *fo = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(
        cJSON_GetObjectItem(root, "precisions"), "double"), "gbt"), "ell");
    snprintf(msg, size, "no precisions.double.gbt.ell");
    CHECK(fo != NULL);
    if (!fo) {
        cJSON_Delete(root);
        return SPMVP_OK;
    }
    cJSON_DeleteItemFromObject(fo, key);
    if (json)
        cJSON_AddItemToObject(fo, key, cJSON_Parse(json));
    char *s = cJSON_PrintUnformatted(root);
    spmvp_profile *p = NULL;
    spmvp_status st = spmvp_profile_parse("bad.json", s, &p);
    snprintf(msg, size, "%s", spmvp_last_error());
    spmvp_profile_free(p);
    cJSON_free(s);
    cJSON_Delete(root);
    return st;
}

static void a_malformed_booster_is_named_by_its_path(void)
{
    spmvp_train_table t;
    make_table(&t, 60);
    char *text = NULL, msg[512];
    spmvp_profile *p = fitted_profile(&t, NULL, &text);
    CHECK(parse_with(text, "gbt", "{\"learner\": {\"x\": 1}}", msg, sizeof msg) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(msg, "bad.json: precisions.double.gbt.ell.gbt: XGBoost cannot load it: "), "%s", msg);
    CHECK(!strchr(msg, '\n'));
    CHECK(parse_with(text, "work+gbt", "{}", msg, sizeof msg) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(msg, "precisions.double.gbt.ell.work+gbt: XGBoost cannot load it"), "%s", msg);
    CHECK(parse_with(text, "gbt", "[1]", msg, sizeof msg) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(msg, "precisions.double.gbt.ell.gbt: expected an object"), "%s", msg);
    CHECK(parse_with(text, "work", NULL, msg, sizeof msg) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(msg, "precisions.double.gbt.ell.work+gbt: its baseline"), "%s", msg);
    CHECK(parse_with(text, "rows", "-1", msg, sizeof msg) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(msg, "precisions.double.gbt.ell.rows"), "%s", msg);
    /* gbt's booster where work+gbt's belongs: a model of the wrong width */
    cJSON *root = cJSON_Parse(text);
    cJSON *fo = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(
        cJSON_GetObjectItem(root, "precisions"), "double"), "gbt"), "ell");
    char *g = cJSON_PrintUnformatted(cJSON_GetObjectItem(fo, "gbt"));
    CHECK(parse_with(text, "work+gbt", g, msg, sizeof msg) == SPMVP_ERR_PARSE);
    char want[128];
    snprintf(want, sizeof want, "work+gbt: XGBoost cannot load it: a model of %d features, "
             "expected %d", SPMVP_FV_N, SPMVP_FV_N + 1);
    CHECK_MSG(strstr(msg, want), "%s", msg);
    cJSON_free(g);
    cJSON_Delete(root);
    /* without "gbt" the part is unfitted, and that is no error */
    root = cJSON_Parse(text);
    cJSON_DeleteItemFromObject(cJSON_GetObjectItem(cJSON_GetObjectItem(root, "precisions"),
                                                   "double"), "gbt");
    char *s = cJSON_PrintUnformatted(root);
    spmvp_profile *q = NULL;
    CHECK(spmvp_profile_parse("t.json", s, &q) == SPMVP_OK);
    CHECK(q && spmvp_model_gbt.fitted(spmvp_profile_part(q, &spmvp_model_gbt, K)) == 0);
    CHECK(q && isnan(spmvp_model_gbt.predict_vec(spmvp_profile_part(q, &spmvp_model_gbt, K), 0,
                                                 F, t.row[0].x)));
    spmvp_profile_free(q);
    cJSON_free(s);
    cJSON_Delete(root);
    free(text);
    spmvp_profile_free(p);
    spmvp_train_table_free(&t);
}

int main(void)
{
    RUN(gbt_fits_a_nonlinear_table_within_ten_percent);
    RUN(a_profile_reloads_the_boosters_bit_for_bit);
    RUN(training_is_repeatable);
    RUN(the_booster_weight_follows_what_generalises);
    RUN(a_malformed_booster_is_named_by_its_path);
    return test_report();
}
