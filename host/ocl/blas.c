/* blas.c: launches of cl/blas.cl's vector operations and CG's steps on the caller's device
 * buffers. */
#include "blas.h"

#include <stdio.h>
#include <stdlib.h>

#include "clcheck.h"

struct spmvp_blas {
    spmvp_context *ctx;           /* not owned */
    size_t value_size;            /* 4 or 8 */
    size_t wg;                    /* work-group size of every launch, a power of two */
    cl_kernel dot_partial, dot_final, axpy, aypx, axpby; /* (owned) */
    cl_kernel cg_alpha, cg_update, cg_beta, cg_direction; /* CG's steps (owned) */
    cl_mem partial;               /* stage 1's sums (size SPMVP_DOT_MAX_GROUPS values, owned) */
    cl_mem result;                /* stage 2's sum (one value, owned) */
    cl_mem scalars;               /* CG's alpha, beta, live (CG_SCALARS values, owned) */
};

/* The slots of b->scalars, as cl/blas.cl numbers them (CG_ALPHA, CG_BETA, CG_LIVE). */
enum { CG_ALPHA, CG_BETA, CG_LIVE, CG_SCALARS };

spmvp_status spmvp_blas_create(spmvp_context *ctx, size_t value_size, spmvp_blas **out)
{
    spmvp_status st = SPMVP_OK;
    char types[128], opts[192];
    *out = NULL;
    if ((st = spmvp_context_check_precision(ctx, value_size)))
        return st;
    spmvp_blas *b = calloc(1, sizeof *b);
    if (!b)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
    b->ctx = ctx;
    b->value_size = value_size;
    for (b->wg = 256; b->wg > ctx->info.max_wg_size && b->wg > 1; b->wg /= 2)
        ;
    snprintf(opts, sizeof opts, "%s -DWG_SIZE=%zu", spmvp_type_options(value_size, types, sizeof types),
             b->wg);
    if ((st = spmvp_kernel_create(ctx, "blas.cl", opts, "spmvp_dot_partial", &b->dot_partial)) ||
        (st = spmvp_kernel_create(ctx, "blas.cl", opts, "spmvp_dot_final", &b->dot_final)) ||
        (st = spmvp_kernel_create(ctx, "blas.cl", opts, "spmvp_axpy", &b->axpy)) ||
        (st = spmvp_kernel_create(ctx, "blas.cl", opts, "spmvp_aypx", &b->aypx)) ||
        (st = spmvp_kernel_create(ctx, "blas.cl", opts, "spmvp_axpby", &b->axpby)) ||
        (st = spmvp_kernel_create(ctx, "blas.cl", opts, "spmvp_cg_alpha", &b->cg_alpha)) ||
        (st = spmvp_kernel_create(ctx, "blas.cl", opts, "spmvp_cg_update", &b->cg_update)) ||
        (st = spmvp_kernel_create(ctx, "blas.cl", opts, "spmvp_cg_beta", &b->cg_beta)) ||
        (st = spmvp_kernel_create(ctx, "blas.cl", opts, "spmvp_cg_direction", &b->cg_direction)))
        goto fail;
    SPMVP_CL_ASSIGN(b->partial, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE,
                    SPMVP_DOT_MAX_GROUPS * value_size, NULL, &err_), fail);
    SPMVP_CL_ASSIGN(b->result, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, value_size, NULL,
                    &err_), fail);
    SPMVP_CL_ASSIGN(b->scalars, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE,
                    CG_SCALARS * value_size, NULL, &err_), fail);
    *out = b;
    return SPMVP_OK;
fail:
    spmvp_blas_free(b);
    return st;
}

spmvp_blas *spmvp_blas_free(spmvp_blas *b)
{
    if (!b)
        return NULL;
    cl_kernel k[] = {b->dot_partial, b->dot_final, b->axpy, b->aypx, b->axpby, b->cg_alpha, b->cg_update,
                     b->cg_beta, b->cg_direction};
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
        if (k[i])
            clReleaseKernel(k[i]);
    cl_mem m[] = {b->partial, b->result, b->scalars};
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
        if (m[i])
            clReleaseMemObject(m[i]);
    free(b);
    return NULL;
}

/* n work-items rounded up to whole work-groups (at least one) */
static size_t cover(const spmvp_blas *b, spmvp_idx n)
{
    size_t groups = n > 0 ? ((size_t)n + b->wg - 1) / b->wg : 1;
    return groups * b->wg;
}

/* Sets argument i of k to the scalar a in the blas's precision. */
static spmvp_status set_scalar(const spmvp_blas *b, cl_kernel k, cl_uint i, double a)
{
    spmvp_status st = SPMVP_OK;
    cl_float f = (cl_float)a;
    cl_double d = a;
    SPMVP_CL(clSetKernelArg(k, i, b->value_size, b->value_size == 8 ? (const void *)&d
                                                                    : (const void *)&f), out);
out:
    return st;
}

/* The work-groups of the dot's stage 1 over n values: fixed by n and the work-group size. */
static cl_int dot_groups(const spmvp_blas *b, spmvp_idx n)
{
    size_t groups = cover(b, n) / b->wg;
    return (cl_int)(groups < SPMVP_DOT_MAX_GROUPS ? groups : SPMVP_DOT_MAX_GROUPS);
}

