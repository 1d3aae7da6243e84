/* work.h: helpers of the formats' work hooks (internal to model/sparse): a lock-step counter
 * that takes work-items in launch order, and the pieces several formats share. */
#ifndef SPMVP_WORK_H
#define SPMVP_WORK_H

#include "format.h"

/* Work-items in launch order, grouped warp by warp: total = sum over warps of the warp's most
 * steps. Work-items are added in runs, so a run of a million equal rows costs O(1). */
typedef struct spmvp_lockstep {
    unsigned long long warp; /* warp width (> 0) */
    long long pos;           /* work-items added so far */
    long long cur;           /* most steps in the current, unfinished warp */
    long long sum;           /* sum over finished warps of their most steps */
} spmvp_lockstep;

void spmvp_lockstep_init(spmvp_lockstep *l, unsigned warp);
/* `count` more work-items, each of `steps` steps. */
void spmvp_lockstep_add(spmvp_lockstep *l, long long count, long long steps);
/* Pads with idle work-items to `items` (the launch's whole work-groups) and returns warp width x
 * the sum of the warps' most steps: the launch's lock-step entries. */
long long spmvp_lockstep_end(spmvp_lockstep *l, long long items);

/* The lock-step entries of v work-items per row of A, each taking ceil(row length / v) steps,
 * rows in order (CSR-scalar and CSR-vector, ELL-R with v = 1), padded to `items`. */
long long spmvp_lockstep_rows(const spmvp_csr *A, int v, unsigned warp, long long items);

/* ceil(a / b) for a >= 0, b > 0 */
long long spmvp_ceil_div(long long a, long long b);
/* Adds a launch of `items` work-items rounded up to work-groups of wg to w; the rounded count. */
long long spmvp_work_launch(spmvp_work *w, long long items, size_t wg);
/* Bytes of x (ncols values) and y (nrows values). */
long long spmvp_work_vectors(const spmvp_csr *A, size_t vs);
/* ELL's pitch for A's rows aligned to wg (ell.c's rule). */
long long spmvp_ell_pitch(spmvp_idx nrows, spmvp_idx row_align);
/* Whether COO's reduction of n entries in tiles of `tile` is one launch (cl/coo.cl's
 * COO_ONE_LAUNCH): more than one tile, and their carries one tile. */
int spmvp_coo_one_launch(long long n, long long tile);
/* COO's tile launches over n entries (coo.c, cl/coo.cl) added to w: the tiles, then a level of
 * carries until one tile holds a level (in the launch of the level before when
 * spmvp_coo_one_launch of that level's length: the tiles' or a level of carries'). Each
 * work-item takes `items` steps per level. Returns the scratch values (carries). */
long long spmvp_work_coo_part(spmvp_work *w, long long n, size_t wg, int items, unsigned warp);

#endif
