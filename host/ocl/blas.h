/* blas.h: the vector operations of conjugate gradients on device buffers (cl/blas.cl): a
 * deterministic dot product, y += a*x and y = x + a*y, in the precision of a value size; and
 * CG's steps on device scalars, an iteration with nothing read back (host/ocl/cg.c).
 *
 * Ownership: an spmvp_blas owns its kernels and its three small buffers (the dot's partials
 * and result, CG's scalars) and borrows its context (free it first); the vectors and CG's
 * history are the caller's. */
#ifndef SPMVP_BLAS_H
#define SPMVP_BLAS_H

#include "context.h"
#include "spmvp_sparse.h"

/* The most work-groups stage 1 of the dot runs: enough to fill a large GPU (1024 x 256
 * work-items), few enough that stage 2 is one work-group reading 4 values per work-item. */
#define SPMVP_DOT_MAX_GROUPS 1024

typedef struct spmvp_blas spmvp_blas;

/* Builds the kernels for value_size (4 or 8: SPMVP_ERR_ARG otherwise; 8 needs cl_khr_fp64:
 * SPMVP_ERR_UNSUPPORTED) at a work-group size of 256 or the device's limit, and the dot's
 * buffers. On failure *out is NULL. Free with spmvp_blas_free. */
spmvp_status spmvp_blas_create(spmvp_context *ctx, size_t value_size, spmvp_blas **out);
spmvp_blas *spmvp_blas_free(spmvp_blas *b);

/* *out = x·y over n values of the blas's precision (x and y may be the same buffer): both
 * stages enqueued, then a blocking read of the one value. The work-groups of stage 1 are
 * min(SPMVP_DOT_MAX_GROUPS, ceil(n / work-group size)): fixed by n, so the result is the
 * same on every run. */
spmvp_status spmvp_blas_dot(spmvp_blas *b, spmvp_idx n, cl_mem x, cl_mem y, double *out);
/* Enqueues x·y into out[slot] (a buffer of the blas's precision of more than slot values):
 * both stages of spmvp_blas_dot, the same bits, nothing read back. */
spmvp_status spmvp_blas_dot_to(spmvp_blas *b, spmvp_idx n, cl_mem x, cl_mem y, cl_mem out,
                               int slot);
/* Enqueues y += a*x over n values (a converted to the blas's precision). */
spmvp_status spmvp_blas_axpy(spmvp_blas *b, spmvp_idx n, double a, cl_mem x, cl_mem y);
/* Enqueues y = x + a*y over n values. */
spmvp_status spmvp_blas_aypx(spmvp_blas *b, spmvp_idx n, double a, cl_mem x, cl_mem y);
/* y = a*x + c*y over n values, enqueued; c = 0 does not read y (BLAS's axpby). */
spmvp_status spmvp_blas_axpby(spmvp_blas *b, spmvp_idx n, double a, cl_mem x, double c, cl_mem y);

/* CG's steps on device scalars. One iteration is q = A p (the caller's SpMV), then
 * spmvp_blas_cg_alpha, _update, _beta and _direction in that order, in the blas's queue, with
 * nothing read back: alpha, beta and a live flag stay in the blas's scalars, and p·q and r·r
 * go into h, the caller's history (values of the blas's precision), at the indices the caller
 * gives. Once r·r <= thr (the tolerance met) or p·q <= 0 or not finite (a breakdown) the flag
 * drops and the steps leave x, r and p as they are (cl/blas.cl says why). Stage 1 of each dot
 * runs on as many work-groups as spmvp_blas_dot's: the same bits every run. */

/* Raises the live flag (a blocking write): call it before a solve's first iteration. */
spmvp_status spmvp_blas_cg_reset(spmvp_blas *b);
/* Enqueues h[ipq] = p·q; a breakdown drops the flag; while live alpha = h[irr] / p·q. */
spmvp_status spmvp_blas_cg_alpha(spmvp_blas *b, spmvp_idx n, cl_mem p, cl_mem q, cl_mem h,
                                 int irr, int ipq);
/* Enqueues, while live, x += alpha p and r -= alpha q, then stage 1 of r·r. */
spmvp_status spmvp_blas_cg_update(spmvp_blas *b, spmvp_idx n, cl_mem p, cl_mem q, cl_mem x,
                                  cl_mem r);
/* Enqueues h[inew] = r·r (stage 2 over n values' partials); r·r <= thr (thr a value of the
 * blas's precision) drops the flag; while live beta = r·r / h[iold] (iold != inew). */
spmvp_status spmvp_blas_cg_beta(spmvp_blas *b, spmvp_idx n, double thr, cl_mem h, int iold,
                                int inew);
/* Enqueues, while live, p = r + beta p. */
spmvp_status spmvp_blas_cg_direction(spmvp_blas *b, spmvp_idx n, cl_mem r, cl_mem p);

#endif