/* Enqueues a one-work-group kernel (a dot's stage 2). */
static spmvp_status enqueue_group(spmvp_blas *b, cl_kernel k)
{
    spmvp_status st = SPMVP_OK;
    SPMVP_CL(clEnqueueNDRangeKernel(b->ctx->queue, k, 1, NULL, &b->wg, &b->wg, 0, NULL, NULL), out);
out:
    return st;
}

/* Enqueues stage 1 of x·y into b->partial. */
static spmvp_status dot_partial(spmvp_blas *b, spmvp_idx n, cl_mem x, cl_mem y)
{
    spmvp_status st = SPMVP_OK;
    cl_int nn = n;
    size_t global = (size_t)dot_groups(b, n) * b->wg;
    SPMVP_CL(clSetKernelArg(b->dot_partial, 0, sizeof nn, &nn), out);
    SPMVP_CL(clSetKernelArg(b->dot_partial, 1, sizeof x, &x), out);
    SPMVP_CL(clSetKernelArg(b->dot_partial, 2, sizeof y, &y), out);
    SPMVP_CL(clSetKernelArg(b->dot_partial, 3, sizeof b->partial, &b->partial), out);
    SPMVP_CL(clEnqueueNDRangeKernel(b->ctx->queue, b->dot_partial, 1, NULL, &global, &b->wg, 0,
                                    NULL, NULL), out);
out:
    return st;
}

spmvp_status spmvp_blas_dot_to(spmvp_blas *b, spmvp_idx n, cl_mem x, cl_mem y, cl_mem out,
                               int slot)
{
    spmvp_status st = SPMVP_OK;
    cl_int groups = dot_groups(b, n);
    if ((st = dot_partial(b, n, x, y)))
        goto out;
    SPMVP_CL(clSetKernelArg(b->dot_final, 0, sizeof groups, &groups), out);
    SPMVP_CL(clSetKernelArg(b->dot_final, 1, sizeof b->partial, &b->partial), out);
    SPMVP_CL(clSetKernelArg(b->dot_final, 2, sizeof out, &out), out);
    SPMVP_CL(clSetKernelArg(b->dot_final, 3, sizeof slot, &slot), out);
    st = enqueue_group(b, b->dot_final);
out:
    return st;
}

spmvp_status spmvp_blas_dot(spmvp_blas *b, spmvp_idx n, cl_mem x, cl_mem y, double *out)
{
    spmvp_status st = SPMVP_OK;
    union { cl_float f; cl_double d; } v;
    *out = 0.0;
    if ((st = spmvp_blas_dot_to(b, n, x, y, b->result, 0)))
        goto out;
    SPMVP_CL(clEnqueueReadBuffer(b->ctx->queue, b->result, CL_TRUE, 0, b->value_size, &v, 0, NULL,
                                 NULL), out);
    *out = b->value_size == 8 ? v.d : (double)v.f;
out:
    return st;
}

/* Enqueues kernel k (axpy or aypx: n, a, x, y) over n values. */
/* Sets the arguments n, a, x that kernels axpy, aypx and axpby begin with. */
static spmvp_status vector_op_args(spmvp_blas *b, cl_kernel k, spmvp_idx n, double a, cl_mem x)
{
    spmvp_status st = SPMVP_OK;
    cl_int nn = n;
    SPMVP_CL(clSetKernelArg(k, 0, sizeof nn, &nn), out);
    if ((st = set_scalar(b, k, 1, a)))
        goto out;
    SPMVP_CL(clSetKernelArg(k, 2, sizeof x, &x), out);
out:
    return st;
}

static spmvp_status vector_op(spmvp_blas *b, cl_kernel k, spmvp_idx n, double a, cl_mem x, cl_mem y)
{
    spmvp_status st = SPMVP_OK;
    size_t global = cover(b, n);
    if ((st = vector_op_args(b, k, n, a, x)))
        goto out;
    SPMVP_CL(clSetKernelArg(k, 3, sizeof y, &y), out);
    SPMVP_CL(clEnqueueNDRangeKernel(b->ctx->queue, k, 1, NULL, &global, &b->wg, 0, NULL, NULL), out);
out:
    return st;
}

spmvp_status spmvp_blas_axpy(spmvp_blas *b, spmvp_idx n, double a, cl_mem x, cl_mem y)
{
    return vector_op(b, b->axpy, n, a, x, y);
}

spmvp_status spmvp_blas_aypx(spmvp_blas *b, spmvp_idx n, double a, cl_mem x, cl_mem y)
{
    return vector_op(b, b->aypx, n, a, x, y);
}

spmvp_status spmvp_blas_axpby(spmvp_blas *b, spmvp_idx n, double a, cl_mem x, double c, cl_mem y)
{
    spmvp_status st = SPMVP_OK;
    cl_kernel k = b->axpby;
    if ((st = vector_op_args(b, k, n, a, x)) || (st = set_scalar(b, k, 3, c)))
        goto out;
    SPMVP_CL(clSetKernelArg(k, 4, sizeof y, &y), out);
    size_t global = cover(b, n);
    SPMVP_CL(clEnqueueNDRangeKernel(b->ctx->queue, k, 1, NULL, &global, &b->wg, 0, NULL, NULL), out);
out:
    return st;
}

