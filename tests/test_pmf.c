/* test_pmf.c: the probabilistic model of seed 002 (model/pmf.h) against hand-computed values,
 * the time equations written out again by hand, and Algorithm 2 against a brute-force scan. */
#include <math.h>
#include <stdlib.h>

#include "pmf.h"
#include "sparse.h"
#include "stats.h"
#include "test.h"

static int close_rel(double a, double b, double tol)
{
    return fabs(a - b) <= tol * fmax(fabs(a), fabs(b)) || a == b;
}

#define CHECK_REL(a, b) CHECK_MSG(close_rel((a), (b), 1e-12), "%.17g vs %.17g", (double)(a), (double)(b))

/* Row lengths {1,1,2,3,3,3,8}: N = 7, b_1 = 2, b_2 = 1, b_3 = 3, b_8 = 1, NNZ = 21, E(X) = 3. */
static const long long H7[] = {0, 2, 1, 3, 0, 0, 0, 0, 1};

static void pmf_statistics_should_match_hand_computed_values(void)
{
    spmvp_pmf *p = spmvp_pmf_from_hist(H7, 8);
    CHECK(p);
    if (!p)
        return;
    CHECK(p->rows == 7 && p->nnz == 21 && p->max == 8);
    CHECK_REL(p->mean, 3.0);
    /* eq. 1 */
    CHECK_REL(spmvp_pmf_p(p, 3), 3.0 / 7);
    CHECK(spmvp_pmf_p(p, 4) == 0 && spmvp_pmf_p(p, 0) == 0 && spmvp_pmf_p(p, 99) == 0);
    /* eqs 2-3 */
    CHECK_REL(spmvp_pmf_p_le(p, 3), 6.0 / 7);
    CHECK_REL(spmvp_pmf_p_gt(p, 3), 1.0 / 7);
    CHECK_REL(spmvp_pmf_p_le(p, 1), 2.0 / 7);
    CHECK(spmvp_pmf_p_le(p, -1) == 0 && spmvp_pmf_p_le(p, 8) == 1 && spmvp_pmf_p_gt(p, 100) == 0);
    /* eqs 4-5: P(X=3|X<=3) = 3/6, P(X=2|X<=3) = 1/6, P(X=8|X>3) = 1, P(X=3|X>1) = 3/5 */
    CHECK_REL(spmvp_pmf_p_given_le(p, 3, 3), 0.5);
    CHECK_REL(spmvp_pmf_p_given_le(p, 2, 3), 1.0 / 6);
    CHECK(spmvp_pmf_p_given_le(p, 8, 3) == 0);
    CHECK_REL(spmvp_pmf_p_given_gt(p, 8, 3), 1.0);
    CHECK_REL(spmvp_pmf_p_given_gt(p, 3, 1), 3.0 / 5);
    CHECK(spmvp_pmf_p_given_gt(p, 1, 1) == 0);
    /* eqs 7-8: E(X|X<=3) = (2+2+9)/6 = 13/6, E(X|X>3) = 8, E(X|X>1) = 19/5, E(X|X<=0) := 0 */
    CHECK_REL(spmvp_pmf_e_le(p, 3), 13.0 / 6);
    CHECK_REL(spmvp_pmf_e_gt(p, 3), 8.0);
    CHECK_REL(spmvp_pmf_e_gt(p, 1), 19.0 / 5);
    CHECK(spmvp_pmf_e_le(p, 0) == 0 && spmvp_pmf_e_gt(p, 8) == 0);
    /* eq. 9: deviations -2,-2,-1,0,0,0,5, squares sum 34: sigma = sqrt(34/7) */
    CHECK_REL(p->sd, sqrt(34.0 / 7));
    /* eq. 10: cubes -8-8-1+125 = 108: gamma = (108/7) / (34/7)^1.5 */
    CHECK_REL(p->skew, (108.0 / 7) / pow(34.0 / 7, 1.5));
    /* eqs 12-14: NNZ = E(X)*N = 21; NNZ(X<=3) = 13, NNZ(X>3) = 8; NNZ(X>1) = 19 */
    CHECK(spmvp_pmf_nnz_le(p, 3) == 13 && spmvp_pmf_nnz_gt(p, 3) == 8);
    CHECK(spmvp_pmf_nnz_gt(p, 1) == 19 && spmvp_pmf_nnz_le(p, -5) == 0);
    CHECK_REL(spmvp_pmf_e_le(p, 3) * 7 * spmvp_pmf_p_le(p, 3), 13.0); /* eq. 13 as written */
    /* eq. 11, W = 4: cum = 2 (k=1), 3 (k=2), 6 (k=3), 7 (k=8); thresholds 7i/4 = 1.75, 3.5,
     * 5.25, 7 -> alpha = 1, 3, 3, 8; E(Q) = 15/4 */
    CHECK(spmvp_pmf_fractile(p, 1, 4) == 1 && spmvp_pmf_fractile(p, 2, 4) == 3);
    CHECK(spmvp_pmf_fractile(p, 3, 4) == 3 && spmvp_pmf_fractile(p, 4, 4) == 8);
    CHECK(spmvp_pmf_fractile(p, 0, 4) == -1 && spmvp_pmf_fractile(p, 5, 4) == -1);
    CHECK_REL(spmvp_pmf_eq(p, 4), 15.0 / 4);
    /* W = 2: thresholds 3.5, 7 -> 3, 8: E(Q) = 5.5; W = N = 7: the sorted rows, E(Q) = E(X) */
    CHECK_REL(spmvp_pmf_eq(p, 2), 5.5);
    CHECK_REL(spmvp_pmf_eq(p, 7), 3.0);
    /* W = 32: 32*cum >= 7i: i <= 9 -> 1, i <= 13 -> 2, i <= 27 -> 3, else 8:
     * (9*1 + 4*2 + 14*3 + 5*8)/32 = 99/32 */
    CHECK_REL(spmvp_pmf_eq(p, 32), 99.0 / 32);
    spmvp_pmf_free(p);
}

