/* test_gen.c: generated matrices: row-length distributions against their documented moments,
 * distinct sorted columns, determinism, clamping, R-MAT sizes and skew, spec parsing. */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include "gen.h"
#include "stencil.h"
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_cdf.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* ---- helpers ---- */

typedef struct moments {
    double mean, sd, kurtosis; /* kurtosis = m4 / m2^2 (3 for a normal, 1.8 for a uniform) */
    long long min, max;
} moments;

static moments sample_moments(const spmvp_idx *x, long long n)
{
    moments m = {0, 0, 0, x[0], x[0]};
    for (long long i = 0; i < n; i++) {
        m.mean += x[i];
        m.min = x[i] < m.min ? x[i] : m.min;
        m.max = x[i] > m.max ? x[i] : m.max;
    }
    m.mean /= (double)n;
    double m2 = 0, m4 = 0;
    for (long long i = 0; i < n; i++) {
        double d = x[i] - m.mean;
        m2 += d * d;
        m4 += d * d * d * d;
    }
    m2 /= (double)n;
    m4 /= (double)n;
    m.sd = sqrt(m2);
    m.kurtosis = m2 > 0 ? m4 / (m2 * m2) : 0;
    return m;
}

/* Every CSR invariant a generator must keep; values in (-1, 1) and non-zero when `unit`. */
static int valid_csr(const spmvp_csr *A, int unit)
{
    if (A->rowptr[0] != 0 || A->rowptr[A->nrows] != A->nnz)
        return 0;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        if (A->rowptr[i + 1] < A->rowptr[i])
            return 0;
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++) {
            if (A->colidx[k] < 0 || A->colidx[k] >= A->ncols)
                return 0;
            if (k > A->rowptr[i] && A->colidx[k] <= A->colidx[k - 1])
                return 0; /* sorted and distinct */
            if (unit && !(A->val[k] > -1.0 && A->val[k] < 1.0 && A->val[k] != 0.0 &&
                          (float)A->val[k] != 0.0f))
                return 0;
        }
    }
    return 1;
}

static spmvp_idx row_len(const spmvp_csr *A, spmvp_idx i) { return A->rowptr[i + 1] - A->rowptr[i]; }

/* ---- row-length distributions ---- */

/* The documented closed forms: uniform sd = sqrt(w(w+1)/3), w = pnz/2; normal sd =
 * sqrt(sigma^2 + 1/12), sigma = pnz/4; mean pnz for both. */
static void moments_function_matches_documented_spreads(void)
{
    static const int pnzs[] = {4, 8, 32, 256, 3072};
    static const double normal_sd[] = {1.03924, 2.0200, 8.0044, 63.9965, 767.95}; /* gen.h */
    for (size_t i = 0; i < sizeof pnzs / sizeof pnzs[0]; i++) {
        int p = pnzs[i];
        double mean, sd, w = p / 2, sigma = p / 4.0;
        CHECK(spmvp_gen_length_moments(1000000, p, SPMVP_DIST_UNIFORM, &mean, &sd) == SPMVP_OK);
        CHECK_MSG(fabs(mean - p) < 1e-9 * p, "uniform pnz %d: mean %.12g", p, mean);
        CHECK_MSG(fabs(sd - sqrt(w * (w + 1) / 3)) < 1e-9 * p, "uniform pnz %d: sd %.12g", p, sd);
        CHECK(spmvp_gen_length_moments(1000000, p, SPMVP_DIST_NORMAL, &mean, &sd) == SPMVP_OK);
        CHECK_MSG(fabs(mean - p) < 1e-9 * p, "normal pnz %d: mean %.12g", p, mean);
        CHECK_MSG(fabs(sd / sqrt(sigma * sigma + 1.0 / 12) - 1) < 2e-3, "normal pnz %d: sd %.12g", p, sd);
        CHECK_MSG(fabs(sd / normal_sd[i] - 1) < 2e-5, "normal pnz %d: sd %.12g, documented %g", p,
                  sd, normal_sd[i]);
        CHECK(spmvp_gen_length_moments(1000000, p, SPMVP_DIST_FIXED, &mean, &sd) == SPMVP_OK);
        CHECK(mean == p && sd == 0);
    }
    double mean, sd;
    /* the clamp to cols: uniform 4..12 with 10 columns puts 10, 11, 12 on 10: mean 69/9 */
    CHECK(spmvp_gen_length_moments(10, 8, SPMVP_DIST_UNIFORM, &mean, &sd) == SPMVP_OK);
    CHECK_MSG(fabs(mean - 69.0 / 9) < 1e-12, "clamped uniform mean %.15g", mean);
    CHECK(spmvp_gen_length_moments(3, 10, SPMVP_DIST_FIXED, &mean, &sd) == SPMVP_OK);
    CHECK(mean == 3 && sd == 0);
    CHECK(spmvp_gen_length_moments(0, 8, SPMVP_DIST_NORMAL, &mean, &sd) == SPMVP_ERR_ARG);
    CHECK(spmvp_gen_length_moments(10, 0, SPMVP_DIST_NORMAL, &mean, &sd) == SPMVP_ERR_ARG);
    CHECK(spmvp_gen_length_moments(10, 8, SPMVP_NDISTS, &mean, &sd) == SPMVP_ERR_ARG);
}

/* 200,000 rows: sample mean within 4 standard errors of pnz, sample sd within 2% of the
 * exact sd, kurtosis that of a normal (3) or of a discrete uniform, support as documented. */
static void check_lengths(long long rows, long long cols, int p, spmvp_dist d, unsigned long long seed)
{
    spmvp_idx *len = malloc((size_t)rows * sizeof *len);
    double mean, sd;
    CHECK(len && spmvp_gen_row_lengths(rows, cols, p, d, seed, len) == SPMVP_OK);
    CHECK(spmvp_gen_length_moments(cols, p, d, &mean, &sd) == SPMVP_OK);
    if (!len)
        return;
    moments m = sample_moments(len, rows);
    double se = sd / sqrt((double)rows);
    CHECK_MSG(fabs(m.mean - mean) < 4 * se + 1e-12, "dist %d pnz %d: mean %.4f, want %.4f +- %.4f",
              (int)d, p, m.mean, mean, 4 * se);
    CHECK_MSG(fabs(m.sd - sd) <= 0.02 * sd, "dist %d pnz %d: sd %.4f, want %.4f", (int)d, p, m.sd, sd);
    if (cols < 2LL * p) { /* clamped: only the moments are known */
        CHECK(m.min >= 1 && m.max <= cols);
    } else if (d == SPMVP_DIST_NORMAL) {
        CHECK_MSG(fabs(m.kurtosis - 3) < 0.08, "normal pnz %d: kurtosis %.3f", p, m.kurtosis);
        CHECK(m.min >= 1 && m.max <= 2LL * p - 1 && m.max <= cols);
    } else if (d == SPMVP_DIST_UNIFORM) {
        double n = 2 * (p / 2) + 1; /* values in the support */
        double k = 3 - 6 * (n * n + 1) / (5 * (n * n - 1));
        CHECK_MSG(fabs(m.kurtosis - k) < 0.05, "uniform pnz %d: kurtosis %.3f, want %.3f", p, m.kurtosis, k);
        CHECK(m.min == p - p / 2 && m.max == (p + p / 2 < cols ? p + p / 2 : cols));
    } else {
        CHECK(m.min == m.max && m.min == (p < cols ? p : cols));
    }
    free(len);
}