spmvp_status spmvp_blas_cg_reset(spmvp_blas *b)
{
    spmvp_status st = SPMVP_OK;
    union { cl_float f[CG_SCALARS]; cl_double d[CG_SCALARS]; } v = {{0}};
    if (b->value_size == 8)
        v.d[CG_LIVE] = 1.0;
    else
        v.f[CG_LIVE] = 1.0f;
    SPMVP_CL(clEnqueueWriteBuffer(b->ctx->queue, b->scalars, CL_TRUE, 0,
                                  CG_SCALARS * b->value_size, &v, 0, NULL, NULL), out);
out:
    return st;
}

spmvp_status spmvp_blas_cg_alpha(spmvp_blas *b, spmvp_idx n, cl_mem p, cl_mem q, cl_mem h,
                                 int irr, int ipq)
{
    spmvp_status st = SPMVP_OK;
    cl_kernel k = b->cg_alpha;
    cl_int groups = dot_groups(b, n);
    if ((st = dot_partial(b, n, p, q)))
        goto out;
    SPMVP_CL(clSetKernelArg(k, 0, sizeof groups, &groups), out);
    SPMVP_CL(clSetKernelArg(k, 1, sizeof b->partial, &b->partial), out);
    SPMVP_CL(clSetKernelArg(k, 2, sizeof b->scalars, &b->scalars), out);
    SPMVP_CL(clSetKernelArg(k, 3, sizeof h, &h), out);
    SPMVP_CL(clSetKernelArg(k, 4, sizeof irr, &irr), out);
    SPMVP_CL(clSetKernelArg(k, 5, sizeof ipq, &ipq), out);
    st = enqueue_group(b, k);
out:
    return st;
}

spmvp_status spmvp_blas_cg_update(spmvp_blas *b, spmvp_idx n, cl_mem p, cl_mem q, cl_mem x,
                                  cl_mem r)
{
    spmvp_status st = SPMVP_OK;
    cl_kernel k = b->cg_update;
    cl_int nn = n;
    size_t global = (size_t)dot_groups(b, n) * b->wg; /* the dot's stage 1 over r */
    SPMVP_CL(clSetKernelArg(k, 0, sizeof nn, &nn), out);
    SPMVP_CL(clSetKernelArg(k, 1, sizeof b->scalars, &b->scalars), out);
    SPMVP_CL(clSetKernelArg(k, 2, sizeof p, &p), out);
    SPMVP_CL(clSetKernelArg(k, 3, sizeof q, &q), out);
    SPMVP_CL(clSetKernelArg(k, 4, sizeof x, &x), out);
    SPMVP_CL(clSetKernelArg(k, 5, sizeof r, &r), out);
    SPMVP_CL(clSetKernelArg(k, 6, sizeof b->partial, &b->partial), out);
    SPMVP_CL(clEnqueueNDRangeKernel(b->ctx->queue, k, 1, NULL, &global, &b->wg, 0, NULL, NULL), out);
out:
    return st;
}

spmvp_status spmvp_blas_cg_beta(spmvp_blas *b, spmvp_idx n, double thr, cl_mem h, int iold,
                                int inew)
{
    spmvp_status st = SPMVP_OK;
    cl_kernel k = b->cg_beta;
    cl_int groups = dot_groups(b, n);
    SPMVP_CL(clSetKernelArg(k, 0, sizeof groups, &groups), out);
    SPMVP_CL(clSetKernelArg(k, 1, sizeof b->partial, &b->partial), out);
    SPMVP_CL(clSetKernelArg(k, 2, sizeof b->scalars, &b->scalars), out);
    SPMVP_CL(clSetKernelArg(k, 3, sizeof h, &h), out);
    SPMVP_CL(clSetKernelArg(k, 4, sizeof iold, &iold), out);
    SPMVP_CL(clSetKernelArg(k, 5, sizeof inew, &inew), out);
    if (!(st = set_scalar(b, k, 6, thr)))
        st = enqueue_group(b, k);
out:
    return st;
}

spmvp_status spmvp_blas_cg_direction(spmvp_blas *b, spmvp_idx n, cl_mem r, cl_mem p)
{
    spmvp_status st = SPMVP_OK;
    cl_kernel k = b->cg_direction;
    cl_int nn = n;
    size_t global = cover(b, n);
    SPMVP_CL(clSetKernelArg(k, 0, sizeof nn, &nn), out);
    SPMVP_CL(clSetKernelArg(k, 1, sizeof b->scalars, &b->scalars), out);
    SPMVP_CL(clSetKernelArg(k, 2, sizeof r, &r), out);
    SPMVP_CL(clSetKernelArg(k, 3, sizeof p, &p), out);
    SPMVP_CL(clEnqueueNDRangeKernel(b->ctx->queue, k, 1, NULL, &global, &b->wg, 0, NULL, NULL), out);
out:
    return st;
}
