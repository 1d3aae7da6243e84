/* spmv.c: convert, check fit, upload and launch each format's kernels. */
#include "spmv.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clcheck.h"

#define MAX_BUFS 12 /* HYB: x, y, 2 ELL arrays, 5 COO arrays */
#define MAX_LAUNCH 3

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
};

spmvp_spmv_options spmvp_spmv_defaults(size_t value_size)
{
    spmvp_spmv_options o = {value_size, 0, -1, 0, 0};
    return o;
}

static size_t round_up(size_t n, size_t m) { return (n + m - 1) / m * m; }

/* The work-group size: the requested one (or 256), within the device's limit, a power of two. */
static size_t pick_wg(const spmvp_context *ctx, const spmvp_spmv_options *opt)
{
    size_t wg = opt->wg_size ? opt->wg_size : 256;
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

/* Creates a read-only buffer from n host indices (at least one element: OpenCL refuses 0). */
static spmvp_status upload_idx(spmvp_spmv *s, const spmvp_idx *a, size_t n, const char *what)
{
    spmvp_status st = SPMVP_OK;
    spmvp_idx zero = 0;
    if (!fits(s, n * sizeof *a, what))
        return SPMVP_ERR_UNSUITABLE;
    SPMVP_CL_ASSIGN(s->buf[s->nbuf], clCreateBuffer(s->ctx->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                    (n ? n : 1) * sizeof *a, n ? (void *)a : &zero, &err_), out);
    s->nbuf++;
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
    if (src)
        flags |= CL_MEM_COPY_HOST_PTR;
    SPMVP_CL_ASSIGN(s->buf[s->nbuf], clCreateBuffer(s->ctx->context, flags, bytes, (void *)src, &err_), out);
    s->nbuf++;
out:
    free(host);
    return st;
}

/* Adds a launch of `name` from `file` over `items` work-items in groups of wg. */
static spmvp_status add_launch(spmvp_spmv *s, const char *file, const char *opts, const char *name,
                               size_t items, size_t wg, cl_kernel *k)
{
    spmvp_status st = spmvp_kernel_create(s->ctx, file, opts, name, k);
    if (st)
        return st;
    s->kernel[s->nlaunch] = *k;
    s->global[s->nlaunch] = round_up(items, wg);
    s->local[s->nlaunch] = wg;
    s->nlaunch++;
    return SPMVP_OK;
}


/* clSetKernelArg for n (size, pointer) pairs given as varargs. */
static spmvp_status set(cl_kernel k, int n, ...)
{
    spmvp_status st = SPMVP_OK;
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        size_t size = va_arg(ap, size_t);
        const void *p = va_arg(ap, const void *);
        SPMVP_CL(clSetKernelArg(k, (cl_uint)i, size, p), out);
    }
out:
    va_end(ap);
    return st;
}

/* (size, pointer) pairs for set(): a buffer, an int. */
#define M(b) sizeof(cl_mem), (const void *)&(b)
#define I(v) sizeof(cl_int), (const void *)&(v)

/* COO launches: pass 1 over chunks, pass 2 over the same chunks (y must hold its start). */
static spmvp_status setup_coo(spmvp_spmv *s, const spmvp_coo *C, const char *opts, size_t wg,
                              spmvp_idx chunk)
{
    spmvp_status st;
    size_t nchunks = C->nnz ? ((size_t)C->nnz + (size_t)chunk - 1) / (size_t)chunk : 0;
    int b0 = s->nbuf;
    if ((st = upload_idx(s, C->rowidx, (size_t)C->nnz, "COO row indices")) ||
        (st = upload_idx(s, C->colidx, (size_t)C->nnz, "COO column indices")) ||
        (st = upload_val(s, C->val, (size_t)C->nnz, CL_MEM_READ_ONLY, "COO values")) ||
        (st = upload_val(s, NULL, nchunks, CL_MEM_READ_WRITE, "COO head sums")) ||
        (st = upload_val(s, NULL, nchunks, CL_MEM_READ_WRITE, "COO tail sums")))
        return st;
    if (!nchunks)
        return SPMVP_OK;
    cl_kernel k1, k2;
    cl_int nnz = C->nnz, ch = chunk;
    if ((st = add_launch(s, "coo.cl", opts, "spmv_coo_chunks", nchunks, wg, &k1)) ||
        (st = set(k1, 9, I(nnz), I(ch), M(s->buf[b0]), M(s->buf[b0 + 1]), M(s->buf[b0 + 2]),
                  M(s->x), M(s->y), M(s->buf[b0 + 3]), M(s->buf[b0 + 4]))) ||
        (st = add_launch(s, "coo.cl", opts, "spmv_coo_carry", nchunks, wg, &k2)) ||
        (st = set(k2, 6, I(nnz), I(ch), M(s->buf[b0]), M(s->y), M(s->buf[b0 + 3]), M(s->buf[b0 + 4]))))
        return st;
    return SPMVP_OK;
}

