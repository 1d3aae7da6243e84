/* test_lib_api.c: libspmvp through include/spmvp.h alone, linked to the shared library as a
 * user links it: edge-case matrices, bad arguments (a status and one line, never a crash),
 * predictions on devices/pocl-cpu.json, and products on the OpenCL device against the CPU. */
#include "spmvp.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "test_laplacian.h"

#define PROFILE SPMVP_SOURCE_DIR "/devices/pocl-cpu.json"

static spmvp_profile *profile;
static spmvp_device *device; /* NULL: no OpenCL device, products are skipped */

/* A failure as spmvp.h promises it: status st, *out left NULL, one non-empty line. */
#define CHECK_FAILS(call, st, out)                                                             \
    do {                                                                                       \
        spmvp_status got_ = (call);                                                            \
        CHECK_MSG(got_ == (st), "%s: got %s (%s)", #call, spmvp_strerror(got_),                \
                  spmvp_last_error());                                                         \
        CHECK(out == NULL);                                                                    \
        CHECK(spmvp_last_error()[0] && !strchr(spmvp_last_error(), '\n'));                     \
    } while (0)

/* y = A*x on the CPU from the caller's arrays. */
static void cpu_spmv(int64_t nrows, const int32_t *rp, const int32_t *ci, const double *v,
                     const double *x, double *y)
{
    for (int64_t i = 0; i < nrows; i++) {
        double s = 0;
        for (int32_t k = rp[i]; k < rp[i + 1]; k++)
            s += v[k] * x[ci[k]];
        y[i] = s;
    }
}

/* Runs A in `format` at value_size and compares y with the CPU product (relative 1e-12 in
 * double, 1e-5 in single, against the sum of |a_ij x_j|). */
static void check_product(const spmvp_matrix *A, const char *format, size_t value_size,
                          const int32_t *rp, const int32_t *ci, const double *v)
{
    if (!device)
        return;
    int64_t n = spmvp_matrix_rows(A), m = spmvp_matrix_cols(A);
    double *x = malloc(((size_t)m + 1) * sizeof *x), *y = malloc(((size_t)n + 1) * sizeof *y);
    double *ref = malloc(((size_t)n + 1) * sizeof *ref), *mag = malloc(((size_t)n + 1) * sizeof *mag);
    double *av = malloc(((size_t)(n ? rp[n] : 0) + 1) * sizeof *av);
    for (int64_t j = 0; j < m; j++)
        x[j] = 1.0 + (double)(j % 7) / 8;
    for (int32_t k = 0; k < (n ? rp[n] : 0); k++)
        av[k] = fabs(v[k]);
    cpu_spmv(n, rp, ci, v, x, ref);
    cpu_spmv(n, rp, ci, av, x, mag);
    spmvp_product *p = NULL;
    spmvp_status st = spmvp_product_create(device, A, format, value_size, &p);
    CHECK_MSG(st == SPMVP_OK, "%s: %s", format, spmvp_last_error());
    if (!st) {
        CHECK(spmvp_product_params(p) != NULL);
        st = spmvp_product_run(p, x, y);
        CHECK_MSG(st == SPMVP_OK, "%s: %s", format, spmvp_last_error());
        double tol = value_size == 8 ? 1e-12 : 1e-5;
        int64_t bad = -1;
        for (int64_t i = 0; i < n && !st; i++)
            if (fabs(y[i] - ref[i]) > tol * (mag[i] + 1e-300))
                bad = bad < 0 ? i : bad;
        CHECK_MSG(bad < 0, "%s: row %lld: %g, CPU %g", format, (long long)bad,
                  bad < 0 ? 0 : y[bad], bad < 0 ? 0 : ref[bad]);
    }
    spmvp_product_free(p);
    free(x), free(y), free(ref), free(mag), free(av);
}

/* Predicts A in double precision and checks the estimate: every time > 0 or NaN (marked: no
 * prediction), the best among the predicted; returns the recommended format (or csr_scalar). */
