/* test_learned.c: seed 004's learned models (model/predict/model_linreg.c, model_knn.c): the
 * linear regression recovers known coefficients, the KNN gives hand-computed predictions, both
 * survive a profile round trip bit for bit, and malformed parts are refused naming the path. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "spmvp_predict.h"
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

extern const spmvp_model spmvp_model_linreg, spmvp_model_knn;

#define K SPMVP_PRECISION_DOUBLE

static int bits_equal(double a, double b) { return !memcmp(&a, &b, sizeof a); }

static int close_rel(double a, double b, double tol) { return fabs(a - b) <= tol * fabs(b); }

/* A deterministic uniform number in [0, 1). */
static double uniform(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) / 9007199254740992.0;
}

/* Every feature random (so the selection has something to reject), nnz and maxNnz over
 * decades, blocksize a work-group size. */
static void random_features(unsigned long long *s, double *x)
{
    for (int j = 0; j < SPMVP_FV_N; j++)
        x[j] = floor(pow(10, 1 + 5 * uniform(s)));
    x[SPMVP_FV_BLOCKSIZE] = 64 << (int)(4 * uniform(s));
    x[SPMVP_FV_NNZ] = floor(pow(10, 3 + 5 * uniform(s)));
    x[SPMVP_FV_MAX_NNZ] = floor(pow(10, 4 * uniform(s)));
}

static double true_us(const double *x)
{
    return exp(0.5 + 0.8 * log1p(x[SPMVP_FV_NNZ]) + 0.3 * log1p(x[SPMVP_FV_MAX_NNZ]));
}

/* 60 noise-free COO rows of 6 families at double precision. */
static void linear_table(spmvp_train_table *t)
{
    unsigned long long s = 42;
    for (int i = 0; i < 60; i++) {
        spmvp_train_row r = {0};
        snprintf(r.matrix, sizeof r.matrix, "m%d", i);
        snprintf(r.family, sizeof r.family, "fam%d", i % 6);
        snprintf(r.mapping, sizeof r.mapping, "wg=256");
        r.prec = K;
        r.format = SPMVP_COO;
        random_features(&s, r.x);
        r.us = true_us(r.x);
        r.us_event = r.us;
        r.us_repeat = NAN;
        CHECK(spmvp_train_table_add(t, &r) == SPMVP_OK);
    }
}

/* The notes of fitting model m from t into part, as a malloc'd string. */
static char *fit_notes(const spmvp_model *m, const spmvp_train_table *t, void *part)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(f != NULL);
    CHECK_MSG(m->fit_table(t, NULL, K, part, f) == SPMVP_OK, "%s", spmvp_last_error());
    fclose(f);
    return buf;
}

static void linreg_should_recover_known_coefficients(void)
{
    spmvp_train_table t = {0};
    linear_table(&t);
    spmvp_profile *p = spmvp_profile_new();
    void *part = spmvp_profile_part(p, &spmvp_model_linreg, K);
    char *notes = fit_notes(&spmvp_model_linreg, &t, part);
    if (getenv("SPMVP_TEST_VERBOSE"))
        fputs(notes ? notes : "", stdout);
    CHECK_MSG(notes && strstr(notes, "lr double coo: 60 rows, features") && strstr(notes, " nnz") &&
                  strstr(notes, " maxNnz"), "%s", notes ? notes : "(none)");
    unsigned long long s = 7;
    for (int i = 0; i < 20; i++) {
        double x[SPMVP_FV_N];
        random_features(&s, x);
        double y = spmvp_model_linreg.predict_vec(part, 0, SPMVP_COO, x);
        CHECK_MSG(close_rel(y, true_us(x), 1e-6), "%.17g vs %.17g", y, true_us(x));
    }
    double x[SPMVP_FV_N];
    random_features(&s, x);
    CHECK(isnan(spmvp_model_linreg.predict_vec(part, 0, SPMVP_ELL, x))); /* no ELL rows */
    x[SPMVP_FV_NNZ] = NAN;
    CHECK(isnan(spmvp_model_linreg.predict_vec(part, 0, SPMVP_COO, x)));
    /* fewer than 8 rows: no model, said so */
    unsigned char use[60] = {0};
    for (int i = 0; i < 7; i++)
        use[i] = 1;
    spmvp_model_linreg.free_prec ? spmvp_model_linreg.free_prec(part) : (void)0;
    CHECK(spmvp_model_linreg.fit_table(&t, use, K, part, NULL) == SPMVP_OK);
    random_features(&s, x);
    CHECK(isnan(spmvp_model_linreg.predict_vec(part, 0, SPMVP_COO, x)));
    free(notes);
    spmvp_profile_free(p);
    spmvp_train_table_free(&t);
}

