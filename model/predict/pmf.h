/* pmf.h: the probabilistic SpMV model of Li, Yang and Li (TPDS 2014, seed 002): the PMF of the
 * row lengths (eqs 1-14), storage sizes (15-20), execution times T = DTT + CT (21) for COO
 * (24-29), CSR (30-36), ELL (37-42) and HYB (43-50), Algorithm 1 (format choice) and
 * Algorithm 2 (optimal HYB threshold K). OpenCL-free.
 *
 * Notation: N rows, X the number of non-zeros of a row, b_i the rows with i non-zeros
 * (hist[i]), p_i = b_i/N, NNZ = sum i*b_i. All times are in seconds, all sizes in bytes.
 *
 * Ownership: spmvp_pmf_from_hist / spmvp_pmf_from_stats return a new object that the caller
 * frees with spmvp_pmf_free, which accepts NULL and returns NULL. On failure they return NULL
 * and record a message readable with spmvp_last_error(). Every query is O(1) after the O(max)
 * construction (prefix sums of b_i and i*b_i) except the fractiles: O(log max) each. */
#ifndef SPMVP_PMF_H
#define SPMVP_PMF_H

#include <stddef.h>

#include "spmvp_sparse.h"

/* Hardware parameters of Table 1. The paper gives one rate F "of x or + on SP"; F_i, F_s, F_d
 * are its integer, single and double variants (Table 1). */
typedef struct spmvp_pmf_hw {
    double B;   /* bandwidth of PCIe (host <-> device), bytes/s (eq. 22) */
    double F_i; /* rate of x or + on one SP for integers, operations/s */
    double F_s; /* rate of x or + on one SP for single precision, operations/s */
    double F_d; /* rate of x or + on one SP for double precision, operations/s */
    double BW;  /* bus width of the global memory, BYTES (Table 2 gives 128 bits = 16 bytes);
                   eqs 35, 39, 47 divide byte sizes by it */
    double CR;  /* clock rate of the global memory, Hz (eq. 23: one access per 1/CR) */
    double C;   /* number of stream processors (threads running at once) */
    int W;      /* threads per warp (also the number of fractiles of eq. 11/32) */
    double BS;  /* threads per block (eqs 39, 42, 47) */
    double S_i; /* size of an integer (index), bytes */
    double S_s; /* size of a single-precision number, bytes */
    double S_d; /* size of a double-precision number, bytes */
} spmvp_pmf_hw;

/* Table 2 (NVIDIA GeForce GT 645M):
 *   S_i = 4 B, S_s = 4 B, S_d = 8 B, B = 16 GB/s = 16e9 bytes/s, F = 0.76 Gflop/s = 0.76e9,
 *   BW = 128 bits = 16 bytes, CR = 900 MHz = 900e6 Hz, C = 384, W = 32.
 * Not in Table 2, our choices: F_i = F_s = F (the table's one rate); F_d = F/24 (GK107, a
 * Kepler GPU, runs FP64 at 1/24 of FP32; Section 6.2 obs. 5 says double is much slower);
 * BS = 256 (the block size of Bell and Garland's kernels [1], which cuSPARSE descends from). */
spmvp_pmf_hw spmvp_pmf_hw_gt645m(void);

typedef enum spmvp_pmf_prec {
    SPMVP_PMF_SINGLE = 0, /* values and vectors of S_s bytes, rate F_s */
    SPMVP_PMF_DOUBLE = 1  /* the same equations with S_d for S_s and F_d for F_s */
} spmvp_pmf_prec;

typedef enum spmvp_pmf_format {
    SPMVP_PMF_COO = 0,
    SPMVP_PMF_CSR = 1,
    SPMVP_PMF_ELL = 2,
    SPMVP_PMF_HYB = 3
} spmvp_pmf_format;

/* The PMF of one matrix's row lengths, with prefix sums for O(1) queries at any K. */
typedef struct spmvp_pmf {
    long long rows;     /* N (> 0) */
    long long nnz;      /* NNZ = sum i*b_i (eq. 12: E(X)*N) */
    long long max;      /* max{i | p_i > 0} */
    double mean;        /* E(X), eq. 6 */
    double sd;          /* sigma, eq. 9 (population: divides by N) */
    double skew;        /* gamma, eq. 10; 0 when sigma = 0 (all rows equally long) */
    long long *cum_rows; /* cum_rows[k] = sum_{i<=k} b_i (size max+1) */
    long long *cum_nnz;  /* cum_nnz[k] = sum_{i<=k} i*b_i (size max+1) */
} spmvp_pmf;

/* PMF from a row-length histogram (hist[i] = b_i >= 0, size maxlen+1; trailing zeros are
 * dropped). NULL (SPMVP_ERR_ARG) when there are no rows or a count is negative;
 * NULL (SPMVP_ERR_NOMEM) when out of memory. */