static const char *check_estimate(const spmvp_matrix *A)
{
    spmvp_estimate *e = NULL;
    spmvp_status st = spmvp_predict(profile, 8, A, &e);
    CHECK_MSG(st == SPMVP_OK, "%s", spmvp_last_error());
    if (st)
        return "csr_scalar";
    int n = spmvp_estimate_count(e), best = spmvp_estimate_best(e);
    CHECK(n >= 10);
    for (int i = 0; i < n; i++) {
        double us = spmvp_estimate_us(e, i);
        CHECK_MSG(isnan(us) || us > 0, "%s: %g", spmvp_estimate_format(e, i), us);
        CHECK(spmvp_estimate_format(e, i) && spmvp_estimate_params(e, i));
    }
    CHECK(spmvp_estimate_format(e, n) == NULL && spmvp_estimate_format(e, -1) == NULL);
    CHECK(isnan(spmvp_estimate_us(e, n)) && spmvp_estimate_params(e, -1) == NULL);
    CHECK(best >= -1 && best < n);
    CHECK((best >= 0) == (spmvp_estimate_model(e) != NULL));
    static char name[64];
    snprintf(name, sizeof name, "%s", best >= 0 ? spmvp_estimate_format(e, best) : "csr_scalar");
    if (best >= 0)
        for (int i = 0; i < n; i++)
            CHECK(isnan(spmvp_estimate_us(e, i)) ||
                  spmvp_estimate_us(e, i) >= spmvp_estimate_us(e, best));
    spmvp_estimate_free(e);
    return name;
}

static void status_names_should_match_the_layers(void)
{
    static const char *names[] = {"SPMVP_OK", "SPMVP_ERR_NOMEM", "SPMVP_ERR_IO",
        "SPMVP_ERR_PARSE", "SPMVP_ERR_UNSUPPORTED", "SPMVP_ERR_RANGE", "SPMVP_ERR_UNSUITABLE",
        "SPMVP_ERR_VERIFY", "SPMVP_ERR_NO_DEVICE", "SPMVP_ERR_BUILD", "SPMVP_ERR_ARG"};
    spmvp_status codes[] = {SPMVP_OK, SPMVP_ERR_NOMEM, SPMVP_ERR_IO, SPMVP_ERR_PARSE,
        SPMVP_ERR_UNSUPPORTED, SPMVP_ERR_RANGE, SPMVP_ERR_UNSUITABLE, SPMVP_ERR_VERIFY,
        SPMVP_ERR_NO_DEVICE, SPMVP_ERR_BUILD, SPMVP_ERR_ARG};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        CHECK_MSG(!strcmp(spmvp_strerror(codes[i]), names[i]), "%s", names[i]);
    CHECK(!strcmp(spmvp_strerror(-5), "CL_OUT_OF_RESOURCES"));
    CHECK(spmvp_version()[0] >= '0' && spmvp_version()[0] <= '9');
}

/* The features of A: rows, non-zeros and the longest row where spmvp_feature_name says; then
 * a ranking with setup and advice (or, for a matrix no format holds, a status and a line). */
static void check_features_and_advice(const spmvp_matrix *A, double rows, double nnz, double max_row)
{
    double f[64];
    CHECK(spmvp_feature_count() <= 64 && spmvp_matrix_features(A, f) == SPMVP_OK);
    for (int k = 0; k < spmvp_feature_count(); k++) {
        const char *name = spmvp_feature_name(k);
        CHECK(isfinite(f[k]) && f[k] >= 0);
        if (!strcmp(name, "nRows"))
            CHECK(f[k] == rows);
        if (!strcmp(name, "nnz"))
            CHECK(f[k] == nnz);
        if (!strcmp(name, "maxNnz"))
            CHECK(f[k] == max_row);
    }
    spmvp_ranking *r = NULL;
    spmvp_status st = spmvp_rank(profile, 8, A, &r);
    CHECK_MSG(st == SPMVP_OK || (r == NULL && spmvp_last_error()[0]), "%s", spmvp_last_error());
    int n = spmvp_ranking_count(r), i = spmvp_advise(r, 100);
    CHECK(i >= -1 && i < n && (n == 0 || i >= 0));
    CHECK(i < 0 || spmvp_ranking_setup_us(r, i) > 0);
    spmvp_ranking_free(r);
}

