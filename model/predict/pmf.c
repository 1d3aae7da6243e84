/* pmf.c: the probabilistic SpMV model (seed 002): PMF of the row lengths, storage sizes,
 * execution-time estimates and Algorithms 1 and 2. Equation numbers are the paper's. */
#include "pmf.h"

#include <math.h>
#include <stdlib.h>

spmvp_pmf_hw spmvp_pmf_hw_gt645m(void)
{
    spmvp_pmf_hw hw;
    hw.B = 16e9;           /* 16 GB/s */
    hw.F_s = 0.76e9;       /* 0.76 Gflop/s */
    hw.F_i = hw.F_s;       /* our choice: the table's one F */
    hw.F_d = hw.F_s / 24;  /* our choice: Kepler GK107 FP64 = FP32/24 */
    hw.BW = 128.0 / 8;     /* 128 bits */
    hw.CR = 900e6;         /* 900 MHz */
    hw.C = 384;
    hw.W = 32;
    hw.BS = 256;           /* our choice: Bell and Garland's block size */
    hw.S_i = 4;
    hw.S_s = 4;
    hw.S_d = 8;
    return hw;
}

spmvp_pmf *spmvp_pmf_free(spmvp_pmf *p)
{
    if (p) {
        free(p->cum_rows);
        free(p->cum_nnz);
        free(p);
    }
    return NULL;
}

spmvp_pmf *spmvp_pmf_from_hist(const long long *hist, long long maxlen)
{
    if (!hist || maxlen < 0) {
        spmvp_fail(SPMVP_ERR_ARG, "row-length PMF of an invalid histogram");
        return NULL;
    }
    while (maxlen > 0 && hist[maxlen] == 0)
        maxlen--;
    spmvp_pmf *p = calloc(1, sizeof *p);
    if (!p)
        goto out_nomem;
    p->cum_rows = malloc((size_t)(maxlen + 1) * sizeof *p->cum_rows);
    p->cum_nnz = malloc((size_t)(maxlen + 1) * sizeof *p->cum_nnz);
    if (!p->cum_rows || !p->cum_nnz)
        goto out_nomem;
    long long rows = 0, nnz = 0;
    for (long long i = 0; i <= maxlen; i++) {
        if (hist[i] < 0) {
            spmvp_fail(SPMVP_ERR_ARG, "row-length histogram: %lld rows of length %lld",
                       hist[i], i);
            return spmvp_pmf_free(p);
        }
        rows += hist[i];
        nnz += i * hist[i];
        p->cum_rows[i] = rows;
        p->cum_nnz[i] = nnz;
    }
    if (rows == 0) {
        spmvp_fail(SPMVP_ERR_ARG, "row-length PMF of a matrix with no rows");
        return spmvp_pmf_free(p);
    }
    p->rows = rows;
    p->nnz = nnz;
    p->max = maxlen;
    p->mean = (double)nnz / (double)rows; /* eq. 6 */
    /* eqs 9-10: central moments, second pass so that they do not cancel */
    double m2 = 0, m3 = 0;
    for (long long i = 0; i <= maxlen; i++) {
        double d = (double)i - p->mean, w = (double)hist[i] / (double)rows;
        m2 += w * d * d;
        m3 += w * d * d * d;
    }
    p->sd = sqrt(m2);
    p->skew = m2 > 0 ? m3 / (p->sd * p->sd * p->sd) : 0;
    return p;
out_nomem:
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the row-length PMF");
    return spmvp_pmf_free(p);
}

spmvp_pmf *spmvp_pmf_from_stats(const spmvp_rowlen_stats *s)
{
    if (!s) {
        spmvp_fail(SPMVP_ERR_ARG, "row-length PMF of NULL statistics");
        return NULL;
    }
    spmvp_pmf *p = spmvp_pmf_from_hist(s->hist, s->max);
    if (p && (p->rows != s->rows || p->nnz != s->nnz)) {
        spmvp_fail(SPMVP_ERR_ARG, "row statistics disagree with their histogram");
        return spmvp_pmf_free(p);
    }
    return p;
}

