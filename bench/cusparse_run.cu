/* cusparse_run.cu: one cuSPARSE SpMV algorithm, uploaded, checked against the CPU product with
 * spmvp's bound and timed as `spmvp bench` times its formats (host/ocl/bench.c): A warm-ups
 * discarded, N products one CUDA event pair each (median, min, max), then B products back to
 * back between one pair, per product. docs/cusparse.md explains the gate kernel. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cusparse_ref.h"

/* cusparseSpMV_preprocess appeared in cuSPARSE 12.3 (CUDA 12.4); before it there is nothing
 * to call and any analysis happens inside the first product (the check, before the timing).
 * -DCUSPARSE_REF_NO_PREPROCESS leaves it out, to see what it changes. */
#if defined(CUSPARSE_VERSION) && CUSPARSE_VERSION >= 12300 && !defined(CUSPARSE_REF_NO_PREPROCESS)
#define HAVE_PREPROCESS 1
#else
#define HAVE_PREPROCESS 0
#endif

const alg_desc cusparse_ref_algs[] = {
    {"cusparse_csr_default", L_CSR, CUSPARSE_SPMV_ALG_DEFAULT, "CSR, the library's default"},
    {"cusparse_csr_alg1", L_CSR, CUSPARSE_SPMV_CSR_ALG1, "CSR, may differ run to run"},
    {"cusparse_csr_alg2", L_CSR, CUSPARSE_SPMV_CSR_ALG2, "CSR, deterministic"},
    {"cusparse_coo_alg1", L_COO, CUSPARSE_SPMV_COO_ALG1, "COO, may differ run to run"},
    {"cusparse_coo_alg2", L_COO, CUSPARSE_SPMV_COO_ALG2, "COO, deterministic"},
    {"cusparse_sell_alg1", L_SELL, CUSPARSE_SPMV_SELL_ALG1, "sliced ELL, slice 32, deterministic"},
};
const int cusparse_ref_nalgs = (int)(sizeof cusparse_ref_algs / sizeof cusparse_ref_algs[0]);

void cusparse_ref_fail_call(result *r, int state, const char *call, const char *name, const char *what)
{
    int n = (int)strcspn(call, "(");
    r->state = state;
    snprintf(r->note, sizeof r->note, "%.*s: %s (%s)", n, call, name, what);
}

void cusparse_ref_fail(result *r, int state, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    r->state = state;
    vsnprintf(r->note, sizeof r->note, fmt, ap);
    va_end(ap);
}

/* Holds the stream until the host has queued what follows it, so that the events queued
 * behind it time the device alone, as OpenCL profiling does for bench (first kernel's start
 * to last kernel's end), and not the host's launch cost of cusparseSpMV. It gives up after
 * limit_ns (a host stuck in a synchronising call would otherwise wait for ever) and says so. */
__global__ void gate_kernel(volatile int *flag, volatile int *timed_out, unsigned long long limit_ns)
{
    unsigned long long t0, t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    while (!*flag) {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
        if (t - t0 > limit_ns) {
            *timed_out = 1;
            return;
        }
    }
}

#define GATE_LIMIT_NS 1000000000ULL /* 1 s: far beyond the host's time to queue one product */

/* x as bench makes it: multiples of 1/1024 in [-1, 1], exact in float, same seed. */
void cusparse_ref_fill_x(double *x, spmvp_idx n)
{
    unsigned s = 12345u;
    for (spmvp_idx i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        x[i] = ((int)((s >> 16) % 2049u) - 1024) / 1024.0;
    }
}

/* max over rows of |y_i - ref_i| / (4 eps (len_i + 4) sum_k |a_ik x_k| + tiny): bench's
 * bound (host/ocl/bench.c spmvp_verify); the worst row goes to *worst, *got, *want. */
