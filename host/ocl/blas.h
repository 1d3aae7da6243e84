/* blas.h: the vector operations of conjugate gradients on device buffers (cl/blas.cl): a
 * deterministic dot product, y += a*x and y = x + a*y, in the precision of a value size.
 *
 * Ownership: an spmvp_blas owns its kernels and its two small buffers (the dot's partials and
 * result) and borrows its context (free it first); the vectors are the caller's. */
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
/* Enqueues y += a*x over n values (a converted to the blas's precision). */
spmvp_status spmvp_blas_axpy(spmvp_blas *b, spmvp_idx n, double a, cl_mem x, cl_mem y);
/* Enqueues y = x + a*y over n values. */
spmvp_status spmvp_blas_aypx(spmvp_blas *b, spmvp_idx n, double a, cl_mem x, cl_mem y);

#endif
