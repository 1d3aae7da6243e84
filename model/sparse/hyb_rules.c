/* hyb_rules.c: CUSP's, ViennaCL's and the mean-length HYB widths from a row-length histogram. */
#include "hyb_rules.h"

#include <math.h>

long long spmvp_hyb_k_cusp(const long long *hist, long long maxlen, long long rows,
                           double relative_speed, long long breakeven)
{
    double need = fmax((double)breakeven, rows / relative_speed);
    long long longer = rows; /* rows with more than K entries, K = -1 at first */
    for (long long K = 0; K <= maxlen; K++) {
        longer -= hist[K];
        if (longer < need)
            return K;
    }
    return maxlen;
}

long long spmvp_hyb_k_quantile(const long long *hist, long long maxlen, long long rows, double share)
{
    long long covered = 0;
    for (long long K = 0; K <= maxlen; K++) {
        covered += hist[K];
        if (covered >= share * rows)
            return K;
    }
    return maxlen;
}

long long spmvp_hyb_k_mean(const long long *hist, long long maxlen, long long rows)
{
    double nnz = 0;
    for (long long l = 0; l <= maxlen; l++)
        nnz += (double)l * hist[l];
    return rows ? llround(nnz / rows) : 0;
}