static void pmf_should_come_from_row_statistics_and_refuse_bad_input(void)
{
    /* rows of length 2, 0, 1 */
    spmvp_idx ri[] = {0, 0, 2}, ci[] = {0, 1, 1};
    double v[] = {1, 2, 3};
    spmvp_csr *A = spmvp_csr_from_triplets(3, 2, 3, ri, ci, v);
    spmvp_rowlen_stats *s = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
    spmvp_pmf *p = s ? spmvp_pmf_from_stats(s) : NULL;
    CHECK(p);
    if (p) {
        CHECK(p->rows == 3 && p->nnz == 3 && p->max == 2);
        CHECK_REL(spmvp_pmf_p(p, 0), 1.0 / 3);
        CHECK_REL(spmvp_pmf_p_gt(p, 0), 2.0 / 3);
    }
    p = spmvp_pmf_free(p);
    s = spmvp_rowlen_stats_free(s);
    A = spmvp_csr_free(A);
    long long none[] = {0, 0}, neg[] = {3, -1};
    CHECK(spmvp_pmf_from_hist(none, 1) == NULL);
    CHECK(spmvp_pmf_from_hist(neg, 1) == NULL);
    CHECK(spmvp_pmf_from_hist(NULL, 1) == NULL);
    CHECK(spmvp_pmf_free(NULL) == NULL);
    /* trailing zero counts are dropped: max is the longest row present */
    long long trail[] = {1, 2, 0, 0};
    p = spmvp_pmf_from_hist(trail, 3);
    CHECK(p && p->max == 1);
    spmvp_pmf_free(p);
}

/* Row lengths {0,1,1,2,3,3,3,8,8}: N = 9, NNZ = 29, N_e = P(X>0)*N = 8, max = 8.
 * W = 32 fractiles: cum = 1 (k=0), 3 (1), 4 (2), 7 (3), 9 (8); 32*cum >= 9i:
 * i <= 3 -> 0, i <= 10 -> 1, i <= 14 -> 2, i <= 24 -> 3, i <= 32 -> 8;
 * E(Q) = (3*0 + 7*1 + 4*2 + 10*3 + 8*8)/32 = 109/32. */