static void lengths_have_the_documented_mean_and_spread(void)
{
    static const int pnzs[] = {8, 32, 256, 3072};
    for (size_t i = 0; i < sizeof pnzs / sizeof pnzs[0]; i++) {
        check_lengths(200000, 200000, pnzs[i], SPMVP_DIST_UNIFORM, 11);
        check_lengths(200000, 200000, pnzs[i], SPMVP_DIST_NORMAL, 12);
        check_lengths(200000, 200000, pnzs[i], SPMVP_DIST_FIXED, 13);
    }
    /* more length values than the alias table takes: the inversion path, same distribution */
    check_lengths(200000, 1000000, 40000, SPMVP_DIST_NORMAL, 14);
    /* clamped to the columns: the moments function accounts for it */
    check_lengths(200000, 10, 8, SPMVP_DIST_UNIFORM, 15);
    check_lengths(200000, 12, 8, SPMVP_DIST_NORMAL, 16);
}

/* pnz 4, sigma 1: each length's frequency against round(N(4, 1)) clamped to 1..7, computed here
 * from the normal CDF independently of the generator's table. */
static void normal_lengths_follow_the_rounded_normal(void)
{
    const long long rows = 400000;
    spmvp_idx *len = malloc((size_t)rows * sizeof *len);
    CHECK(len && spmvp_gen_row_lengths(rows, rows, 4, SPMVP_DIST_NORMAL, 21, len) == SPMVP_OK);
    if (!len)
        return;
    long long count[9] = {0};
    for (long long i = 0; i < rows; i++)
        count[len[i] >= 0 && len[i] <= 8 ? len[i] : 0]++;
    CHECK(count[0] == 0 && count[8] == 0);
    for (int k = 1; k <= 7; k++) {
        double lo = k == 1 ? 0 : gsl_cdf_ugaussian_P(k - 0.5 - 4);
        double hi = k == 7 ? 1 : gsl_cdf_ugaussian_P(k + 0.5 - 4);
        double p = hi - lo, f = (double)count[k] / rows, se = sqrt(p * (1 - p) / rows);
        CHECK_MSG(fabs(f - p) < 4.5 * se, "length %d: frequency %.5f, want %.5f +- %.5f", k, f, p, 4.5 * se);
    }
    free(len);
}

/* ---- matrices ---- */

static void matrix_rows_have_the_sampled_lengths(void)
{
    spmvp_csr *A = spmvp_gen_bench(20000, 32, SPMVP_DIST_NORMAL, 5);
    spmvp_idx *len = malloc(20000 * sizeof *len);
    CHECK(A && len && spmvp_gen_row_lengths(20000, 20000, 32, SPMVP_DIST_NORMAL, 5, len) == SPMVP_OK);
    if (!A || !len)
        goto out;
    CHECK(A->nrows == 20000 && A->ncols == 20000 && valid_csr(A, 1));
    int same = 1;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        same &= row_len(A, i) == len[i];
    CHECK(same);
    spmvp_row_stats st = spmvp_csr_row_stats(A);
    moments m = sample_moments(len, 20000);
    CHECK(fabs(st.mean - m.mean) < 1e-9 && fabs(st.sd - m.sd) < 1e-9 && st.min == m.min && st.max == m.max);
    CHECK_MSG(fabs(st.mean - 32) < 4 * 8.0052 / sqrt(20000.0), "mean %.4f", st.mean);
    CHECK_MSG(fabs(st.sd / 8.0052 - 1) < 0.03, "sd %.4f", st.sd);
out:
    spmvp_csr_free(A);
    free(len);
}

/* Shapes that use each way of drawing a row (rank, buckets, bitmap, selection) and the clamps. */
static void columns_are_distinct_sorted_and_uniform(void)
{
    static const struct { long long rows, cols; int pnz; spmvp_dist dist; } cases[] = {
        {10000, 10000, 8, SPMVP_DIST_UNIFORM},       /* short rows, by rank */
        {2000, 1000000, 256, SPMVP_DIST_UNIFORM},    /* long sparse rows, by buckets */
        {20000, 10000, 36, SPMVP_DIST_UNIFORM},      /* all four, repeats drawn again */
        {20000, 20000, 256, SPMVP_DIST_NORMAL},      /* bitmap */
        {400, 400, 128, SPMVP_DIST_UNIFORM},         /* bitmap and selection */
        {300, 64, 40, SPMVP_DIST_NORMAL},            /* selection, clamped to 64 */
        {3, 3, 10, SPMVP_DIST_FIXED},                /* every row full */
        {1, 1, 1, SPMVP_DIST_UNIFORM},
        {5, 100, 50, SPMVP_DIST_NORMAL},             /* rectangular */
        {100000, 3, 1, SPMVP_DIST_NORMAL},           /* tall */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        spmvp_csr *A = spmvp_gen_random_rows(cases[c].rows, cases[c].cols, cases[c].pnz,
                                             cases[c].dist, 100 + c);
        CHECK_MSG(A != NULL, "case %zu: %s", c, spmvp_last_error());
        if (!A)
            continue;
        CHECK_MSG(A->nrows == cases[c].rows && A->ncols == cases[c].cols && valid_csr(A, 1),
                  "case %zu", c);
        /* columns uniform over 8 equal bins: each within 5 standard deviations */
        if (A->nnz > 100000) {
            long long bins[8] = {0};
            for (spmvp_idx k = 0; k < A->nnz; k++)
                bins[(long long)A->colidx[k] * 8 / A->ncols]++;
            for (int b = 0; b < 8; b++) {
                double want = A->nnz / 8.0;
                CHECK_MSG(fabs(bins[b] - want) < 5 * sqrt(want) + 0.01 * want,
                          "case %zu: bin %d has %lld of %d", c, b, bins[b], (int)A->nnz);
            }
        }
        /* values uniform on (-1, 1): mean near 0, mean square near 1/3 */
        double s = 0, s2 = 0;
        for (spmvp_idx k = 0; k < A->nnz; k++) {
            s += A->val[k];
            s2 += A->val[k] * A->val[k];
        }
        if (A->nnz > 10000)
            CHECK_MSG(fabs(s / A->nnz) < 5 / sqrt(3.0 * A->nnz) && fabs(s2 / A->nnz - 1.0 / 3) < 0.01,
                      "case %zu: value mean %.5f, mean square %.5f", c, s / A->nnz, s2 / A->nnz);
        spmvp_csr_free(A);
    }
}

