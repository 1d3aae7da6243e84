/* test_pair_ratio.c: the paired ratio of two devices (pair_ratio.h): recovers a ratio that
 * depends on format and size (boosted where 20 pairs exist, binned by size below), falls back
 * to the nearest size with pairs, then to the overall median, and refuses two tables that
 * share no configuration. */
#include <math.h>
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
    x[SPMVP_FV_BYTES] = 1e4;
    CHECK_MSG(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x) - 1.0) < 1e-3, "%g",
              spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x));
    x[SPMVP_FV_BYTES] = 1e8;
    CHECK(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_ELL, x) - 0.7) < 1e-3);
    x[SPMVP_FV_BYTES] = 1e6;
    CHECK(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_COO, x) - 2.0) < 1e-6); /* nearest bin */
    x[SPMVP_FV_BYTES] = 3e8;
    CHECK(fabs(spmvp_pair_ratio_predict(&r, d, SPMVP_COO, x) - 2.0) < 1e-6);
    double overall = exp(r.overall); /* no JAD pair: the median over every pair */
    CHECK(overall > 0.7 - 1e-9 && overall < 2.0 + 1e-9);
    CHECK(spmvp_pair_ratio_predict(&r, d, SPMVP_JAD, x) == overall);
    CHECK(spmvp_pair_ratio_predict(&r, SPMVP_PRECISION_SINGLE, SPMVP_ELL, x) == overall);
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

int main(void)
{
    RUN(the_ratio_follows_format_and_size);
    return test_report();
}
