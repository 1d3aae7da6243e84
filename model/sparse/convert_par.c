/* convert_par.c: the padding fill that ELL, SELL-C-sigma and BRC start from, on OpenMP's
 * threads (plan_parts.h). */
#include "plan_parts.h"

void spmvp_fill_padding(spmvp_idx *colidx, double *val, size_t n)
{
    /* each thread a contiguous range: its pages are first touched, and zeroed by the kernel,
     * on its own core */
#pragma omp parallel for schedule(static) if (n >= SPMVP_PAR_MIN)
    for (size_t s = 0; s < n; s++) {
        colidx[s] = -1;
        val[s] = 0.0;
    }
}