static void empty_matrix_should_predict_and_multiply(void)
{
    int32_t rp[1] = {0};
    spmvp_matrix *A = NULL;
    CHECK(spmvp_matrix_from_csr32(0, 0, rp, NULL, NULL, 8, &A) == SPMVP_OK);
    CHECK(spmvp_matrix_rows(A) == 0 && spmvp_matrix_cols(A) == 0 && spmvp_matrix_nnz(A) == 0);
    check_features_and_advice(A, 0, 0, 0);
    spmvp_estimate *e = NULL;
    spmvp_status st = spmvp_predict(profile, 8, A, &e);
    CHECK_MSG(st == SPMVP_OK || (e == NULL && spmvp_last_error()[0]), "%s", spmvp_last_error());
    spmvp_estimate_free(e);
    if (device) {
        spmvp_product *p = NULL;
        st = spmvp_product_create(device, A, "csr_scalar", 8, &p);
        CHECK_MSG(st == SPMVP_OK, "%s", spmvp_last_error());
        CHECK(!p || spmvp_product_run(p, NULL, NULL) == SPMVP_OK);
        spmvp_product_free(p);
    }
    spmvp_matrix_free(A);
    /* rows without entries, and columns without rows */
    int32_t rp3[4] = {0, 0, 0, 0};
    CHECK(spmvp_matrix_from_csr32(3, 5, rp3, NULL, NULL, 4, &A) == SPMVP_OK);
    check_estimate(A);
    double v0[1] = {0};
    check_product(A, "ell", 8, rp3, NULL, v0);
    A = spmvp_matrix_free(A);
    CHECK(spmvp_matrix_from_csr32(0, 7, rp, NULL, NULL, 8, &A) == SPMVP_OK);
    check_product(A, "coo", 8, rp, NULL, v0);
    spmvp_matrix_free(A);
}

static void one_by_one_should_multiply_in_both_precisions(void)
{
    int32_t rp[2] = {0, 1}, ci[1] = {0};
    double v[1] = {-2.5};
    float vf[1] = {-2.5f};
    spmvp_matrix *A = NULL, *B = NULL;
    CHECK(spmvp_matrix_from_csr32(1, 1, rp, ci, v, 8, &A) == SPMVP_OK);
    CHECK(spmvp_matrix_from_csr32(1, 1, rp, ci, vf, 4, &B) == SPMVP_OK);
    const char *f = check_estimate(A);
    check_features_and_advice(A, 1, 1, 1);
    check_product(A, f, 8, rp, ci, v);
    check_product(B, "csr_vector", 4, rp, ci, v);
    spmvp_matrix_free(A);
    spmvp_matrix_free(B);
}