static void tiny_matrices_clamp_row_lengths(void)
{
    for (int d = 0; d < SPMVP_NDISTS; d++) {
        spmvp_csr *A = spmvp_gen_bench(3, 10, (spmvp_dist)d, 1);
        CHECK(A && A->nrows == 3 && A->ncols == 3 && valid_csr(A, 1));
        for (spmvp_idx i = 0; A && i < 3; i++)
            CHECK(row_len(A, i) >= 1 && row_len(A, i) <= 3);
        if (A && d != SPMVP_DIST_NORMAL)
            CHECK(A->nnz == 9); /* fixed 10 and uniform 5..15 are all clamped to 3 */
        spmvp_csr_free(A);
    }
    spmvp_csr *A = spmvp_gen_bench(1, 1, SPMVP_DIST_NORMAL, 1);
    CHECK(A && A->nnz == 1 && A->colidx[0] == 0);
    spmvp_csr_free(A);
}

static void same_seed_same_matrix_other_seed_differs(void)
{
    spmvp_csr *A = spmvp_gen_bench(30000, 16, SPMVP_DIST_NORMAL, 7);
    spmvp_csr *B = spmvp_gen_bench(30000, 16, SPMVP_DIST_NORMAL, 7);
    spmvp_csr *C = spmvp_gen_bench(30000, 16, SPMVP_DIST_NORMAL, 8);
    spmvp_csr *D = spmvp_gen_random_rows(30000, 30000, 16, SPMVP_DIST_NORMAL, 7);
    CHECK(A && B && C && D);
    if (A && B && C && D) {
        CHECK(spmvp_csr_equal(A, B));
        CHECK(!spmvp_csr_equal(A, C));
        CHECK(memcmp(A->rowptr, C->rowptr, 30001 * sizeof *A->rowptr)); /* lengths differ too */
        CHECK(spmvp_csr_equal(A, D)); /* bench is random rows with cols = rows */
    }
    spmvp_csr_free(A);
    spmvp_csr_free(B);
    spmvp_csr_free(C);
    spmvp_csr_free(D);
    /* seed 0 and the largest seed are seeds like any other */
    A = spmvp_gen_bench(100, 8, SPMVP_DIST_UNIFORM, 0);
    B = spmvp_gen_bench(100, 8, SPMVP_DIST_UNIFORM, 18446744073709551615ULL);
    CHECK(A && B && valid_csr(A, 1) && valid_csr(B, 1) && !spmvp_csr_equal(A, B));
    spmvp_csr_free(A);
    spmvp_csr_free(B);
}

/* Each row has its own streams: more rows leave the first ones unchanged. */
static void rows_do_not_depend_on_the_row_count(void)
{
    spmvp_csr *A = spmvp_gen_random_rows(1000, 5000, 64, SPMVP_DIST_UNIFORM, 3);
    spmvp_csr *B = spmvp_gen_random_rows(3000, 5000, 64, SPMVP_DIST_UNIFORM, 3);
    CHECK(A && B);
    if (A && B) {
        spmvp_idx n = A->nnz;
        CHECK(!memcmp(A->rowptr, B->rowptr, 1001 * sizeof *A->rowptr));
        CHECK(!memcmp(A->colidx, B->colidx, (size_t)n * sizeof *A->colidx));
        CHECK(!memcmp(A->val, B->val, (size_t)n * sizeof *A->val));
    }
    spmvp_csr_free(A);
    spmvp_csr_free(B);
}

/* Rows are filled in parallel where OpenMP is on: the matrix must not depend on the threads. */
static void thread_count_does_not_change_the_matrix(void)
{
#ifdef _OPENMP
    int saved = omp_get_max_threads();
    omp_set_num_threads(1);
    spmvp_csr *A = spmvp_gen_random_rows(20000, 30000, 200, SPMVP_DIST_NORMAL, 9);
    omp_set_num_threads(4);
    spmvp_csr *B = spmvp_gen_random_rows(20000, 30000, 200, SPMVP_DIST_NORMAL, 9);
    omp_set_num_threads(saved);
    CHECK(A && B && spmvp_csr_equal(A, B));
    spmvp_csr_free(A);
    spmvp_csr_free(B);
#endif
}

static void bad_arguments_are_refused(void)
{
    CHECK(!spmvp_gen_bench(0, 8, SPMVP_DIST_FIXED, 1));
    CHECK(strstr(spmvp_last_error(), "rows"));
    CHECK(!spmvp_gen_bench(SPMVP_IDX_MAX, 8, SPMVP_DIST_FIXED, 1));
    CHECK(!spmvp_gen_bench(10, 0, SPMVP_DIST_FIXED, 1));
    CHECK(!spmvp_gen_bench(10, 8, (spmvp_dist)7, 1));
    CHECK(!spmvp_gen_random_rows(10, 0, 8, SPMVP_DIST_FIXED, 1));
    CHECK(!spmvp_gen_random_rows(10, 1LL << 31, 8, SPMVP_DIST_FIXED, 1));
    /* more than 2^31-1 non-zeros: refused before anything large is allocated */
    CHECK(!spmvp_gen_bench(1000000000, 8, SPMVP_DIST_FIXED, 1));
    CHECK_MSG(strstr(spmvp_last_error(), "32-bit"), "%s", spmvp_last_error());
    spmvp_csr *A = NULL;
    CHECK(spmvp_matrix_load("bench:1000000000:8:uniform", &A) == SPMVP_ERR_RANGE && !A);
    CHECK_MSG(strstr(spmvp_last_error(), "bench:1000000000:8:uniform: "), "%s", spmvp_last_error());
}

/* ---- R-MAT ---- */

static void rmat_has_its_size_and_a_power_law_skew(void)
{
    spmvp_csr *A = spmvp_gen_rmat(12, 16, 0.57, 0.19, 0.19, 1);
    CHECK(A != NULL);
    if (!A)
        return;
    CHECK(A->nrows == 4096 && A->ncols == 4096 && valid_csr(A, 0));
    double edges = 0;
    int integral = 1;
    for (spmvp_idx k = 0; k < A->nnz; k++) {
        edges += A->val[k];
        integral &= A->val[k] >= 1 && A->val[k] == floor(A->val[k]);
    }
    CHECK_MSG(edges == 16 * 4096 && integral, "edges %.0f", edges); /* repeats merged, counted */
    CHECK(A->nnz <= 16 * 4096 && A->nnz > 8 * 4096);
    spmvp_row_stats st = spmvp_csr_row_stats(A);
    CHECK_MSG(st.max > 40 * st.mean, "longest row %d, mean %.1f", (int)st.max, st.mean);
    CHECK(row_len(A, 0) == st.max); /* vertex 0 is the hub */
    /* the columns are skewed the same way (b = c): column 0 the most frequent */
    spmvp_idx *deg = calloc(4096, sizeof *deg);
    if (deg) {
        for (spmvp_idx k = 0; k < A->nnz; k++)
            deg[A->colidx[k]]++;
        spmvp_idx m = 0;
        for (int j = 0; j < 4096; j++)
            m = deg[j] > m ? deg[j] : m;
        CHECK(deg[0] == m && m > 40 * st.mean);
    }
    free(deg);
    spmvp_csr *B = spmvp_gen_rmat(12, 16, 0.57, 0.19, 0.19, 1);
    spmvp_csr *C = spmvp_gen_rmat(12, 16, 0.57, 0.19, 0.19, 2);
    CHECK(B && C && spmvp_csr_equal(A, B) && !spmvp_csr_equal(A, C));
    spmvp_csr_free(A);
    spmvp_csr_free(B);
    spmvp_csr_free(C);
    /* equal quadrants: uniform random, no hub */
    A = spmvp_gen_rmat(12, 16, 0.25, 0.25, 0.25, 1);
    CHECK(A && valid_csr(A, 0));
    if (A) {
        st = spmvp_csr_row_stats(A);
        CHECK_MSG(st.max < 3 * st.mean, "longest row %d, mean %.1f", (int)st.max, st.mean);
    }
    spmvp_csr_free(A);
    /* long rows take the radix sort: scale 16, hub rows of thousands */
    A = spmvp_gen_rmat(16, 8, 0.57, 0.19, 0.19, 3);
    CHECK(A && A->nrows == 65536 && valid_csr(A, 0) && spmvp_csr_max_row(A) > 1000);
    spmvp_csr_free(A);
}