static spmvp_status setup_ell(spmvp_spmv *s, const spmvp_ell *E, const char *opts, size_t wg)
{
    spmvp_status st;
    size_t slots = (size_t)E->width * (size_t)E->pitch;
    int b0 = s->nbuf;
    if ((st = upload_idx(s, E->colidx, slots, "ELL column indices")) ||
        (st = upload_val(s, E->val, slots, CL_MEM_READ_ONLY, "ELL values")))
        return st;
    if (!E->nrows)
        return SPMVP_OK;
    cl_kernel k;
    cl_int n = E->nrows, w = E->width, p = E->pitch;
    if ((st = add_launch(s, "ell.cl", opts, "spmv_ell", (size_t)E->nrows, wg, &k)) ||
        (st = set(k, 7, I(n), I(w), I(p), M(s->buf[b0]), M(s->buf[b0 + 1]), M(s->x), M(s->y))))
        return st;
    return SPMVP_OK;
}

/* Uploads the format's arrays and prepares its launches. x and y exist already. */
static spmvp_status setup(spmvp_spmv *s, const spmvp_csr *A, const spmvp_spmv_options *opt)
{
    spmvp_status st = SPMVP_OK;
    const spmvp_device_info *di = &s->ctx->info;
    size_t wg = pick_wg(s->ctx, opt), vs = s->value_size;
    char opts[256], types[128];
    spmvp_type_options(vs, types, sizeof types);
    snprintf(opts, sizeof opts, "%s", types);
    cl_int n = A->nrows;
    cl_kernel k;

    switch (s->format) {
    case SPMVP_CSR_SCALAR:
    case SPMVP_CSR_VECTOR: {
        int b0 = s->nbuf;
        s->footprint = spmvp_csr_bytes(A, vs);
        if ((st = upload_idx(s, A->rowptr, (size_t)A->nrows + 1, "CSR row pointers")) ||
            (st = upload_idx(s, A->colidx, (size_t)A->nnz, "CSR column indices")) ||
            (st = upload_val(s, A->val, (size_t)A->nnz, CL_MEM_READ_ONLY, "CSR values")))
            return st;
        if (!A->nrows)
            return SPMVP_OK;
        if (s->format == SPMVP_CSR_SCALAR) {
            st = add_launch(s, "csr_scalar.cl", opts, "spmv_csr_scalar", (size_t)A->nrows, wg, &k);
        } else {
            int v = opt->vector_width ? opt->vector_width : spmvp_vector_width_auto(A, di->warp_size);
            if (v < 1 || (v & (v - 1)) || (size_t)v > wg)
                return spmvp_fail(SPMVP_ERR_ARG, "vector width %d is not a power of two up to "
                                  "the work-group size %zu", v, wg);
            if (wg * vs > di->local_mem)
                return spmvp_fail(SPMVP_ERR_UNSUITABLE, "CSR-vector needs %zu bytes of local "
                                  "memory, the device has %llu", wg * vs,
                                  (unsigned long long)di->local_mem);
            snprintf(opts, sizeof opts, "%s -DVECTOR_WIDTH=%d -DWG_SIZE=%zu", types, v, wg);
            snprintf(s->params, sizeof s->params, "V=%d", v);
            st = add_launch(s, "csr_vector.cl", opts, "spmv_csr_vector", (size_t)A->nrows * (size_t)v, wg, &k);
        }
        if (st || (st = set(k, 6, I(n), M(s->buf[b0]), M(s->buf[b0 + 1]), M(s->buf[b0 + 2]), M(s->x), M(s->y))))
            return st;
        return SPMVP_OK;
    }
    case SPMVP_ELL: {
        spmvp_ell *E = spmvp_ell_from_csr(A, (spmvp_idx)wg);
        if (!E)
            return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
        s->footprint = spmvp_ell_bytes(E, vs);
        snprintf(s->params, sizeof s->params, "K=%d", (int)E->width);
        st = setup_ell(s, E, opts, wg);
        spmvp_ell_free(E);
        return st;
    }
    case SPMVP_JAD: {
        spmvp_jad *J = spmvp_jad_from_csr(A);
        if (!J)
            return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
        s->footprint = spmvp_jad_bytes(J, vs);
        snprintf(s->params, sizeof s->params, "%d diagonals", (int)J->ndiags);
        int b0 = s->nbuf;
        cl_int nd = J->ndiags;
        if (!(st = upload_idx(s, J->perm, (size_t)J->nrows, "JAD permutation")) &&
            !(st = upload_idx(s, J->jdptr, (size_t)J->ndiags + 1, "JAD diagonal pointers")) &&
            !(st = upload_idx(s, J->colidx, (size_t)J->nnz, "JAD column indices")) &&
            !(st = upload_val(s, J->val, (size_t)J->nnz, CL_MEM_READ_ONLY, "JAD values")) &&
            J->nrows > 0 &&
            !(st = add_launch(s, "jad.cl", opts, "spmv_jad", (size_t)J->nrows, wg, &k)))
            st = set(k, 8, I(n), I(nd), M(s->buf[b0]), M(s->buf[b0 + 1]), M(s->buf[b0 + 2]),
                     M(s->buf[b0 + 3]), M(s->x), M(s->y));
        spmvp_jad_free(J);
        return st;
    }
    case SPMVP_COO: {
        spmvp_coo *C = spmvp_coo_from_csr(A);
        if (!C)
            return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
        s->footprint = spmvp_coo_bytes(C, vs);
        spmvp_idx chunk = opt->coo_chunk > 0 ? opt->coo_chunk : 8;
        snprintf(s->params, sizeof s->params, "chunk %d", (int)chunk);
        /* y = 0 first: the COO passes add into y */
        if (A->nrows > 0 &&
            (!(st = add_launch(s, "coo.cl", opts, "spmv_zero", (size_t)A->nrows, wg, &k))))
            st = set(k, 2, I(n), M(s->y));
        if (!st)
            st = setup_coo(s, C, opts, wg, chunk);
        spmvp_coo_free(C);
        return st;
    }
    case SPMVP_HYB: {
        spmvp_idx K = opt->hyb_width >= 0 ? opt->hyb_width : spmvp_hyb_default_width(A);
        if (K < 0)
            return SPMVP_ERR_NOMEM; /* message recorded by spmvp_hyb_default_width */
        spmvp_hyb *H = spmvp_hyb_from_csr(A, K, (spmvp_idx)wg);
        if (!H)
            return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
        s->footprint = spmvp_hyb_bytes(H, vs);
        snprintf(s->params, sizeof s->params, "K=%d, %d in COO", (int)H->ell->width, (int)H->coo->nnz);
        spmvp_idx chunk = opt->coo_chunk > 0 ? opt->coo_chunk : 8;
        /* the ELL part writes every y[i] (0 for width 0), then the COO part adds */
        st = setup_ell(s, H->ell, opts, wg);
        if (!st)
            st = setup_coo(s, H->coo, opts, wg, chunk);
        spmvp_hyb_free(H);
        return st;
    }
    default:
        return spmvp_fail(SPMVP_ERR_ARG, "unknown format %d", (int)s->format);
    }
}

spmvp_status spmvp_spmv_create(spmvp_context *ctx, const spmvp_csr *A, spmvp_format f,
                               const spmvp_spmv_options *opt, spmvp_spmv **out)
{
    spmvp_status st;
    *out = NULL;
    if (opt->value_size != 4 && opt->value_size != 8)
        return spmvp_fail(SPMVP_ERR_ARG, "value size %zu is neither 4 nor 8", opt->value_size);
    if (opt->value_size == 8 && !ctx->info.fp64)
        return spmvp_fail(SPMVP_ERR_UNSUPPORTED, "%s lacks cl_khr_fp64: double precision is "
                          "not available on it", ctx->info.name);
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
    s->x = s->buf[0];
    s->y = s->buf[1];
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

spmvp_status spmvp_spmv_enqueue(spmvp_spmv *s, cl_event *first, cl_event *last)
{
    spmvp_status st = SPMVP_OK;
    if (first)
        *first = NULL;
    if (last)
        *last = NULL;
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
