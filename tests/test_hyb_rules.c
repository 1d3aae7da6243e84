/* test_hyb_rules.c: the HYB width heuristics on hand-made histograms. */
#include "hyb_rules.h"
#include "test.h"

/* 9 rows of lengths {1,1,1,2,2,2,3,3,10}: hist[1]=3, [2]=3, [3]=2, [10]=1 */
static const long long h9[11] = {0, 3, 3, 2, 0, 0, 0, 0, 0, 0, 1};

static void cusp_rule_should_stop_when_too_few_rows_are_longer(void)
{
    /* no break-even: rows longer than K: K=0: 9, K=1: 6, K=2: 3 >= 9/3 = 3, K=3: 1 < 3 -> 3 */
    CHECK(spmvp_hyb_k_cusp(h9, 10, 9, 3.0, 0) == 3);
    /* with CUSP's 4096-row break-even a 9-row matrix is all COO */
    CHECK(spmvp_hyb_k_cusp(h9, 10, 9, 3.0, 4096) == 0);
    /* 100000 rows of length 8 and 30000 of length 20: longer than 8 are 30000 < 130000/3 -> 8 */
    static long long h[21];
    h[8] = 100000;
    h[20] = 30000;
    CHECK(spmvp_hyb_k_cusp(h, 20, 130000, 3.0, 4096) == 8);
    /* 60000 long rows are more than a third: all of them go to ELL */
    h[20] = 60000;
    CHECK(spmvp_hyb_k_cusp(h, 20, 160000, 3.0, 4096) == 20);
}

static void quantile_rule_should_cover_the_share_of_rows(void)
{
    /* 80 % of 9 rows = 7.2: lengths sorted 1,1,1,2,2,2,3,3,10: 8 rows covered at K=3 */
    CHECK(spmvp_hyb_k_quantile(h9, 10, 9, 0.8) == 3);
    CHECK(spmvp_hyb_k_quantile(h9, 10, 9, 0.5) == 2);
    CHECK(spmvp_hyb_k_quantile(h9, 10, 9, 1.0) == 10);
}

static void mean_rule_should_round_the_mean_length(void)
{
    CHECK(spmvp_hyb_k_mean(h9, 10, 9) == 3); /* 27 / 9 */
    static const long long h[4] = {1, 0, 0, 2};  /* lengths 0, 3, 3: mean 2 */
    CHECK(spmvp_hyb_k_mean(h, 3, 3) == 2);
    CHECK(spmvp_hyb_k_mean(h, 3, 0) == 0);
}

int main(void)
{
    RUN(cusp_rule_should_stop_when_too_few_rows_are_longer);
    RUN(quantile_rule_should_cover_the_share_of_rows);
    RUN(mean_rule_should_round_the_mean_length);
    return test_report();
}
