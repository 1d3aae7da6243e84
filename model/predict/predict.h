/* predict.h: the SpMV time of a target matrix from a fitted strip model (seed 000 §3.2, with
 * the target parameters of eq. 6), and of HYB from its ELL and COO models. Times in µs.
 *
 * Predictions are returned as the model gives them: a line fitted to noisy data can go negative
 * when extrapolated to small matrices, and callers see that rather than a clamped value. NaN
 * means the model cannot predict (NULL arguments, an HYB model, S <= 0, a CSR-V model without a
 * valid segment). */
#ifndef SPMVP_PREDICT_H
#define SPMVP_PREDICT_H

#include "calib.h"
#include "spmvp_sparse.h"

/* Eq. (6) for model m and target s: *I0 = ceil(N_R / S); *P0 = the mode of the row lengths for
 * CSR-V, their maximum for CSR-S, ELL and JAD. COO: *I0 = I_nz = ceil(N_NZ / S_COO), *P0 = 0.
 * SPMVP_ERR_ARG for NULL arguments, an HYB model or S <= 0. */
spmvp_status spmvp_predict_params(const spmvp_strip_model *m, const spmvp_rowlen_stats *s,
                                  long long *I0, long long *P0);

/* The model's time at I strips and row length P, the forms of calib.h:
 *   CSR-S, ELL, JAD: (A·I + B)·P + (p·I + q) - (A·I + B)·P1
 *   CSR-V: T_s(P) / t0 × E_s(I) in the segment holding P (P <= split: lower), or in the other
 *          when that one is invalid
 *   COO: A·I + B with I = I_nz (P unused). */
double spmvp_strip_model_eval(const spmvp_strip_model *m, double I, double P);

/* The predicted time of the target: spmvp_strip_model_eval at the parameters of eq. (6). */
double spmvp_predict_strip(const spmvp_strip_model *m, const spmvp_rowlen_stats *s);

/* HYB with ELL width K: the ELL model at P0 = min(K, max), I0 = ceil(N_R / S_ELL) (0 when the
 * ELL part is empty, K == 0 or no entries), plus the COO model at I_nz = ceil(nnz_coo / S_COO)
 * (0 when the COO part is empty). A model may be NULL when its part is empty; NaN otherwise,
 * and for K < 0. */
double spmvp_predict_hyb(const spmvp_strip_model *ell, const spmvp_strip_model *coo,
                         const spmvp_rowlen_stats *s, int K);

#endif
