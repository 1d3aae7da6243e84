/* hyb_rules.h: the HYB ELL widths K that users know, from a row-length histogram
 * (hist[l] = rows with exactly l entries, size maxlen+1), to compare with seed 002's
 * Algorithm 2 and with the measured optimum. */
#ifndef SPMVP_HYB_RULES_H
#define SPMVP_HYB_RULES_H

/* CUSP's rule: ELL is taken to be `relative_speed` (3.0) times faster per entry than COO, and
 * not worth it below `breakeven` (4096) rows; K grows while the rows with more than K entries
 * number at least max(breakeven, rows / relative_speed). */
long long spmvp_hyb_k_cusp(const long long *hist, long long maxlen, long long rows,
                           double relative_speed, long long breakeven);

/* ViennaCL's rule: the smallest K whose ELL part holds every entry of at least `share` (0.8) of
 * the rows, i.e. the `share` quantile of the row lengths. */
long long spmvp_hyb_k_quantile(const long long *hist, long long maxlen, long long rows, double share);

/* "ELL width = mean row length", rounded to the nearest integer. */
long long spmvp_hyb_k_mean(const long long *hist, long long maxlen, long long rows);

#endif
