/* spmv.c: upload a format's device plan (model/sparse/format.h), check that it fits, and
 * launch its kernels. Nothing here names a format. */
#include "spmv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clcheck.h"

#define MAX_BUFS (SPMVP_PLAN_MAX_ARRAYS + 2) /* the plan's arrays, x and y */
#define MAX_LAUNCH SPMVP_PLAN_MAX_LAUNCHES

struct spmvp_spmv {
    spmvp_context *ctx;           /* not owned */
    spmvp_format format;
    size_t value_size;
    spmvp_idx nrows, ncols;
    cl_mem buf[MAX_BUFS];         /* format arrays, then x and y (owned) */
    int nbuf;
    cl_mem x, y;                  /* aliases into buf[] */
    cl_kernel kernel[MAX_LAUNCH]; /* launched in order (owned) */
    size_t global[MAX_LAUNCH], local[MAX_LAUNCH];
    int nlaunch;
    size_t footprint;
    char params[96];
    double convert_us, upload_us; /* spmvp_spmv_setup_us */
    struct {                      /* the kernel arguments that are x or y */
        int launch;
        cl_uint arg;
        int is_y;
    } io[2 * MAX_LAUNCH];
    int nio;
    cl_mem bound_x, bound_y;      /* the buffers those arguments hold now */
};

spmvp_spmv_options spmvp_spmv_defaults(size_t value_size)
{
    spmvp_spmv_options o = {value_size, spmvp_mapping_auto()};
    return o;
}


/* The work-group size: the requested one (or 256), within the device's limit, a power of two. */
static size_t pick_wg(const spmvp_context *ctx, const spmvp_spmv_options *opt)
{
    size_t wg = opt->map.wg_size > 0 ? (size_t)opt->map.wg_size : 256;
    while (wg > ctx->info.max_wg_size && wg > 1)
        wg /= 2;
    return wg;
}

/* Checks one buffer against the device's allocation limit. */
static int fits(const spmvp_spmv *s, size_t bytes, const char *what)
{
    const spmvp_device_info *di = &s->ctx->info;
    if (bytes > di->max_alloc) {
        spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s needs %zu bytes, above the device's max allocation "
                   "of %llu bytes", what, bytes, (unsigned long long)di->max_alloc);
        return 0;
    }
    return 1;
}

/* Copies bytes of host memory into buffer b and waits: an upload a solver pays for, timed
 * as such (CL_MEM_COPY_HOST_PTR would let the runtime defer the copy to the first kernel). */
static spmvp_status write_blocking(spmvp_spmv *s, cl_mem b, const void *host, size_t bytes)
{
    spmvp_status st = SPMVP_OK;
    SPMVP_CL(clEnqueueWriteBuffer(s->ctx->queue, b, CL_TRUE, 0, bytes, host, 0, NULL, NULL), out);
out:
    return st;
}

/* Creates a read-only buffer from n host indices (at least one element: OpenCL refuses 0). */
static spmvp_status upload_idx(spmvp_spmv *s, const spmvp_idx *a, size_t n, const char *what)
{
    spmvp_status st = SPMVP_OK;
    spmvp_idx zero = 0;
    if (!fits(s, n * sizeof *a, what))
        return SPMVP_ERR_UNSUITABLE;
    SPMVP_CL_ASSIGN(s->buf[s->nbuf], clCreateBuffer(s->ctx->context, CL_MEM_READ_ONLY,
                    (n ? n : 1) * sizeof *a, NULL, &err_), out);
    s->nbuf++;
    st = write_blocking(s, s->buf[s->nbuf - 1], n ? (const void *)a : &zero, (n ? n : 1) * sizeof *a);
out:
    return st;
}

/* Creates a buffer of n values, converted from double to the device precision if v != NULL. */
static spmvp_status upload_val(spmvp_spmv *s, const double *v, size_t n, cl_mem_flags flags,
                               const char *what)
{
    spmvp_status st = SPMVP_OK;
    size_t bytes = (n ? n : 1) * s->value_size;
    void *host = NULL;
    if (!fits(s, n * s->value_size, what))
        return SPMVP_ERR_UNSUITABLE;
    const void *src = NULL;
    if (v && n && s->value_size == 8) {
        src = v; /* already the device's type: copied by the runtime, no host copy */
    } else if (v) {
        host = calloc(n ? n : 1, s->value_size);
        if (!host)
            return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory converting %s", what);
        for (size_t i = 0; i < n; i++)
            ((float *)host)[i] = (float)v[i];
        src = host;
    }
    SPMVP_CL_ASSIGN(s->buf[s->nbuf], clCreateBuffer(s->ctx->context, flags, bytes, NULL, &err_), out);
    s->nbuf++;
    if (src)
        st = write_blocking(s, s->buf[s->nbuf - 1], src, bytes);
out:
    free(host);
    return st;
}