static double verify(const spmvp_csr *A, const double *x, const double *y, size_t vs,
                     spmvp_idx *worst, double *got, double *want)
{
    double eps = vs == 8 ? DBL_EPSILON : FLT_EPSILON, tiny = vs == 8 ? 1e-300 : 1e-30;
    double max_ratio = 0.0;
    *worst = 0;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        double ref = 0.0, mag = 0.0;
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++) {
            ref += A->val[k] * x[A->colidx[k]];
            mag += fabs(A->val[k] * x[A->colidx[k]]);
        }
        double len = A->rowptr[i + 1] - A->rowptr[i];
        double ratio = fabs(y[i] - ref) / (4.0 * eps * (len + 4.0) * mag + tiny);
        if (!(ratio <= max_ratio)) { /* also catches NaN: a row cuSPARSE never wrote */
            max_ratio = isnan(ratio) ? INFINITY : ratio;
            *worst = i;
            *got = y[i];
            *want = ref;
        }
    }
    return max_ratio;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* n doubles as device values (float for single precision) in a new host array; NULL if out of memory. */
static void *to_device_type(const double *v, size_t n, size_t vs)
{
    void *h = malloc(n * vs + 1);
    if (h && vs == 4)
        for (size_t i = 0; i < n; i++)
            ((float *)h)[i] = (float)v[i];
    else if (h)
        memcpy(h, v, n * vs);
    return h;
}

/* Copies n bytes of host memory into a new device allocation *d. */
static int upload(result *r, const void *h, size_t n, void **d)
{
    CUDA_TRY(cudaMalloc(d, n ? n : 1));
    CUDA_TRY(cudaMemcpy(*d, h, n, cudaMemcpyHostToDevice));
    return 0;
out:
    return -1;
}

/* Sliced ELL as cuSPARSE reads it: slices of SELL_SLICE rows, each padded to its longest row
 * and stored column-major (entry j of row i of slice s at off[s] + j*SELL_SLICE + i%SELL_SLICE),
 * the last slice padded to full height; padding has column -1 and value 0. */
static int sell_from_csr(result *r, const spmvp_csr *A, int **off, int **col, double **val, size_t *n)
{
    spmvp_idx nslices = (A->nrows + SELL_SLICE - 1) / SELL_SLICE;
    size_t total = 0;
    *off = (int *)malloc(((size_t)nslices + 1) * sizeof **off);
    *col = NULL;
    *val = NULL;
    if (!*off)
        goto nomem;
    (*off)[0] = 0;
    for (spmvp_idx s = 0; s < nslices; s++) {
        spmvp_idx w = 0;
        for (spmvp_idx i = s * SELL_SLICE; i < A->nrows && i < (s + 1) * SELL_SLICE; i++)
            if (A->rowptr[i + 1] - A->rowptr[i] > w)
                w = A->rowptr[i + 1] - A->rowptr[i];
        total += (size_t)w * SELL_SLICE;
        if (total > (size_t)SPMVP_IDX_MAX) {
            cusparse_ref_fail(r, ST_UNSUITABLE, "sliced ELL needs more than 2^31-1 slots with its padding");
            return -1;
        }
        (*off)[s + 1] = (int)total;
    }
    *col = (int *)malloc(total * sizeof **col + 1);
    *val = (double *)calloc(total + 1, sizeof **val);
    if (!*col || !*val)
        goto nomem;
    for (size_t k = 0; k < total; k++)
        (*col)[k] = -1;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        size_t base = (size_t)(*off)[i / SELL_SLICE] + (size_t)(i % SELL_SLICE);
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++) {
            size_t at = base + (size_t)(k - A->rowptr[i]) * SELL_SLICE;
            (*col)[at] = A->colidx[k];
            (*val)[at] = A->val[k];
        }
    }
    *n = total;
    return 0;
nomem:
    cusparse_ref_fail(r, ST_FAILED, "out of memory building sliced ELL");
    return -1;
}

/* alpha = 1 and beta = 0 in the compute type (host pointer mode). */
static const double one_d = 1.0, zero_d = 0.0;
static const float one_f = 1.0f, zero_f = 0.0f;
#define ALPHA(c) ((c)->opt->vs == 8 ? (const void *)&one_d : (const void *)&one_f)
#define BETA(c) ((c)->opt->vs == 8 ? (const void *)&zero_d : (const void *)&zero_f)

/* One product y = A x on the context's stream. */
static cusparseStatus_t spmv(context *c, cusparseSpMatDescr_t mat, const alg_desc *a, void *buf)
{
    return cusparseSpMV(c->handle, CUSPARSE_OPERATION_NON_TRANSPOSE, ALPHA(c), mat, c->vx,
                        BETA(c), c->vy, c->dtype, a->alg, buf);
}

