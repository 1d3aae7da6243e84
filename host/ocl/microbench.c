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