/* Five COO rows at nnz 10, 100, ..., 1e5 with times 1, 2, 4, 8, 16 µs; every other feature
 * constant (dropped), so the distance is that of log(1 + nnz) alone. */
static void toy_table(spmvp_train_table *t)
{
    for (int i = 0; i < 5; i++) {
        spmvp_train_row r = {0};
        snprintf(r.matrix, sizeof r.matrix, "toy%d", i);
        snprintf(r.family, sizeof r.family, "toy");
        r.prec = K;
        r.format = SPMVP_COO;
        for (int j = 0; j < SPMVP_FV_N; j++)
            r.x[j] = 5;
        r.x[SPMVP_FV_NNZ] = pow(10, i + 1);
        r.us = pow(2, i);
        CHECK(spmvp_train_table_add(t, &r) == SPMVP_OK);
    }
}

static void knn_should_give_hand_computed_predictions(void)
{
    spmvp_train_table t = {0};
    toy_table(&t);
    spmvp_profile *p = spmvp_profile_new();
    void *part = spmvp_profile_part(p, &spmvp_model_knn, K);
    char *notes = fit_notes(&spmvp_model_knn, &t, part);
    CHECK_MSG(notes && !strcmp(notes, "knn double coo: 5 rows, k 4, features nnz\n"), "%s",
              notes ? notes : "(none)");
    double x[SPMVP_FV_N];
    for (int j = 0; j < SPMVP_FV_N; j++)
        x[j] = 5;
    /* an exact match: its time */
    x[SPMVP_FV_NNZ] = 1000;
    CHECK(close_rel(spmvp_model_knn.predict_vec(part, 0, SPMVP_COO, x), 4, 1e-14));
    /* between 1000 and 10000: the 4 nearest are 100, 1000, 10000, 1e5 (10 is farthest);
     * weights 1/|u - u_i| on the min-max normalised log(1 + nnz), geometric mean */
    x[SPMVP_FV_NNZ] = 3000;
    double lo = log1p(10), hi = log1p(1e5), u = (log1p(3000) - lo) / (hi - lo), sw = 0, sl = 0;
    for (int i = 1; i < 5; i++) {
        double ui = (log1p(pow(10, i + 1)) - lo) / (hi - lo), w = 1 / fabs(u - ui);
        sw += w;
        sl += w * i * log(2);
    }
    double want = exp(sl / sw), got = spmvp_model_knn.predict_vec(part, 0, SPMVP_COO, x);
    CHECK_MSG(close_rel(got, want, 1e-12), "%.17g vs %.17g", got, want);
    CHECK(got > 4 && got < 8);
    x[SPMVP_FV_NNZ] = NAN;
    CHECK(isnan(spmvp_model_knn.predict_vec(part, 0, SPMVP_COO, x)));
    x[SPMVP_FV_NNZ] = 3000;
    CHECK(isnan(spmvp_model_knn.predict_vec(part, 0, SPMVP_CSR_SCALAR, x))); /* no rows */
    free(notes);
    spmvp_profile_free(p);
    spmvp_train_table_free(&t);
}

static void knn_should_keep_at_most_4000_points(void)
{
    spmvp_train_table t = {0};
    unsigned long long s = 3;
    for (int i = 0; i < 4100; i++) {
        spmvp_train_row r = {0};
        r.prec = K;
        r.format = SPMVP_SELL;
        random_features(&s, r.x);
        r.us = true_us(r.x);
        CHECK(spmvp_train_table_add(&t, &r) == SPMVP_OK);
    }
    spmvp_profile *p = spmvp_profile_new();
    char *notes = fit_notes(&spmvp_model_knn, &t, spmvp_profile_part(p, &spmvp_model_knn, K));
    CHECK_MSG(notes && strstr(notes, "knn double sell: 4100 rows (4000 kept), k 4, features "
                                     "blocksize, nnz, minNnz, dispersion, lockstep, bytes, sectors"),
              "%s", notes ? notes : "(none)");
    free(notes);
    spmvp_profile_free(p);
    spmvp_train_table_free(&t);
}

/* Model m fitted on the linear table into a profile, printed, parsed again: the same
 * predictions bit for bit; the text in *text (caller frees). */