/* ---- eqs 1-14 ---- */

/* Rows of length <= K, exact. */
static long long rows_le(const spmvp_pmf *p, long long K)
{
    return K < 0 ? 0 : p->cum_rows[K < p->max ? K : p->max];
}

/* Non-zeros in rows of length <= K, exact. */
static long long nnz_le(const spmvp_pmf *p, long long K)
{
    return K < 0 ? 0 : p->cum_nnz[K < p->max ? K : p->max];
}

static long long rows_eq(const spmvp_pmf *p, long long k)
{
    return rows_le(p, k) - rows_le(p, k - 1);
}

double spmvp_pmf_p(const spmvp_pmf *p, long long k)
{
    return (double)rows_eq(p, k) / (double)p->rows;
}

double spmvp_pmf_p_le(const spmvp_pmf *p, long long K)
{
    return (double)rows_le(p, K) / (double)p->rows;
}

double spmvp_pmf_p_gt(const spmvp_pmf *p, long long K)
{
    return (double)(p->rows - rows_le(p, K)) / (double)p->rows;
}

/* eq. 4, as b_k / (rows <= K) */
double spmvp_pmf_p_given_le(const spmvp_pmf *p, long long k, long long K)
{
    long long n = rows_le(p, K);
    return k > K || n == 0 ? 0 : (double)rows_eq(p, k) / (double)n;
}

/* eq. 5 */
double spmvp_pmf_p_given_gt(const spmvp_pmf *p, long long k, long long K)
{
    long long n = p->rows - rows_le(p, K);
    return k <= K || n == 0 ? 0 : (double)rows_eq(p, k) / (double)n;
}

/* eq. 7 = NNZ(X <= K) / rows <= K */
double spmvp_pmf_e_le(const spmvp_pmf *p, long long K)
{
    long long n = rows_le(p, K);
    return n ? (double)nnz_le(p, K) / (double)n : 0;
}

/* eq. 8 */
double spmvp_pmf_e_gt(const spmvp_pmf *p, long long K)
{
    long long n = p->rows - rows_le(p, K);
    return n ? (double)(p->nnz - nnz_le(p, K)) / (double)n : 0;
}

long long spmvp_pmf_nnz_le(const spmvp_pmf *p, long long K) /* eq. 13 */
{
    return nnz_le(p, K);
}

long long spmvp_pmf_nnz_gt(const spmvp_pmf *p, long long K) /* eq. 14 */
{
    return p->nnz - nnz_le(p, K);
}

