/* bench.c: verification against the CPU reference and event timing of one format. */
#include "bench.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "clcheck.h"
#include "stage.h"

double spmvp_verify(const spmvp_csr *A, const double *x, const double *y, size_t value_size,
                    spmvp_idx *worst, double *got, double *want)
{
    double eps = value_size == 8 ? DBL_EPSILON : FLT_EPSILON;
    double tiny = value_size == 8 ? 1e-300 : 1e-30;
    double max_ratio = 0.0;
    *worst = A->nrows ? 0 : -1;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        double ref = 0.0, mag = 0.0;
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++) {
            ref += A->val[k] * x[A->colidx[k]];
            mag += fabs(A->val[k] * x[A->colidx[k]]);
        }
        double len = A->rowptr[i + 1] - A->rowptr[i];
        double bound = 4.0 * eps * (len + 4.0) * mag + tiny;
        double ratio = fabs(y[i] - ref) / bound;
        /* equal non-finite results are equal (Inf - Inf would be NaN) and NaN matches NaN:
         * a matrix holding Inf or NaN (spmvp_mm_allow_nonfinite) is then checked like any */
        if ((!isfinite(ref) || !isfinite(y[i])) && (y[i] == ref || (isnan(y[i]) && isnan(ref))))
            ratio = 0.0;
        if (!(ratio <= max_ratio)) { /* also catches NaN */
            max_ratio = isnan(ratio) ? INFINITY : ratio;
            *worst = i;
            *got = y[i];
            *want = ref;
        }
    }
    return max_ratio;
}

/* A vector whose values are exact in float (multiples of 1/1024 in [-1, 1]), so the
 * conversion of x adds no error. Deterministic. */