/* clSetKernelArg for every argument of a planned launch. */
static spmvp_status set_args(spmvp_spmv *s, cl_kernel k, const spmvp_plan_launch *l, int b0)
{
    spmvp_status st = SPMVP_OK;
    for (int i = 0; i < l->nargs; i++) {
        const spmvp_plan_arg *a = &l->arg[i];
        cl_int v = a->value;
        if (a->kind == SPMVP_ARG_INT) {
            SPMVP_CL(clSetKernelArg(k, (cl_uint)i, sizeof v, &v), out);
            continue;
        }
        const cl_mem *m = a->kind == SPMVP_ARG_X ? &s->x : a->kind == SPMVP_ARG_Y ? &s->y
                                                     : &s->buf[b0 + a->value];
        if ((a->kind == SPMVP_ARG_X || a->kind == SPMVP_ARG_Y) && s->nio < 2 * MAX_LAUNCH) {
            s->io[s->nio].launch = s->nlaunch - 1;
            s->io[s->nio].arg = (cl_uint)i;
            s->io[s->nio++].is_y = a->kind == SPMVP_ARG_Y;
        } else if (a->kind == SPMVP_ARG_X || a->kind == SPMVP_ARG_Y) {
            st = spmvp_fail(SPMVP_ERR_ARG, "a plan with more than %d x and y arguments", 2 * MAX_LAUNCH);
            goto out;
        }
        SPMVP_CL(clSetKernelArg(k, (cl_uint)i, sizeof *m, m), out);
    }
out:
    return st;
}

/* Uploads the plan's arrays and creates its kernels. x and y exist already. */
static spmvp_status run_plan(spmvp_spmv *s, const spmvp_plan *p, size_t wg)
{
    spmvp_status st = SPMVP_OK;
    char types[128], opts[256];
    int b0 = s->nbuf;
    spmvp_type_options(s->value_size, types, sizeof types);
    double t0 = spmvp_now_us();
    for (int i = 0; i < p->narrays && !st; i++) {
        const spmvp_plan_array *a = &p->array[i];
        if (a->kind == SPMVP_ARRAY_INDEX)
            st = upload_idx(s, a->host, a->n, a->what);
        else
            st = upload_val(s, a->host, a->n, a->kind == SPMVP_ARRAY_VALUE ? CL_MEM_READ_ONLY : CL_MEM_READ_WRITE, a->what);
    }
    s->upload_us = spmvp_now_us() - t0;
    for (int i = 0; i < p->nlaunches && !st; i++) {
        const spmvp_plan_launch *l = &p->launch[i];
        cl_kernel k;
        snprintf(opts, sizeof opts, "%s%s%s", types, l->options[0] ? " " : "", l->options);
        if (!(st = spmvp_kernel_create(s->ctx, l->file, opts, l->kernel, &k))) {
            s->kernel[s->nlaunch] = k;
            s->global[s->nlaunch] = l->items;
            s->local[s->nlaunch] = wg;
            s->nlaunch++;
            st = set_args(s, k, l, b0);
        }
    }
    return st;
}

/* Plans A in the spmv's format (model/sparse/format.h) and runs the plan. */
static spmvp_status setup(spmvp_spmv *s, const spmvp_csr *A, const spmvp_spmv_options *opt)
{
    const spmvp_device_info *di = &s->ctx->info;
    spmvp_target t = {s->value_size, pick_wg(s->ctx, opt), di->warp_size, di->local_mem};
    spmvp_plan p;
    double t0 = spmvp_now_us();
    spmvp_status st = spmvp_format_plan(s->format, A, &opt->map, &t, &p);
    s->convert_us = spmvp_now_us() - t0;
    if (st)
        return st;
    s->footprint = p.footprint;
    snprintf(s->params, sizeof s->params, "%s", p.params);
    st = run_plan(s, &p, t.wg_size);
    spmvp_plan_release(&p);
    return st;
}