static void rmat_refuses_bad_arguments(void)
{
    CHECK(!spmvp_gen_rmat(0, 16, 0.57, 0.19, 0.19, 1));
    CHECK(!spmvp_gen_rmat(31, 1, 0.57, 0.19, 0.19, 1));
    CHECK(!spmvp_gen_rmat(10, 0, 0.57, 0.19, 0.19, 1));
    CHECK(!spmvp_gen_rmat(10, 16, 0.6, 0.3, 0.2, 1));
    CHECK(strstr(spmvp_last_error(), "a+b+c"));
    CHECK(!spmvp_gen_rmat(10, 16, -0.1, 0.5, 0.5, 1));
    CHECK(!spmvp_gen_rmat(10, 16, NAN, 0.19, 0.19, 1));
    CHECK(!spmvp_gen_rmat(30, 2, 0.57, 0.19, 0.19, 1)); /* 2^31 edges */
    CHECK_MSG(strstr(spmvp_last_error(), "32-bit"), "%s", spmvp_last_error());
    spmvp_csr *A = spmvp_gen_rmat(1, 1, 1.0, 0, 0, 1); /* every edge is (0, 0) */
    CHECK(A && A->nrows == 2 && A->nnz == 1 && A->colidx[0] == 0 && A->val[0] == 2.0);
    spmvp_csr_free(A);
}

/* ---- specs ---- */

static void specs_parse_into_their_fields(void)
{
    spmvp_gen_spec s;
    CHECK(spmvp_gen_parse("random:1000:8:normal", &s) == SPMVP_OK);
    CHECK(s.family == SPMVP_FAMILY_RANDOM && s.rows == 1000 && s.cols == 1000 && s.pnz == 8 &&
          s.dist == SPMVP_DIST_NORMAL && s.seed == SPMVP_GEN_SEED && !s.has_seed);
    CHECK(spmvp_gen_parse("random:1000x50:8:uniform:42", &s) == SPMVP_OK);
    CHECK(s.rows == 1000 && s.cols == 50 && s.dist == SPMVP_DIST_UNIFORM && s.seed == 42 && s.has_seed);
    CHECK(spmvp_gen_parse("bench:16896:3072:fixed:18446744073709551615", &s) == SPMVP_OK);
    CHECK(s.family == SPMVP_FAMILY_BENCH && s.rows == 16896 && s.pnz == 3072 &&
          s.seed == 18446744073709551615ULL);
    CHECK(spmvp_gen_parse("rmat:16", &s) == SPMVP_OK);
    CHECK(s.family == SPMVP_FAMILY_RMAT && s.scale == 16 && s.edge_factor == 16 && !s.has_seed);
    CHECK(spmvp_gen_parse("rmat:10:4:9", &s) == SPMVP_OK);
    CHECK(s.scale == 10 && s.edge_factor == 4 && s.seed == 9 && s.has_seed);
    CHECK(spmvp_gen_parse("laplace3d27:12", &s) == SPMVP_OK);
    CHECK(s.family == SPMVP_FAMILY_LAPLACE3D27 && s.n == 12);
    CHECK(spmvp_gen_is_spec("laplace3d:5") && spmvp_gen_is_spec("rmat:x"));
    CHECK(!spmvp_gen_is_spec("matrices/cage8.mtx.gz") && !spmvp_gen_is_spec("random") &&
          !spmvp_gen_is_spec("randomx:1") && !spmvp_gen_is_spec(""));
    CHECK(spmvp_gen_family_seeded(SPMVP_FAMILY_RMAT) && !spmvp_gen_family_seeded(SPMVP_FAMILY_LAPLACE2D));
    CHECK(spmvp_gen_parse("longrows:1000000:4:36:50000", &s) == SPMVP_OK);
    CHECK(s.family == SPMVP_FAMILY_LONGROWS && s.rows == 1000000 && s.cols == 1000000 &&
          s.pnz == 4 && s.nlong == 36 && s.longlen == 50000 && !s.has_seed);
    CHECK(spmvp_gen_parse("longrows:10:0:0:0:3", &s) == SPMVP_OK && s.seed == 3 && s.has_seed);
    CHECK(spmvp_gen_family_seeded(SPMVP_FAMILY_LONGROWS));
    CHECK(spmvp_gen_parse("band:100:2", &s) == SPMVP_OK && s.family == SPMVP_FAMILY_BAND &&
          s.rows == 100 && s.cols == 100 && s.width == 2);
    CHECK(spmvp_gen_parse("blockdiag:100:8", &s) == SPMVP_OK &&
          s.family == SPMVP_FAMILY_BLOCKDIAG && s.rows == 100 && s.width == 8);
    CHECK(!spmvp_gen_family_seeded(SPMVP_FAMILY_BAND) && spmvp_gen_family_seeded(SPMVP_FAMILY_PERM));
    CHECK(spmvp_gen_parse("blocks3d:40:3", &s) == SPMVP_OK && s.family == SPMVP_FAMILY_BLOCKS3D &&
          s.n == 40 && s.width == 3 && !spmvp_gen_family_seeded(SPMVP_FAMILY_BLOCKS3D));
    CHECK(spmvp_gen_parse("arrow:100:2:3", &s) == SPMVP_OK && s.family == SPMVP_FAMILY_ARROW &&
          s.rows == 100 && s.cols == 100 && s.width == 2 && s.nlong == 3);
    CHECK(spmvp_gen_parse("powerlaw:100:2:50:9", &s) == SPMVP_OK && s.family == SPMVP_FAMILY_POWERLAW &&
          s.rows == 100 && s.pnz == 2 && s.longlen == 50 && s.seed == 9 && s.has_seed &&
          spmvp_gen_family_seeded(SPMVP_FAMILY_POWERLAW));
    CHECK(spmvp_gen_parse("perm:laplace3d:10", &s) == SPMVP_OK && s.family == SPMVP_FAMILY_PERM &&
          !strcmp(s.inner, "laplace3d:10") && s.seed == SPMVP_GEN_SEED && !s.has_seed);
    CHECK(spmvp_gen_parse("perm:42:random:10:2:fixed:5", &s) == SPMVP_OK && s.seed == 42 &&
          s.has_seed && !strcmp(s.inner, "random:10:2:fixed:5"));
    /* a file is taken as it is, read only when built */
    CHECK(spmvp_gen_parse("perm:matrices/cage8.mtx.gz", &s) == SPMVP_OK &&
          !strcmp(s.inner, "matrices/cage8.mtx.gz") && !s.has_seed);
}

