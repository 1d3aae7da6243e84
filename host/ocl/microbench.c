/* microbench.c: copy bandwidth, launch overhead and host-to-device bandwidth by events. */
#include "microbench.h"

#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "clcheck.h"

/* Seconds between the start of `a` and the end of `b`; releases both. */
static spmvp_status span(cl_event a, cl_event b, double *s)
{
    double us = 0;
    spmvp_status st = spmvp_event_us(a, b, &us);
    *s = us * 1e-6;
    clReleaseEvent(a);
    if (b != a)
        clReleaseEvent(b);
    return st;
}

/* The median of `runs` event-timed copies of `bytes` from src to dst (after one untimed),
 * counting bytes read and written, in GB/s; t has room for runs. */
static spmvp_status copy_gbs(spmvp_context *ctx, cl_mem src, cl_mem dst, size_t bytes, int runs,
                             double *t, double *gbs)
{
    spmvp_status st = SPMVP_OK;
    cl_event e0 = NULL;
    SPMVP_CL(clEnqueueCopyBuffer(ctx->queue, src, dst, 0, 0, bytes, 0, NULL, NULL), out);
    for (int i = 0; i < runs; i++) {
        SPMVP_CL(clEnqueueCopyBuffer(ctx->queue, src, dst, 0, 0, bytes, 0, NULL, &e0), out);
        SPMVP_CL(clFinish(ctx->queue), out);
        st = span(e0, e0, &t[i]);
        e0 = NULL;
        if (st)
            goto out;
    }
    *gbs = 2.0 * bytes / spmvp_median(t, runs) * 1e-9; /* each byte read once and written once */
out:
    if (e0)
        clReleaseEvent(e0);
    return st;
}

spmvp_status spmvp_microbench_copy(spmvp_context *ctx, size_t bytes, int runs, double *gbs)
{
    spmvp_status st = SPMVP_OK;
    cl_mem src = NULL, dst = NULL;
    *gbs = 0;
    if (bytes > ctx->info.max_alloc / 4)
        bytes = (size_t)(ctx->info.max_alloc / 4);
    runs = runs < 1 ? 1 : runs;
    double *t = calloc((size_t)runs, sizeof *t);
    if (!t)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
    SPMVP_CL_ASSIGN(src, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, bytes, NULL, &err_), out);
    SPMVP_CL_ASSIGN(dst, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, bytes, NULL, &err_), out);
    st = copy_gbs(ctx, src, dst, bytes, runs, t, gbs);
out:
    if (src)
        clReleaseMemObject(src);
    if (dst)
        clReleaseMemObject(dst);
    free(t);
    return st;
}

spmvp_status spmvp_microbench_run(spmvp_context *ctx, size_t bytes, int runs, spmvp_microbench *m)
{
    spmvp_status st = SPMVP_OK;
    cl_mem src = NULL, dst = NULL;
    cl_kernel noop = NULL;
    void *host = NULL;
    double *t = NULL;
    cl_event e0 = NULL, e1 = NULL;
    enum { LAUNCHES = 1000 };

    memset(m, 0, sizeof *m);
    if (!bytes)
        bytes = (size_t)256 << 20;
    if (bytes > ctx->info.max_alloc / 4)
        bytes = (size_t)(ctx->info.max_alloc / 4);
    if (runs < 1)
        runs = 1;
    m->bytes = bytes;
    host = calloc(1, bytes);
    t = calloc((size_t)runs, sizeof *t);
    if (!host || !t) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a %zu-byte micro-benchmark", bytes);
        goto out;
    }
    SPMVP_CL_ASSIGN(src, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, bytes, NULL, &err_), out);
    SPMVP_CL_ASSIGN(dst, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, bytes, NULL, &err_), out);

    /* host to device; the first write also makes both buffers resident */
    for (int i = -1; i < runs; i++) {
        SPMVP_CL(clEnqueueWriteBuffer(ctx->queue, src, CL_TRUE, 0, bytes, host, 0, NULL, &e0), out);
        st = span(e0, e0, i < 0 ? &t[0] : &t[i]);
        e0 = NULL;
        if (st)
            goto out;
    }
    m->h2d_gbs = bytes / spmvp_median(t, runs) * 1e-9;

    if ((st = copy_gbs(ctx, src, dst, bytes, runs, t, &m->copy_gbs)))
        goto out;

    if ((st = spmvp_kernel_create(ctx, "microbench.cl", "", "spmvp_noop", &noop)))
        goto out;
    SPMVP_CL(clSetKernelArg(noop, 0, sizeof src, &src), out);
    size_t one = 1;
    for (int i = 0; i < LAUNCHES; i++)
        SPMVP_CL(clEnqueueNDRangeKernel(ctx->queue, noop, 1, NULL, &one, &one, 0, NULL,
                                        i == 0 ? &e0 : i == LAUNCHES - 1 ? &e1 : NULL), out);
    SPMVP_CL(clFinish(ctx->queue), out);
    double s = 0;
    st = span(e0, e1, &s);
    e0 = e1 = NULL;
    if (st)
        goto out;
    m->launch_us = s / LAUNCHES * 1e6;
