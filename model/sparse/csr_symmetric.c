/* csr_symmetric.c: is a CSR matrix equal to its transpose (CG's first requirement)? */
#include "cg_cpu.h"

#include <math.h>

/* The value of A(i, j), 0 where row i stores no column j: bisection in the sorted row. */
static double entry(const spmvp_csr *A, spmvp_idx i, spmvp_idx j)
{
    spmvp_idx lo = A->rowptr[i], hi = A->rowptr[i + 1];
    while (lo < hi) {
        spmvp_idx mid = lo + (hi - lo) / 2;
        if (A->colidx[mid] < j)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < A->rowptr[i + 1] && A->colidx[lo] == j ? A->val[lo] : 0.0;
}

/* A(i, j) = A(j, i) for every stored (i, j): a pattern that differs only by explicit zeros
 * is still symmetric, since CG sees values, not patterns. */
int spmvp_csr_symmetric(const spmvp_csr *A, double rtol, spmvp_idx *row, spmvp_idx *col)
{
    *row = *col = -1;
    if (A->nrows != A->ncols)
        return 0;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++) {
            spmvp_idx j = A->colidx[k];
            double v = A->val[k], w = j == i ? v : entry(A, j, i);
            double big = fabs(v) > fabs(w) ? fabs(v) : fabs(w);
            if (!(fabs(v - w) <= rtol * big)) {
                *row = i;
                *col = j;
                return 0;
            }
        }
    return 1;
}