/* NLONG rows of LONG entries, one in each stretch of ROWS/NLONG rows, the rest SHORT; valid,
 * deterministic, placed by the seed. */
static void longrows_has_one_long_row_in_each_stretch(void)
{
    spmvp_csr *A = NULL, *B = NULL, *C = NULL;
    CHECK(spmvp_matrix_load("longrows:2000:3:5:1500:7", &A) == SPMVP_OK);
    CHECK(spmvp_matrix_load("longrows:2000:3:5:1500:7", &B) == SPMVP_OK);
    CHECK(spmvp_matrix_load("longrows:2000:3:5:1500:8", &C) == SPMVP_OK);
    if (!A || !B || !C)
        goto out;
    CHECK(A->nrows == 2000 && A->ncols == 2000 && A->nnz == 1995 * 3 + 5 * 1500 && valid_csr(A, 0));
    int in_stretch[5] = {0};
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        spmvp_idx len = row_len(A, i);
        CHECK_MSG(len == 3 || len == 1500, "row %d has %d entries", (int)i, (int)len);
        if (len == 1500)
            in_stretch[i / 400]++;
    }
    for (int k = 0; k < 5; k++)
        CHECK_MSG(in_stretch[k] == 1, "stretch %d has %d long rows", k, in_stretch[k]);
    CHECK(spmvp_csr_equal(A, B) && !spmvp_csr_equal(A, C));
    spmvp_csr_free(A);
    A = NULL;
    CHECK(spmvp_matrix_load("longrows:50:50:50:50", &A) == SPMVP_OK && A && A->nnz == 2500 && valid_csr(A, 0));
    spmvp_csr_free(B);
    B = NULL;
    CHECK(spmvp_matrix_load("longrows:7:0:0:0", &B) == SPMVP_OK && B && B->nnz == 0);
out:
    spmvp_csr_free(A);
    spmvp_csr_free(B);
    spmvp_csr_free(C);
}

/* The entry (i, j) of A, or 0 when it is not stored (binary search in the sorted row). */
static double entry_at(const spmvp_csr *A, spmvp_idx i, spmvp_idx j)
{
    spmvp_idx lo = A->rowptr[i], hi = A->rowptr[i + 1];
    while (lo < hi) {
        spmvp_idx m = lo + (hi - lo) / 2;
        if (A->colidx[m] == j)
            return A->val[m];
        if (A->colidx[m] < j)
            lo = m + 1;
        else
            hi = m;
    }
    return 0.0;
}

/* A holds exactly the n (row, col) pairs of want, in CSR order. */
static int has_exactly(const spmvp_csr *A, const spmvp_idx (*want)[2], int n)
{
    if (A->nnz != n || !valid_csr(A, 0))
        return 0;
    int k = 0;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        for (spmvp_idx a = A->rowptr[i]; a < A->rowptr[i + 1]; a++, k++)
            if (want[k][0] != i || want[k][1] != A->colidx[a])
                return 0;
    return k == n;
}

/* band:5:1 and blockdiag:5:2 by hand: their entries, and diagonals holding the row length. */
static void band_and_blockdiag_have_their_entries(void)
{
    static const spmvp_idx band[13][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}, {2, 2},
                                          {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 3}, {4, 4}};
    static const spmvp_idx blocks[9][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 2},
                                           {2, 3}, {3, 2}, {3, 3}, {4, 4}};
    spmvp_csr *A = NULL, *B = NULL;
    CHECK(spmvp_matrix_load("band:5:1", &A) == SPMVP_OK && A && A->nrows == 5 && A->ncols == 5);
    CHECK(spmvp_matrix_load("blockdiag:5:2", &B) == SPMVP_OK && B && B->nrows == 5 && B->ncols == 5);
    if (!A || !B)
        goto out;
    CHECK(has_exactly(A, band, 13) && has_exactly(B, blocks, 9));
    CHECK(entry_at(A, 0, 0) == 2 && entry_at(A, 2, 2) == 3 && entry_at(A, 2, 3) == -1);
    CHECK(entry_at(B, 1, 1) == 2 && entry_at(B, 4, 4) == 1 && entry_at(B, 1, 0) == -1);
    spmvp_csr_free(A);
    spmvp_csr_free(B);
    /* edge widths: the diagonal alone, the full matrix, blocks of one and of all rows */
    A = B = NULL;
    CHECK(spmvp_matrix_load("band:7:0", &A) == SPMVP_OK && A && A->nnz == 7 && valid_csr(A, 0));
    CHECK(spmvp_matrix_load("band:7:6", &B) == SPMVP_OK && B && B->nnz == 49 && valid_csr(B, 0));
    spmvp_csr_free(A);
    spmvp_csr_free(B);
    A = B = NULL;
    CHECK(spmvp_matrix_load("blockdiag:7:1", &A) == SPMVP_OK && A && A->nnz == 7);
    CHECK(spmvp_matrix_load("blockdiag:7:7", &B) == SPMVP_OK && B && B->nnz == 49 && valid_csr(B, 0));
    /* the closed forms of nnz: ROWS (2W+1) - W (W+1), and full blocks plus the cut one */
    spmvp_csr_free(A);
    spmvp_csr_free(B);
    A = B = NULL;
    CHECK(spmvp_matrix_load("band:1000:17", &A) == SPMVP_OK && A && A->nnz == 1000 * 35 - 17 * 18);
    CHECK(spmvp_matrix_load("blockdiag:1000:64", &B) == SPMVP_OK && B && B->nnz == 15 * 64 * 64 + 40 * 40);
    /* too many entries for 32-bit indices: a range error, not an argument error */
    spmvp_csr *C = NULL;
    CHECK(spmvp_matrix_load("band:2000000000:2", &C) == SPMVP_ERR_RANGE && !C);
    CHECK(spmvp_matrix_load("blockdiag:100000:100000", &C) == SPMVP_ERR_RANGE && !C);
out:
    spmvp_csr_free(A);
    spmvp_csr_free(B);
}

/* perm:laplace2d:4 is P A P^T. p is read off a twin: laplace2d:4's pattern with each value
 * tagging its place (16 i + j + 1), written to a file and permuted with the same seed; the
 * permutation depends only on the seed and the size, so the twin's p is the stencil's. */
/* Symmetric, each diagonal the row's length and every other entry -1 (the coupled families'
 * values, like band:'s). */
static int symmetric_dominant(const spmvp_csr *A)
{
    for (spmvp_idx i = 0; i < A->nrows; i++)
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++) {
            spmvp_idx j = A->colidx[k];
            double want = j == i ? (double)(A->rowptr[i + 1] - A->rowptr[i]) : -1.0;
            if (A->val[k] != want || entry_at(A, j, i) != A->val[k])
                return 0;
        }
    return 1;
}

