/* pmf_cal.h: the calibrated variant of seed 002's analytic model (ours, not the paper's).
 *
 * The paper takes every constant from a datasheet. Here the computing time of a format is
 *     CT_cal = t0 + mem * AM + ops * CTC + row * N / C                                   (C1)
 * where AM and CTC are the paper's memory-access and operation terms for the matrix (eqs
 * 26-28 for COO, 33-35 for CSR, 39-41 for ELL; pmf.h), N / C the rows per processing
 * element, and four coefficients per format are fitted to the calibration points already in
 * the device profile (the benchmark matrices of seed 000, all distributions):
 *   t0   fixed cost of a product (launch and tail), microseconds;
 *   mem  how much slower memory is than the analytic BW x CR: the effective bandwidth is
 *        BW x CR / mem;
 *   ops  a scale on the paper's operation counts;
 *   row  per-row overhead (row set-up, the store of y), microseconds per row per element.
 * HYB composes its ELL and COO parts, each with its own format's coefficients: the ELL part
 * of eq. 47 with ELL's, the COO part of eq. 46 with COO's (rows: those over K), plus COO's t0
 * only when there is a COO part (spmvp's HYB then launches the COO kernels too).
 * The paper's CSR (one thread per row, a warp as slow as its E(Q)) is spmvp's CSR-scalar,
 * whose calibration points fit it; CSR-vector and JAD have no PMF model.
 * DTT is not calibrated (B is measured already).
 *
 * Launches: the calibration grid holds only large matrices (a strip of rows and more), so
 * its points cannot tell t0 from zero, while a small matrix costs little but its launches.
 * When the profile's micro-benchmark measured the cost L of one kernel launch
 * (microbench.launch_us), t0 starts from it: t0 = k L + t0', with k the kernels spmvp runs
 * (CSR and ELL 1; COO 3: zero y, chunk sums, carries; HYB's COO part 2, as ELL wrote y),
 * and only t0' >= 0 is fitted.
 * The fit: the points' row-length PMFs are the generator's expected histograms
 * (spmvp_gen_length_hist); least squares on relative residuals (each point weighted by
 * 1 / time^2, so a 5 us product counts as much as a 5 ms one), all four coefficients
 * non-negative: every subset of the four terms is fitted and the best whose coefficients
 * are all >= 0 kept (16 small fits). OpenCL-free. */
#ifndef SPMVP_PMF_CAL_H
#define SPMVP_PMF_CAL_H

#include <stdio.h>

#include "calib.h"
#include "pmf.h"
#include "profile.h"

typedef struct spmvp_pmf_cal_coef {
    int valid;       /* 0: not fitted (no or too few points) */
    int npoints;     /* calibration points used */
    double t0_us, mem, ops, row_us; /* (C1) */
    double rms_rel;  /* root mean square of (fit - measured) / measured over the points */
} spmvp_pmf_cal_coef;

/* The coefficients of COO, CSR and ELL, indexed by spmvp_pmf_format (HYB composes them). */
typedef struct spmvp_pmf_cal {
    spmvp_pmf_cal_coef f[3];
    double launch_us; /* the launch cost L the fit started from (0: none) */
} spmvp_pmf_cal;

/* p's calibrated PMF model at precision k ("pmf_fit", the PMF model's part of each
 * precision; owned by p, every format invalid when the file has none), or NULL for a NULL p
 * or a bad k. */
spmvp_pmf_cal *spmvp_profile_pmf_fit(const spmvp_profile *p, spmvp_precision k);

/* "coo", "csr", "ell", "hyb" (the keys of the profile's pmf_fit). */
const char *spmvp_pmf_format_name(spmvp_pmf_format f);

/* Fits *out from c's points of COO, CSR-scalar and ELL with the hardware parameters hw at
 * precision prec. A format with fewer than 5 usable points (time > 0) is left invalid and
 * named on `notes` (may be NULL). SPMVP_ERR_ARG when no format can be fitted;
 * SPMVP_ERR_NOMEM. */
spmvp_status spmvp_pmf_cal_fit(const spmvp_calib *c, const spmvp_pmf_hw *hw, spmvp_pmf_prec prec,
                               spmvp_pmf_cal *out, FILE *notes);
/* The same with the launch cost L = launch_us >= 0 (spmvp_pmf_cal_fit is L = 0). */
spmvp_status spmvp_pmf_cal_fit_launch(const spmvp_calib *c, const spmvp_pmf_hw *hw,
                                      spmvp_pmf_prec prec, double launch_us, spmvp_pmf_cal *out,
                                      FILE *notes);

/* CT_cal of COO, CSR or ELL in seconds (NaN if that format's coefficients are invalid). */
double spmvp_pmf_cal_time(const spmvp_pmf_cal *cal, const spmvp_pmf *p, const spmvp_pmf_hw *hw,
                          spmvp_pmf_prec prec, spmvp_pmf_format f);
/* CT_cal of HYB with threshold K, seconds (NaN unless both ELL and COO are valid; COO is
 * not needed when K >= max). */
double spmvp_pmf_cal_hyb(const spmvp_pmf_cal *cal, const spmvp_pmf *p, const spmvp_pmf_hw *hw,
                         spmvp_pmf_prec prec, long long K);
/* Algorithm 2 on CT_cal: scans K = K0 .. max (K0 as spmvp_pmf_hyb_first_k), O(1) per K,
 * *K_out = the K of smallest CT_cal (smallest on ties), *t_out its CT_cal in seconds (may be
 * NULL), curve as spmvp_pmf_hyb_best. SPMVP_ERR_ARG for NULL arguments, a curve too short,
 * or invalid ELL coefficients. */
spmvp_status spmvp_pmf_cal_hyb_best(const spmvp_pmf_cal *cal, const spmvp_pmf *p,
                                    const spmvp_pmf_hw *hw, spmvp_pmf_prec prec, long long *K_out,
                                    double *t_out, double *curve, size_t curve_len);

#endif
