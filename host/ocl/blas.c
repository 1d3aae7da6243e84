/* blas.c: launches of cl/blas.cl's vector operations on the caller's device buffers. */
#include "blas.h"

#include <stdio.h>
#include <stdlib.h>

#include "clcheck.h"

struct spmvp_blas {
    spmvp_context *ctx;           /* not owned */
    size_t value_size;            /* 4 or 8 */
    size_t wg;                    /* work-group size of every launch, a power of two */
    cl_kernel dot_partial, dot_final, axpy, aypx; /* (owned) */
    cl_mem partial;               /* stage 1's sums (size SPMVP_DOT_MAX_GROUPS values, owned) */
    cl_mem result;                /* stage 2's sum (one value, owned) */
};

spmvp_status spmvp_blas_create(spmvp_context *ctx, size_t value_size, spmvp_blas **out)
{
    spmvp_status st = SPMVP_OK;
    char types[128], opts[192];
    *out = NULL;
    if (value_size != 4 && value_size != 8)
        return spmvp_fail(SPMVP_ERR_ARG, "value size %zu is neither 4 nor 8", value_size);
    if (value_size == 8 && !ctx->info.fp64)
        return spmvp_fail(SPMVP_ERR_UNSUPPORTED, "%s lacks cl_khr_fp64: double precision is "
                          "not available on it", ctx->info.name);
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
        (st = spmvp_kernel_create(ctx, "blas.cl", opts, "spmvp_aypx", &b->aypx)))
        goto fail;
    SPMVP_CL_ASSIGN(b->partial, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE,
                    SPMVP_DOT_MAX_GROUPS * value_size, NULL, &err_), fail);
    SPMVP_CL_ASSIGN(b->result, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, value_size, NULL,
                    &err_), fail);
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
    cl_kernel k[] = {b->dot_partial, b->dot_final, b->axpy, b->aypx};
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
        if (k[i])
            clReleaseKernel(k[i]);
    if (b->partial)
        clReleaseMemObject(b->partial);
    if (b->result)
        clReleaseMemObject(b->result);
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

spmvp_status spmvp_blas_dot(spmvp_blas *b, spmvp_idx n, cl_mem x, cl_mem y, double *out)
{
    spmvp_status st = SPMVP_OK;
    cl_command_queue q = b->ctx->queue;
    size_t global = cover(b, n);
    if (global > SPMVP_DOT_MAX_GROUPS * b->wg)
        global = SPMVP_DOT_MAX_GROUPS * b->wg;
    cl_int nn = n, groups = (cl_int)(global / b->wg);
    union { cl_float f; cl_double d; } v;
    *out = 0.0;
    SPMVP_CL(clSetKernelArg(b->dot_partial, 0, sizeof nn, &nn), out);
    SPMVP_CL(clSetKernelArg(b->dot_partial, 1, sizeof x, &x), out);
    SPMVP_CL(clSetKernelArg(b->dot_partial, 2, sizeof y, &y), out);
    SPMVP_CL(clSetKernelArg(b->dot_partial, 3, sizeof b->partial, &b->partial), out);
    SPMVP_CL(clEnqueueNDRangeKernel(q, b->dot_partial, 1, NULL, &global, &b->wg, 0, NULL, NULL), out);
    SPMVP_CL(clSetKernelArg(b->dot_final, 0, sizeof groups, &groups), out);
    SPMVP_CL(clSetKernelArg(b->dot_final, 1, sizeof b->partial, &b->partial), out);
    SPMVP_CL(clSetKernelArg(b->dot_final, 2, sizeof b->result, &b->result), out);
    SPMVP_CL(clEnqueueNDRangeKernel(q, b->dot_final, 1, NULL, &b->wg, &b->wg, 0, NULL, NULL), out);
    SPMVP_CL(clEnqueueReadBuffer(q, b->result, CL_TRUE, 0, b->value_size, &v, 0, NULL, NULL), out);
    *out = b->value_size == 8 ? v.d : (double)v.f;
out:
    return st;
}

/* Enqueues kernel k (axpy or aypx: n, a, x, y) over n values. */
static spmvp_status vector_op(spmvp_blas *b, cl_kernel k, spmvp_idx n, double a, cl_mem x, cl_mem y)
{
    spmvp_status st = SPMVP_OK;
    cl_int nn = n;
    size_t global = cover(b, n);
    SPMVP_CL(clSetKernelArg(k, 0, sizeof nn, &nn), out);
    if ((st = set_scalar(b, k, 1, a)))
        goto out;
    SPMVP_CL(clSetKernelArg(k, 2, sizeof x, &x), out);
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