spmvp_status spmvp_spmv_create(spmvp_context *ctx, const spmvp_csr *A, spmvp_format f,
                               const spmvp_spmv_options *opt, spmvp_spmv **out)
{
    spmvp_status st;
    *out = NULL;
    if ((st = spmvp_context_check_precision(ctx, opt->value_size)))
        return st;
    spmvp_spmv *s = calloc(1, sizeof *s);
    if (!s)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
    s->ctx = ctx;
    s->format = f;
    s->value_size = opt->value_size;
    s->nrows = A->nrows;
    s->ncols = A->ncols;
    if ((st = upload_val(s, NULL, (size_t)A->ncols, CL_MEM_READ_ONLY, "x")) ||
        (st = upload_val(s, NULL, (size_t)A->nrows, CL_MEM_READ_WRITE, "y")))
        goto fail;
    s->x = s->bound_x = s->buf[0];
    s->y = s->bound_y = s->buf[1];
    if ((st = setup(s, A, opt)))
        goto fail;
    if (s->footprint > ctx->info.global_mem) {
        st = spmvp_fail(SPMVP_ERR_UNSUITABLE, "needs %zu bytes, the device has %llu",
                        s->footprint, (unsigned long long)ctx->info.global_mem);
        goto fail;
    }
    *out = s;
    return SPMVP_OK;
fail:
    /* allocation failures on the device also mean the matrix does not fit */
    if (st == CL_MEM_OBJECT_ALLOCATION_FAILURE || st == CL_OUT_OF_RESOURCES ||
        st == CL_INVALID_BUFFER_SIZE)
        st = spmvp_fail(SPMVP_ERR_UNSUITABLE, "device allocation failed: %s", spmvp_last_error());
    spmvp_spmv_free(s);
    return st;
}

spmvp_spmv *spmvp_spmv_free(spmvp_spmv *s)
{
    if (!s)
        return NULL;
    for (int i = 0; i < s->nlaunch; i++)
        clReleaseKernel(s->kernel[i]);
    for (int i = 0; i < s->nbuf; i++)
        clReleaseMemObject(s->buf[i]);
    free(s);
    return NULL;
}

size_t spmvp_spmv_footprint(const spmvp_spmv *s) { return s->footprint; }

void spmvp_spmv_setup_us(const spmvp_spmv *s, double *convert_us, double *upload_us)
{
    *convert_us = s->convert_us;
    *upload_us = s->upload_us;
}
const char *spmvp_spmv_params(const spmvp_spmv *s) { return s->params; }

spmvp_status spmvp_spmv_set_x(spmvp_spmv *s, const double *x)
{
    spmvp_status st = SPMVP_OK;
    size_t n = (size_t)s->ncols;
    void *host = NULL;
    if (!n)
        return SPMVP_OK;
    host = malloc(n * s->value_size);
    if (!host)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        if (s->value_size == 8)
            ((double *)host)[i] = x[i];
        else
            ((float *)host)[i] = (float)x[i];
    }
    SPMVP_CL(clEnqueueWriteBuffer(s->ctx->queue, s->x, CL_TRUE, 0, n * s->value_size, host, 0, NULL, NULL), out);
out:
    free(host);
    return st;
}

spmvp_status spmvp_spmv_enqueue_on(spmvp_spmv *s, cl_mem x, cl_mem y, cl_event *first,
                                   cl_event *last)
{
    spmvp_status st = SPMVP_OK;
    if (first)
        *first = NULL;
    if (last)
        *last = NULL;
    if (x != s->bound_x || y != s->bound_y) { /* arguments are captured at each enqueue */
        for (int i = 0; i < s->nio; i++) {
            const cl_mem *m = s->io[i].is_y ? &y : &x;
            SPMVP_CL(clSetKernelArg(s->kernel[s->io[i].launch], s->io[i].arg, sizeof *m, m), out);
        }
        s->bound_x = x;
        s->bound_y = y;
    }
    for (int i = 0; i < s->nlaunch; i++) {
        cl_event *ev = NULL;
        if (i == 0 && first)
            ev = first;
        else if (i == s->nlaunch - 1 && last)
            ev = last;
        SPMVP_CL(clEnqueueNDRangeKernel(s->ctx->queue, s->kernel[i], 1, NULL, &s->global[i],
                                        &s->local[i], 0, NULL, ev), out);
    }
    if (first && last && s->nlaunch == 1) { /* one kernel: first and last are the same */
        *last = *first;
        clRetainEvent(*last);
    }
out:
    return st;
}

spmvp_status spmvp_spmv_enqueue(spmvp_spmv *s, cl_event *first, cl_event *last)
{
    return spmvp_spmv_enqueue_on(s, s->x, s->y, first, last);
}

spmvp_status spmvp_spmv_get_y(spmvp_spmv *s, double *y)
{
    spmvp_status st = SPMVP_OK;
    size_t n = (size_t)s->nrows;
    if (!n)
        return SPMVP_OK;
    void *host = malloc(n * s->value_size);
    if (!host)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
    SPMVP_CL(clEnqueueReadBuffer(s->ctx->queue, s->y, CL_TRUE, 0, n * s->value_size, host, 0, NULL, NULL), out);
    for (size_t i = 0; i < n; i++)
        y[i] = s->value_size == 8 ? ((double *)host)[i] : (double)((float *)host)[i];
out:
    free(host);
    return st;
}
