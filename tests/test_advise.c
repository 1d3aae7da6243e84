/* test_advise.c: the setup-cost model (setup_cost.h) recovers known coefficients, survives a
 * profile round trip and is cross-validated; advice (advise.h) stays in CSR for one product
 * and converts for many, with the break-even count in between; the held-out advice report
 * (cv.h) judges picks by their measured totals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "spmvp_predict.h"
#include "test.h"

/* The setup times of the coefficients below for features x. */
static void true_setup(const double *x, double *convert, double *upload)
{
    *convert = 5 + 0.01 * x[SPMVP_FV_NNZ] + 0.002 * x[SPMVP_FV_ROWS] + 0.003 * x[SPMVP_FV_SLOTS];
    *upload = 20 + 1e-4 * x[SPMVP_FV_BYTES];
}

/* Matrix `prefix`i's double-precision row in format f, family i mod families, nothing else set. */
static spmvp_train_row blank_row(const char *prefix, int i, int families, spmvp_format f)
{
    spmvp_train_row r;
    memset(&r, 0, sizeof r);
    snprintf(r.matrix, sizeof r.matrix, "%s%d", prefix, i);
    snprintf(r.family, sizeof r.family, "fam%d", i % families);
    snprintf(r.mapping, sizeof r.mapping, "wg=256");
    r.prec = SPMVP_PRECISION_DOUBLE;
    r.format = f;
    return r;
}

/* Rows of `n` matrices in format f whose setup times follow true_setup exactly. */
static void add_rows(spmvp_train_table *t, spmvp_format f, int n, double us_scale)
{
    for (int i = 0; i < n; i++) {
        spmvp_train_row r = blank_row("m", i, 6, f);
        double nnz = 1000.0 * (1 + i * i), rows = 100.0 * (1 + (i * 7) % 13);
        r.x[SPMVP_FV_NNZ] = nnz;
        r.x[SPMVP_FV_ROWS] = rows;
        r.x[SPMVP_FV_SLOTS] = nnz * (1 + 0.1 * (i % 5));
        r.x[SPMVP_FV_BYTES] = 12 * r.x[SPMVP_FV_SLOTS] + 8 * rows;
        r.us = us_scale * (1 + nnz / 1e4);
        r.us_event = r.us_repeat = r.us;
        true_setup(r.x, &r.convert_us, &r.upload_us);
        CHECK(spmvp_train_table_add(t, &r) == SPMVP_OK);
    }
}

static int close_to(double a, double b) { return fabs(a - b) <= 1e-6 * (fabs(b) + 1e-9); }

