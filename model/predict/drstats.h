/* drstats.h: summaries of prediction errors D_r = |predicted - measured| / measured (seed 000
 * eq. 7) and of ranking quality. */
#ifndef SPMVP_DRSTATS_H
#define SPMVP_DRSTATS_H

#include <stddef.h>

typedef struct spmvp_dr_summary {
    size_t n;          /* cases */
    double mean;       /* mean D_r (a fraction: 0.05 is 5 %) */
    double median;
    double p90;        /* 90th percentile */
    double max;        /* the worst case */
    double within10;   /* share of cases with D_r <= 0.10 */
    double within20;   /* share of cases with D_r <= 0.20 (seed 002's criterion) */
} spmvp_dr_summary;

/* D_r of one case (eq. 7); NaN when measured <= 0. */
double spmvp_dr(double predicted, double measured);

/* Summarises dr[0..n) (sorted in place; NaNs must not be present). All zero for n = 0. */
spmvp_dr_summary spmvp_dr_summarize(double *dr, size_t n);

#endif
