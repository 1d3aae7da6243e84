/* pair_ratio.h: how device B's time relates to device A's, learned from what both measured
 * (ours, for `spmvp compare`): the training tables of two devices share matrices and
 * configurations, and the ratio t_B / t_A of a configuration depends mostly on its format and
 * its size (launch-bound small products keep the launch ratio, bandwidth-bound large ones the
 * bandwidth ratio). So B's time of a configuration is predicted as A's prediction times the
 * median measured ratio of the same precision and format over paired configurations of similar
 * size: bins of half an octave of the layout's compulsory bytes, the nearest bin with pairs
 * when its own has none. A's model error is then common to both devices and cancels in the
 * ratio of the two, which two independent predictions do not allow.
 *
 * OpenCL-free. A fit is plain data (no ownership to state). */
#ifndef SPMVP_PAIR_RATIO_H
#define SPMVP_PAIR_RATIO_H

#include "train_table.h"

#define SPMVP_PAIR_BINS 96 /* half octaves of bytes: up to 2^48 */

typedef struct spmvp_pair_ratio {
    int pairs;  /* configurations both tables measured */
    /* median log(t_B / t_A) per precision, format and size bin, and its number of pairs */
    float log_ratio[SPMVP_NPRECISIONS][SPMVP_NFORMATS][SPMVP_PAIR_BINS];
    int count[SPMVP_NPRECISIONS][SPMVP_NFORMATS][SPMVP_PAIR_BINS];
    double overall; /* median log ratio over every pair (the fallback) */
} spmvp_pair_ratio;

/* Fits r from the rows of a and b with the same matrix, precision, format and mapping.
 * SPMVP_ERR_ARG when they share no row (nothing to learn from); SPMVP_ERR_NOMEM. */
spmvp_status spmvp_pair_ratio_fit(const spmvp_train_table *a, const spmvp_train_table *b,
                                  spmvp_pair_ratio *r);

/* The predicted t_B / t_A of a configuration of format f at precision k moving `bytes`
 * (SPMVP_FV_BYTES). */
double spmvp_pair_ratio_predict(const spmvp_pair_ratio *r, spmvp_precision k, spmvp_format f,
                                double bytes);

#endif
