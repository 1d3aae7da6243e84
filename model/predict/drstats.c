/* drstats.c: D_r (eq. 7) and its summary statistics through GSL. */
#include "drstats.h"

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>

double spmvp_dr(double predicted, double measured)
{
    return measured > 0 ? fabs(predicted - measured) / measured : NAN;
}

spmvp_dr_summary spmvp_dr_summarize(double *dr, size_t n)
{
    spmvp_dr_summary s = {0};
    if (!n)
        return s;
    gsl_sort(dr, 1, n);
    s.n = n;
    s.mean = gsl_stats_mean(dr, 1, n);
    s.median = gsl_stats_median_from_sorted_data(dr, 1, n);
    s.p90 = gsl_stats_quantile_from_sorted_data(dr, 1, n, 0.90);
    s.max = dr[n - 1];
    size_t k = 0;
    while (k < n && dr[k] <= 0.10)
        k++;
    s.within10 = (double)k / n;
    while (k < n && dr[k] <= 0.20)
        k++;
    s.within20 = (double)k / n;
    return s;
}