/* blocks3d: (3N-2)^3 B^2 entries; an interior unknown couples to 27 points' B unknowns in runs
 * of 3B consecutive columns; B = 1 is laplace3d27's pattern; N = 1 one dense B x B block. */
static void blocks3d_is_the_27_point_stencil_in_blocks(void)
{
    spmvp_csr *A = NULL, *S = NULL;
    CHECK(spmvp_matrix_load("blocks3d:4:3", &A) == SPMVP_OK && A);
    if (!A)
        return;
    CHECK(A->nrows == 64 * 3 && A->ncols == 192 && A->nnz == 10 * 10 * 10 * 9 && valid_csr(A, 0));
    CHECK(symmetric_dominant(A));
    /* point (1,1,1) = 21 is interior: its unknown 1 (row 64) holds 81 entries, 9 runs of 9 */
    spmvp_idx r = 21 * 3 + 1, k = A->rowptr[r];
    CHECK(A->rowptr[r + 1] - k == 81 && A->colidx[k] == 0 && A->colidx[k + 8] == 8 &&
          A->colidx[k + 9] == (4 + 0) * 3 && A->colidx[k + 80] == (42 + 0) * 3 + 2);
    spmvp_csr_free(A);
    A = NULL;
    CHECK(spmvp_matrix_load("blocks3d:5:1", &A) == SPMVP_OK &&
          spmvp_matrix_load("laplace3d27:5", &S) == SPMVP_OK && A && S);
    if (A && S) {
        int same = A->nnz == S->nnz && A->nrows == S->nrows;
        for (spmvp_idx k2 = 0; same && k2 < A->nnz; k2++)
            same = A->colidx[k2] == S->colidx[k2];
        CHECK_MSG(same, "blocks3d:5:1 should have laplace3d27:5's pattern");
    }
    spmvp_csr_free(A);
    spmvp_csr_free(S);
    A = NULL;
    CHECK(spmvp_matrix_load("blocks3d:1:5", &A) == SPMVP_OK && A && A->nnz == 25 && A->nrows == 5);
    spmvp_csr_free(A);
    A = NULL;
    CHECK(spmvp_matrix_load("blocks3d:1000:64", &A) == SPMVP_ERR_RANGE && !A);
}

/* arrow:6:1:2 by hand; K = 0 is band:; K = ROWS is dense; the border's rows and columns full. */
static void arrow_is_a_band_with_dense_borders(void)
{
    static const spmvp_idx want[30][2] = {
        {0, 0}, {0, 1}, {0, 4}, {0, 5}, {1, 0}, {1, 1}, {1, 2}, {1, 4}, {1, 5}, {2, 1},
        {2, 2}, {2, 3}, {2, 4}, {2, 5}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {4, 0}, {4, 1},
        {4, 2}, {4, 3}, {4, 4}, {4, 5}, {5, 0}, {5, 1}, {5, 2}, {5, 3}, {5, 4}, {5, 5}};
    spmvp_csr *A = NULL, *B = NULL;
    CHECK(spmvp_matrix_load("arrow:6:1:2", &A) == SPMVP_OK && A && has_exactly(A, want, 30));
    CHECK(A && symmetric_dominant(A) && entry_at(A, 4, 4) == 6 && entry_at(A, 0, 0) == 4);
    spmvp_csr_free(A);
    A = NULL;
    CHECK(spmvp_matrix_load("arrow:1000:3:0", &A) == SPMVP_OK &&
          spmvp_matrix_load("band:1000:3", &B) == SPMVP_OK && A && B && spmvp_csr_equal(A, B));
    spmvp_csr_free(A);
    spmvp_csr_free(B);
    A = NULL;
    CHECK(spmvp_matrix_load("arrow:7:0:7", &A) == SPMVP_OK && A && A->nnz == 49);
    spmvp_csr_free(A);
    A = NULL;
    /* the band's 1000 x 7 - 12, the border's 2 x 1000 rows and 2 x 998 column entries, less
     * what both hold: the band in rows 998-999 (5 + 4) and in columns 998-999 above (3 + 2) */
    CHECK(spmvp_matrix_load("arrow:1000:3:2", &A) == SPMVP_OK && A && valid_csr(A, 0) &&
          A->nnz == 6988 + 3996 - 14 && symmetric_dominant(A));
    spmvp_csr_free(A);
}

/* powerlaw: lengths in MIN..MAX with P(len >= l) = (MIN / l)^1.5 (about 1/8 reach 4 MIN) and a
 * mean near MIN (3 - 2 sqrt(MIN / MAX)) - 1/2 (the floor); the seed decides; columns distinct
 * and sorted. */
static void powerlaw_rows_have_a_heavy_tail(void)
{
    spmvp_csr *A = NULL, *B = NULL, *C = NULL;
    CHECK(spmvp_matrix_load("powerlaw:100000:4:100000:3", &A) == SPMVP_OK && A && valid_csr(A, 0));
    if (!A)
        return;
    long long tail = 0;
    spmvp_idx lo = A->ncols, hi = 0;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        spmvp_idx len = A->rowptr[i + 1] - A->rowptr[i];
        tail += len >= 16;
        lo = len < lo ? len : lo;
        hi = len > hi ? len : hi;
    }
    double mean = (double)A->nnz / A->nrows, share = (double)tail / A->nrows;
    CHECK_MSG(lo == 4 && hi > 1000, "lengths %d..%d", (int)lo, (int)hi);
    CHECK_MSG(share > 0.115 && share < 0.135, "P(len >= 16) = %g, want 0.125", share);
    CHECK_MSG(mean > 10.5 && mean < 12.5, "mean %g, want about 11.5", mean);
    CHECK(spmvp_matrix_load("powerlaw:100000:4:100000:3", &B) == SPMVP_OK && B && spmvp_csr_equal(A, B));
    CHECK(spmvp_matrix_load("powerlaw:100000:4:100000:4", &C) == SPMVP_OK && C && !spmvp_csr_equal(A, C));
    spmvp_csr_free(A);
    spmvp_csr_free(B);
    spmvp_csr_free(C);
    A = NULL;
    /* the cut: MIN = MAX is every row of MIN entries */
    CHECK(spmvp_matrix_load("powerlaw:1000:7:7", &A) == SPMVP_OK && A && A->nnz == 7000 && valid_csr(A, 0));
    spmvp_csr_free(A);
    A = NULL;
    CHECK(spmvp_matrix_load("powerlaw:2000000000:2000:2000", &A) == SPMVP_ERR_RANGE && !A);
}