spmvp_pmf *spmvp_pmf_from_hist(const long long *hist, long long maxlen);
/* The same from spmvp_rowlen_stats (uses s->hist and s->max; SPMVP_ERR_ARG if s->rows or
 * s->nnz disagree with the histogram). */
spmvp_pmf *spmvp_pmf_from_stats(const spmvp_rowlen_stats *s);
spmvp_pmf *spmvp_pmf_free(spmvp_pmf *p);

/* ---- probabilities and numerical characteristics (eqs 1-14); any K, K < 0 counts as
 * "no row is <= K" and K >= max as "every row is" ---- */

double spmvp_pmf_p(const spmvp_pmf *p, long long k);        /* P(X = k), eq. 1 */
double spmvp_pmf_p_le(const spmvp_pmf *p, long long K);     /* P(X <= K), eq. 2 */
double spmvp_pmf_p_gt(const spmvp_pmf *p, long long K);     /* P(X > K), eq. 3 */
/* P(X = k | X <= K), eq. 4; 0 when P(X <= K) = 0. */
double spmvp_pmf_p_given_le(const spmvp_pmf *p, long long k, long long K);
/* P(X = k | X > K), eq. 5; 0 when P(X > K) = 0. */
double spmvp_pmf_p_given_gt(const spmvp_pmf *p, long long k, long long K);
/* E(X | X <= K), eq. 7; 0 when P(X <= K) = 0 (no such row: the term it scales vanishes). */
double spmvp_pmf_e_le(const spmvp_pmf *p, long long K);
/* E(X | X > K), eq. 8; 0 when P(X > K) = 0. */
double spmvp_pmf_e_gt(const spmvp_pmf *p, long long K);
/* NNZ(X <= K), eq. 13, and NNZ(X > K), eq. 14: exact integers from the prefix sums. */
long long spmvp_pmf_nnz_le(const spmvp_pmf *p, long long K);
long long spmvp_pmf_nnz_gt(const spmvp_pmf *p, long long K);
/* alpha_i, the i-th of the W-fractiles (eq. 11), 1 <= i <= W: P(X <= alpha_i) = i/W has in
 * general no exact solution for a discrete X, so alpha_i = min{k | P(X <= k) >= i/W} (the
 * usual lower quantile, compared exactly in integers); alpha_W = max. -1 for bad i or W. */
long long spmvp_pmf_fractile(const spmvp_pmf *p, long long i, long long W);
/* E(Q), eq. 32: Q = {alpha_1, ..., alpha_W}, the W break points that divide the rows into W
 * equally likely subsets; E(Q) = (1/W) sum_{i=1..W} alpha_i. alpha_0 (the minimum) is left
 * out: with it there would be W+1 points. A warp of W rows is as slow as its longest row,
 * and the mean of the upper ends of the W subsets models that. -1 when W < 1. */
double spmvp_pmf_eq(const spmvp_pmf *p, long long W);

/* ---- storage sizes in bytes (eqs 15-20); values of S_s (single) or S_d (double) ---- */

double spmvp_pmf_bytes_coo(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec); /* 15 */
double spmvp_pmf_bytes_csr(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec); /* 16 */
/* Eq. 17: the dense N x K ELL arrays (no row array). */
double spmvp_pmf_bytes_ell_dense(const spmvp_pmf *p, const spmvp_pmf_hw *hw,
                                 spmvp_pmf_prec prec, long long K);
/* Eq. 18: the N_e = P(X > 0)*N non-empty rows, K entries each, plus one index per row; the
 * form the times (38, 45) use. Plain ELL has K = max. */
double spmvp_pmf_bytes_ell(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                           long long K);
/* Eq. 19: the COO part of HYB with threshold K, (NNZ(X>K) - K*P(X>K)*N)*(S_s + 2 S_i). */
double spmvp_pmf_bytes_hyb_coo(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                               long long K);
/* Eq. 20: S_hyb = eq. 19 + eq. 18. */
double spmvp_pmf_bytes_hyb(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                           long long K);

/* ---- execution times, seconds (eq. 21: T = DTT + CT) ---- */

typedef struct spmvp_pmf_time {
    double dtt;    /* data transfer time (eqs 25, 31, 38, 45) */
    double ct;     /* computing time (eqs 29, 36, 42, 49) */
    double t;      /* dtt + ct */
    double am;     /* CT parts: access memory (26, 35, 39; for HYB am_coo + am_ell) */
    double ctc_m;  /* multiplications (27, 33, 40; for HYB those of 46 and 47) */
    double ctc_a;  /* additions (28, 34, 41; for HYB those of 46 and 47) */
    double ct_coo; /* CT parts for HYB: its COO part (46) and ELL part (47); 0 elsewhere */
    double ct_ell;
    double am_coo; /* the memory-access terms of 46 and 47 (HYB only; 0 elsewhere): the */
    double am_ell; /* calibrated variant (pmf_cal.h) scales them apart from the operations */
} spmvp_pmf_time;

