/* plan_parts.h: plan pieces that more than one format uses (internal to model/sparse): ELL's
 * arrays and kernel (ELL, and HYB's ELL part), COO's (COO, and HYB's COO part). */
#ifndef SPMVP_PLAN_PARTS_H
#define SPMVP_PLAN_PARTS_H

#include "format.h"

#define SPMVP_COO_ITEMS 4 /* COO entries per work-item of a tile, unless the mapping says (coo.c) */

/* Conversions from CSR run their loops over rows on OpenMP's threads (when spmvp is built
 * with it) from this many entries or slots: each thread writes slots no other writes, so the
 * result is the same bits on any number of threads. What they save is mostly the first touch
 * of the new arrays: on the 2-core VM a new page costs more than ten times its writing, and a
 * conversion of 10^7 entries wrote 115 MB of new pages in 60-150 ms on one thread, here and on
 * the H100's host; on the H100's 16 cores 5.3x less (docs/solver-h100.md, stop 39). Below
 * the threshold a loop takes about a millisecond or less on one thread (60-150 ms per 10^7
 * entries). Measured against 262,144 and 2^20 on an H100 host whose parallel loops stalled
 * 2-12 ms now and then (stop 40): those stalled less often but converted 1.2-2.5x slower every
 * time, and the total came out the same or higher. */
#define SPMVP_PAR_MIN 65536

/* ELL's two arrays and, for a matrix with rows, its one launch (it writes every y[i]). The
 * plan borrows E's arrays. */
void spmvp_plan_ell_part(spmvp_plan *p, const spmvp_ell *E, size_t wg);
/* COO's entries per work-item for mapping m on target t (cl/coo.cl): the mapping's, or 4; at
 * least 64 entries per tile. SPMVP_ERR_UNSUITABLE when the scan does not fit the device's
 * local memory. */
spmvp_status spmvp_coo_items(const spmvp_mapping *m, const spmvp_target *t, int *items);
/* COO's three arrays, one scratch array of carries and aux (1 + nempty indices: a counter
 * that must be 0, then the rows with no entries, which the kernel zeroes), then, for a matrix
 * with entries, its launches: the tiles of entries, then one per level of carries, except the
 * level after the first whose carries are one tile (spmvp_coo_one_launch of its length): the
 * last work-group of that launch reduces it (cl/coo.cl). So one launch when the tiles'
 * carries are one tile, two up to TILE^3 / 4 entries. Every row with entries is stored once:
 * y[r] = its sum, or y[r] += its sum when add (HYB's COO part, after ELL wrote y; nempty must
 * be 0 then). cus: the target's compute_units (format.h; 0: a work-group per tile of entries).
 * The plan borrows C's arrays and aux. */
void spmvp_plan_coo_part(spmvp_plan *p, const spmvp_coo *C, size_t wg, int items, unsigned cus,
                         const spmvp_idx *aux, spmvp_idx nempty, int add);

#endif