/* cusparseSpMV_preprocess where this cuSPARSE has it, else NOT_SUPPORTED. */
static cusparseStatus_t preprocess(context *c, cusparseSpMatDescr_t mat, const alg_desc *a, void *buf)
{
#if HAVE_PREPROCESS
    return cusparseSpMV_preprocess(c->handle, CUSPARSE_OPERATION_NON_TRANSPOSE, ALPHA(c), mat,
                                   c->vx, BETA(c), c->vy, c->dtype, a->alg, buf);
#else
    (void)c, (void)mat, (void)a, (void)buf;
    return CUSPARSE_STATUS_NOT_SUPPORTED;
#endif
}

/* Queues the gate on the stream (the host releases it by setting *c->flag). */
static int gate(context *c, result *r)
{
    *c->flag = 0;
    *c->timed_out = 0;
    gate_kernel<<<1, 1, 0, c->stream>>>(c->dflag, c->dtimed_out, GATE_LIMIT_NS);
    CUDA_TRY(cudaGetLastError());
    return 0;
out:
    return -1;
}

/* The timing, as bench's time_runs: warm-ups, N products one event pair each, one batch. */
static int time_runs(context *c, cusparseSpMatDescr_t mat, const alg_desc *a, void *buf, result *r)
{
    const options *o = c->opt;
    int rc = -1, runs = o->runs, gated = o->gate;
    cudaEvent_t *ev = (cudaEvent_t *)calloc(2 * (size_t)runs, sizeof *ev), b0 = NULL, b1 = NULL;
    double *t = (double *)calloc((size_t)runs, sizeof *t);
    float ms = 0.0f;
    if (!ev || !t) {
        cusparse_ref_fail(r, ST_FAILED, "out of memory");
        goto out;
    }
    for (int i = 0; i < 2 * runs; i++)
        CUDA_TRY(cudaEventCreate(&ev[i]));
    CUDA_TRY(cudaEventCreate(&b0));
    CUDA_TRY(cudaEventCreate(&b1));
    for (int i = 0; i < o->warmup; i++)
        SPARSE_TRY(spmv(c, mat, a, buf));
    CUDA_TRY(cudaStreamSynchronize(c->stream));

    for (int i = 0; i < runs; i++) {
        /* With the gate, each product waits in the queue until the host has queued it whole;
         * without it they are all queued at once, as bench does, and a product whose host
         * launch cost exceeds its device time includes that cost. A gate that timed out means
         * cusparseSpMV waited for the device itself: the rest go ungated, not 1 s each. */
        if (gated && gate(c, r))
            goto out;
        CUDA_TRY(cudaEventRecord(ev[2 * i], c->stream));
        SPARSE_TRY(spmv(c, mat, a, buf));
        CUDA_TRY(cudaEventRecord(ev[2 * i + 1], c->stream));
        if (gated) {
            *c->flag = 1;
            CUDA_TRY(cudaStreamSynchronize(c->stream));
            r->gate_timeouts += *c->timed_out;
            gated = !*c->timed_out;
        }
    }
    CUDA_TRY(cudaStreamSynchronize(c->stream));
    for (int i = 0; i < runs; i++) {
        CUDA_TRY(cudaEventElapsedTime(&ms, ev[2 * i], ev[2 * i + 1]));
        t[i] = 1e3 * ms;
    }
    qsort(t, (size_t)runs, sizeof *t, cmp_double);
    r->median_us = runs % 2 ? t[runs / 2] : 0.5 * (t[runs / 2 - 1] + t[runs / 2]);
    r->min_us = t[0];
    r->max_us = t[runs - 1];

    /* What a solver sees: B products back to back, no host wait. The gate opens once the first
     * is queued, so the pair starts at the first product as bench's first kernel start does. */
    if (gated && gate(c, r))
        goto out;
    CUDA_TRY(cudaEventRecord(b0, c->stream));
    for (int i = 0; i < o->batch; i++) {
        SPARSE_TRY(spmv(c, mat, a, buf));
        if (i == 0 && gated)
            *c->flag = 1;
    }
    CUDA_TRY(cudaEventRecord(b1, c->stream));
    CUDA_TRY(cudaStreamSynchronize(c->stream));
    if (gated)
        r->gate_timeouts += *c->timed_out;
    CUDA_TRY(cudaEventElapsedTime(&ms, b0, b1));
    r->batch_us = 1e3 * ms / o->batch;
    rc = 0;
out:
    if (o->gate)
        *c->flag = 1; /* never leave a gate holding the stream */
    if (ev)
        for (int i = 0; i < 2 * runs; i++)
            if (ev[i])
                cudaEventDestroy(ev[i]);
    if (b0)
        cudaEventDestroy(b0);
    if (b1)
        cudaEventDestroy(b1);
    free(ev);
    free(t);
    return rc;
}

