/* plot.h: evaluation plots through gnuplot (predicted vs measured; error distributions). */
#ifndef SPMVP_PLOT_H
#define SPMVP_PLOT_H

#include <stddef.h>

#include "spmvp_sparse.h"

/* One prediction: which model panel, which format (point colour), the two times. */
typedef struct spmvp_plot_point {
    int model;           /* index into model_names */
    int format;          /* index into format_names */
    double measured_us;
    double predicted_us;
} spmvp_plot_point;

/* Writes PATH (.png or .svg: a grid of log-log panels, one per model, predicted against
 * measured, the line y = x, formats by colour and point type, the key outside) and
 * STEM-error.EXT (per model, the cumulative distribution of D_r = |predicted - measured| /
 * measured, eq. 7), with their data (.dat) and gnuplot scripts (.gp) beside them, and runs
 * gnuplot on both; `title` (its folders dropped) heads them. SPMVP_ERR_ARG for another
 * extension; SPMVP_ERR_IO when a file cannot be written or gnuplot fails (the message says
 * which). */
spmvp_status spmvp_plot_evaluation(const char *path, const char *title,
                                   const spmvp_plot_point *pts, size_t n,
                                   const char *const *model_names, int nmodels,
                                   const char *const *format_names, int nformats);

/* A vertical mark on a curve plot: the K a rule chooses. */
typedef struct spmvp_plot_mark {
    const char *name;
    long long K;
} spmvp_plot_mark;

/* The estimated HYB time against the threshold K (spmvp predict --hyb-threshold --plot):
 * series[s][j] is series s at K = k0 + j (NaN: left out), one line each, and each of the
 * nmarks marks a dashed vertical line with its name. `path` ends in
 * .png or .svg; the data and the script are written beside it (PATH without the extension
 * + .dat and .gp) and gnuplot run. SPMVP_ERR_ARG for another extension, SPMVP_ERR_IO as
 * spmvp_plot_evaluation. */
spmvp_status spmvp_plot_hyb_curve(const char *path, const char *title, long long k0, size_t n,
                                  const double *const *series, const char *const *names,
                                  int nseries, const spmvp_plot_mark *marks, int nmarks);

#endif