static void the_setup_model_recovers_known_coefficients(void)
{
    spmvp_train_table t = {0};
    add_rows(&t, SPMVP_ELL, 30, 1.0);
    add_rows(&t, SPMVP_JAD, 5, 1.0); /* too few rows for a model */
    spmvp_setup_fit fits[SPMVP_NFORMATS];
    memset(fits, 0, sizeof fits);
    CHECK(spmvp_setup_fit_table(&t, NULL, SPMVP_PRECISION_DOUBLE, fits, NULL) == SPMVP_OK);
    const spmvp_setup_fit *e = &fits[SPMVP_ELL];
    CHECK(e->rows == 30);
    CHECK_MSG(close_to(e->convert[0], 5) && close_to(e->convert[1], 0.01) &&
              close_to(e->convert[2], 0.002) && close_to(e->convert[3], 0.003),
              "convert %g %g %g %g", e->convert[0], e->convert[1], e->convert[2], e->convert[3]);
    /* no upload past 32 MiB: that term has nothing to fit; the bytes up to the staging knot
     * cost what the others do (5 of the 30 layouts are larger): that term 0 */
    CHECK_MSG(close_to(e->upload[0], 20) && close_to(e->upload[1], 1e-4) && fabs(e->upload[2]) < 1e-9 &&
                  e->upload[3] == 0 && fabs(e->upload[4]) < 1e-12,
              "upload %g %g %g %g %g", e->upload[0], e->upload[1], e->upload[2], e->upload[3], e->upload[4]);
    CHECK(fits[SPMVP_JAD].rows == 0);
    /* CSR-scalar and CSR-vector upload the same arrays and convert nothing: one fit of both
     * formats' rows serves each (5 + 5 rows: neither alone would have a model) */
    spmvp_train_table csr = {0};
    add_rows(&csr, SPMVP_CSR_SCALAR, 5, 1.0);
    add_rows(&csr, SPMVP_CSR_VECTOR, 5, 1.0);
    spmvp_setup_fit both[SPMVP_NFORMATS];
    memset(both, 0, sizeof both);
    CHECK(spmvp_setup_fit_table(&csr, NULL, SPMVP_PRECISION_DOUBLE, both, NULL) == SPMVP_OK);
    CHECK(both[SPMVP_CSR_SCALAR].rows == 10 && both[SPMVP_CSR_VECTOR].rows == 10);
    CHECK(!memcmp(both[SPMVP_CSR_SCALAR].upload, both[SPMVP_CSR_VECTOR].upload, sizeof both[0].upload));
    spmvp_train_table_free(&csr);
    double c, u, x[SPMVP_FV_N] = {0};
    x[SPMVP_FV_NNZ] = 5e5, x[SPMVP_FV_ROWS] = 1e4, x[SPMVP_FV_SLOTS] = 6e5, x[SPMVP_FV_BYTES] = 8e6;
    double total = spmvp_setup_predict(e, x, &c, &u), tc, tu;
    true_setup(x, &tc, &tu);
    CHECK(close_to(c, tc) && close_to(u, tu) && close_to(total, tc + tu));
    CHECK(isnan(spmvp_setup_predict(&fits[SPMVP_JAD], x, &c, &u)) && isnan(c) && isnan(u));
    /* cross-validated by the folds given: exact data, so held out is exact too */
    int *fold = malloc(t.n * sizeof *fold);
    double *pred = malloc(t.n * sizeof *pred);
    for (size_t i = 0; i < t.n; i++)
        fold[i] = (int)(t.row[i].family[3] - '0') % 3; /* a family in one fold */
    CHECK(spmvp_setup_cv(&t, fold, 3, SPMVP_PRECISION_DOUBLE, pred, fits) == SPMVP_OK);
    CHECK(fits[SPMVP_ELL].cv.cases == 30 && fits[SPMVP_ELL].cv.median_dr < 1e-6);
    CHECK(close_to(pred[0], t.row[0].convert_us + t.row[0].upload_us));
    CHECK(isnan(pred[30])); /* JAD: no model without its fold either */

    /* through a profile file and back */
    spmvp_profile *p = spmvp_profile_new(), *q = NULL;
    CHECK(p != NULL);
    p->prec[SPMVP_PRECISION_DOUBLE].calib = spmvp_calib_new();
    memcpy(p->prec[SPMVP_PRECISION_DOUBLE].setup, fits, sizeof fits);
    spmvp_profile_stamp(p, "test");
    spmvp_status st = spmvp_profile_save(p, "test_advise_profile.json");
    CHECK_MSG(st == SPMVP_OK, "%s", spmvp_last_error());
    CHECK(spmvp_profile_load("test_advise_profile.json", &q) == SPMVP_OK);
    CHECK(q && !memcmp(q->prec[SPMVP_PRECISION_DOUBLE].setup, fits, sizeof fits));
    remove("test_advise_profile.json");
    spmvp_profile_free(p);
    spmvp_profile_free(q);
    free(fold);
    free(pred);
    spmvp_train_table_free(&t);
}

/* Setup times with a spread (each row x one of 0.5 ... 2.5, in a cycle): relative least squares
 * alone is pulled low by it; the fit's one scale factor (setup_cost.c, calibrate) makes the
 * median of log(measured / predicted) over the fitted rows 0. */