/* One row of 100,000 entries among 2,000 rows of 3. */
static void long_row_should_predict_and_multiply(void)
{
    const int32_t n = 2001, m = 100000, longrow = 1000;
    int32_t *rp = malloc((n + 1) * sizeof *rp), *ci = malloc((size_t)(m + 3 * n) * sizeof *ci);
    double *v = malloc((size_t)(m + 3 * n) * sizeof *v);
    int32_t k = 0;
    rp[0] = 0;
    for (int32_t i = 0; i < n; i++) {
        int32_t len = i == longrow ? m : 3;
        for (int32_t j = 0; j < len; j++, k++) {
            ci[k] = i == longrow ? j : (i * 37 + j * 1001) % m;
            v[k] = 1.0 / (1 + (k % 13));
        }
        if (i != longrow) /* sort the three columns */
            for (int32_t a = k - 3; a < k; a++)
                for (int32_t b = a + 1; b < k; b++)
                    if (ci[b] < ci[a]) {
                        int32_t t = ci[a];
                        ci[a] = ci[b], ci[b] = t;
                    }
        rp[i + 1] = k;
    }
    spmvp_matrix *A = NULL;
    CHECK_MSG(spmvp_matrix_from_csr32(n, m, rp, ci, v, 8, &A) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK(spmvp_matrix_nnz(A) == m + 3 * (n - 1));
    check_features_and_advice(A, n, m + 3 * (n - 1), m);
    const char *f = check_estimate(A);
    check_product(A, f, 8, rp, ci, v);
    check_product(A, "csr_adaptive", 8, rp, ci, v);
    spmvp_matrix_free(A);
    free(rp), free(ci), free(v);
}

static void int64_indices_should_match_int32_and_refuse_past_32_bits(void)
{
    int64_t rp[4] = {0, 2, 3, 5}, ci[5] = {0, 2, 1, 0, 2};
    int32_t rp32[4] = {0, 2, 3, 5}, ci32[5] = {0, 2, 1, 0, 2};
    double v[5] = {1, 2, 3, 4, 5};
    spmvp_matrix *A = NULL;
    CHECK(spmvp_matrix_from_csr64(3, 3, rp, ci, v, 8, &A) == SPMVP_OK);
    CHECK(spmvp_matrix_nnz(A) == 5);
    check_estimate(A);
    check_product(A, "jad", 8, rp32, ci32, v);
    A = spmvp_matrix_free(A);
    int64_t big = (int64_t)INT32_MAX + 1;
    int64_t ci_big[5] = {0, big, 1, 0, 2};
    CHECK_FAILS(spmvp_matrix_from_csr64(3, 3, rp, ci_big, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK_FAILS(spmvp_matrix_from_csr64(3, big, rp, ci, v, 8, &A), SPMVP_ERR_RANGE, A);
    CHECK_FAILS(spmvp_matrix_from_csr64(big, 3, rp, ci, v, 8, &A), SPMVP_ERR_RANGE, A);
    int64_t rp_big[2] = {0, big}; /* its count of entries, before any column is read */
    CHECK_FAILS(spmvp_matrix_from_csr64(1, 3, rp_big, ci, v, 8, &A), SPMVP_ERR_RANGE, A);
}

static void bad_arguments_should_fail_with_a_status(void)
{
    int32_t rp[3] = {0, 2, 3}, ci[3] = {0, 1, 1};
    double v[3] = {1, 2, 3};
    spmvp_matrix *A = (spmvp_matrix *)&A; /* must come back NULL */
    CHECK_FAILS(spmvp_matrix_from_csr32(2, 2, NULL, ci, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK(spmvp_matrix_from_csr32(2, 2, rp, ci, v, 8, NULL) == SPMVP_ERR_ARG);
    CHECK_FAILS(spmvp_matrix_from_csr32(-1, 2, rp, ci, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK_FAILS(spmvp_matrix_from_csr32(2, -2, rp, ci, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK_FAILS(spmvp_matrix_from_csr32(2, 2, rp, ci, v, 3, &A), SPMVP_ERR_ARG, A);
    CHECK_FAILS(spmvp_matrix_from_csr32(2, 2, rp, NULL, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK_FAILS(spmvp_matrix_from_csr32(2, 2, rp, ci, NULL, 8, &A), SPMVP_ERR_ARG, A);
    int32_t rp_start[3] = {1, 2, 3}, rp_down[3] = {0, 3, 2};
    CHECK_FAILS(spmvp_matrix_from_csr32(2, 2, rp_start, ci, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK_FAILS(spmvp_matrix_from_csr32(2, 2, rp_down, ci, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK(strstr(spmvp_last_error(), "row 1"));
    int32_t ci_neg[3] = {0, -1, 1}, ci_past[3] = {0, 1, 2}, ci_unsorted[3] = {1, 0, 1},
            ci_repeat[3] = {1, 1, 0};
    CHECK_FAILS(spmvp_matrix_from_csr32(2, 2, rp, ci_neg, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK(strstr(spmvp_last_error(), "row 0, entry 1"));
    CHECK_FAILS(spmvp_matrix_from_csr32(2, 2, rp, ci_past, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK(strstr(spmvp_last_error(), "row 1, entry 2"));
    CHECK_FAILS(spmvp_matrix_from_csr32(2, 2, rp, ci_unsorted, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK_FAILS(spmvp_matrix_from_csr32(2, 2, rp, ci_repeat, v, 8, &A), SPMVP_ERR_ARG, A);
    CHECK(spmvp_matrix_free(NULL) == NULL && spmvp_matrix_rows(NULL) == -1);

    spmvp_profile *p = (spmvp_profile *)&p;
    CHECK_FAILS(spmvp_profile_open(NULL, &p), SPMVP_ERR_ARG, p);
    CHECK(spmvp_profile_open(PROFILE, NULL) == SPMVP_ERR_ARG);
    CHECK_FAILS(spmvp_profile_open(SPMVP_SOURCE_DIR "/no/such.json", &p), SPMVP_ERR_IO, p);
    CHECK_FAILS(spmvp_profile_open(SPMVP_SOURCE_DIR "/README.md", &p), SPMVP_ERR_PARSE, p);
    CHECK(spmvp_profile_free(NULL) == NULL);

    CHECK(spmvp_matrix_from_csr32(2, 2, rp, ci, v, 8, &A) == SPMVP_OK);
    spmvp_estimate *e = (spmvp_estimate *)&e;
    CHECK_FAILS(spmvp_predict(NULL, 8, A, &e), SPMVP_ERR_ARG, e);
    CHECK_FAILS(spmvp_predict(profile, 8, NULL, &e), SPMVP_ERR_ARG, e);
    CHECK_FAILS(spmvp_predict(profile, 2, A, &e), SPMVP_ERR_ARG, e);
    CHECK(spmvp_predict(profile, 8, A, NULL) == SPMVP_ERR_ARG);
    CHECK(spmvp_estimate_count(NULL) == 0 && spmvp_estimate_best(NULL) == -1);
    CHECK(spmvp_estimate_model(NULL) == NULL && spmvp_estimate_free(NULL) == NULL);

    spmvp_product *pr = (spmvp_product *)&pr;
    CHECK_FAILS(spmvp_product_create(NULL, A, "ell", 8, &pr), SPMVP_ERR_ARG, pr);
    spmvp_device *d = (spmvp_device *)&d;
    CHECK(spmvp_device_open(NULL, NULL) == SPMVP_ERR_ARG);
    CHECK_FAILS(spmvp_device_open("no such device at all", &d), SPMVP_ERR_NO_DEVICE, d);
    CHECK(spmvp_device_free(NULL) == NULL && !strcmp(spmvp_device_name(NULL), ""));
    double pin_ms = -1;
    CHECK(spmvp_device_pin_staging(NULL, &pin_ms) == SPMVP_ERR_ARG && pin_ms == 0);
    CHECK(spmvp_product_run(NULL, v, v) == SPMVP_ERR_ARG);
    CHECK(spmvp_product_free(NULL) == NULL && !strcmp(spmvp_product_params(NULL), ""));
    if (device) {
        CHECK_FAILS(spmvp_product_create(device, NULL, "ell", 8, &pr), SPMVP_ERR_ARG, pr);
        CHECK_FAILS(spmvp_product_create(device, A, NULL, 8, &pr), SPMVP_ERR_ARG, pr);
        CHECK_FAILS(spmvp_product_create(device, A, "elll", 8, &pr), SPMVP_ERR_ARG, pr);
        CHECK_FAILS(spmvp_product_create(device, A, "ell", 5, &pr), SPMVP_ERR_ARG, pr);
        CHECK(spmvp_product_create(device, A, "ELL", 8, &pr) == SPMVP_OK);
        double y[2];
        CHECK(spmvp_product_run(pr, NULL, y) == SPMVP_ERR_ARG);
        CHECK(spmvp_product_run(pr, v, NULL) == SPMVP_ERR_ARG);
        spmvp_product_free(pr);
    }
    spmvp_matrix_free(A);
}

/* The 5-point Laplacian of an N x N grid, in every format the library names. */
static void laplacian_should_run_in_every_format(void)
{
    enum { N = 30, ROWS = N * N };
    static int32_t rp[ROWS + 1], ci[5 * ROWS];
    static double v[5 * ROWS];
    laplacian5(N, rp, ci, v);
    spmvp_matrix *A = NULL;
    CHECK(spmvp_matrix_from_csr32(ROWS, ROWS, rp, ci, v, 8, &A) == SPMVP_OK);
    check_estimate(A);
    /* the features, against the grid's shape: rows of 3 (corners), 4 (edges) and 5 entries;
     * the widest gap, N, in a row of the left edge (i - N, i, i + 1) */
    double feat[64];
    int nf = spmvp_feature_count();
    CHECK(nf > 0 && nf <= 64 && spmvp_feature_name(nf) == NULL && spmvp_feature_name(-1) == NULL);
    CHECK(spmvp_matrix_features(A, feat) == SPMVP_OK);
    const struct { const char *name; double want; } expect[] = {
        {"nRows", ROWS}, {"nnz", 5 * ROWS - 4 * N}, {"minNnz", 3}, {"maxNnz", 5}, {"modeNnz", 5},
        {"medianNnz", 5}, {"minDist", 1}, {"maxDist", N}, {"bandwidth", N},
        {"density", (5.0 * ROWS - 4 * N) / ((double)ROWS * ROWS)}, {"cols", ROWS}};
    for (size_t j = 0; j < sizeof expect / sizeof expect[0]; j++) {
        int at = -1;
        for (int f = 0; f < nf; f++)
            at = !strcmp(spmvp_feature_name(f), expect[j].name) ? f : at;
        CHECK_MSG(at >= 0 && fabs(feat[at] - expect[j].want) <= 1e-12 * expect[j].want, "%s: %g, not %g",
                  expect[j].name, at >= 0 ? feat[at] : NAN, expect[j].want);
    }
    CHECK(spmvp_matrix_features(NULL, feat) == SPMVP_ERR_ARG && spmvp_matrix_features(A, NULL) == SPMVP_ERR_ARG);
    spmvp_estimate *e = NULL;
    CHECK(spmvp_predict(profile, 8, A, &e) == SPMVP_OK);
    for (int f = 0; f < spmvp_estimate_count(e); f++)
        check_product(A, spmvp_estimate_format(e, f), 8, rp, ci, v);
    spmvp_estimate_free(e);
    spmvp_matrix_free(A);
}

/* spmvp_rank with the shipped trained PoCL profile: every configuration it was trained on (the
 * quick ones), best first, intervals around each prediction; refused for an untrained
 * profile; out-of-range indices read as nothing. */
static void ranking_should_order_configurations_with_intervals(void)
{
    enum { N = 40, ROWS = N * N };
    static int32_t rp[ROWS + 1], ci[3 * ROWS];
    static double v[3 * ROWS];
    int32_t k = 0;
    for (int32_t i = 0; i < ROWS; i++) { /* a tridiagonal matrix */
        for (int32_t j = i - 1; j <= i + 1; j++)
            if (j >= 0 && j < ROWS)
                ci[k] = j, v[k++] = j == i ? 2 : -1;
        rp[i + 1] = k;
    }
    spmvp_matrix *A = NULL;
    spmvp_ranking *r = NULL;
    CHECK(spmvp_matrix_from_csr32(ROWS, ROWS, rp, ci, v, 8, &A) == SPMVP_OK);
    CHECK(spmvp_rank(profile, 8, A, &r) == SPMVP_OK);
    int n = spmvp_ranking_count(r);
    /* pocl-cpu.json was trained --quick: the ten formats and SELL's 16-bit columns */
    CHECK_MSG(n == 11, "%d configurations", n);
    for (int i = 0; i < n; i++) {
        double us = spmvp_ranking_us(r, i);
        CHECK(spmvp_ranking_format(r, i) && !strncmp(spmvp_ranking_mapping(r, i), "wg=", 3));
        CHECK_MSG(us > 0 && spmvp_ranking_low_us(r, i) < us && us < spmvp_ranking_high_us(r, i),
                  "%d: %g in %g..%g", i, us, spmvp_ranking_low_us(r, i), spmvp_ranking_high_us(r, i));
        CHECK(i == 0 || us >= spmvp_ranking_us(r, i - 1));
    }
    CHECK(spmvp_ranking_tie(r, 0) == 0 && spmvp_ranking_model(r) != NULL);
    CHECK(spmvp_ranking_format(r, n) == NULL && spmvp_ranking_mapping(r, -1) == NULL);
    CHECK(isnan(spmvp_ranking_us(r, n)) && spmvp_ranking_tie(r, n) == 0);
    /* advice: the shipped profile predicts setup; one product never converts to a format whose
     * setup costs more than that product saves, and the advice for many products is the
     * configuration of least setup + N x product */
    int best1 = spmvp_advise(r, 1), bestmany = spmvp_advise(r, 1000000);
    CHECK(best1 >= 0 && best1 < n && bestmany >= 0 && bestmany < n);
    for (int i = 0; i < n; i++) {
        double setup = spmvp_ranking_setup_us(r, i);
        CHECK_MSG(setup > 0, "%d: setup %g", i, setup);
        CHECK(spmvp_ranking_setup_us(r, best1) + spmvp_ranking_us(r, best1) <=
              setup + spmvp_ranking_us(r, i));
        CHECK(spmvp_ranking_setup_us(r, bestmany) + 1e6 * spmvp_ranking_us(r, bestmany) <=
              setup + 1e6 * spmvp_ranking_us(r, i));
        double be = spmvp_ranking_break_even(r, i);
        CHECK_MSG(be >= 0, "%d: break-even %g", i, be); /* a count, or INFINITY */
    }
    CHECK(spmvp_advise(r, -1) == -1 && spmvp_advise(NULL, 10) == -1);
    /* the advised configuration, mapping and all, built and run */
    spmvp_product *prod = NULL;
    if (device) {
        static double x[ROWS], y[ROWS], want[ROWS];
        for (int i = 0; i < ROWS; i++)
            x[i] = 1.0 + i % 3;
        cpu_spmv(ROWS, rp, ci, v, x, want);
        CHECK(spmvp_product_create_ranked(device, A, r, bestmany, 8, &prod) == SPMVP_OK);
        CHECK(spmvp_product_run(prod, x, y) == SPMVP_OK);
        double worst = 0;
        for (int i = 0; i < ROWS; i++)
            worst = fmax(worst, fabs(y[i] - want[i]));
        CHECK_MSG(worst <= 1e-12, "%s %s: error %g", spmvp_ranking_format(r, bestmany),
                  spmvp_ranking_mapping(r, bestmany), worst);
        prod = spmvp_product_free(prod);
        CHECK_FAILS(spmvp_product_create_ranked(device, A, r, n, 8, &prod), SPMVP_ERR_ARG, prod);
        CHECK_FAILS(spmvp_product_create_ranked(device, A, NULL, 0, 8, &prod), SPMVP_ERR_ARG, prod);
    }
    CHECK(isnan(spmvp_ranking_setup_us(r, n)) && isnan(spmvp_ranking_break_even(r, -1)));
    CHECK(isnan(spmvp_ranking_setup_us(NULL, 0)) && isnan(spmvp_ranking_break_even(NULL, 0)));
    spmvp_ranking_free(r);
    /* an untrained profile, and bad arguments */
    spmvp_profile *untrained = NULL;
    CHECK(spmvp_profile_open(SPMVP_SOURCE_DIR "/devices/gt645m-paper.json", &untrained) == SPMVP_OK);
    r = (spmvp_ranking *)1;
    CHECK(spmvp_rank(untrained, 8, A, &r) == SPMVP_ERR_UNSUPPORTED && r == NULL);
    CHECK(spmvp_rank(NULL, 8, A, &r) == SPMVP_ERR_ARG && r == NULL);
    CHECK(spmvp_rank(profile, 3, A, &r) == SPMVP_ERR_ARG && spmvp_rank(profile, 8, A, NULL) == SPMVP_ERR_ARG);
    CHECK(spmvp_ranking_count(NULL) == 0 && spmvp_ranking_model(NULL) == NULL &&
          spmvp_ranking_free(NULL) == NULL);
    spmvp_profile_free(untrained);
    spmvp_matrix_free(A);
}

/* The ranking says which configurations' formats the profile learned from other kernels than
 * this library runs: none for the shipped profile (it records no digests), COO's where the
 * profile records a digest for COO that is not the library's. */
static void ranking_should_say_which_formats_ran_other_kernels(void)
{
    static const int32_t rp[5] = {0, 2, 5, 8, 10}, ci[10] = {0, 1, 0, 1, 2, 1, 2, 3, 2, 3};
    static const double v[10] = {2, -1, -1, 2, -1, -1, 2, -1, -1, 2};
    spmvp_matrix *A = NULL;
    spmvp_ranking *r = NULL;
    CHECK(spmvp_matrix_from_csr32(4, 4, rp, ci, v, 8, &A) == SPMVP_OK);
    CHECK(spmvp_rank(profile, 8, A, &r) == SPMVP_OK);
    for (int i = 0; i < spmvp_ranking_count(r); i++)
        CHECK(spmvp_ranking_stale(r, i) == 0);
    CHECK(spmvp_ranking_stale(r, -1) == 0 && spmvp_ranking_stale(NULL, 0) == 0);
    r = spmvp_ranking_free(r);
    /* the shipped profile with a digest for COO that no source gives */
    FILE *f = fopen(PROFILE, "rb");
    long size = f && !fseek(f, 0, SEEK_END) ? ftell(f) : -1;
    const char *extra = ", \"kernels\": {\"coo\": {\"digest\": \"00000000\", \"rows\": 1, \"of\": 1}}";
    char *text = size > 0 ? malloc((size_t)size + 1) : NULL;
    char *edited = size > 0 ? malloc((size_t)size + strlen(extra) + 1) : NULL;
    size_t n = f && text && edited && !fseek(f, 0, SEEK_SET) ? fread(text, 1, (size_t)size, f) : 0;
    if (f)
        fclose(f);
    const char *key = "\"configurations\": \"quick\"", *at = NULL;
    if (text) {
        text[n] = 0;
        at = strstr(text, key);
    }
    CHECK(n == (size_t)size && at);
    if (!at) {
        free(text);
        free(edited);
        spmvp_matrix_free(A);
        return;
    }
    size_t head = (size_t)(at - text) + strlen(key);
    memcpy(edited, text, head);
    strcpy(edited + head, extra);
    strcat(edited, text + head);
    const char *path = "test_lib_api_stale.json";
    f = fopen(path, "wb");
    CHECK(f && fputs(edited, f) >= 0 && fclose(f) == 0);
    free(text);
    free(edited);
    spmvp_profile *stale = NULL;
    CHECK(spmvp_profile_open(path, &stale) == SPMVP_OK);
    CHECK(spmvp_rank(stale, 8, A, &r) == SPMVP_OK);
    int coo = 0;
    for (int i = 0; i < spmvp_ranking_count(r); i++) {
        int is_coo = !strcmp(spmvp_ranking_format(r, i), "coo");
        coo += is_coo;
        CHECK_MSG(spmvp_ranking_stale(r, i) == is_coo, "%s", spmvp_ranking_format(r, i));
    }
    CHECK(coo == 1);
    spmvp_ranking_free(r);
    spmvp_profile_free(stale);
    remove(path);
    spmvp_matrix_free(A);
}

int main(void)
{
    if (spmvp_profile_open(PROFILE, &profile)) {
        fprintf(stderr, "%s\n", spmvp_last_error());
        return 1;
    }
    if (spmvp_device_open(NULL, &device))
        printf("no OpenCL device (%s): products skipped\n", spmvp_last_error());
    else {
        /* pinned once: the time of the first call (0 on a CPU device, which stages nothing),
         * nothing the second; products after it as before (the tests below) */
        double first = -1, second = -1;
        CHECK(spmvp_device_pin_staging(device, &first) == SPMVP_OK && first >= 0);
        CHECK(spmvp_device_pin_staging(device, &second) == SPMVP_OK && second == 0);
        CHECK(spmvp_device_pin_staging(device, NULL) == SPMVP_OK);
        printf("device: %s (staging pinned in %.2f ms)\n", spmvp_device_name(device), first);
    }
    RUN(status_names_should_match_the_layers);
    RUN(empty_matrix_should_predict_and_multiply);
    RUN(one_by_one_should_multiply_in_both_precisions);
    RUN(long_row_should_predict_and_multiply);
    RUN(int64_indices_should_match_int32_and_refuse_past_32_bits);
    RUN(bad_arguments_should_fail_with_a_status);
    RUN(laplacian_should_run_in_every_format);
    RUN(ranking_should_order_configurations_with_intervals);
    RUN(ranking_should_say_which_formats_ran_other_kernels);
    spmvp_device_free(device);
    spmvp_profile_free(profile);
    return test_report();
}