static const long long H9[] = {1, 2, 1, 3, 0, 0, 0, 0, 2};

static void storage_sizes_should_follow_eqs_15_to_20(void)
{
    spmvp_pmf *p = spmvp_pmf_from_hist(H9, 8);
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    CHECK(p);
    if (!p)
        return;
    CHECK_REL(spmvp_pmf_bytes_coo(p, &hw, SPMVP_PMF_SINGLE), 12.0 * 29);      /* 15 */
    CHECK_REL(spmvp_pmf_bytes_coo(p, &hw, SPMVP_PMF_DOUBLE), 16.0 * 29);
    CHECK_REL(spmvp_pmf_bytes_csr(p, &hw, SPMVP_PMF_SINGLE), 8.0 * 29 + 4 * 10); /* 16 */
    CHECK_REL(spmvp_pmf_bytes_ell_dense(p, &hw, SPMVP_PMF_SINGLE, 8), 8.0 * 9 * 8); /* 17 */
    CHECK_REL(spmvp_pmf_bytes_ell(p, &hw, SPMVP_PMF_SINGLE, 8), 8.0 * 8 * 8 + 4 * 8); /* 18 */
    CHECK_REL(spmvp_pmf_bytes_ell(p, &hw, SPMVP_PMF_DOUBLE, 8), 12.0 * 8 * 8 + 4 * 8);
    /* 19, K = 3: NNZ(X>3) = 16, P(X>3)*N = 2: (16 - 6)*(4 + 8) */
    CHECK_REL(spmvp_pmf_bytes_hyb_coo(p, &hw, SPMVP_PMF_SINGLE, 3), 10.0 * 12);
    /* 20: 120 + 8*8*3 + 4*8 */
    CHECK_REL(spmvp_pmf_bytes_hyb(p, &hw, SPMVP_PMF_SINGLE, 3), 120.0 + 192 + 32);
    spmvp_pmf_free(p);
}

static void gt645m_parameters_should_be_table_2(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    CHECK(hw.S_i == 4 && hw.S_s == 4 && hw.S_d == 8);
    CHECK(hw.B == 16e9 && hw.F_s == 0.76e9 && hw.BW == 16 && hw.CR == 900e6);
    CHECK(hw.C == 384 && hw.W == 32);
}

static void coo_time_should_follow_eqs_25_to_29(void)
{
    spmvp_pmf *p = spmvp_pmf_from_hist(H9, 8);
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    if (!p)
        return;
    spmvp_pmf_time t = spmvp_pmf_time_coo(p, &hw, SPMVP_PMF_SINGLE);
    double dtt = ((4 + 2 * 4) * 29.0 + 2 * 4 * 9.0) / 16e9;   /* 25: 420 bytes */
    double am = 29.0 / 384 * (2 * 4 / (900e6 * 4) + 2 * 4 / (900e6 * 4)); /* 26 */
    double m = 29.0 / (384 * 0.76e9);                        /* 27 */
    double a = 9.0 * 32 / 384 * 1 / 0.76e9;                  /* 28: ceil((29/9)/32) = 1 */
    CHECK_REL(t.dtt, dtt);
    CHECK_REL(t.am, am);
    CHECK_REL(t.ctc_m, m);
    CHECK_REL(t.ctc_a, a);
    CHECK_REL(t.ct, am + m + a);                             /* 29 */
    CHECK_REL(t.t, dtt + am + m + a);                        /* 21 */
    /* double: S_d = 8, F_d = 0.76e9/24 */
    t = spmvp_pmf_time_coo(p, &hw, SPMVP_PMF_DOUBLE);
    double Fd = 0.76e9 / 24;
    CHECK_REL(t.dtt, (16 * 29.0 + 2 * 8 * 9.0) / 16e9);
    CHECK_REL(t.ct, 29.0 / 384 * 4 / 900e6 + 29.0 / (384 * Fd) + 9.0 * 32 / 384 / Fd);
    spmvp_pmf_free(p);
}

