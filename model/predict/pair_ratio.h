/* pair_ratio.h: how device B's time relates to device A's, learned from what both measured
 * (ours, for `spmvp compare`). The training tables of two devices share matrices and
 * configurations; B's time of a configuration is predicted as A's prediction times the ratio
 * t_B / t_A learned from those pairs, so that A's model error is common to both devices and
 * cancels in their ratio (two independent predictions add their errors instead).
 *
 * The ratio: per precision and format, gradient-boosted trees (xgb.h, seed 004's booster
 * settings) of log(t_B / t_A) on the configuration's features, where 20 or more pairs exist:
 * launch-bound products keep the launch ratio, bandwidth-bound ones the bandwidth ratio, and
 * locality decides how much of x each device's L2 holds. Else the median log ratio of pairs of
 * the same precision and format within half an octave of bytes (the nearest such bin), else
 * over every pair.
 *
 * OpenCL-free. Ownership: a fit holds boosters that spmvp_pair_ratio_free releases. */
#ifndef SPMVP_PAIR_RATIO_H
#define SPMVP_PAIR_RATIO_H

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

/* The predicted t_B / t_A of a configuration of format f at precision k with features x
 * (featvec.h). */
double spmvp_pair_ratio_predict(const spmvp_pair_ratio *r, spmvp_precision k, spmvp_format f,
                                const double *x);

#endif