static void perm_is_a_symmetric_permutation(void)
{
    spmvp_csr *A = NULL, *P = NULL, *Q = NULL, *R = NULL, *T = NULL, *S = NULL;
    char path[64], spec[96];
    snprintf(path, sizeof path, "/tmp/spmvp_test_gen_XXXXXX");
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd >= 0)
        close(fd);
    CHECK(spmvp_matrix_load("laplace2d:4", &A) == SPMVP_OK);
    CHECK(spmvp_matrix_load("perm:laplace2d:4", &P) == SPMVP_OK);
    CHECK(spmvp_matrix_load("perm:1:laplace2d:4", &Q) == SPMVP_OK); /* seed 1 is the default */
    CHECK(spmvp_matrix_load("perm:2:laplace2d:4", &R) == SPMVP_OK);
    if (fd < 0 || !A || !P || !Q || !R)
        goto out;
    CHECK(P->nrows == 16 && P->ncols == 16 && P->nnz == A->nnz && valid_csr(P, 0));
    CHECK(spmvp_csr_equal(P, Q) && !spmvp_csr_equal(P, R) && !spmvp_csr_equal(P, A));
    int hist_a[8] = {0}, hist_p[8] = {0}; /* the same multiset of row lengths */
    for (spmvp_idx i = 0; i < 16; i++) {
        hist_a[row_len(A, i)]++;
        hist_p[row_len(P, i)]++;
    }
    CHECK(!memcmp(hist_a, hist_p, sizeof hist_a));

    spmvp_csr *tag = spmvp_csr_alloc(16, 16, A->nnz);
    CHECK(tag != NULL);
    if (!tag)
        goto out;
    memcpy(tag->rowptr, A->rowptr, 17 * sizeof *tag->rowptr);
    memcpy(tag->colidx, A->colidx, (size_t)A->nnz * sizeof *tag->colidx);
    for (spmvp_idx i = 0; i < 16; i++)
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
            tag->val[k] = 16 * i + A->colidx[k] + 1;
    CHECK(spmvp_mm_write(path, tag) == SPMVP_OK);
    spmvp_csr_free(tag);
    snprintf(spec, sizeof spec, "perm:%s", path);
    CHECK_MSG(spmvp_matrix_load(spec, &T) == SPMVP_OK, "%s", spmvp_last_error());
    if (!T)
        goto out;
    /* every entry (r, c) of the twin names its source (i, j): p(i) = r and p(j) = c, the same
     * p for rows and columns, and one-to-one */
    spmvp_idx p[16];
    int ok = T->nnz == A->nnz && valid_csr(T, 0), hit[16] = {0};
    for (spmvp_idx i = 0; i < 16; i++)
        p[i] = -1;
    for (spmvp_idx r = 0; r < 16; r++)
        for (spmvp_idx k = T->rowptr[r]; k < T->rowptr[r + 1]; k++) {
            int v = (int)T->val[k] - 1, i = v / 16, j = v % 16;
            ok &= (p[i] < 0 || p[i] == r) && (p[j] < 0 || p[j] == T->colidx[k]);
            p[i] = r;
            p[j] = T->colidx[k];
        }
    for (spmvp_idx i = 0; i < 16; i++)
        ok &= p[i] >= 0 && !hit[p[i]]++;
    CHECK_MSG(ok, "the twin's entries do not come from one permutation of rows and columns");
    /* A'[p(i)][p(j)] == A[i][j] for every entry; with equal nnz, A' holds nothing else */
    for (spmvp_idx i = 0; ok && i < 16; i++)
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
            CHECK_MSG(entry_at(P, p[i], p[A->colidx[k]]) == A->val[k], "entry (%d, %d)", (int)i,
                      (int)A->colidx[k]);

    /* rectangular: rows and columns permuted independently, each row keeps its length */
    CHECK(spmvp_matrix_load("random:300x50:4:uniform:3", &S) == SPMVP_OK);
    spmvp_csr_free(P);
    P = NULL;
    CHECK(spmvp_matrix_load("perm:random:300x50:4:uniform:3", &P) == SPMVP_OK);
    if (S && P) {
        CHECK(P->nrows == 300 && P->ncols == 50 && P->nnz == S->nnz && valid_csr(P, 1));
        long long hs[64] = {0}, hp[64] = {0};
        for (spmvp_idx i = 0; i < 300; i++) {
            hs[row_len(S, i)]++;
            hp[row_len(P, i)]++;
        }
        CHECK(!memcmp(hs, hp, sizeof hs));
    }
out:
    if (fd >= 0)
        remove(path);
    spmvp_csr_free(A);
    spmvp_csr_free(P);
    spmvp_csr_free(Q);
    spmvp_csr_free(R);
    spmvp_csr_free(T);
    spmvp_csr_free(S);
}