static void csr_time_should_follow_eqs_31_to_36(void)
{
    spmvp_pmf *p = spmvp_pmf_from_hist(H9, 8);
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    if (!p)
        return;
    double EQ = 109.0 / 32, F = 0.76e9, CR = 900e6;
    CHECK_REL(spmvp_pmf_eq(p, 32), EQ);
    spmvp_pmf_time t = spmvp_pmf_time_csr(p, &hw, SPMVP_PMF_SINGLE);
    double dtt = ((4 + 4) * 29.0 + 4 * 10.0 + 2 * 4 * 9.0) / 16e9; /* 31: 344 bytes */
    /* 35: ceil(4*3.40625/16) = ceil(0.85) = 1 for both arrays */
    double am = 9.0 / 384 * ((1 + 1) / CR + 4 / (CR * 4) + 4 / (CR * 4) + 4 * EQ / (CR * 4));
    double m = 9.0 / 384 * EQ / F;                               /* 33 */
    double a = 9.0 / 384 * (EQ / F + EQ / F);                    /* 34, F_i = F */
    CHECK_REL(t.dtt, dtt);
    CHECK_REL(t.am, am);
    CHECK_REL(t.ctc_m, m);
    CHECK_REL(t.ctc_a, a);
    /* 36 in its collected form */
    CHECK_REL(t.ct, 9.0 / 384 * ((1 + 1) / CR + 2 / CR + EQ / CR + EQ * (2 / F + 1 / F)));
    CHECK_REL(t.t, dtt + t.ct);
    /* double: ceil(8*3.40625/16) = ceil(1.70) = 2 for values, 1 for indices */
    t = spmvp_pmf_time_csr(p, &hw, SPMVP_PMF_DOUBLE);
    double Fd = F / 24;
    CHECK_REL(t.dtt, (12 * 29.0 + 40 + 2 * 8 * 9.0) / 16e9);
    CHECK_REL(t.ct, 9.0 / 384 * ((2 + 1) / CR + 2 / CR + EQ / CR + EQ * (2 / Fd + 1 / F)));
    spmvp_pmf_free(p);
}

static void ell_time_should_follow_eqs_38_to_42(void)
{
    spmvp_pmf *p = spmvp_pmf_from_hist(H9, 8);
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    if (!p)
        return;
    double EQ = 109.0 / 32, F = 0.76e9, CR = 900e6;
    spmvp_pmf_time t = spmvp_pmf_time_ell(p, &hw, SPMVP_PMF_SINGLE);
    /* 38, K = max = 8, N_e = 8: 8*8*8 + 4*8 + 2*4*9 = 616 bytes */
    CHECK_REL(t.dtt, (8.0 * 8 * 8 + 4 * 8.0 + 72) / 16e9);
    /* 39: ceil(32/16) = 2 twice; K - BS < 0 clamps to 0; 2/CR */
    CHECK_REL(t.am, 8.0 / 384 * ((2 + 2) / CR + 0 + 2 / CR));
    CHECK_REL(t.ctc_m, 8.0 / 384 * EQ / F); /* 40 */
    CHECK_REL(t.ctc_a, 8.0 / 384 * EQ / F); /* 41 */
    CHECK_REL(t.ct, 8.0 / 384 * ((2 + 2) / CR + 2 / CR + 2 * EQ / F)); /* 42 */
    spmvp_pmf_free(p);

    /* rows {1, 300}: K = 300 > BS = 256, so eq. 39's (K - BS)/CR = 44/CR counts.
     * fractiles W = 32: 32*cum >= 2i: cum[1] = 1 -> i <= 16 -> 1, else 300: E(Q) = 150.5 */
    long long h[301] = {0};
    h[1] = 1;
    h[300] = 1;
    p = spmvp_pmf_from_hist(h, 300);
    if (!p)
        return;
    CHECK_REL(spmvp_pmf_eq(p, 32), 150.5);
    t = spmvp_pmf_time_ell(p, &hw, SPMVP_PMF_SINGLE);
    CHECK_REL(t.ct, 2.0 / 384 * ((75 + 75) / CR + 44 / CR + 2 / CR + 2 * 150.5 / F));
    spmvp_pmf_free(p);
}