static void the_setup_model_is_median_unbiased_on_spread_times(void)
{
    static const double spread[] = {0.5, 0.8, 1.0, 1.0, 1.5, 2.5};
    spmvp_train_table t = {0};
    add_rows(&t, SPMVP_ELL, 36, 1.0);
    for (size_t i = 0; i < t.n; i++) {
        t.row[i].convert_us *= spread[i % 6];
        t.row[i].upload_us *= spread[i % 6];
    }
    spmvp_setup_fit fits[SPMVP_NFORMATS];
    memset(fits, 0, sizeof fits);
    CHECK(spmvp_setup_fit_table(&t, NULL, SPMVP_PRECISION_DOUBLE, fits, NULL) == SPMVP_OK);
    double lr[36];
    int below = 0, above = 0;
    for (size_t i = 0; i < t.n; i++) {
        double p = spmvp_setup_predict(&fits[SPMVP_ELL], t.row[i].x, NULL, NULL);
        lr[i] = log((t.row[i].convert_us + t.row[i].upload_us) / p);
        below += lr[i] < -1e-9;
        above += lr[i] > 1e-9;
    }
    CHECK_MSG(fits[SPMVP_ELL].rows == 36 && below <= 18 && above <= 18, "%d below, %d above", below, above);
    spmvp_train_table_free(&t);
}

/* Uploads that cost more per byte past 32 MiB (the host's caches no longer hold the copy):
 * the fit recovers the extra cost per byte there, and the rate below it. */
static void the_upload_model_recovers_a_dearer_rate_past_32_mib(void)
{
    spmvp_train_table t = {0};
    for (int i = 0; i < 24; i++) {
        spmvp_train_row r = blank_row("u", i, 4, SPMVP_COO);
        double bytes = 1048576.0 * pow(2, i / 3.0); /* 1 MiB to 181 MiB */
        r.x[SPMVP_FV_BYTES] = bytes;
        r.x[SPMVP_FV_NNZ] = r.x[SPMVP_FV_SLOTS] = bytes / 16;
        r.x[SPMVP_FV_ROWS] = bytes / 160;
        r.us = r.us_event = r.us_repeat = 1 + bytes / 1e6;
        r.convert_us = 3 + 0.002 * r.x[SPMVP_FV_NNZ];
        r.upload_us = 50 + 8e-5 * bytes + 4e-5 * (bytes > 33554432.0 ? bytes - 33554432.0 : 0);
        CHECK(spmvp_train_table_add(&t, &r) == SPMVP_OK);
    }
    spmvp_setup_fit fits[SPMVP_NFORMATS];
    memset(fits, 0, sizeof fits);
    CHECK(spmvp_setup_fit_table(&t, NULL, SPMVP_PRECISION_DOUBLE, fits, NULL) == SPMVP_OK);
    const double *u = fits[SPMVP_COO].upload;
    CHECK_MSG(close_to(u[0], 50) && close_to(u[1], 8e-5) && fabs(u[2]) < 1e-9 && close_to(u[3], 4e-5),
              "upload %g %g %g %g", u[0], u[1], u[2], u[3]);
    spmvp_train_table_free(&t);
}

static spmvp_rank_entry entry(spmvp_format f, double us, double convert, double upload)
{
    spmvp_rank_entry e;
    memset(&e, 0, sizeof e);
    e.config.format = f;
    e.config.map = spmvp_mapping_auto();
    snprintf(e.mapping, sizeof e.mapping, "wg=256");
    e.us = us;
    e.convert_us = convert;
    e.upload_us = upload;
    return e;
}

