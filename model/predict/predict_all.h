/* predict_all.h: every format under every model for one matrix: the three strip models of
 * seed 000 (fixed = Guo-Wang, normal, uniform), seed 002's PMF model as the paper has it
 * ("pmf") and calibrated on the profile's benchmark timings ("pmf-cal", pmf_cal.h); the
 * kernel parameters bench would choose (CSR-vector width, HYB width), and each model's pick.
 *
 * The PMF model predicts COO, CSR-scalar (the paper's CSR: one thread per row), ELL and HYB
 * (at the HYB width bench runs); it has nothing for CSR-vector and JAD (NaN). Its prediction
 * is CT, the kernel alone (the matrix already on the device), as the strip models'; the data
 * transfer time DTT of eq. 21 is given apart. */
#ifndef SPMVP_PREDICT_ALL_H
#define SPMVP_PREDICT_ALL_H

#include "calib.h"
#include "pmf.h"
#include "pmf_cal.h"
#include "profile.h"
#include "sparse.h"
#include "stats.h"

typedef enum spmvp_model {
    SPMVP_MODEL_FIXED,   /* strip model, Guo-Wang's fixed row lengths (= SPMVP_DIST_FIXED) */
    SPMVP_MODEL_NORMAL,  /* strip model, normal row lengths */
    SPMVP_MODEL_UNIFORM, /* strip model, uniform row lengths */
    SPMVP_MODEL_PMF,     /* seed 002 analytic */
    SPMVP_MODEL_PMF_CAL, /* seed 002 with fitted coefficients */
    SPMVP_NMODELS
} spmvp_model;

/* "fixed", "normal", "uniform", "pmf", "pmf-cal" ("?" out of range); parse gives -1 for
 * anything else. */
const char *spmvp_model_name(spmvp_model m);
int spmvp_model_parse(const char *name);
/* For tables: "Guo-Wang (fixed)", "normal", "uniform", "PMF (seed 002)", "PMF calibrated". */
const char *spmvp_model_label(spmvp_model m);

/* What the predictions need from one profile at one precision. Borrows from the profile:
 * keep the profile alive while the predictor is used. */
typedef struct spmvp_predictor {
    const spmvp_calib *calib;  /* strip models; NULL when the profile has no calibration */
    int has_pmf;               /* 1: hw usable at this precision */
    int hw_derived;            /* 1: hw derived from device/microbench, not in the file */
    spmvp_pmf_hw hw;
    char source[SPMVP_PMF_NPARAMS][SPMVP_PMF_SOURCE_LEN]; /* where each of hw came from */
    const spmvp_pmf_cal *cal;  /* calibrated PMF coefficients (formats may be invalid) */
    spmvp_pmf_prec prec;
    unsigned warp;             /* device.warp_size */
    char pmf_note[256];        /* why has_pmf is 0, "" otherwise */
} spmvp_predictor;

/* Sets *out for profile p at values of value_size bytes (4 or 8). Fails (SPMVP_ERR_UNSUPPORTED,
 * the message of spmvp_profile_require, path naming the file) only when there is neither a
 * calibration at that precision nor usable PMF hardware parameters; SPMVP_ERR_ARG for a bad
 * value size. */
spmvp_status spmvp_predictor_init(spmvp_predictor *out, const spmvp_profile *p, const char *path,
                                  size_t value_size);

typedef struct spmvp_prediction {
    double us[SPMVP_NFORMATS][SPMVP_NMODELS]; /* predicted µs; NaN: no model for it */
    double dtt_us[SPMVP_NFORMATS];            /* PMF data transfer time, µs (eqs 25, 31, 38,
                                                 45); NaN where the PMF model has no format */
    int vector_width;                         /* the CSR-vector width predicted */
    int hyb_width;                            /* the HYB ELL width K predicted */
    int best[SPMVP_NMODELS];                  /* fastest format per model among positive
                                                 predictions, -1 if none */
    int pmf_algorithm1;                       /* seed 002's Algorithm 1: of COO, CSR(-scalar)
                                                 and ELL the smallest T = DTT + CT, as an
                                                 spmvp_format; -1 without a PMF model */
} spmvp_prediction;

/* Fills *out for A (with its statistics s). Models without data give NaN. SPMVP_ERR_NOMEM
 * (the PMF's prefix sums) leaves the PMF columns NaN and is returned; SPMVP_OK otherwise. */
spmvp_status spmvp_predict_all(const spmvp_predictor *in, const spmvp_csr *A,
                               const spmvp_rowlen_stats *s, spmvp_prediction *out);

/* ---- the HYB threshold K: seed 002's Algorithm 2 beside the rules users know ---- */
typedef struct spmvp_hyb_thresholds {
    long long k0, max;        /* Algorithm 2 scans K = k0 (ceil E(X)) .. max */
    long long pmf_t;          /* argmin T = DTT + CT, the paper's Algorithm 2 (-1: no PMF) */
    long long pmf_ct;         /* argmin CT: the matrix stays on the device (ours) */
    long long pmf_cal;        /* argmin CT of the calibrated variant (-1: not calibrated) */
    double pmf_t_us, pmf_ct_us, pmf_cal_us; /* the minima (NaN when the K is -1) */
    long long cusp;           /* CUSP: relative speed 3.0, break-even 4096 rows */
    long long viennacl;       /* ViennaCL: covers 80 % of the rows */
    long long mean;           /* the mean row length, rounded */
    long long spmvp;          /* spmvp's default (bench's HYB width, spmvp_hyb_width_from_hist) */
} spmvp_hyb_thresholds;

/* Fills *out for a matrix with statistics s (at least one non-zero). curve_t, curve_ct and
 * curve_cal (each may be NULL; else of max - k0 + 1 entries, see spmvp_hyb_curve_len) get
 * T, CT and the calibrated CT in µs at K = k0 + j (NaN where a model is missing).
 * SPMVP_ERR_ARG for an empty matrix, SPMVP_ERR_NOMEM. */
spmvp_status spmvp_predict_hyb_thresholds(const spmvp_predictor *in, const spmvp_rowlen_stats *s,
                                          spmvp_hyb_thresholds *out, double *curve_t,
                                          double *curve_ct, double *curve_cal);
/* max - ceil(E(X)) + 1: the length of those curves (0 for an empty matrix). */
size_t spmvp_hyb_curve_len(const spmvp_rowlen_stats *s);

#endif