static void hyb_time_should_follow_eqs_45_to_50(void)
{
    spmvp_pmf *p = spmvp_pmf_from_hist(H9, 8);
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    if (!p)
        return;
    double F = 0.76e9, CR = 900e6;
    /* K = 3: P(X>3)*N = 2, NNZ(X>3) = 16, COO part 16 - 3*2 = 10, E(X|X>3) = 8,
     * ceil((8-3)/32) = 1, E(X|X<=3) = 13/7 */
    spmvp_pmf_time t = spmvp_pmf_time_hyb(p, &hw, SPMVP_PMF_SINGLE, 3);
    CHECK_REL(t.dtt, (10.0 * 12 + 8.0 * 8 * 3 + 4 * 8.0 + 72) / 16e9);        /* 45 */
    double coo = 10.0 / 384 * (4 / CR + 1 / F) + 2.0 * 32 / 384 * 1 / F;       /* 46 */
    double ell = 8.0 / 384 * ((1 + 1) / CR + 0 / CR + 2 / CR + 2 * (13.0 / 7) / F); /* 47 */
    CHECK_REL(t.ct_coo, coo);
    CHECK_REL(t.ct_ell, ell);
    CHECK_REL(t.ct, coo + ell);                                                /* 48-49 */
    CHECK_REL(t.t, t.dtt + coo + ell);                                         /* 50 */
    /* K = 0: all in COO; ELL part only the row-index term and 2/CR */
    t = spmvp_pmf_time_hyb(p, &hw, SPMVP_PMF_SINGLE, 0);
    CHECK_REL(t.dtt, (29.0 * 12 + 4 * 8.0 + 72) / 16e9);
    CHECK_REL(t.ct_coo, 29.0 / 384 * (4 / CR + 1 / F) + 8.0 * 32 / 384 * 1 / F); /* ceil(29/8/32) */
    CHECK_REL(t.ct_ell, 8.0 / 384 * (2 / CR + 2 * 0 / F)); /* E(X|X<=0) = 0 */
    spmvp_pmf_free(p);

    /* rows {1, 300}, K = 290 > BS: COO part 10, ceil(10/32) = 1, E(X|X<=290) = 1;
     * ceil(4*290/16) = ceil(72.5) = 73; ceil(4*(290-256)/16) = ceil(8.5) = 9 */
    long long h[301] = {0};
    h[1] = 1;
    h[300] = 1;
    p = spmvp_pmf_from_hist(h, 300);
    if (!p)
        return;
    t = spmvp_pmf_time_hyb(p, &hw, SPMVP_PMF_SINGLE, 290);
    CHECK_REL(t.dtt, (10.0 * 12 + 8.0 * 2 * 290 + 4 * 2.0 + 2 * 4 * 2.0) / 16e9);
    CHECK_REL(t.ct_coo, 10.0 / 384 * (4 / CR + 1 / F) + 1.0 * 32 / 384 * 1 / F);
    CHECK_REL(t.ct_ell, 2.0 / 384 * ((73 + 73) / CR + 9 / CR + 2 / CR + 2 * 1.0 / F));
    spmvp_pmf_free(p);
}

/* ---- Algorithm 2 against a brute-force scan ---- */

