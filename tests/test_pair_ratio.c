/* test_pair_ratio.c: the paired ratio of two devices (pair_ratio.h): recovers a ratio that
 * depends on format and size (boosted where 20 pairs exist, binned by size below), and one
 * that depends on A's time at the same size (bandwidth-bound or not); falls back to the
 * nearest size with pairs, then to the overall median, and refuses two tables that share no
 * configuration; B's time of a matrix is A's best times the lower median ratio of the
 * configurations near A's best; rows that ran other kernels do not pair. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "spmvp_predict.h"
#include "test.h"

static spmvp_train_row row(const char *matrix, spmvp_format f, double bytes, double us)
{
    spmvp_train_row r;
    memset(&r, 0, sizeof r);
    snprintf(r.matrix, sizeof r.matrix, "%s", matrix);
    snprintf(r.family, sizeof r.family, "fam");
    snprintf(r.mapping, sizeof r.mapping, "wg=256");
    r.prec = SPMVP_PRECISION_DOUBLE;
    r.format = f;
    r.x[SPMVP_FV_BYTES] = bytes;
    r.us = us;
    return r;
}

static void the_ratio_follows_format_and_size(void)
{
    spmvp_train_table a = {0}, b = {0};
    char name[32];
    for (int i = 0; i < 20; i++) {
        double bytes = i < 10 ? 1e4 : 1e8; /* small: B as fast; large: B at 0.7 of A */
        snprintf(name, sizeof name, "m%d", i);
        spmvp_train_row x = row(name, SPMVP_ELL, bytes, 10 + i), y = x;
        y.us = x.us * (i < 10 ? 1.0 : 0.7);
        CHECK(spmvp_train_table_add(&a, &x) == SPMVP_OK && spmvp_train_table_add(&b, &y) == SPMVP_OK);
        if (i % 2) /* COO (10 pairs: binned): B twice as slow at every size */
            continue;
        x = row(name, SPMVP_COO, bytes, 5), y = x;
        y.us = 10;
        CHECK(spmvp_train_table_add(&a, &x) == SPMVP_OK && spmvp_train_table_add(&b, &y) == SPMVP_OK);
    }
    spmvp_train_row only = row("only-on-a", SPMVP_ELL, 1e6, 1); /* no partner: ignored */
    CHECK(spmvp_train_table_add(&a, &only) == SPMVP_OK);
    static spmvp_pair_ratio r;
    CHECK(spmvp_pair_ratio_fit(&a, &b, &r) == SPMVP_OK && r.pairs == 30);
    const spmvp_precision d = SPMVP_PRECISION_DOUBLE;
    CHECK(r.b[d][SPMVP_ELL] && !r.b[d][SPMVP_COO]); /* 20 pairs boosted, 10 binned */
    double x[SPMVP_FV_N] = {0};
    x[SPMVP_FV_BYTES] = 1e4; /* A's times as in the rows: 10-19 µs small, 20-29 large */
    CHECK_MSG(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x, 15) - 1.0) < 1e-3, "%g",
              spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x, 15));
    x[SPMVP_FV_BYTES] = 1e8;
    CHECK(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x, 25) - 0.7) < 1e-3);
    CHECK(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x, NAN) - 0.7) < 0.3); /* A's time unknown */
    x[SPMVP_FV_BYTES] = 1e6;
    CHECK(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_COO, x, 1) - 2.0) < 1e-6); /* nearest bin */
    x[SPMVP_FV_BYTES] = 3e8;
    CHECK(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_COO, x, 1) - 2.0) < 1e-6);
    double overall = exp(r.overall); /* no JAD pair: the median over every pair */
    CHECK(overall > 0.7 - 1e-9 && overall < 2.0 + 1e-9);
    CHECK(spmvp_pair_ratio_predict(&r, d, SPMVP_JAD, x, 1) == overall);
    CHECK(spmvp_pair_ratio_predict(&r, SPMVP_PRECISION_SINGLE, SPMVP_ELL, x, 1) == overall);
    spmvp_pair_ratio_free(&r);
    spmvp_train_table c = {0};
    spmvp_train_row z = row("elsewhere", SPMVP_ELL, 1e4, 1);
    CHECK(spmvp_train_table_add(&c, &z) == SPMVP_OK);
    CHECK(spmvp_pair_ratio_fit(&a, &c, &r) == SPMVP_ERR_ARG);
    spmvp_pair_ratio_free(&r);
    spmvp_train_table_free(&a);
    spmvp_train_table_free(&b);
    spmvp_train_table_free(&c);
}

/* 40 ELL pairs of one size whose features are all alike: those that A runs at its bandwidth
 * (1e8 bytes in 33-40 µs) B runs at 0.7 of A's time, those that A runs 10x slower (bound by
 * something else) at A's time. Only A's time tells them apart. */
