/* pair_ratio.h: how device B's time relates to device A's, learned from what both measured
 * (ours, for `spmvp compare`). The training tables of two devices share matrices and
 * configurations; B's time of a configuration is predicted as A's prediction times the ratio
 * t_B / t_A learned from those pairs, so that A's model error is common to both devices and
 * cancels in their ratio (two independent predictions add their errors instead).
 *
 * The ratio: per precision and format, gradient-boosted trees (xgb.h, seed 004's booster
 * settings) of log(t_B / t_A) on the configuration's features and A's time (measured in the
 * fit, predicted when used), where 20 or more pairs exist:
 * launch-bound products keep the launch ratio, bandwidth-bound ones the bandwidth ratio, and
 * locality decides how much of x each device's L2 holds. Else the median log ratio of pairs of
 * the same precision and format within half an octave of bytes (the nearest such bin), else
 * over every pair.
 *
 * OpenCL-free. Ownership: a fit holds boosters that spmvp_pair_ratio_free releases. */
#ifndef SPMVP_PAIR_RATIO_H
#define SPMVP_PAIR_RATIO_H

#include "cv.h"
#include "train_table.h"
#include "xgb.h"

#define SPMVP_PAIR_BINS 96 /* half octaves of bytes: up to 2^48 */

typedef struct spmvp_pair_ratio {
    int pairs;  /* configurations both tables measured */
    /* median log(t_B / t_A) per precision, format and size bin, and its number of pairs */
    float log_ratio[SPMVP_NPRECISIONS][SPMVP_NFORMATS][SPMVP_PAIR_BINS];
    int count[SPMVP_NPRECISIONS][SPMVP_NFORMATS][SPMVP_PAIR_BINS];
    double overall; /* median log ratio over every pair (the last fallback) */
    BoosterHandle b[SPMVP_NPRECISIONS][SPMVP_NFORMATS]; /* log ratio on the features, or NULL */
} spmvp_pair_ratio;

#define SPMVP_PAIR_MIN_BOOST 20 /* pairs of a precision and format that get a booster */

/* Fits r from the rows of a and b with the same matrix, precision, format and mapping.
 * SPMVP_ERR_ARG when they share no row (nothing to learn from); SPMVP_ERR_NOMEM; XGBoost's
 * failure as SPMVP_ERR_UNSUPPORTED. Release with spmvp_pair_ratio_free, also after a failure. */
spmvp_status spmvp_pair_ratio_fit(const spmvp_train_table *a, const spmvp_train_table *b,
                                  spmvp_pair_ratio *r);
void spmvp_pair_ratio_free(spmvp_pair_ratio *r);
/* The same over the pairs whose row of a has use[row] non-zero (use NULL: every pair). */
spmvp_status spmvp_pair_ratio_fit_masked(const spmvp_train_table *a, const spmvp_train_table *b,
                                         const unsigned char *use, spmvp_pair_ratio *r);
/* The rows of a and b that pair (the same matrix, precision, format and mapping): *n pairs,
 * (*pa)[i] a row of a and (*pb)[i] its row of b, new arrays the caller frees. Two rows that
 * both record their kernels' digest (train_table.h) and differ in it do not pair: their ratio
 * would mix a kernel change with what the pairing compares (two devices, two sessions). A row
 * that records one beside a row that records none (measured again after a kernel change, beside
 * a table that predates digests) pairs only where its precision and format has no pair of one
 * digest, or of none on both sides (stop 56). *other_kernels (may be NULL) counts the rows left
 * unpaired so. SPMVP_ERR_NOMEM. */
spmvp_status spmvp_pair_rows(const spmvp_train_table *a, const spmvp_train_table *b,
                             size_t **pa, size_t **pb, size_t *n, size_t *other_kernels);

/* The paired ratio held out, on the matrices both tables measured: for each fold of a's
 * cross-validation cv_a (cv.h), the ratio fitted on the pairs of the other folds (one fit for
 * both precisions) times model m[k]'s held-out prediction of A predicts B's time of each paired
 * configuration of precision k in the fold (m[k] < 0: precision k is skipped); then per matrix
 * and precision, the predicted B/A (spmvp_pair_ratio_near over least predicted A) against the
 * measured one (least measured B over least measured A), over the configurations both
 * measured. out[k]: matrices, the share with |predicted / measured - 1| <= 10 %, its median
 * and p90. SPMVP_ERR_NOMEM; a fit's failure. */
typedef struct spmvp_pair_cv {
    int matrices;
    double within10, median_err, p90_err;
    size_t other_kernels; /* configurations left unpaired: their rows ran other kernels */
} spmvp_pair_cv;
spmvp_status spmvp_pair_ratio_cv(const spmvp_train_table *a, const spmvp_cv *cv_a,
                                 const int m[SPMVP_NPRECISIONS], const spmvp_train_table *b,
                                 spmvp_pair_cv out[SPMVP_NPRECISIONS]);

/* Device B's time of a matrix from A's predictions t_a[0..n) of its configurations and their
 * predicted ratios r[0..n) (spmvp_pair_ratio_predict): A's least predicted time times the lower
 * median ratio of the configurations A predicts within SPMVP_PAIR_NEAR of it. Why not B's least
 * predicted time, the least t_a[i] r[i]: the least of a few dozen noisy products favours the
 * configurations whose ratio the booster errs low on (on the compare set the paired ratio came
 * out below the measured one more often, and further, than above it). The ratio of a
 * configuration A cannot tell from its best is as likely to be B's as that one's, so the median
 * of those near it is the estimate. Held out by family (`spmvp cv H100 --pair H200`, stop 44,
 * docs/solver-h100.md) within 10 % of the measured ratio on 63 / 75 % of the matrices (single /
 * double) against 59 / 71 % for the least. 1.25 lies in the plateau of a sweep that took the
 * mean of the two middle ratios for an even count (1.05: 61 / 70, 1.1: 64 / 73, 1.2: 64 / 76,
 * 1.35: 66 / 76, 2: 61 / 74 %; A's first pick's ratio alone: 58 / 63 %). Entries whose t_a or
 * r is not above 0 are passed over. Returns the index whose ratio is that median and sets
 * *b_us to B's time; -1 and NaN where no entry is usable. */
#define SPMVP_PAIR_NEAR 1.25
int spmvp_pair_ratio_near(const double *t_a, const double *r, int n, double *b_us);

/* The predicted t_B / t_A of a configuration of format f at precision k with features x
 * (featvec.h) that device A runs in t_a µs (its prediction; <= 0 or NaN: unknown, which the
 * boosters take as missing). */
double spmvp_pair_ratio_predict(const spmvp_pair_ratio *r, spmvp_precision k, spmvp_format f,
                                const double *x, double t_a);

#endif