/* T of HYB at K from the raw histogram, eqs 45-49 recomputed with no prefix sums. */
static double brute_hyb(const long long *h, long long max, const spmvp_pmf_hw *hw,
                        spmvp_pmf_prec prec, long long K)
{
    double N = 0, Ne = 0, ngt = 0, nnzgt = 0, nle = 0, nnzle = 0;
    for (long long i = 0; i <= max; i++) {
        N += h[i];
        if (i > 0)
            Ne += h[i];
        if (i > K) {
            ngt += h[i];
            nnzgt += (double)i * h[i];
        } else {
            nle += h[i];
            nnzle += (double)i * h[i];
        }
    }
    double Sv = prec ? hw->S_d : hw->S_s, F = prec ? hw->F_d : hw->F_s, Si = hw->S_i;
    double egt = ngt > 0 ? nnzgt / ngt : 0, ele = nle > 0 ? nnzle / nle : 0;
    double coo = nnzgt - K * ngt;
    double dtt = (coo * (Sv + 2 * Si) + (Sv + Si) * Ne * K + Si * Ne + 2 * Sv * N) / hw->B;
    double ctc = coo / hw->C * (4 / hw->CR + 1 / F) +
                 (ngt > 0 ? ngt * hw->W / hw->C * ceil((egt - K) / hw->W) / F : 0);
    double kb = K > hw->BS ? K - hw->BS : 0;
    double cte = Ne / hw->C *
                 ((ceil(Si * K / hw->BW) + ceil(Sv * K / hw->BW)) / hw->CR +
                  ceil(Sv * kb / hw->BW) / hw->CR + 2 / hw->CR + 2 * ele / F);
    return dtt + ctc + cte;
}

static unsigned long long rng = 88172645463325252ULL;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static void check_alg2(const long long *h, long long max, const spmvp_pmf_hw *hw,
                       spmvp_pmf_prec prec)
{
    spmvp_pmf *p = spmvp_pmf_from_hist(h, max);
    CHECK(p);
    if (!p)
        return;
    long long k0 = (p->nnz + p->rows - 1) / p->rows; /* ceil(E(X)) */
    if (k0 > p->max)
        k0 = p->max;
    CHECK(spmvp_pmf_hyb_first_k(p) == k0);
    long long Kb = k0;
    double Tb = INFINITY;
    size_t len = (size_t)(p->max - k0 + 1);
    double *curve = malloc(len * sizeof *curve);
    if (!curve) {
        spmvp_pmf_free(p);
        return;
    }
    for (long long K = k0; K <= p->max; K++) {
        double T = brute_hyb(h, max, hw, prec, K);
        if (T < Tb) {
            Tb = T;
            Kb = K;
        }
    }
    long long K = -1;
    spmvp_pmf_time t;
    CHECK(spmvp_pmf_hyb_best(p, hw, prec, &K, &t, curve, len) == SPMVP_OK);
    CHECK_MSG(K == Kb || close_rel(brute_hyb(h, max, hw, prec, K), Tb, 1e-12),
              "K %lld vs brute-force %lld", K, Kb);
    CHECK_REL(t.t, Tb);
    for (long long k = k0; k <= p->max; k++)
        CHECK_REL(curve[k - k0], brute_hyb(h, max, hw, prec, k));
    if (len > 1)
        CHECK(spmvp_pmf_hyb_best(p, hw, prec, &K, NULL, curve, len - 1) == SPMVP_ERR_ARG);
    free(curve);
    spmvp_pmf_free(p);
}

static void algorithm2_should_equal_a_brute_force_scan(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    spmvp_pmf_hw small_bs = hw; /* so that K - BS > 0 happens */
    small_bs.BS = 4;
    long long h[400];
    for (int trial = 0; trial < 300; trial++) {
        long long max = 1 + rnd(trial % 3 == 0 ? 300 : 40);
        for (long long i = 0; i <= max; i++)
            h[i] = rnd(4) == 0 ? 0 : rnd(trial % 2 ? 1000 : 20);
        if (trial % 5 == 0) /* a heavy head and a thin long tail */
            for (long long i = 0; i <= max; i++)
                h[i] = i < 6 ? 500 + rnd(500) : (rnd(3) == 0);
        h[max] += 1;
        check_alg2(h, max, &hw, SPMVP_PMF_SINGLE);
        check_alg2(h, max, &hw, SPMVP_PMF_DOUBLE);
        check_alg2(h, max, &small_bs, (spmvp_pmf_prec)(trial & 1));
    }
    /* one length only: the scan has one K, the maximum */
    long long one[] = {0, 0, 0, 0, 0, 12};
    check_alg2(one, 5, &hw, SPMVP_PMF_SINGLE);
    long long zero[] = {5};
    check_alg2(zero, 0, &hw, SPMVP_PMF_SINGLE);
}