static void round_trip(const spmvp_model *m, char **text)
{
    spmvp_train_table t = {0};
    linear_table(&t);
    spmvp_profile *p = spmvp_profile_new(), *q = NULL;
    spmvp_profile_stamp(p, "0.0.0-test");
    p->prec[K].calib = spmvp_calib_new();
    CHECK(m->fitted(spmvp_profile_part(p, m, K)) == 0);
    CHECK(m->fit_table(&t, NULL, K, spmvp_profile_part(p, m, K), NULL) == SPMVP_OK);
    CHECK(m->fitted(spmvp_profile_part(p, m, K)) == 1);
    /* the predictor takes the part as the model's state, and says why not without it */
    spmvp_predictor pred;
    CHECK(spmvp_predictor_init(&pred, p, "t.json", K ? 8 : 4) == SPMVP_OK);
    CHECK(spmvp_predictor_has(&pred, m) && spmvp_predictor_state(&pred, m) &&
          *(const void *const *)spmvp_predictor_state(&pred, m) == spmvp_profile_part(p, m, K));
    spmvp_predictor_release(&pred);
    *text = NULL;
    CHECK_MSG(spmvp_profile_print(p, text) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK_MSG(*text && spmvp_profile_parse("t.json", *text, &q) == SPMVP_OK, "%s", spmvp_last_error());
    unsigned long long s = 11;
    for (int i = 0; q && i < 50; i++) {
        double x[SPMVP_FV_N];
        random_features(&s, x);
        double a = m->predict_vec(spmvp_profile_part(p, m, K), 0, SPMVP_COO, x);
        double b = m->predict_vec(spmvp_profile_part(q, m, K), 0, SPMVP_COO, x);
        CHECK_MSG(bits_equal(a, b) && isfinite(a), "%s: %.17g vs %.17g", m->variant[0].name, a, b);
    }
    spmvp_profile_free(p);
    spmvp_profile_free(q);
    spmvp_train_table_free(&t);
}

/* text with the first `from` after `after` replaced by `to`, parsed: refused with `path` in
 * the message. */
static void check_refused(const char *text, const char *after, const char *from, const char *to,
                          const char *path)
{
    const char *at = strstr(text, after);
    at = at ? strstr(at, from) : NULL;
    CHECK_MSG(at != NULL, "no %s after %s", from, after);
    char *bad = malloc(strlen(text) + strlen(to) + 1);
    if (!at || !bad) {
        free(bad);
        return;
    }
    size_t head = (size_t)(at - text);
    memcpy(bad, text, head);
    strcpy(bad + head, to);
    strcat(bad, at + strlen(from));
    spmvp_profile *q = NULL;
    CHECK(spmvp_profile_parse("bad.json", bad, &q) == SPMVP_ERR_PARSE && q == NULL);
    CHECK_MSG(strstr(spmvp_last_error(), path), "%s", spmvp_last_error());
    free(bad);
}

static void linreg_should_round_trip_and_refuse_malformed_parts(void)
{
    char *text = NULL;
    round_trip(&spmvp_model_linreg, &text);
    CHECK(text && strstr(text, "\"linreg\"") && strstr(text, "\"intercept\""));
    if (!text)
        return;
    check_refused(text, "\"linreg\"", "\"maxNnz\"", "\"maxNNz\"",
                  "bad.json: precisions.double.linreg.coo.weights.maxNNz: unknown feature");
    check_refused(text, "\"linreg\"", "\"coo\"", "\"cox\"",
                  "bad.json: precisions.double.linreg.cox: unknown format");
    check_refused(text, "\"linreg\"", "\"intercept\": ", "\"intercept\": \"x\", \"_\": ",
                  "bad.json: precisions.double.linreg.coo.intercept: expected a number");
    check_refused(text, "\"linreg\"", "\"weights\"", "\"weighty\"",
                  "precisions.double.linreg.coo.weights: missing");
    free(text);
}

static void knn_should_round_trip_and_refuse_malformed_parts(void)
{
    char *text = NULL;
    round_trip(&spmvp_model_knn, &text);
    CHECK(text && strstr(text, "\"knn\"") && strstr(text, "\"points\""));
    if (!text)
        return;
    check_refused(text, "\"knn\"", "\"nnz\"", "\"nnq\"",
                  "bad.json: precisions.double.knn.coo.features[1]: unknown feature \"nnq\"");
    check_refused(text, "\"knn\"", "\"coo\"", "\"cox\"",
                  "bad.json: precisions.double.knn.cox: unknown format");
    check_refused(text, "\"points\"", "[\n[", "[\n[\"x\", ",
                  "bad.json: precisions.double.knn.coo.points[0][0]: expected a number");
    check_refused(text, "\"points\"", "[\n[", "[\n[1, ", "bad.json: precisions.double.knn.coo.points[0]: expected");
    check_refused(text, "\"knn\"", "\"min\"", "\"mim\"", "bad.json: precisions.double.knn.coo.min: missing");
    check_refused(text, "\"knn\"", "\"knn\": {", "\"knn\": 3, \"_\": {",
                  "bad.json: precisions.double.knn: expected an object");
    free(text);
}

int main(void)
{
    RUN(linreg_should_recover_known_coefficients);
    RUN(knn_should_give_hand_computed_predictions);
    RUN(knn_should_keep_at_most_4000_points);
    RUN(linreg_should_round_trip_and_refuse_malformed_parts);
    RUN(knn_should_round_trip_and_refuse_malformed_parts);
    return test_report();
}