static void bad_specs_name_the_spec_and_field(void)
{
    static const struct { const char *spec, *field; } bad[] = {
        {"random:100:x:normal", "PNZ"},
        {"random:100:0:normal", "PNZ"},
        {"random:0:4:fixed", "ROWS"},
        {"random:-5:4:fixed", "ROWS"},
        {"random:99999999999999999999:4:fixed", "ROWS"},
        {"random:100x0:4:fixed", "COLS"},
        {"random:100x:4:fixed", "COLS"},
        {"random:100:4:gauss", "DIST"},
        {"random:100:4:", "DIST"},
        {"random:100:4:normal:-1", "SEED"},
        {"random:100:4:normal:18446744073709551616", "SEED"},
        {"random:100:4:normal:0x10", "SEED"},
        {"random:100:4", "expected random:ROWS"},
        {"random:100:4:normal:1:2", "expected random:ROWS"},
        {"bench:100x5:4:fixed", "ROWS"},
        {"bench:100", "expected bench:ROWS"},
        {"rmat:", "SCALE"},
        {"rmat:0", "SCALE"},
        {"rmat:31", "SCALE"},
        {"rmat:10:0", "EDGEFACTOR"},
        {"rmat:10:16:abc", "SEED"},
        {"rmat:10:16:1:2", "expected rmat:SCALE"},
        {"laplace3d:0", "grid size"},
        {"laplace2d:abc", "grid size"},
        {"laplace3d:1.5", "grid size"},
        {"laplace3d: 5", "grid size"},
        {"laplace3d:+5", "grid size"},
        {"laplace3d:5:5", "expected laplace3d:N"},
        {"longrows:100:4:2", "expected longrows:ROWS"},
        {"longrows:0:4:2:50", "ROWS"},
        {"longrows:100:x:2:50", "SHORT"},
        {"longrows:100:4:-1:50", "NLONG"},
        {"longrows:100:4:2:5.5", "LONG"},
        {"longrows:100:4:2:101", "at most ROWS"},
        {"longrows:100:4:2:50:s", "SEED"},
        {"band:5", "expected band:ROWS:WIDTH"},
        {"band:5:9", "WIDTH"},
        {"band:5:5", "WIDTH"},
        {"band:5:-1", "WIDTH"},
        {"band:0:0", "ROWS"},
        {"band:5:1:1", "expected band:ROWS:WIDTH"},
        {"blockdiag:0:1", "ROWS"},
        {"blockdiag:5:0", "BLOCK"},
        {"blockdiag:5:6", "BLOCK"},
        {"blockdiag:5", "expected blockdiag:ROWS:BLOCK"},
        {"blocks3d:5", "expected blocks3d:N:B"},
        {"blocks3d:0:3", "grid size"},
        {"blocks3d:5:0", "B must"},
        {"blocks3d:5:65", "B must"},
        {"arrow:10:1", "expected arrow:ROWS:WIDTH:K"},
        {"arrow:0:0:0", "ROWS"},
        {"arrow:10:10:1", "WIDTH"},
        {"arrow:10:1:11", "K must"},
        {"powerlaw:10:2", "expected powerlaw:ROWS"},
        {"powerlaw:10:0:5", "MIN and MAX"},
        {"powerlaw:10:6:5", "MIN and MAX"},
        {"powerlaw:10:2:11", "MIN and MAX"},
        {"powerlaw:10:2:5:s", "SEED"},
        {"perm:", "SPEC"},
        {"perm:7", "SPEC"},
        {"perm:7:", "SPEC"},
        {"perm:perm:laplace2d:3", "perm:"},
        {"perm:3:perm:laplace2d:3", "perm:"},
        {"perm:18446744073709551616:laplace2d:3", "SEED"},
        {"perm:laplace2d:x", "grid size"},
        {"perm:5:band:5:9", "WIDTH"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        spmvp_gen_spec s;
        spmvp_csr *A = NULL;
        CHECK_MSG(spmvp_gen_parse(bad[i].spec, &s) == SPMVP_ERR_ARG, "%s", bad[i].spec);
        const char *msg = spmvp_last_error();
        CHECK_MSG(!strncmp(msg, bad[i].spec, strlen(bad[i].spec)) && strstr(msg, bad[i].field) &&
                  !strchr(msg, '\n'), "%s: message \"%s\" should name the spec and %s",
                  bad[i].spec, msg, bad[i].field);
        CHECK_MSG(spmvp_matrix_load(bad[i].spec, &A) == SPMVP_ERR_ARG && !A, "%s", bad[i].spec);
    }
}

static void matrix_load_builds_every_family(void)
{
    spmvp_csr *A = NULL, *B;
    CHECK(spmvp_matrix_load("random:1000:8:normal:7", &A) == SPMVP_OK);
    B = spmvp_gen_random_rows(1000, 1000, 8, SPMVP_DIST_NORMAL, 7);
    CHECK(A && B && spmvp_csr_equal(A, B));
    A = spmvp_csr_free(A);
    B = spmvp_csr_free(B);
    CHECK(spmvp_matrix_load("random:1000x50:8:uniform", &A) == SPMVP_OK);
    B = spmvp_gen_random_rows(1000, 50, 8, SPMVP_DIST_UNIFORM, SPMVP_GEN_SEED);
    CHECK(A && B && A->ncols == 50 && spmvp_csr_equal(A, B));
    A = spmvp_csr_free(A);
    B = spmvp_csr_free(B);
    CHECK(spmvp_matrix_load("bench:1000:8:fixed", &A) == SPMVP_OK);
    B = spmvp_gen_bench(1000, 8, SPMVP_DIST_FIXED, SPMVP_GEN_SEED);
    CHECK(A && B && A->nnz == 8000 && spmvp_csr_equal(A, B));
    A = spmvp_csr_free(A);
    B = spmvp_csr_free(B);
    CHECK(spmvp_matrix_load("rmat:8", &A) == SPMVP_OK);
    B = spmvp_gen_rmat(8, 16, 0.57, 0.19, 0.19, SPMVP_GEN_SEED);
    CHECK(A && B && A->nrows == 256 && spmvp_csr_equal(A, B));
    A = spmvp_csr_free(A);
    B = spmvp_csr_free(B);
    CHECK(spmvp_matrix_load("rmat:30", &A) == SPMVP_ERR_RANGE && !A);
    CHECK(spmvp_matrix_load("laplace3d:2000", &A) == SPMVP_ERR_RANGE && !A);
    CHECK_MSG(strstr(spmvp_last_error(), "laplace3d:2000: "), "%s", spmvp_last_error());
    /* not a family: a file, with the reader's error */
    CHECK(spmvp_matrix_load("no/such/file.mtx", &A) == SPMVP_ERR_IO && !A);
}

/* The stencils are what they were: counts and the matrices spmvp_stencil builds. */
static void stencils_unchanged(void)
{
    static const struct { const char *spec; spmvp_idx nx, ny, nz; int points; long long nnz; } st[] = {
        {"laplace2d:30", 30, 30, 1, 5, 5 * 900 - 4 * 30},
        {"laplace3d:20", 20, 20, 20, 7, 7 * 8000 - 6 * 400},
        {"laplace3d27:10", 10, 10, 10, 27, 28 * 28 * 28},
    };
    for (size_t i = 0; i < sizeof st / sizeof st[0]; i++) {
        spmvp_csr *A = NULL, *B = spmvp_stencil(st[i].nx, st[i].ny, st[i].nz, st[i].points);
        CHECK(spmvp_matrix_load(st[i].spec, &A) == SPMVP_OK);
        CHECK_MSG(A && B && A->nnz == st[i].nnz && spmvp_csr_equal(A, B) && valid_csr(A, 0),
                  "%s", st[i].spec);
        spmvp_csr_free(A);
        spmvp_csr_free(B);
    }
}

static void row_stats_of_a_known_matrix(void)
{
    spmvp_idx ri[] = {0, 0, 0, 2}, ci[] = {0, 1, 2, 1};
    double v[] = {1, 2, 3, 4};
    spmvp_csr *A = spmvp_csr_from_triplets(4, 3, 4, ri, ci, v); /* lengths 3, 0, 1, 0 */
    CHECK(A != NULL);
    if (A) {
        spmvp_row_stats s = spmvp_csr_row_stats(A);
        CHECK(s.mean == 1.0 && s.min == 0 && s.max == 3 && fabs(s.sd - sqrt(1.5)) < 1e-12);
    }
    spmvp_csr_free(A);
}

int main(void)
{
    RUN(moments_function_matches_documented_spreads);
    RUN(lengths_have_the_documented_mean_and_spread);
    RUN(normal_lengths_follow_the_rounded_normal);
    RUN(matrix_rows_have_the_sampled_lengths);
    RUN(columns_are_distinct_sorted_and_uniform);
    RUN(tiny_matrices_clamp_row_lengths);
    RUN(same_seed_same_matrix_other_seed_differs);
    RUN(rows_do_not_depend_on_the_row_count);
    RUN(thread_count_does_not_change_the_matrix);
    RUN(bad_arguments_are_refused);
    RUN(rmat_has_its_size_and_a_power_law_skew);
    RUN(rmat_refuses_bad_arguments);
    RUN(specs_parse_into_their_fields);
    RUN(longrows_has_one_long_row_in_each_stretch);
    RUN(band_and_blockdiag_have_their_entries);
    RUN(blocks3d_is_the_27_point_stencil_in_blocks);
    RUN(arrow_is_a_band_with_dense_borders);
    RUN(powerlaw_rows_have_a_heavy_tail);
    RUN(perm_is_a_symmetric_permutation);
    RUN(bad_specs_name_the_spec_and_field);
    RUN(matrix_load_builds_every_family);
    RUN(stencils_unchanged);
    RUN(row_stats_of_a_known_matrix);
    return test_report();
}