static void advice_stays_in_csr_for_few_products_and_converts_for_many(void)
{
    spmvp_rank_entry e[4] = {
        entry(SPMVP_ELL, 5, 900, 100),           /* twice as fast, 10x dearer to set up */
        entry(SPMVP_CSR_VECTOR, 10, 0, 100),
        entry(SPMVP_CSR_SCALAR, 30, 0, 100),
        entry(SPMVP_COO, 4, NAN, NAN),            /* no setup model: never advised */
    };
    spmvp_advice a;
    CHECK(spmvp_advise_ranked(e, 4, 1, &a) == SPMVP_OK);
    CHECK(a.best == 1 && a.csr == 1 && close_to(a.best_total_us, 110));
    CHECK(spmvp_advise_ranked(e, 4, 1000, &a) == SPMVP_OK);
    CHECK(a.best == 0 && a.csr == 1 && close_to(a.best_total_us, 6000) && close_to(a.csr_total_us, 10100));
    CHECK(spmvp_advise_csr_baseline(e, 4) == 1 && spmvp_advise_csr_baseline(e, 1) == -1);
    CHECK(close_to(spmvp_advise_break_even(&e[0], &e[1]), 180)); /* 900 / 5 */
    CHECK(isinf(spmvp_advise_break_even(&e[2], &e[1])));        /* slower: never */
    CHECK(spmvp_advise_break_even(&e[1], &e[2]) == 0);          /* as cheap, faster */
    CHECK(isnan(spmvp_advise_break_even(&e[3], &e[1])));
    CHECK(spmvp_advise_ranked(e, 4, 180, &a) == SPMVP_OK && a.best >= 0);
    CHECK(spmvp_advise_ranked(e, 4, -1, &a) == SPMVP_ERR_ARG);
    CHECK(spmvp_advise_ranked(e, 0, 10, &a) == SPMVP_OK && a.best == -1 && a.csr == -1);
}

/* Two matrices, CSR-vector (cheap setup, slow) and ELL (dear setup, fast), with held-out
 * predictions equal to the truth: advice is the oracle at every N; always CSR-vector is not
 * once ELL pays back. */
static void held_out_advice_is_judged_by_measured_totals(void)
{
    spmvp_train_table t = {0};
    for (int mtx = 0; mtx < 2; mtx++) {
        for (int k = 0; k < 2; k++) {
            spmvp_train_row r;
            memset(&r, 0, sizeof r);
            snprintf(r.matrix, sizeof r.matrix, "m%d", mtx);
            snprintf(r.family, sizeof r.family, "f%d", mtx);
            r.prec = SPMVP_PRECISION_DOUBLE;
            r.x[SPMVP_FV_NNZ] = 1000;
            r.x[SPMVP_FV_ROWS] = 100; /* mean 10: spmvp's V at warp 32 */
            r.format = k ? SPMVP_ELL : SPMVP_CSR_VECTOR;
            snprintf(r.mapping, sizeof r.mapping, k ? "wg=256" : "wg=256 V=%d",
                     spmvp_vector_width_for_mean(10, 32));
            r.us = k ? 5 : 10;
            r.us_repeat = r.us;
            r.convert_us = k ? 900 : 0;
            r.upload_us = 100;
            CHECK(spmvp_train_table_add(&t, &r) == SPMVP_OK);
        }
    }
    spmvp_cv cv = {0};
    cv.n = t.n;
    cv.nfolds = 2;
    cv.fold = calloc(t.n, sizeof *cv.fold);
    cv.pred = malloc(t.n * SPMVP_MODELS_MAX * sizeof *cv.pred);
    double setup[4];
    for (size_t i = 0; i < t.n; i++) {
        cv.fold[i] = (int)i / 2;
        for (int m = 0; m < SPMVP_MODELS_MAX; m++)
            cv.pred[i * SPMVP_MODELS_MAX + m] = t.row[i].us;
        setup[i] = t.row[i].convert_us + t.row[i].upload_us;
    }
    spmvp_cv_rank a = spmvp_cv_advice(&t, &cv, 0, SPMVP_PRECISION_DOUBLE, setup, NULL, 10);
    CHECK(a.matrices == 2 && a.within5 == 1 && close_to(a.geomean, 1));
    a = spmvp_cv_advice(&t, &cv, 0, SPMVP_PRECISION_DOUBLE, setup, NULL, 10000);
    CHECK(a.matrices == 2 && a.within5 == 1);
    spmvp_cv_rank b = spmvp_cv_advice(&t, &cv, SPMVP_CV_CSR_VECTOR, SPMVP_PRECISION_DOUBLE, setup, NULL, 10000);
    CHECK(b.matrices == 2 && b.within5 == 0 && close_to(b.worst, 100100.0 / 51000.0));
    b = spmvp_cv_advice(&t, &cv, SPMVP_CV_CSR_VECTOR, SPMVP_PRECISION_DOUBLE, setup, NULL, 10);
    CHECK(b.within5 == 1); /* for 10 products staying in CSR is the oracle */
    spmvp_cv_free(&cv);
    spmvp_train_table_free(&t);
}


