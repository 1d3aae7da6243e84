/* hyb_threshold.h: the HYB threshold K: seed 002's Algorithm 2 (on T = DTT + CT as the paper
 * has it, on CT alone, and on the calibrated CT) beside the rules users know (CUSP,
 * ViennaCL, the mean row length, spmvp's own), with the estimated time curves, as one report
 * that `predict --hyb-threshold` prints without knowing which model gave which row.
 *
 * Ownership: spmvp_hyb_report_make allocates the curves; spmvp_hyb_report_release frees
 * them (and accepts a zeroed report). */
#ifndef SPMVP_HYB_THRESHOLD_H
#define SPMVP_HYB_THRESHOLD_H

#include "predict_all.h"
#include "spmvp_sparse.h"

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

#define SPMVP_HYB_NCURVES 3 /* T, CT, calibrated CT */
#define SPMVP_HYB_NRULES 7

/* One row of the report. */
typedef struct spmvp_hyb_rule {
    const char *key;   /* its JSON key: "pmf_t", "cusp", ... */
    const char *label; /* its text label: "pmf, T = DTT + CT (the paper)", ... */
    const char *mark;  /* its short name on a plot: "Alg. 2 (T)", "CUSP", ... */
    const char *what;  /* the time it minimizes ("T", "CT"), NULL for a rule of thumb */
    long long K;       /* -1: no model */
    double us;         /* the estimate at K (rows with a `what`; NaN otherwise) */
} spmvp_hyb_rule;

typedef struct spmvp_hyb_report {
    long long k0, max;                             /* the curves' K range */
    spmvp_hyb_rule rule[SPMVP_HYB_NRULES];
    const char *curve_name[SPMVP_HYB_NCURVES];     /* "pmf_T", "pmf_CT", "pmf-cal_CT" */
    const char *curve_label[SPMVP_HYB_NCURVES];    /* the same for people (plot keys) */
    double *curve[SPMVP_HYB_NCURVES];              /* µs at K = k0 + j, j < n (owned) */
    size_t n;
} spmvp_hyb_report;

/* The report for statistics s; SPMVP_ERR_ARG for an empty matrix, SPMVP_ERR_NOMEM (out is
 * released on failure). */
spmvp_status spmvp_hyb_report_make(const spmvp_predictor *in, const spmvp_rowlen_stats *s,
                                   spmvp_hyb_report *out);
void spmvp_hyb_report_release(spmvp_hyb_report *h);
/* 1 when in has a model to draw the curves with; else 0 and *why (may be NULL) says why
 * (owned by in). */
int spmvp_hyb_report_has_curves(const spmvp_predictor *in, const char **why);

#endif
