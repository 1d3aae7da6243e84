/* spmv.c: upload a format's device plan (model/sparse/format.h), check that it fits, and
 * launch its kernels. Nothing here names a format.
 *
 * The plan's arrays are packed into one device buffer (spmvp_plan_pack: each at a multiple of
 * 128 bytes), because every cl_mem kernel argument costs launch time: on an H100 through
 * NVIDIA's OpenCL (driver 580) about 0.35-0.4 µs each, 6.6-7.9 µs a launch with 6 buffer
 * arguments against 5.1-5.5 with one buffer and integer offsets (4.9 for an empty kernel),
 * when a small matrix's whole product takes 5-7 µs. Kernel arguments, then: a launch that
 * takes any of the plan's arrays receives the packed buffer first, then the plan's arguments
 * in order, an array as its byte offset into that buffer (cl_ulong; the kernel's `const
 * ulong`), an int as cl_int, x and y as their own buffers. A launch without array arguments
 * (COO's y = 0) gets no packed buffer: it would cost a buffer argument for nothing. */
#include "spmv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clcheck.h"
#include "stage.h"
#include "stats.h"
#include "work.h"

#define MAX_LAUNCH SPMVP_PLAN_MAX_LAUNCHES

struct spmvp_spmv {
    spmvp_context *ctx;           /* not owned */
    spmvp_format format;
    size_t value_size;
    spmvp_idx nrows, ncols;
    cl_mem mat;                   /* the plan's arrays packed (format.h: spmvp_plan_pack), NULL
                                     for a plan without arrays (owned) */
    cl_mem x, y;                  /* the spmv's own x and y (owned) */
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
    size_t pinned_bytes;          /* the packed buffer's bytes whose loads carry the L2 pin
                                     policy (0: none), handed back by spmvp_spmv_free */
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

/* Creates the buffer of a vector of n values, x or y (at least one: OpenCL refuses 0 bytes). */
static spmvp_status create_vector(spmvp_spmv *s, size_t n, cl_mem_flags flags, const char *what,
                                  cl_mem *out)
{
    spmvp_status st = SPMVP_OK;
    if (!fits(s, n * s->value_size, what))
        return SPMVP_ERR_UNSUITABLE;
    SPMVP_CL_ASSIGN(*out, clCreateBuffer(s->ctx->context, flags, (n ? n : 1) * s->value_size,
                    NULL, &err_), out);
out:
    return st;
}

/* Single precision's values are narrowed a chunk of SPMVP_NARROW_PAR_MIN (2^20) at a time into
 * one buffer, on OpenMP's threads (spmvp_narrow_values), and each chunk is written with a
 * blocking write; an array of fewer values is one chunk, narrowed on one thread and written
 * once, as before. Same session on the H100 (stop 40, docs/solver-h100.md), 9.6 M values:
 * 0.28-0.37x the upload time of narrowing every value into a new array of n floats on one
 * thread (CSR-vector 40 -> 12 ms; the chunks on one thread 0.50-0.58x): each new page costs a
 * fault, a buffer used again costs none. Below 2^20 threads won 0.69x on a quiet host but
 * stalled 2-12 ms on others (format.h). Writing the chunks without blocking, so that
 * narrowing overlapped the copies, was no faster and stalled more often (stop 39, reverted).
 * Arrays that stage.h stages skip that buffer: they are narrowed straight into the pinned
 * staging chunks. */
#define NARROW_CHUNK SPMVP_NARROW_PAR_MIN

/* Copies array a into the packed buffer at byte offset off and waits, its values converted
 * from double to the device precision: an upload a solver pays for, timed as such (a copy at
 * creation, CL_MEM_COPY_HOST_PTR, would let the runtime defer it to the first kernel). Scratch
 * arrays have nothing to copy. Arrays of the device's stage_bytes and more go through the
 * pinned staging chunks once the context has them (stage.h's spmvp_stage_upload): 1.6x the
 * rate of a pageable write at 4 MiB, 4.4x at 64 MiB on the H100. */
static spmvp_status write_array(spmvp_spmv *s, const spmvp_plan_array *a, size_t off,
                                size_t bytes)
{
    spmvp_status st = SPMVP_OK;
    float *f = NULL;
    if (a->kind == SPMVP_ARRAY_SCRATCH || !bytes)
        return SPMVP_OK;
    const int narrow = a->kind == SPMVP_ARRAY_VALUE && s->value_size == 4;
    /* wanted only once the context holds its chunks (pinned by spmvp_stage_upload before the
     * first array, or not at all), so the write cannot find them missing */
    if (spmvp_stage_wanted(s->ctx, bytes))
        return narrow ? spmvp_stage_write(s->ctx, s->mat, off, a->host, a->n, sizeof(float),
                                          spmvp_stage_narrow, 0)
                      : spmvp_stage_write(s->ctx, s->mat, off, a->host, bytes, 1,
                                          spmvp_stage_copy_bytes, 0);
    if (!narrow) {
        /* indices, and doubles in double precision: copied from the plan, no host copy */
        SPMVP_CL(clEnqueueWriteBuffer(s->ctx->queue, s->mat, CL_TRUE, off, bytes, a->host, 0,
                                      NULL, NULL),
                 out);
        return SPMVP_OK;
    }
    const size_t chunk = a->n < NARROW_CHUNK ? a->n : NARROW_CHUNK;
    if (!(f = malloc(chunk * sizeof *f)))
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory converting %s", a->what);
    for (size_t i0 = 0; i0 < a->n; i0 += chunk) {
        const size_t m = a->n - i0 < chunk ? a->n - i0 : chunk;
        spmvp_narrow_values(f, (const double *)a->host + i0, m);
        SPMVP_CL(clEnqueueWriteBuffer(s->ctx->queue, s->mat, CL_TRUE, off + i0 * sizeof *f,
                                      m * sizeof *f, f, 0, NULL, NULL),
                 out);
    }
out:
    free(f);
    return st;
}

/* Lays the plan's arrays out in one buffer (SPMVP_ERR_UNSUITABLE past the device's allocation
 * limit), creates it, read-write (scratch arrays are written by kernels), and uploads them. */
static spmvp_status upload_arrays(spmvp_spmv *s, const spmvp_plan *p, spmvp_plan_layout *L)
{
    spmvp_status st = spmvp_plan_pack(p, s->value_size, s->ctx->info.max_alloc, L);
    if (st || !L->total)
        return st;
    SPMVP_CL_ASSIGN(s->mat, clCreateBuffer(s->ctx->context, CL_MEM_READ_WRITE, L->total, NULL,
                    &err_), out);
    size_t staged = 0; /* the upload's bytes that staging would take: pin first if they tip it */
    for (int i = 0; i < p->narrays; i++)
        if (p->array[i].kind != SPMVP_ARRAY_SCRATCH && spmvp_stage_sized(s->ctx, L->bytes[i]))
            staged += L->bytes[i];
    spmvp_stage_upload(s->ctx, staged);
    for (int i = 0; i < p->narrays && !st; i++)
        st = write_array(s, &p->array[i], L->offset[i], L->bytes[i]);
out:
    return st;
}

/* Whether a planned launch takes any of the plan's arrays (and so the packed buffer). */
static int takes_arrays(const spmvp_plan_launch *l)
{
    for (int i = 0; i < l->nargs; i++)
        if (l->arg[i].kind == SPMVP_ARG_ARRAY)
            return 1;
    return 0;
}

/* clSetKernelArg for every argument of a planned launch, after the packed buffer (the
 * convention at the top of this file). */
static spmvp_status set_args(spmvp_spmv *s, cl_kernel k, const spmvp_plan_launch *l,
                             const spmvp_plan_layout *L)
{
    spmvp_status st = SPMVP_OK;
    cl_uint first = 0;
    if (takes_arrays(l)) {
        SPMVP_CL(clSetKernelArg(k, 0, sizeof s->mat, &s->mat), out);
        first = 1;
    }
    for (int i = 0; i < l->nargs; i++) {
        const spmvp_plan_arg *a = &l->arg[i];
        const cl_uint arg = first + (cl_uint)i;
        if (a->kind == SPMVP_ARG_INT) {
            cl_int v = a->value;
            SPMVP_CL(clSetKernelArg(k, arg, sizeof v, &v), out);
            continue;
        }
        if (a->kind == SPMVP_ARG_ARRAY) {
            cl_ulong off = L->offset[a->value];
            SPMVP_CL(clSetKernelArg(k, arg, sizeof off, &off), out);
            continue;
        }
        if (s->nio == 2 * MAX_LAUNCH) {
            st = spmvp_fail(SPMVP_ERR_ARG, "a plan with more than %d x and y arguments",
                            2 * MAX_LAUNCH);
            goto out;
        }
        s->io[s->nio].launch = s->nlaunch - 1;
        s->io[s->nio].arg = arg;
        s->io[s->nio++].is_y = a->kind == SPMVP_ARG_Y;
        const cl_mem *m = a->kind == SPMVP_ARG_Y ? &s->y : &s->x;
        SPMVP_CL(clSetKernelArg(k, arg, sizeof *m, m), out);
    }
out:
    return st;
}

/* Keeping part of the matrix in L2 (prelude.cl's SPMVP_PIN, for plans with l2_pin, on a
 * device with pin_l2_bytes): the fraction format.h's spmvp_l2_pin_fraction gives for the
 * plan's arrays (`matrix` bytes) beside x and y (`vectors`), which the features price the
 * same way (featvec.c); 0 where it pins nothing. SPMVP_PIN_SHARE in the environment replaces
 * its share of the L2, SPMVP_L2_PIN_SHARE (0 turns pinning off), and SPMVP_PIN_FROM the part
 * of the L2 from which it pins, SPMVP_L2_PIN_FROM, for sweeps such as those that chose them. */
static double pin_fraction(const spmvp_device_info *di, double matrix, double vectors)
{
    const char *share = getenv("SPMVP_PIN_SHARE"), *from = getenv("SPMVP_PIN_FROM");
    return spmvp_l2_pin_fraction((double)di->pin_l2_bytes,
                                 share ? atof(share) : SPMVP_L2_PIN_SHARE,
                                 from ? atof(from) : SPMVP_L2_PIN_FROM, matrix, vectors);
}

/* Uploads the plan's arrays and creates its kernels. x and y exist already. */
static spmvp_status run_plan(spmvp_spmv *s, const spmvp_plan *p, size_t wg)
{
    spmvp_status st = SPMVP_OK;
    char types[128], opts[256];
    spmvp_plan_layout L;
    spmvp_type_options(s->value_size, types, sizeof types);
    double t0 = spmvp_now_us(), pin0 = s->ctx->stage_us;
    st = upload_arrays(s, p, &L);
    /* the staging chunks' pinning, once per context, is not this upload's (stage.h) */
    s->upload_us = spmvp_now_us() - t0 - (s->ctx->stage_us - pin0);
    /* A product whose arrays and vectors exceed the L2 streams the matrix past it
     * (prelude.cl's SPMVP_STREAM: PTX's ld.global.cs, so on a device with stream_l2_bytes,
     * device.h): the next product cannot find those lines in L2
     * anyway, and x's lines stay. Which formats stream is theirs to say (the kernels use
     * SPMVP_LD_*; CSR-scalar and CSR-vector do not). A plan that pins (l2_pin) keeps part of
     * the matrix in L2 and streams the rest, from a little below the L2 (pin_fraction). */
    const spmvp_device_info *di = &s->ctx->info;
    const double bytes = (double)L.total + (double)s->value_size * ((double)s->nrows + (double)s->ncols);
    /* SPMVP_STREAM_BYTES in the environment replaces the threshold past which the device
     * streams, for sweeps (stop 56 tried 90 % of the L2: 0.84-1.42x by matrix, not kept;
     * docs/data/h100-kernels/stop56/); a plan that pins streams wherever it pins */
    const char *env = getenv("SPMVP_STREAM_BYTES");
    const double stream_at = env && di->stream_l2_bytes > 0 ? atof(env) : (double)di->stream_l2_bytes;
    const double pin = p->l2_pin ? pin_fraction(di, (double)L.total, bytes - (double)L.total) : 0;
    if ((di->stream_l2_bytes > 0 && bytes > stream_at) || pin > 0)
        strncat(types, " -DSPMVP_STREAM", sizeof types - strlen(types) - 1);
    if (pin > 0) {
        char o[40];
        snprintf(o, sizeof o, " -DSPMVP_PIN=%.5f", pin);
        strncat(types, o, sizeof types - strlen(types) - 1);
        s->pinned_bytes = L.total;
    }
    for (int i = 0; i < p->nlaunches && !st; i++) {
        const spmvp_plan_launch *l = &p->launch[i];
        cl_kernel k;
        snprintf(opts, sizeof opts, "%s%s%s", types, l->options[0] ? " " : "", l->options);
        if (!(st = spmvp_kernel_create(s->ctx, l->file, opts, l->kernel, &k))) {
            s->kernel[s->nlaunch] = k;
            s->global[s->nlaunch] = l->items;
            s->local[s->nlaunch] = wg;
            s->nlaunch++;
            st = set_args(s, k, l, &L);
        }
    }
    return st;
}

/* Before converting A: the format's bytes model (its work hook, format.h: O(nnz), nothing
 * converted) against the device's limits. A padded format that cannot fit is refused before
 * the host builds the padding: ELL of arrow:20000:2:4 (four dense rows) took 4.8 GB of host
 * memory and 5 s to be refused for a 3.2 GB buffer on a device that takes 2 GiB, and at 2 M
 * rows it is 48 TB. SPMVP_ERR_UNSUITABLE with the reason, as plan and pack would have said;
 * SPMVP_OK when the model has nothing against it (or the format has no work hook). */
static spmvp_status check_bytes_model(const spmvp_spmv *s, const spmvp_csr *A,
                                      const spmvp_mapping *map, const spmvp_target *t)
{
    const spmvp_device_info *di = &s->ctx->info;
    spmvp_rowlen_stats *rs = spmvp_rowlen_stats_from_csr(A);
    if (!rs) /* the plan meets the same matrix and memory, and says what is wrong */
        return SPMVP_OK;
    spmvp_mapping m = *map;
    spmvp_work w;
    spmvp_format_resolve(s->format, rs, t->warp, &m);
    spmvp_status st = spmvp_format_work(s->format, A, rs, &m, t, &w);
    spmvp_rowlen_stats_free(rs);
    if (st == SPMVP_ERR_ARG) /* no work hook: the plan will tell */
        return SPMVP_OK;
    if (st)
        return st;
    long long arrays = w.bytes - spmvp_work_vectors(A, t->value_size);
    if ((unsigned long long)arrays > di->max_alloc)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "its arrays would need %lld bytes (the format's "
                          "bytes model, before converting), above the device's max allocation of "
                          "%llu bytes", arrays, (unsigned long long)di->max_alloc);
    if ((unsigned long long)w.bytes > di->global_mem)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "would need %lld bytes (the format's bytes model, "
                          "before converting), the device has %llu", w.bytes,
                          (unsigned long long)di->global_mem);
    return SPMVP_OK;
}