static void algorithm2_should_take_the_smallest_k_on_ties(void)
{
    /* Only transfers count (B = 1 byte/s, infinite rates and clock); rows {1, 10, 10}:
     * K0 = ceil(21/3) = 7, T(K) = 12*(20 - 2K) + 8*3*K + 4*3 + 2*4*3 = 276 for K = 7, 8, 9 and
     * 8*3*10 + 36 = 276 for K = 10: all tie, K = 7. */
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    hw.B = 1;
    hw.CR = hw.F_s = hw.F_i = hw.F_d = INFINITY;
    long long h[] = {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2};
    spmvp_pmf *p = spmvp_pmf_from_hist(h, 10);
    if (!p)
        return;
    double curve[4];
    long long K = -1;
    spmvp_pmf_time t;
    CHECK(spmvp_pmf_hyb_best(p, &hw, SPMVP_PMF_SINGLE, &K, &t, curve, 4) == SPMVP_OK);
    CHECK(K == 7);
    CHECK(t.t == 276);
    for (int j = 0; j < 4; j++)
        CHECK_MSG(curve[j] == 276, "curve[%d] = %g", j, curve[j]);
    check_alg2(h, 10, &hw, SPMVP_PMF_SINGLE);
    spmvp_pmf_free(p);
}

static void algorithm1_should_pick_ell_for_uniform_rows(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    long long h[6] = {0, 0, 0, 0, 0, 100000}; /* 100000 rows of 5 */
    spmvp_pmf *p = spmvp_pmf_from_hist(h, 5);
    if (!p)
        return;
    for (int prec = 0; prec < 2; prec++) {
        spmvp_pmf_choice c = spmvp_pmf_choose(p, &hw, (spmvp_pmf_prec)prec);
        CHECK_MSG(c.best == SPMVP_PMF_ELL, "best %d: coo %g csr %g ell %g", (int)c.best,
                  c.coo.t, c.csr.t, c.ell.t);
        CHECK(c.ell.t < c.csr.t && c.ell.t < c.coo.t);
    }
    spmvp_pmf_free(p);
}

static void algorithm1_should_reject_ell_for_one_huge_row(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    long long max = 20000;
    long long *h = calloc((size_t)max + 1, sizeof *h);
    if (!h)
        return;
    h[5] = 100000;
    h[max] = 1;
    spmvp_pmf *p = spmvp_pmf_from_hist(h, max);
    if (p) {
        for (int prec = 0; prec < 2; prec++) {
            spmvp_pmf_choice c = spmvp_pmf_choose(p, &hw, (spmvp_pmf_prec)prec);
            CHECK(c.best != SPMVP_PMF_ELL);
            CHECK(c.ell.t > 10 * c.coo.t && c.ell.t > 10 * c.csr.t);
            /* HYB keeps the ELL part narrow: its best K is small and it beats plain ELL */
            long long K;
            spmvp_pmf_time t;
            CHECK(spmvp_pmf_hyb_best(p, &hw, (spmvp_pmf_prec)prec, &K, &t, NULL, 0) == SPMVP_OK);
            CHECK_MSG(K < 50, "K = %lld", K);
            CHECK(t.t < c.ell.t);
        }
    }
    spmvp_pmf_free(p);
    free(h);
}

int main(void)
{
    RUN(pmf_statistics_should_match_hand_computed_values);
    RUN(pmf_should_come_from_row_statistics_and_refuse_bad_input);
    RUN(gt645m_parameters_should_be_table_2);
    RUN(storage_sizes_should_follow_eqs_15_to_20);
    RUN(coo_time_should_follow_eqs_25_to_29);
    RUN(csr_time_should_follow_eqs_31_to_36);
    RUN(ell_time_should_follow_eqs_38_to_42);
    RUN(hyb_time_should_follow_eqs_45_to_50);
    RUN(algorithm2_should_equal_a_brute_force_scan);
    RUN(algorithm2_should_take_the_smallest_k_on_ties);
    RUN(algorithm1_should_pick_ell_for_uniform_rows);
    RUN(algorithm1_should_reject_ell_for_one_huge_row);
    return test_report();
}