/* Eqs 24-29. [E(X)/W] of eq. 28 is read as a ceiling (a row of E(X) entries takes
 * ceil(E(X)/W) warp-wide reduction steps). */
spmvp_pmf_time spmvp_pmf_time_coo(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec);
/* Eqs 30-36, with E(Q) of eq. 32 over hw->W fractiles. */
spmvp_pmf_time spmvp_pmf_time_csr(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec);
/* Eqs 37-42 with K = max (plain ELL). The (K - BS) of eq. 39 is clamped at 0: a row no longer
 * than a block reads x from shared memory only. */
spmvp_pmf_time spmvp_pmf_time_ell(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec);
/* Eqs 43-50 for threshold K >= 0 (K > max acts as max). As written in eq. 47 the x reads cost
 * ceil(S_s*max(0, K-BS)/BW)/CR (not eq. 39's unceiled form); [.] of eq. 46 is a ceiling as in
 * eq. 28; E(X|X>K) and E(X|X<=K) are 0 where their condition has no row (their terms vanish). */
spmvp_pmf_time spmvp_pmf_time_hyb(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                                  long long K);

/* The time of format f (HYB at threshold K; K is ignored for the others). */
spmvp_pmf_time spmvp_pmf_time_of(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                                 spmvp_pmf_format f, long long K);

/* ---- Algorithm 1: estimates for COO, CSR and ELL; the smallest T wins (on an exact tie the
 * earlier of COO, CSR, ELL) ---- */
typedef struct spmvp_pmf_choice {
    spmvp_pmf_format best; /* SPMVP_PMF_COO, _CSR or _ELL */
    spmvp_pmf_time coo, csr, ell;
} spmvp_pmf_choice;

spmvp_pmf_choice spmvp_pmf_choose(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec);

/* ---- Algorithm 2: the optimal HYB threshold ---- */

/* First K that Algorithm 2 tries: the loop runs "for each i in [E(X) .. max]" over integers,
 * so K0 = ceil(E(X)) (never above max, as E(X) <= max). spmvp_pmf_first_k gives the same
 * from the counts alone (rows >= 1), for sizing a curve before the PMF is built. */
long long spmvp_pmf_hyb_first_k(const spmvp_pmf *p);
long long spmvp_pmf_first_k(long long rows, long long nnz, long long max);

/* Algorithm 2's loop for any cost of K (the paper's T, CT alone, the calibrated CT): calls
 * cost(ctx, K) for K = K0 .. max and sets *K_out to the K of least cost, the smallest on ties
 * (Algorithm 2 updates on a strict <), K0 when every cost is NaN or infinite; *cost_out (may
 * be NULL) to its cost. If curve is not NULL, curve[j] = cost at K = K0 + j for j = 0 ..
 * max - K0; curve_len must be at least max - K0 + 1. SPMVP_ERR_ARG for NULL p/cost/K_out or a
 * curve too short. */
typedef double (*spmvp_pmf_k_cost)(const void *ctx, long long K);
spmvp_status spmvp_pmf_scan_k(const spmvp_pmf *p, spmvp_pmf_k_cost cost, const void *ctx,
                              long long *K_out, double *cost_out, double *curve, size_t curve_len);

/* spmvp_pmf_scan_k on T: eq. 50 at each K, O(1) per K from the prefix sums, O(max) in all;
 * sets *K_out to the K of smallest T (the smallest such K on ties: Algorithm 2 updates on a
 * strict <) and *t_out (may be NULL) to its times. If curve is not NULL, curve[j] = T at
 * K = K0 + j for j = 0 .. max - K0; curve_len must be at least max - K0 + 1.
 * SPMVP_ERR_ARG for NULL p/hw/K_out or a curve too short. */
spmvp_status spmvp_pmf_hyb_best(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                                long long *K_out, spmvp_pmf_time *t_out, double *curve,
                                size_t curve_len);
/* The same scan minimizing CT alone (curve holds CT): the threshold for a matrix that stays
 * on the device, where the transfer of eq. 45 is paid once, not per product. Ours; the
 * paper's Algorithm 2 minimizes T. */
spmvp_status spmvp_pmf_hyb_best_ct(const spmvp_pmf *p, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                                   long long *K_out, spmvp_pmf_time *t_out, double *curve,
                                   size_t curve_len);

#endif