/* Plans A in the spmv's format (model/sparse/format.h) and runs the plan. */
static spmvp_status setup(spmvp_spmv *s, const spmvp_csr *A, const spmvp_spmv_options *opt)
{
    const spmvp_device_info *di = &s->ctx->info;
    spmvp_target t = {s->value_size, pick_wg(s->ctx, opt), di->warp_size, di->local_mem,
                      di->persistent_cus, di->local_from_l1};
    spmvp_plan p;
    spmvp_status st = check_bytes_model(s, A, &opt->map, &t);
    if (st)
        return st;
    double t0 = spmvp_now_us(); /* the conversion alone: what train records as its setup */
    st = spmvp_format_plan(s->format, A, &opt->map, &t, &p);
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
    if ((st = create_vector(s, (size_t)A->ncols, CL_MEM_READ_ONLY, "x", &s->x)) ||
        (st = create_vector(s, (size_t)A->nrows, CL_MEM_READ_WRITE, "y", &s->y)))
        goto fail;
    s->bound_x = s->x;
    s->bound_y = s->y;
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

/* Sets the pinned lines of the packed buffer back to normal priority (cl/l2.cl), so that
 * they do not outlive their matrix in the L2; a failure leaves them pinned and is not
 * reported: the products were right, only the next kernels' L2 is smaller. */
static void unpin(spmvp_spmv *s)
{
    char types[128];
    cl_kernel k;
    const cl_ulong lines = ((cl_ulong)s->pinned_bytes + 127) / 128;
    const size_t wg = 256, global = (size_t)((lines + wg - 1) / wg * wg);
    spmvp_type_options(s->value_size, types, sizeof types);
    if (spmvp_kernel_create(s->ctx, "l2.cl", types, "spmvp_l2_unpin", &k))
        return;
    if (clSetKernelArg(k, 0, sizeof s->mat, &s->mat) == CL_SUCCESS &&
        clSetKernelArg(k, 1, sizeof lines, &lines) == CL_SUCCESS &&
        clEnqueueNDRangeKernel(s->ctx->queue, k, 1, NULL, &global, &wg, 0, NULL, NULL) ==
            CL_SUCCESS)
        clFinish(s->ctx->queue);
    clReleaseKernel(k);
}

spmvp_spmv *spmvp_spmv_free(spmvp_spmv *s)
{
    if (!s)
        return NULL;
    if (s->pinned_bytes && s->mat)
        unpin(s);
    for (int i = 0; i < s->nlaunch; i++)
        clReleaseKernel(s->kernel[i]);
    if (s->mat)
        clReleaseMemObject(s->mat);
    if (s->y)
        clReleaseMemObject(s->y);
    if (s->x)
        clReleaseMemObject(s->x);
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