static void the_ratio_follows_what_bounds_a(void)
{
    spmvp_train_table a = {0}, b = {0};
    char name[32];
    for (int i = 0; i < 40; i++) {
        const int bound = i % 2; /* 1: bandwidth-bound on A */
        snprintf(name, sizeof name, "m%d", i);
        spmvp_train_row x = row(name, SPMVP_ELL, 1e8, (bound ? 33 : 330) + i / 4), y = x;
        y.us = x.us * (bound ? 0.7 : 1.0);
        CHECK(spmvp_train_table_add(&a, &x) == SPMVP_OK && spmvp_train_table_add(&b, &y) == SPMVP_OK);
    }
    static spmvp_pair_ratio r;
    CHECK(spmvp_pair_ratio_fit(&a, &b, &r) == SPMVP_OK && r.pairs == 40);
    double x[SPMVP_FV_N] = {0};
    x[SPMVP_FV_BYTES] = 1e8;
    const spmvp_precision d = SPMVP_PRECISION_DOUBLE;
    CHECK_MSG(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x, 35) - 0.7) < 1e-2, "%g",
              spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x, 35));
    CHECK_MSG(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x, 335) - 1.0) < 1e-2, "%g",
              spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x, 335));
    spmvp_pair_ratio_free(&r);
    spmvp_train_table_free(&a);
    spmvp_train_table_free(&b);
}

/* spmvp_pair_ratio_near: the lower median ratio among the configurations A predicts within
 * SPMVP_PAIR_NEAR of its best, times A's best; unusable entries passed over. */
static void the_matrix_ratio_is_the_median_near_a_best(void)
{
    double b = 0;
    /* 10, 11, 12 µs are near 10; 20 is not (its ratio 0.1 would have been B's least time) */
    const double t[] = {12, 10, 20, 11}, r[] = {0.9, 0.7, 0.1, 0.8};
    CHECK(spmvp_pair_ratio_near(t, r, 4, &b) == 3 && fabs(b - 8.0) < 1e-12); /* 10 x 0.8 */
    /* an even count takes the lower median: 0.7 of {0.7, 0.8} */
    CHECK(spmvp_pair_ratio_near(t + 1, r + 1, 3, &b) == 0 && fabs(b - 7.0) < 1e-12);
    /* equal ratios are ranked by index: the middle one of three */
    const double te[] = {10, 10, 10}, re[] = {0.5, 0.5, 0.5};
    CHECK(spmvp_pair_ratio_near(te, re, 3, &b) == 1 && fabs(b - 5.0) < 1e-12);
    /* entries with no time or no ratio are passed over, also as A's best */
    const double tn[] = {NAN, 1, 10, 0}, rn[] = {0.5, NAN, 0.6, 0.2};
    CHECK(spmvp_pair_ratio_near(tn, rn, 4, &b) == 2 && fabs(b - 6.0) < 1e-12);
    /* nothing usable, or nothing at all: -1 and NaN */
    const double tz[] = {0, -1}, rz[] = {1, 1};
    CHECK(spmvp_pair_ratio_near(tz, rz, 2, &b) == -1 && isnan(b));
    CHECK(spmvp_pair_ratio_near(t, r, 0, &b) == -1 && isnan(b));
}

/* Rows of one configuration pair across two tables (two devices, two sessions) when they
 * record the same kernels' digest or neither records one. Both recorded and different: no
 * pair, such a ratio would mix a kernel change into what is compared. One recorded beside none
 * (a row measured again after its kernel changed, beside a table that predates digests): a
 * pair only where the precision and format has no pair of one digest (or of none). */
static void rows_of_other_kernels_do_not_pair(void)
{
    spmvp_train_table a = {0}, b = {0};
    /* COO: m0 and m1 half known, m2 one digest, m3 none on either side, m4 other kernels;
     * ELL: m5 and m6 half known only, m7 other kernels */
    const char *da[] = {"", "0a0a0a0a", "0a0a0a0a", "", "0a0a0a0a", "", "0a0a0a0a", "0a0a0a0a"};
    const char *db[] = {"1b1b1b1b", "", "0a0a0a0a", "", "1b1b1b1b", "1b1b1b1b", "", "1b1b1b1b"};
    for (int i = 0; i < 8; i++) {
        char name[16];
        snprintf(name, sizeof name, "m%d", i);
        const spmvp_format f = i < 5 ? SPMVP_COO : SPMVP_ELL;
        spmvp_train_row x = row(name, f, 1e6, 10), y = row(name, f, 1e6, 12);
        snprintf(x.kernel, sizeof x.kernel, "%s", da[i]);
        snprintf(y.kernel, sizeof y.kernel, "%s", db[i]);
        CHECK(spmvp_train_table_add(&a, &x) == SPMVP_OK && spmvp_train_table_add(&b, &y) == SPMVP_OK);
    }
    size_t *pa = NULL, *pb = NULL, n = 0, other = 9;
    CHECK(spmvp_pair_rows(&a, &b, &pa, &pb, &n, &other) == SPMVP_OK);
    CHECK_MSG(n == 4 && other == 4, "%zu pairs, %zu other", n, other);
    int seen = 0;
    for (size_t i = 0; i < n; i++) { /* m2, m3, m5, m6 pair, each with itself */
        CHECK(pa[i] == pb[i]);
        seen |= 1 << pa[i];
    }
    CHECK_MSG(seen == (1 << 2 | 1 << 3 | 1 << 5 | 1 << 6), "paired %#x", seen);
    free(pa);
    free(pb);
    CHECK(spmvp_pair_rows(&a, &b, &pa, &pb, &n, NULL) == SPMVP_OK && n == 4);
    free(pa);
    free(pb);
    spmvp_train_table_free(&a);
    spmvp_train_table_free(&b);
}

int main(void)
{
    RUN(the_ratio_follows_format_and_size);
    RUN(the_ratio_follows_what_bounds_a);
    RUN(the_matrix_ratio_is_the_median_near_a_best);
    RUN(rows_of_other_kernels_do_not_pair);
    return test_report();
}