/* Uploads A in the algorithm's layout, checks one product, times it: r is filled either way. */
void cusparse_ref_bench(context *c, const alg_desc *a, result *r)
{
    const spmvp_csr *A = c->A;
    size_t vs = c->opt->vs, xy = ((size_t)A->nrows + A->ncols) * vs, nval = A->nnz;
    int *hptr = NULL, *hcol = NULL;
    int *aux = NULL; /* COO's row indices or sliced ELL's slice offsets, built here */
    double *sval = NULL, got = 0, want = 0;
    const double *vals = A->val;
    void *hval = NULL, *dval = NULL, *dcol = NULL, *dptr = NULL, *buf = NULL;
    cusparseSpMatDescr_t mat = NULL;
    spmvp_idx worst = 0;
    cusparseStatus_t pre = CUSPARSE_STATUS_SUCCESS;
    memset(r, 0, sizeof *r);
    r->alg = a;
    r->csr_bytes = spmvp_csr_bytes(A, vs);

    if (a->layout == L_CSR) {
        hptr = A->rowptr;
        hcol = A->colidx;
        r->footprint = r->csr_bytes;
    } else if (a->layout == L_COO) {
        aux = (int *)malloc((size_t)A->nnz * sizeof *aux + 1);
        if (!aux) {
            cusparse_ref_fail(r, ST_FAILED, "out of memory");
            goto out;
        }
        for (spmvp_idx i = 0; i < A->nrows; i++)
            for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
                aux[k] = i;
        hcol = A->colidx;
        r->footprint = (size_t)A->nnz * (vs + 2 * sizeof(int)) + xy;
    } else {
        if (sell_from_csr(r, A, &aux, &hcol, &sval, &nval))
            goto out;
        vals = sval;
        r->footprint = nval * (vs + sizeof(int)) +
                       ((size_t)(A->nrows + SELL_SLICE - 1) / SELL_SLICE + 1) * sizeof(int) + xy;
    }
    if (!(hval = to_device_type(vals, nval, vs))) {
        cusparse_ref_fail(r, ST_FAILED, "out of memory");
        goto out;
    }
    if (upload(r, hval, nval * vs, &dval) || upload(r, hcol, nval * sizeof(int), &dcol))
        goto out;
    if (a->layout == L_CSR && upload(r, hptr, ((size_t)A->nrows + 1) * sizeof(int), &dptr))
        goto out;
    if (a->layout == L_COO && upload(r, aux, (size_t)A->nnz * sizeof(int), &dptr))
        goto out;
    if (a->layout == L_SELL &&
        upload(r, aux, ((size_t)(A->nrows + SELL_SLICE - 1) / SELL_SLICE + 1) * sizeof(int), &dptr))
        goto out;
    if (a->layout == L_CSR)
        SPARSE_TRY(cusparseCreateCsr(&mat, A->nrows, A->ncols, A->nnz, dptr, dcol, dval,
                                     CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                     CUSPARSE_INDEX_BASE_ZERO, c->dtype));
    else if (a->layout == L_COO)
        SPARSE_TRY(cusparseCreateCoo(&mat, A->nrows, A->ncols, A->nnz, dptr, dcol, dval,
                                     CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, c->dtype));
    else
        SPARSE_TRY(cusparseCreateSlicedEll(&mat, A->nrows, A->ncols, A->nnz, (int64_t)nval,
                                           SELL_SLICE, dptr, dcol, dval, CUSPARSE_INDEX_32I,
                                           CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, c->dtype));

    /* The buffer and the preprocessing belong to setup, not to the product: untimed. */
    SPARSE_TRY(cusparseSpMV_bufferSize(c->handle, CUSPARSE_OPERATION_NON_TRANSPOSE, ALPHA(c), mat,
                                       c->vx, BETA(c), c->vy, c->dtype, a->alg, &r->buffer_bytes));
    if (r->buffer_bytes)
        CUDA_TRY(cudaMalloc(&buf, r->buffer_bytes));
    /* Optional for every algorithm: one that does not support it still runs without it. */
    pre = preprocess(c, mat, a, buf);
    if (pre != CUSPARSE_STATUS_SUCCESS && pre != CUSPARSE_STATUS_NOT_SUPPORTED) {
        cusparse_ref_fail_call(r, ST_FAILED, "cusparseSpMV_preprocess", cusparseGetErrorName(pre),
                               cusparseGetErrorString(pre));
        goto out;
    }
    r->preprocessed = pre == CUSPARSE_STATUS_SUCCESS;
    snprintf(r->params, sizeof r->params, "%s; buffer %zu B; preprocess %s", a->about,
             r->buffer_bytes, r->preprocessed ? "yes (untimed)" : HAVE_PREPROCESS ? "not supported"
             : "not in this cuSPARSE");

    /* y starts as NaN, so a row the product does not write fails the check. */
    CUDA_TRY(cudaMemsetAsync(c->dy, 0xff, (size_t)A->nrows * vs, c->stream));
    SPARSE_TRY(spmv(c, mat, a, buf));
    CUDA_TRY(cudaStreamSynchronize(c->stream));
    CUDA_TRY(cudaMemcpy(c->yraw, c->dy, (size_t)A->nrows * vs, cudaMemcpyDeviceToHost));
    for (spmvp_idx i = 0; i < A->nrows; i++)
        c->y[i] = vs == 4 ? ((const float *)c->yraw)[i] : ((const double *)c->yraw)[i];
    r->max_err = verify(A, c->x, c->y, vs, &worst, &got, &want);
    if (!(r->max_err <= 1.0)) {
        cusparse_ref_fail(r, ST_FAILED, "%s gives a wrong result: row %d is %.17g, the CPU says "
                          "%.17g (%.3g times the rounding bound)", a->name, (int)worst, got, want,
                          r->max_err);
        goto out;
    }
    if (time_runs(c, mat, a, buf, r))
        goto out;
    if (r->median_us > 0) {
        r->gflops = 2.0 * A->nnz / (r->median_us * 1e3);
        r->gbs_format = r->footprint / (r->median_us * 1e3);
        r->gbs_csr = r->csr_bytes / (r->median_us * 1e3);
    }
out: /* releases: their status is ignored, there is nothing left to undo */
    if (mat)
        cusparseDestroySpMat(mat);
    cudaFree(buf);
    cudaFree(dval);
    cudaFree(dcol);
    cudaFree(dptr);
    free(hval);
    free(aux);
    if (a->layout == L_SELL)
        free(hcol);
    free(sval);
}


const char *cusparse_ref_timing(int gate)
{
    return gate
        ? "cudaEvent pairs on one stream, as spmvp bench times with OpenCL profiling events: A "
          "warm-up products discarded; N products each between its own pair of events recorded "
          "just before and after cusparseSpMV (median, min, max), each held behind a gate kernel "
          "until the host had queued it, so the pair times the device, not the host's launch "
          "cost; then B products back to back between one pair (the gate opened once the first "
          "was queued), divided by B. Buffer allocation and cusparseSpMV_preprocess are not "
          "timed. Event resolution is about 0.5 us."
        : "cudaEvent pairs on one stream: A warm-up products discarded; N products queued back "
          "to back, each between its own pair of events (median, min, max; a product whose "
          "host launch cost exceeds its device time includes that cost); then B products back "
          "to back between one pair, divided by B. Buffer allocation and "
          "cusparseSpMV_preprocess are not timed. Event resolution is about 0.5 us.";
}