/* eq. 11: min{k | cum_rows[k]/N >= i/W}, i.e. cum_rows[k]*W >= i*N, by bisection */
long long spmvp_pmf_fractile(const spmvp_pmf *p, long long i, long long W)
{
    if (W < 1 || i < 1 || i > W)
        return -1;
    long long lo = 0, hi = p->max; /* cum_rows[max]*W = N*W >= i*N always */
    while (lo < hi) {
        long long mid = lo + (hi - lo) / 2;
        if (p->cum_rows[mid] * W >= i * p->rows)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* eq. 32 */
double spmvp_pmf_eq(const spmvp_pmf *p, long long W)
{
    if (W < 1)
        return -1;
    long long sum = 0;
    for (long long i = 1; i <= W; i++)
        sum += spmvp_pmf_fractile(p, i, W);
    return (double)sum / (double)W;
}

/* ---- eqs 15-20 ---- */

static double val_size(const spmvp_pmf_hw *hw, spmvp_pmf_prec prec)
{
    return prec == SPMVP_PMF_DOUBLE ? hw->S_d : hw->S_s;
}

static double rate(const spmvp_pmf_hw *hw, spmvp_pmf_prec prec)
{
    return prec == SPMVP_PMF_DOUBLE ? hw->F_d : hw->F_s;
}

/* N_e = P(X > 0) * N: rows with at least one entry (eq. 18) */
static double rows_nonempty(const spmvp_pmf *p)
{
    return (double)(p->rows - rows_le(p, 0));
}

/* NNZ(X > K) - K * P(X > K) * N: the entries beyond column K, i.e. the COO part (eq. 19) */
static double coo_part(const spmvp_pmf *p, long long K)
{
    return (double)(spmvp_pmf_nnz_gt(p, K) - K * (p->rows - rows_le(p, K)));
}

double spmvp_pmf_bytes_coo(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec)
{
    return val_size(hw, prec) * (double)p->nnz + 2 * hw->S_i * (double)p->nnz;
}

double spmvp_pmf_bytes_csr(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec)
{
    return val_size(hw, prec) * (double)p->nnz + hw->S_i * (double)p->nnz +
           hw->S_i * (double)(p->rows + 1);
}

double spmvp_pmf_bytes_ell_dense(const spmvp_pmf *p, const spmvp_pmf_hw *hw,
                                 spmvp_pmf_prec prec, long long K)
{
    return (val_size(hw, prec) + hw->S_i) * (double)p->rows * (double)K;
}

double spmvp_pmf_bytes_ell(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                           long long K)
{
    double Ne = rows_nonempty(p);
    return (val_size(hw, prec) + hw->S_i) * Ne * (double)K + hw->S_i * Ne;
}

double spmvp_pmf_bytes_hyb_coo(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                               long long K)
{
    return coo_part(p, K) * (val_size(hw, prec) + 2 * hw->S_i);
}

double spmvp_pmf_bytes_hyb(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                           long long K)
{
    return spmvp_pmf_bytes_hyb_coo(p, hw, prec, K) + spmvp_pmf_bytes_ell(p, hw, prec, K);
}

/* ---- eqs 21-50 ---- */

/* ceil(a / b) for a >= 0, b > 0, exact */
static long long ceil_div(long long a, long long b)
{
    return a <= 0 ? 0 : (a + b - 1) / b;
}

static spmvp_pmf_time finish(spmvp_pmf_time t)
{
    t.t = t.dtt + t.ct; /* eq. 21 */
    return t;
}

spmvp_pmf_time spmvp_pmf_time_coo(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec)
{
    spmvp_pmf_time t = {0};
    double Sv = val_size(hw, prec), F = rate(hw, prec), Si = hw->S_i;
    double N = (double)p->rows, NNZ = (double)p->nnz, CR = hw->CR, C = hw->C, W = hw->W;
    t.dtt = ((Sv + 2 * Si) * NNZ + 2 * Sv * N) / hw->B;                        /* 25 */
    t.am = NNZ / C * (2 * Si / (CR * Si) + 2 * Sv / (CR * Sv));                /* 26 */
    t.ctc_m = NNZ / (C * F);                                                   /* 27 */
    /* 28: ceil(E(X)/W) = ceil(NNZ / (N*W)), exact */
    t.ctc_a = N * W / C * (double)ceil_div(p->nnz, p->rows * hw->W) / F;
    t.ct = t.am + t.ctc_m + t.ctc_a;                                           /* 29 */
    return finish(t);
}

spmvp_pmf_time spmvp_pmf_time_csr(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec)
{
    spmvp_pmf_time t = {0};
    double Sv = val_size(hw, prec), F = rate(hw, prec), Si = hw->S_i;
    double N = (double)p->rows, NNZ = (double)p->nnz, CR = hw->CR, C = hw->C, BW = hw->BW;
    double EQ = spmvp_pmf_eq(p, hw->W);
    t.dtt = ((Sv + Si) * NNZ + Si * (N + 1) + 2 * Sv * N) / hw->B;             /* 31 */
    t.am = N / C * ((ceil(Sv * EQ / BW) + ceil(Si * EQ / BW)) / CR + Si / (CR * Si) +
                    Sv / (CR * Sv) + Sv * EQ / (CR * Sv));                     /* 35 */
    t.ctc_m = N / C * EQ / F;                                                  /* 33 */
    t.ctc_a = N / C * (EQ / F + EQ / hw->F_i);                                 /* 34 */
    t.ct = t.am + t.ctc_m + t.ctc_a;                                           /* 36 */
    return finish(t);
}

spmvp_pmf_time spmvp_pmf_time_ell(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec)
{
    spmvp_pmf_time t = {0};
    double Sv = val_size(hw, prec), F = rate(hw, prec), Si = hw->S_i;
    double N = (double)p->rows, K = (double)p->max, Ne = rows_nonempty(p);
    double CR = hw->CR, C = hw->C, BW = hw->BW;
    double EQ = spmvp_pmf_eq(p, hw->W);
    double KB = K > hw->BS ? K - hw->BS : 0; /* eq. 39's (K - BS), clamped */
    t.dtt = Ne * K * (Sv + Si) / hw->B + (Si * Ne + 2 * Sv * N) / hw->B;       /* 38 */
    t.am = Ne / C * ((ceil(Si * K / BW) + ceil(Sv * K / BW)) / CR + Sv * KB / (CR * Sv) +
                     Si / (CR * Si) + Si / (CR * Si));                         /* 39 */
    t.ctc_m = Ne / C * EQ / F;                                                 /* 40 */
    t.ctc_a = Ne / C * EQ / F;                                                 /* 41 */
    t.ct = t.am + t.ctc_m + t.ctc_a;                                           /* 42 */
    return finish(t);
}

spmvp_pmf_time spmvp_pmf_time_hyb(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                                  long long K)
{
    spmvp_pmf_time t = {0};
    if (K < 0)
        K = 0;
    if (K > p->max)
        K = p->max;
    double Sv = val_size(hw, prec), F = rate(hw, prec), Si = hw->S_i;
    double N = (double)p->rows, Kd = (double)K, Ne = rows_nonempty(p);
    double CR = hw->CR, C = hw->C, BW = hw->BW, W = hw->W;
    long long n_gt = p->rows - rows_le(p, K);  /* P(X > K) * N */
    double coo = coo_part(p, K);               /* NNZ(X > K) - K P(X > K) N */
    double KB = Kd > hw->BS ? Kd - hw->BS : 0; /* eq. 47's (K - BS), clamped */
    t.dtt = coo * (Sv + 2 * Si) / hw->B + (Sv + Si) * Ne * Kd / hw->B +
            (Si * Ne + 2 * Sv * N) / hw->B;                                    /* 45 */
    /* 46: ceil((E(X|X>K) - K) / W) = ceil(coo / (n_gt * W)), exact; 0 when n_gt = 0 */
    double red = n_gt ? (double)ceil_div((long long)coo, n_gt * hw->W) : 0;
    t.am_coo = coo / C * 4 / CR;
    double mul_coo = coo / (C * F), add_coo = (double)n_gt * W / C * red / F;
    t.ct_coo = t.am_coo + mul_coo + add_coo;                                   /* 46 */
    t.am_ell = Ne / C * ((ceil(Si * Kd / BW) + ceil(Sv * Kd / BW)) / CR +
                         ceil(Sv * KB / BW) / CR + 2 / CR);
    double ops_ell = Ne / C * 2 * spmvp_pmf_e_le(p, K) / F;
    t.ct_ell = t.am_ell + ops_ell;                                             /* 47 */
    t.am = t.am_coo + t.am_ell;
    t.ctc_m = mul_coo + ops_ell / 2;
    t.ctc_a = add_coo + ops_ell / 2;
    t.ct = t.ct_coo + t.ct_ell;                                                /* 48-49 */
    return finish(t);                                                          /* 50 */
}

/* ---- Algorithms 1 and 2 ---- */

spmvp_pmf_choice spmvp_pmf_choose(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec)
{
    spmvp_pmf_choice c;
    c.coo = spmvp_pmf_time_coo(p, hw, prec);
    c.csr = spmvp_pmf_time_csr(p, hw, prec);
    c.ell = spmvp_pmf_time_ell(p, hw, prec);
    c.best = SPMVP_PMF_COO;
    double best = c.coo.t;
    if (c.csr.t < best) {
        c.best = SPMVP_PMF_CSR;
        best = c.csr.t;
    }
    if (c.ell.t < best)
        c.best = SPMVP_PMF_ELL;
    return c;
}

long long spmvp_pmf_first_k(long long rows, long long nnz, long long max)
{
    long long k0 = ceil_div(nnz, rows); /* ceil(E(X)), exact */
    return k0 < max ? k0 : max;
}

long long spmvp_pmf_hyb_first_k(const spmvp_pmf *p)
{
    return spmvp_pmf_first_k(p->rows, p->nnz, p->max);
}

spmvp_status spmvp_pmf_scan_k(const spmvp_pmf *p, spmvp_pmf_k_cost cost, const void *ctx,
                              long long *K_out, double *cost_out, double *curve, size_t curve_len)
{
    if (!p || !cost || !K_out)
        return spmvp_fail(SPMVP_ERR_ARG, "optimal HYB threshold: NULL argument");
    long long k0 = spmvp_pmf_hyb_first_k(p);
    if (curve && curve_len < (size_t)(p->max - k0 + 1))
        return spmvp_fail(SPMVP_ERR_ARG, "optimal HYB threshold: curve needs %lld entries, got %zu",
                          p->max - k0 + 1, curve_len);
    long long bestK = k0;
    double best = INFINITY; /* Algorithm 2, line 1: T = MAX */
    for (long long K = k0; K <= p->max; K++) {
        double v = cost(ctx, K); /* O(1) from the prefix sums */
        if (curve)
            curve[K - k0] = v;
        if (v < best) { /* lines 8-10: strict, so the smallest K wins ties */
            best = v;
            bestK = K;
        }
    }
    *K_out = bestK; /* every estimate NaN or infinite: K0 */
    if (cost_out)
        *cost_out = best == INFINITY ? cost(ctx, bestK) : best;
    return SPMVP_OK;
}

/* The cost of Algorithm 2 in the paper (T) or for a matrix kept on the device (CT). */
typedef struct hyb_ctx {
    const spmvp_pmf *p;
    const spmvp_pmf_hw *hw;
    spmvp_pmf_prec prec;
    int ct_only;
} hyb_ctx;

static double hyb_cost(const void *ctx, long long K)
{
    const hyb_ctx *c = ctx;
    spmvp_pmf_time t = spmvp_pmf_time_hyb(c->p, c->hw, c->prec, K);
    return c->ct_only ? t.ct : t.t;
}

static spmvp_status hyb_scan(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                             int ct_only, long long *K_out, spmvp_pmf_time *t_out, double *curve,
                             size_t curve_len)
{
    if (!hw)
        return spmvp_fail(SPMVP_ERR_ARG, "optimal HYB threshold: NULL argument");
    hyb_ctx c = {p, hw, prec, ct_only};
    spmvp_status st = spmvp_pmf_scan_k(p, hyb_cost, &c, K_out, NULL, curve, curve_len);
    if (!st && t_out)
        *t_out = spmvp_pmf_time_hyb(p, hw, prec, *K_out);
    return st;
}

spmvp_status spmvp_pmf_hyb_best(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                                long long *K_out, spmvp_pmf_time *t_out, double *curve,
                                size_t curve_len)
{
    return hyb_scan(p, hw, prec, 0, K_out, t_out, curve, curve_len);
}

spmvp_status spmvp_pmf_hyb_best_ct(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                                   long long *K_out, spmvp_pmf_time *t_out, double *curve,
                                   size_t curve_len)
{
    return hyb_scan(p, hw, prec, 1, K_out, t_out, curve, curve_len);
}

spmvp_pmf_time spmvp_pmf_time_of(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                                 spmvp_pmf_format f, long long K)
{
    switch (f) {
    case SPMVP_PMF_COO: return spmvp_pmf_time_coo(p, hw, prec);
    case SPMVP_PMF_CSR: return spmvp_pmf_time_csr(p, hw, prec);
    case SPMVP_PMF_ELL: return spmvp_pmf_time_ell(p, hw, prec);
    default: return spmvp_pmf_time_hyb(p, hw, prec, K);
    }
}
