/* plan_parts.h: plan pieces that more than one format uses (internal to model/sparse): ELL's
 * arrays and kernel (ELL, and HYB's ELL part), COO's (COO, and HYB's COO part). */
#ifndef SPMVP_PLAN_PARTS_H
#define SPMVP_PLAN_PARTS_H

#include "format.h"

#define SPMVP_COO_CHUNK 8 /* COO entries per work-item in its first pass, unless the mapping says */

/* ELL's two arrays and, for a matrix with rows, its one launch (it writes every y[i]). The
 * plan borrows E's arrays. */
void spmvp_plan_ell_part(spmvp_plan *p, const spmvp_ell *E, size_t wg);
/* COO's three arrays and two scratch arrays of per-chunk sums, then, for a matrix with
 * entries, its two passes (chunk sums, carries), which add into y. The plan borrows C's
 * arrays. chunk: entries per work-item (> 0). */
void spmvp_plan_coo_part(spmvp_plan *p, const spmvp_coo *C, size_t wg, int chunk);

#endif