out:
    if (e0)
        clReleaseEvent(e0);
    if (e1)
        clReleaseEvent(e1);
    if (noop)
        clReleaseKernel(noop);
    if (src)
        clReleaseMemObject(src);
    if (dst)
        clReleaseMemObject(dst);
    free(host);
    free(t);
    return st;
}

spmvp_status spmvp_microbench_gather(spmvp_context *ctx, size_t min_bytes, size_t max_bytes,
                                     int runs, spmvp_gather_curve *c)
{
    enum { REPS = 64, PER_CU = 2048 };
    spmvp_status st = SPMVP_OK;
    cl_mem x = NULL, y = NULL;
    cl_kernel k = NULL;
    cl_event e = NULL;
    double *t = NULL;

    memset(c, 0, sizeof *c);
    if (max_bytes > ctx->info.max_alloc / 4)
        max_bytes = (size_t)(ctx->info.max_alloc / 4);
    if (min_bytes < 1024 || min_bytes > max_bytes)
        return spmvp_fail(SPMVP_ERR_ARG, "the gather windows need 1 KiB <= smallest <= largest, "
                          "not %zu and %zu bytes", min_bytes, max_bytes);
    runs = runs < 1 ? 1 : runs;
    size_t items = (size_t)(ctx->info.compute_units ? ctx->info.compute_units : 1) * PER_CU;
    float zero = 0.0f;
    if (!(t = calloc((size_t)runs, sizeof *t)))
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
    SPMVP_CL_ASSIGN(x, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, max_bytes, NULL, &err_), out);
    SPMVP_CL_ASSIGN(y, clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, items * sizeof(float), NULL, &err_), out);
    /* every float of x written once, so that no page is first touched inside a timed run */
    SPMVP_CL(clEnqueueFillBuffer(ctx->queue, x, &zero, sizeof zero, 0, max_bytes, 0, NULL, NULL), out);
    if ((st = spmvp_kernel_create(ctx, "microbench.cl", "", "spmvp_gather", &k)))
        goto out;
    cl_uint reps = REPS;
    SPMVP_CL(clSetKernelArg(k, 0, sizeof x, &x), out);
    SPMVP_CL(clSetKernelArg(k, 1, sizeof y, &y), out);
    SPMVP_CL(clSetKernelArg(k, 3, sizeof reps, &reps), out);
    for (size_t w = 1024; w <= max_bytes && c->n < SPMVP_GATHER_MAX_POINTS; w *= 2) {
        if (w < min_bytes)
            continue;
        cl_uint mask = (cl_uint)(w / sizeof(float) - 1);
        SPMVP_CL(clSetKernelArg(k, 2, sizeof mask, &mask), out);
        for (int i = -1; i < runs; i++) {
            SPMVP_CL(clEnqueueNDRangeKernel(ctx->queue, k, 1, NULL, &items, NULL, 0, NULL, &e), out);
            SPMVP_CL(clFinish(ctx->queue), out);
            double s = 0;
            st = span(e, e, &s);
            e = NULL;
            if (st)
                goto out;
            if (i >= 0)
                t[i] = s;
        }
        c->bytes[c->n] = (double)w;
        c->ggps[c->n] = (double)items * REPS / spmvp_median(t, runs) * 1e-9;
        c->n++;
    }
    c->cache_bytes = spmvp_gather_cache_bytes(c);
out:
    if (e)
        clReleaseEvent(e);
    if (k)
        clReleaseKernel(k);
    if (x)
        clReleaseMemObject(x);
    if (y)
        clReleaseMemObject(y);
    free(t);
    return st;
}