/* A configuration's measured setup is the median of the timings of the same arrays: four
 * CSR rows of one matrix, CSR-vector and one CSR-scalar (one CSR upload, timed 100, 140, 90,
 * 400 µs: median 120) and an ELL row of other bytes (its own 300 + 200). Judged by those, advice that picks CSR-vector
 * for 10 products is the oracle whichever V it picks; judged by each row's own timing, the
 * oracle is the V whose upload happened to be timed fastest. */
static void measured_setup_is_the_median_of_the_same_arrays(void)
{
    spmvp_train_table t = {0};
    const double upload[5] = {100, 140, 90, 400, 300};
    for (int k = 0; k < 5; k++) {
        spmvp_train_row r;
        memset(&r, 0, sizeof r);
        snprintf(r.matrix, sizeof r.matrix, "m");
        snprintf(r.family, sizeof r.family, "f");
        r.prec = SPMVP_PRECISION_DOUBLE;
        r.x[SPMVP_FV_NNZ] = 1000;
        r.x[SPMVP_FV_ROWS] = 100;
        r.format = k < 3 ? SPMVP_CSR_VECTOR : k == 3 ? SPMVP_CSR_SCALAR : SPMVP_ELL;
        r.x[SPMVP_FV_BYTES] = k < 4 ? 12000 : 16000;
        snprintf(r.mapping, sizeof r.mapping, "wg=256 V=%d", 1 << k);
        r.us = r.us_repeat = k < 4 ? 10 - 0.1 * k : 5; /* CSR-scalar's is the fastest product */
        r.convert_us = k < 4 ? 0 : 200;
        r.upload_us = upload[k];
        CHECK(spmvp_train_table_add(&t, &r) == SPMVP_OK);
    }
    double meas[5], setup[5];
    CHECK(spmvp_cv_setup_measured(&t, meas) == SPMVP_OK);
    CHECK(close_to(meas[0], 120) && close_to(meas[3], 120) && close_to(meas[4], 500));
    spmvp_cv cv = {0};
    cv.n = t.n;
    cv.nfolds = 1;
    cv.fold = calloc(t.n, sizeof *cv.fold);
    cv.pred = malloc(t.n * SPMVP_MODELS_MAX * sizeof *cv.pred);
    for (size_t i = 0; cv.pred && i < t.n; i++) {
        for (int m = 0; m < SPMVP_MODELS_MAX; m++)
            cv.pred[i * SPMVP_MODELS_MAX + m] = t.row[i].us;
        setup[i] = meas[i]; /* a setup model that knows the arrays' cost */
    }
    /* the pick: CSR-scalar (least predicted total); by the medians it is the oracle, by its
     * own 400 µs timing it is 2.6x the V=4 row's 90 + 98 */
    spmvp_cv_rank a = spmvp_cv_advice(&t, &cv, 0, SPMVP_PRECISION_DOUBLE, setup, meas, 10);
    CHECK(a.matrices == 1 && a.within5 == 1 && close_to(a.geomean, 1));
    a = spmvp_cv_advice(&t, &cv, 0, SPMVP_PRECISION_DOUBLE, setup, NULL, 10);
    CHECK(a.matrices == 1 && a.within5 == 0 && close_to(a.geomean, (400 + 97.0) / (90 + 98.0)));
    spmvp_cv_free(&cv);
    spmvp_train_table_free(&t);
}

int main(void)
{
    RUN(the_setup_model_recovers_known_coefficients);
    RUN(the_setup_model_is_median_unbiased_on_spread_times);
    RUN(the_upload_model_recovers_a_dearer_rate_past_32_mib);
    RUN(advice_stays_in_csr_for_few_products_and_converts_for_many);
    RUN(held_out_advice_is_judged_by_measured_totals);
    RUN(measured_setup_is_the_median_of_the_same_arrays);
    return test_report();
}