static void fill_x(double *x, spmvp_idx n)
{
    unsigned s = 12345u;
    for (spmvp_idx i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        x[i] = ((int)((s >> 16) % 2049u) - 1024) / 1024.0;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

spmvp_status spmvp_event_us(cl_event first, cl_event last, double *us)
{
    spmvp_status st = SPMVP_OK;
    cl_ulong t0 = 0, t1 = 0;
    *us = 0.0;
    if (!first)
        return SPMVP_OK; /* nothing was launched (empty matrix) */
    SPMVP_CL(clGetEventProfilingInfo(first, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL), out);
    SPMVP_CL(clGetEventProfilingInfo(last, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL), out);
    *us = (double)(t1 - t0) * 1e-3;
out:
    return st;
}

double spmvp_median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

double spmvp_quantile(const double *t, int n, double p)
{
    double h = (n - 1) * p;
    int lo = (int)h;
    return lo + 1 < n ? t[lo] + (h - lo) * (t[lo + 1] - t[lo]) : t[n - 1];
}

static void release(cl_event *e)
{
    if (*e)
        clReleaseEvent(*e);
    *e = NULL;
}

/* What a solver sees: products back to back, no host wait between them; the time from the
 * first kernel's start to the last one's end, per product, into *us. */
static spmvp_status time_batch(spmvp_context *ctx, spmvp_spmv *s, int batch, double *us)
{
    cl_event b0 = NULL, b1 = NULL;
    spmvp_status st = SPMVP_OK;
    for (int i = 0; i < batch && !st; i++)
        st = spmvp_spmv_enqueue(s, i == 0 ? &b0 : NULL, i == batch - 1 ? &b1 : NULL);
    if (!st)
        SPMVP_CL(clFinish(ctx->queue), out);
    if (!st && b0 && !b1) { /* a batch of one product of one kernel */
        b1 = b0;
        clRetainEvent(b1);
    }
    if (!st && !(st = spmvp_event_us(b0, b1, us)))
        *us /= batch;
out:
    release(&b0);
    release(&b1);
    return st;
}

/* The first warm-up products (two, or one when opt->warmup is 1), timed by their events, and
 * the counts that keep warm-up, runs and batch within opt->max_seconds (bench.h): each cut in
 * the same proportion, to at least 1, 3 and 1. The faster of the two decides: a first launch
 * may carry a runtime's lazy work (PoCL specialises a kernel for its work-group size then).
 * *warmup is what is left to run after these, *all the warm-ups in all. */
static spmvp_status first_warmups(spmvp_context *ctx, spmvp_spmv *s, const spmvp_bench_options *opt,
                                  int *warmup, int *all, int *runs, int *batch)
{
    spmvp_status st = SPMVP_OK;
    /* without a limit the warm-ups run untimed, as they always did (train, calibrate) */
    int k = !(opt->max_seconds > 0) ? 0 : opt->warmup < 2 ? opt->warmup : 2;
    double us = 0;
    for (int i = 0; i < k && !st; i++) {
        cl_event e0 = NULL, e1 = NULL;
        double t = 0;
        st = spmvp_spmv_enqueue(s, &e0, &e1);
        if (!st)
            SPMVP_CL(clFinish(ctx->queue), next);
        if (!st && !(st = spmvp_event_us(e0, e1 ? e1 : e0, &t)))
            us = i == 0 || t < us ? t : us;
    next:
        release(&e0);
        release(&e1);
    }
    *warmup = opt->warmup - k;
    double want = opt->max_seconds * 1e6, need = us * (opt->warmup + *runs + *batch);
    if (!st && k > 0 && need > want) {
        double f = want / need;
        *warmup = (int)(opt->warmup * f) > k ? (int)(opt->warmup * f) - k : 0;
        *runs = (int)(*runs * f) > 3 ? (int)(*runs * f) : 3 < *runs ? 3 : *runs;
        *batch = (int)(*batch * f) > 1 ? (int)(*batch * f) : 1;
    }
    *all = k + *warmup;
    return st;
}

/* Times opt->runs single products (after opt->warmup untimed ones) and one batch. */
static spmvp_status time_runs(spmvp_context *ctx, spmvp_spmv *s, const spmvp_bench_options *opt,
                              spmvp_bench_result *r)
{
    spmvp_status st = SPMVP_OK;
    int runs = opt->runs > 0 ? opt->runs : 1, warmup = 0, cut_batch = opt->batch;
    cl_event *ev = calloc(2 * (size_t)runs, sizeof *ev);
    double *t = calloc((size_t)runs, sizeof *t);
    if (!ev || !t) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
        goto out;
    }
    if ((st = first_warmups(ctx, s, opt, &warmup, &r->warmup, &runs, &cut_batch)))
        goto out;
    r->runs = runs;
    for (int i = 0; i < warmup; i++)
        if ((st = spmvp_spmv_enqueue(s, NULL, NULL)))
            goto out;
    for (int i = 0; i < runs; i++)
        if ((st = spmvp_spmv_enqueue(s, &ev[2 * i], &ev[2 * i + 1])))
            goto out;
    SPMVP_CL(clFinish(ctx->queue), out);
    for (int i = 0; i < runs; i++)
        if ((st = spmvp_event_us(ev[2 * i], ev[2 * i + 1], &t[i])))
            goto out;
    double sum = 0.0;
    for (int i = 0; i < runs; i++)
        sum += t[i];
    r->mean_us = sum / runs;
    r->median_us = spmvp_median(t, runs);
    r->min_us = t[0];
    r->max_us = t[runs - 1];
    r->q1_us = spmvp_quantile(t, runs, 0.25);
    r->q3_us = spmvp_quantile(t, runs, 0.75);

    int batch = opt->batch > 0 ? cut_batch : 0;
    if (batch > 0 && opt->batch_min_us > 0 && r->median_us > 0) {
        double want = ceil(opt->batch_min_us / r->median_us);
        batch = want > 100000 ? 100000 : want > batch ? (int)want : batch;
    }
    r->batch = batch;
    for (int rep = 0; rep <= (opt->repeat_batch != 0) && batch > 0; rep++)
        if ((st = time_batch(ctx, s, batch, rep ? &r->batch2_us : &r->batch_us)))
            goto out;
    r->batch_first_us = r->batch_us;
    if (batch > 0 && opt->retime_ratio > 0 && r->batch_us > opt->retime_ratio * r->median_us) {
        double again = 0;
        if ((st = time_batch(ctx, s, batch, &again)))
            goto out;
        r->batch_retimed = 1;
        r->batch_us = again < r->batch_us ? again : r->batch_us;
    }
out:
    if (ev)
        for (int i = 0; i < 2 * runs; i++)
            release(&ev[i]);
    free(ev);
    free(t);
    return st;
}

/* Before any conversion or allocation: what every format needs at least on the device (x and
 * y, and the values and column indices of each entry) against the device's limits (unsuitable,
 * as spmv.c reports a format that does not fit), and the host's x and y against the host
 * budget (an error: a 1 x 2,000,000,000 matrix must not take 16 GB for x). */
static spmvp_status check_sizes(const spmvp_context *ctx, const spmvp_csr *A, size_t vs,
                                spmvp_bench_result *r)
{
    const spmvp_device_info *di = &ctx->info;
    uint64_t x = spmvp_bytes_mul((uint64_t)A->ncols, vs), y = spmvp_bytes_mul((uint64_t)A->nrows, vs);
    uint64_t least = spmvp_bytes_add(spmvp_bytes_add(x, y),
                                     spmvp_bytes_mul((uint64_t)A->nnz, vs + sizeof(spmvp_idx)));
    const char *what = x > di->max_alloc ? "x" : y > di->max_alloc ? "y" : NULL;
    if (what || least > di->global_mem) {
        r->state = SPMVP_BENCH_UNSUITABLE;
        if (what)
            snprintf(r->note, sizeof r->note, "%s needs %llu bytes, above the device's max "
                     "allocation of %llu bytes", what, (unsigned long long)(*what == 'x' ? x : y),
                     (unsigned long long)di->max_alloc);
        else
            snprintf(r->note, sizeof r->note, "needs at least %llu bytes, the device has %llu",
                     (unsigned long long)least, (unsigned long long)di->global_mem);
        return SPMVP_OK;
    }
    /* host: x and y, in double whatever the device precision */
    uint64_t host = spmvp_bytes_mul(spmvp_bytes_add((uint64_t)A->ncols + 1, (uint64_t)A->nrows + 1),
                                    sizeof(double));
    spmvp_status st = spmvp_host_check(NULL, "the vectors x and y", host);
    if (st) {
        r->state = SPMVP_BENCH_FAILED;
        snprintf(r->note, sizeof r->note, "%s", spmvp_last_error());
    }
    return st;
}

spmvp_status spmvp_bench_format(spmvp_context *ctx, const spmvp_csr *A, spmvp_format f,
                                const spmvp_bench_options *opt, spmvp_bench_result *r)
{
    spmvp_status st;
    spmvp_spmv *s = NULL;
    double *x = NULL, *y = NULL;
    memset(r, 0, sizeof *r);
    r->format = f;
    r->csr_bytes = spmvp_csr_bytes(A, opt->spmv.value_size);
    if ((st = check_sizes(ctx, A, opt->spmv.value_size, r)) || r->state)
        return st;

    const double built = ctx->build_us, staged = ctx->stage_us;
    /* formats are compared staged from the first (stage.h): a measurement, not a solve */
    spmvp_stage_reserve(ctx);
    st = spmvp_spmv_create(ctx, A, f, &opt->spmv, &s);
    r->build_ms = (ctx->build_us - built) / 1e3;
    r->stage_ms = (ctx->stage_us - staged) / 1e3;
    if (st == SPMVP_ERR_UNSUITABLE) {
        r->state = SPMVP_BENCH_UNSUITABLE;
        snprintf(r->note, sizeof r->note, "%s", spmvp_last_error());
        return SPMVP_OK;
    }
    if (st)
        goto out;
    r->footprint = spmvp_spmv_footprint(s);
    spmvp_spmv_setup_us(s, &r->convert_us, &r->upload_us);
    snprintf(r->params, sizeof r->params, "%s", spmvp_spmv_params(s));

    x = malloc(((size_t)A->ncols + 1) * sizeof *x);
    y = malloc(((size_t)A->nrows + 1) * sizeof *y);
    if (!x || !y) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
        goto out;
    }
    fill_x(x, A->ncols);
    if ((st = spmvp_spmv_set_x(s, x)))
        goto out;
    if (opt->skip_verify)
        goto timing;
    if ((st = spmvp_spmv_enqueue(s, NULL, NULL)) || (st = spmvp_spmv_get_y(s, y)))
        goto out;
    spmvp_idx worst;
    double got = 0, want = 0;
    r->max_err = spmvp_verify(A, x, y, opt->spmv.value_size, &worst, &got, &want);
    if (!(r->max_err <= 1.0)) {
        st = spmvp_fail(SPMVP_ERR_VERIFY, "%s gives a wrong result: row %d is %.17g, the CPU "
                        "says %.17g (%.3g times the rounding bound)", spmvp_format_name(f),
                        (int)worst, got, want, r->max_err);
        goto out;
    }
timing:
    if ((st = time_runs(ctx, s, opt, r)))
        goto out;
    if (r->median_us > 0) {
        r->gflops = 2.0 * A->nnz / (r->median_us * 1e3);
        r->gbs_format = r->footprint / (r->median_us * 1e3);
        r->gbs_csr = r->csr_bytes / (r->median_us * 1e3);
    }
out:
    if (st) {
        r->state = SPMVP_BENCH_FAILED;
        snprintf(r->note, sizeof r->note, "%s", spmvp_last_error());
    }
    spmvp_spmv_free(s);
    free(x);
    free(y);
    return st;
}
