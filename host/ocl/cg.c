/* cg.c: conjugate gradients on the device (cg.h): the vectors x, r, p, q in device buffers,
 * q = A p through the format's own kernels, the other steps through spmvp_blas's CG steps on
 * device scalars, the history of p·q and r·r read back once per check interval; then the true
 * residual recomputed on the host in double. */
#include "cg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "blas.h"
#include "clcheck.h"

/* The history on the device is a ring of RING iterations: iteration j (from 0) writes p·q at
 * 2 (j % RING) and r·r after it at 2 (j % RING) + 1; r·r of the start, b·b, is at 2 RING.
 * A batch between two reads is at most RING iterations, so the host has read every slot
 * before the device writes it again; a ring rather than max_it values keeps --max-it 1e9 as
 * cheap as the default. */
#define RING SPMVP_CG_CHECK_MAX
#define START (2 * RING)

typedef struct cg_run {
    spmvp_context *ctx;  /* not owned */
    spmvp_idx n;         /* rows = columns */
    size_t vs;           /* value size on the device */
    spmvp_spmv *s;       /* A on the device (owned) */
    spmvp_blas *blas;    /* the vector kernels (owned) */
    cl_mem x, r, p, q;   /* CG's vectors, n values each (owned) */
    cl_mem hist;         /* the history ring (2 RING + 1 values, owned) */
    void *scratch;       /* host: b or x in the device precision (n values of vs bytes) */
    double *xh, *ax;     /* host: x read back and A x in double (n values each) */
    void *hh;            /* host: a batch's history (2 RING values of vs bytes) */
    cl_event ev[2 * RING]; /* the first and last event of each SpMV of a batch (owned) */
    double bnorm;        /* ||b|| = sqrt(b·b) from the device's dot */
    double thr;          /* the device's test of the tolerance: r·r <= thr (threshold()) */
} cg_run;

spmvp_cg_options spmvp_cg_defaults(void)
{
    spmvp_cg_options o = {1e-8, 10000};
    return o;
}

/* Refuses, before anything is allocated, CG's vectors beside the matrix where the device
 * could not hold them, and the host's copies past the host budget. */
static spmvp_status check_memory(const cg_run *c, spmvp_cg_result *res)
{
    const spmvp_device_info *di = &c->ctx->info;
    size_t vec = (c->n ? (size_t)c->n : 1) * c->vs, fmt = spmvp_spmv_footprint(c->s);
    /* the blas's dot partials and result and CG's three scalars; the history */
    size_t small = (SPMVP_DOT_MAX_GROUPS + 1 + 3 + START + 1) * c->vs;
    res->device_bytes = fmt + 4 * vec + small;
    if (vec > di->max_alloc)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "a CG vector needs %zu bytes, above the device's "
                          "max allocation of %llu bytes", vec, (unsigned long long)di->max_alloc);
    if (res->device_bytes > di->global_mem)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "CG needs %zu bytes of device memory (the matrix "
                          "%zu, four vectors %zu), the device has %llu", res->device_bytes, fmt,
                          4 * vec, (unsigned long long)di->global_mem);
    return spmvp_host_check(NULL, "CG's host vectors",
                            spmvp_bytes_mul((uint64_t)c->n, 2 * sizeof(double) + c->vs) +
                            2 * RING * c->vs);
}

/* The four device vectors and the history, and the host's vectors. */
static spmvp_status vectors_create(cg_run *c)
{
    spmvp_status st = SPMVP_OK;
    size_t n = c->n ? (size_t)c->n : 1; /* OpenCL refuses empty buffers */
    cl_mem *v[] = {&c->x, &c->r, &c->p, &c->q};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        SPMVP_CL_ASSIGN(*v[i], clCreateBuffer(c->ctx->context, CL_MEM_READ_WRITE, n * c->vs, NULL,
                                              &err_), out);
    SPMVP_CL_ASSIGN(c->hist, clCreateBuffer(c->ctx->context, CL_MEM_READ_WRITE,
                                            (START + 1) * c->vs, NULL, &err_), out);
    c->scratch = malloc(n * c->vs);
    c->xh = malloc(n * sizeof *c->xh);
    c->ax = malloc(n * sizeof *c->ax);
    c->hh = malloc(2 * RING * c->vs);
    if (!c->scratch || !c->xh || !c->ax || !c->hh)
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for CG's host vectors of %zu values", n);
out:
    return st;
}

/* Releases the SpMV events of a batch. */
static void release_events(cg_run *c)
{
    for (size_t i = 0; i < sizeof c->ev / sizeof c->ev[0]; i++)
        if (c->ev[i]) {
            clReleaseEvent(c->ev[i]);
            c->ev[i] = NULL;
        }
}

/* Enqueues iteration j (from 0): q = A p, its events in ev[0] and ev[1] when ev is not NULL,
 * then CG's four steps, with the history's slots of iteration j (RING's comment). */
static spmvp_status enqueue_iteration(cg_run *c, int j, cl_event *ev)
{
    spmvp_status st;
    int slot = 2 * (j % RING), before = j ? 2 * ((j - 1) % RING) + 1 : START;
    if ((st = spmvp_spmv_enqueue_on(c->s, c->p, c->q, ev, ev ? ev + 1 : NULL)) ||
        (st = spmvp_blas_cg_alpha(c->blas, c->n, c->p, c->q, c->hist, before, slot)) ||
        (st = spmvp_blas_cg_update(c->blas, c->n, c->p, c->q, c->x, c->r)) ||
        (st = spmvp_blas_cg_beta(c->blas, c->n, c->thr, c->hist, before, slot + 1)))
        return st;
    return spmvp_blas_cg_direction(c->blas, c->n, c->r, c->p);
}

/* Runs every kernel once on zeros and waits, so that what a runtime defers to a kernel's
 * first launch (PoCL compiles each work-group size then) is setup, not solve time. */
static spmvp_status warm_up(cg_run *c)
{
    spmvp_status st = SPMVP_OK;
    cl_double zero = 0.0; /* all-zero bits: 0 in float and double alike */
    cl_mem v[] = {c->x, c->r, c->p, c->q};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        SPMVP_CL(clEnqueueFillBuffer(c->ctx->queue, v[i], &zero, c->vs, 0,
                                     (c->n ? c->n : 1) * c->vs, 0, NULL, NULL), out);
    if ((st = spmvp_blas_cg_reset(c->blas)) ||
        (st = spmvp_blas_dot_to(c->blas, c->n, c->r, c->r, c->hist, START)) ||
        (st = enqueue_iteration(c, 0, NULL))) /* p·q = 0: a breakdown, nothing moves */
        goto out;
    SPMVP_CL(clFinish(c->ctx->queue), out);
out:
    return st;
}

/* x = 0, r = p = b (converted to the device precision; blocking writes). */
static spmvp_status start(cg_run *c, const double *b)
{
    spmvp_status st = SPMVP_OK;
    size_t n = (size_t)c->n;
    cl_double zero = 0.0;
    if (!n)
        return SPMVP_OK;
    const void *src = b;
    if (c->vs == 4) {
        for (size_t i = 0; i < n; i++)
            ((float *)c->scratch)[i] = (float)b[i];
        src = c->scratch;
    }
    SPMVP_CL(clEnqueueWriteBuffer(c->ctx->queue, c->r, CL_TRUE, 0, n * c->vs, src, 0, NULL, NULL), out);
    SPMVP_CL(clEnqueueCopyBuffer(c->ctx->queue, c->r, c->p, 0, 0, n * c->vs, 0, NULL, NULL), out);
    SPMVP_CL(clEnqueueFillBuffer(c->ctx->queue, c->x, &zero, c->vs, 0, n * c->vs, 0, NULL, NULL), out);
out:
    return st;
}

/* Value i of a history batch read back, in double. */
static double hist_value(const cg_run *c, int i)
{
    return c->vs == 8 ? ((const double *)c->hh)[i] : (double)((const float *)c->hh)[i];
}

/* The largest value t of the device precision with sqrt(t) / ||b|| <= tol, the host's test
 * of r·r = t (tol < 1, so t < b·b). sqrt, the division and the rounding to double are all
 * monotone, so r·r <= t on the device holds exactly where the host's test does: the device
 * stops at the iteration the host reports, and never earlier. */
static double threshold(size_t vs, double bnorm, double tol)
{
    double t = (tol * bnorm) * (tol * bnorm);
    if (vs == 4)
        t = (float)t;
    while (t > 0.0 && !(sqrt(t) / bnorm <= tol)) /* a rounding too high: step down */
        t = vs == 4 ? nextafterf((float)t, 0.0f) : nextafter(t, 0.0);
    for (;;) { /* and up while the next value passes too */
        double u = vs == 4 ? nextafterf((float)t, INFINITY) : nextafter(t, INFINITY);
        if (!(sqrt(u) / bnorm <= tol))
            return t;
        t = u;
    }
}

/* b·b on the device into the history's START (the r·r before the first iteration) and its
 * square root in c->bnorm: the one read back before the iterations. */
static spmvp_status norm_b(cg_run *c)
{
    spmvp_status st = SPMVP_OK;
    union { cl_float f; cl_double d; } v;
    if ((st = spmvp_blas_dot_to(c->blas, c->n, c->r, c->r, c->hist, START)))
        goto out;
    SPMVP_CL(clEnqueueReadBuffer(c->ctx->queue, c->hist, CL_TRUE, START * c->vs, c->vs, &v, 0,
                                 NULL, NULL), out);
    c->bnorm = sqrt(c->vs == 8 ? v.d : (double)v.f);
out:
    return st;
}

/* Reads the history of the m iterations from run into c->hh (one blocking read: the batch
 * does not wrap the ring, check_interval says why), then sums the batch's SpMV times into
 * *spmv_us and releases their events. */
static spmvp_status read_batch(cg_run *c, int run, int m, double *spmv_us)
{
    spmvp_status st = SPMVP_OK;
    size_t first = 2 * (size_t)(run % RING);
    SPMVP_CL(clEnqueueReadBuffer(c->ctx->queue, c->hist, CL_TRUE, first * c->vs,
                                 2 * (size_t)m * c->vs, c->hh, 0, NULL, NULL), out);
    for (int i = 0; i < m; i++) {
        double us = 0.0;
        if ((st = spmvp_event_us(c->ev[2 * i], c->ev[2 * i + 1], &us)))
            goto out;
        *spmv_us += us;
    }
out:
    release_events(c);
    return st;
}

/* Walks the batch read back (m iterations after res->iterations) as a host checking every
 * iteration would: 1 at the first breakdown or the tolerance met, with res saying which,
 * else 0 with res at the batch's last iteration. */
static int scan(const cg_run *c, double tol, int m, spmvp_cg_result *res)
{
    for (int i = 0; i < m; i++) {
        double pq = hist_value(c, 2 * i), rr = hist_value(c, 2 * i + 1);
        if (!(pq > 0.0 && isfinite(pq))) {
            res->state = SPMVP_CG_BREAKDOWN;
            res->pap = pq;
            return 1;
        }
        res->iterations++;
        res->relres = sqrt(rr) / c->bnorm;
        if (res->relres <= tol)
            return 1;
    }
    return 0;
}

/* Iterations until the history's next read, after run iterations (cg.h): 16 until 512,
 * then run / 16 rounded down to a power of two, at most RING. Every batch starts at a
 * multiple of its length m (the length doubles only at run = 32 m, a multiple of 2 m), and m
 * divides RING, so no batch wraps the ring; one cut short by max_it neither. */
static int check_interval(int run)
{
    int m = SPMVP_CG_CHECK_MIN;
    while (m < SPMVP_CG_CHECK_MAX && 2 * m <= run / 16)
        m *= 2;
    return m;
}

/* CG's recurrence from r = p = b, x = 0 (the same steps as model/sparse/cg_cpu.c), in
 * batches of iterations enqueued without a read, each followed by one read of its history. */
static spmvp_status iterate(cg_run *c, const spmvp_cg_options *o, spmvp_cg_result *res)
{
    spmvp_status st;
    res->state = SPMVP_CG_CONVERGED;
    if ((st = spmvp_blas_cg_reset(c->blas)) || (st = norm_b(c)) || !(c->bnorm > 0.0))
        return st; /* b = 0: x = 0 solves it */
    res->relres = 1.0; /* sqrt(b·b) / ||b|| */
    if (res->relres <= o->tol)
        return SPMVP_OK;
    c->thr = threshold(c->vs, c->bnorm, o->tol);
    for (;;) {
        int run = res->iterations_run, m = check_interval(run);
        if (run == o->max_it) {
            res->state = SPMVP_CG_MAX_IT;
            return SPMVP_OK;
        }
        if (m > o->max_it - run)
            m = o->max_it - run;
        for (int i = 0; i < m; i++)
            if ((st = enqueue_iteration(c, run + i, c->ev + 2 * i)))
                return st;
        if ((st = read_batch(c, run, m, &res->spmv_us)))
            return st;
        res->checks++;
        res->iterations_run += m;
        if (scan(c, o->tol, m, res))
            return SPMVP_OK;
    }
}

/* Reads x back into c->xh (double) and sets the true residual ||b - A x|| / ||b||. */
static spmvp_status check_residual(cg_run *c, const spmvp_csr *A, const double *b,
                                   spmvp_cg_result *res)
{
    spmvp_status st = SPMVP_OK;
    size_t n = (size_t)c->n;
    if (!n)
        return SPMVP_OK;
    SPMVP_CL(clEnqueueReadBuffer(c->ctx->queue, c->x, CL_TRUE, 0, n * c->vs, c->scratch, 0, NULL,
                                 NULL), out);
    for (size_t i = 0; i < n; i++)
        c->xh[i] = c->vs == 8 ? ((double *)c->scratch)[i] : (double)((float *)c->scratch)[i];
    spmvp_csr_spmv(A, c->xh, c->ax);
    double rn = 0.0, bn = 0.0;
    for (size_t i = 0; i < n; i++) {
        rn += (b[i] - c->ax[i]) * (b[i] - c->ax[i]);
        bn += b[i] * b[i];
    }
    res->true_relres = bn > 0.0 ? sqrt(rn) / sqrt(bn) : 0.0;
out:
    return st;
}

/* The solve, timed from b on the host to the last iteration finished on the device. */
static spmvp_status solve(cg_run *c, const spmvp_csr *A, const double *b,
                          const spmvp_cg_options *o, spmvp_cg_result *res)
{
    spmvp_status st = SPMVP_OK;
    double t0 = spmvp_now_us();
    if ((st = start(c, b)) || (st = iterate(c, o, res)))
        goto out;
    SPMVP_CL(clFinish(c->ctx->queue), out);
    res->solve_us = spmvp_now_us() - t0;
    res->iteration_us = res->iterations_run ? res->solve_us / res->iterations_run : 0.0;
    st = check_residual(c, A, b, res);
out:
    return st;
}

/* Releases what a run holds, in the reverse order of acquisition. */
static void release(cg_run *c)
{
    release_events(c);
    free(c->hh);
    free(c->ax);
    free(c->xh);
    free(c->scratch);
    cl_mem v[] = {c->hist, c->q, c->p, c->r, c->x};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        if (v[i])
            clReleaseMemObject(v[i]);
    spmvp_blas_free(c->blas);
    spmvp_spmv_free(c->s);
}

spmvp_status spmvp_cg_run(spmvp_context *ctx, const spmvp_csr *A, spmvp_format f,
                          const spmvp_spmv_options *opt, const double *b,
                          const spmvp_cg_options *o, double *x_out, spmvp_cg_result *res)
{
    spmvp_status st;
    cg_run c = {.ctx = ctx, .n = A->nrows, .vs = opt->value_size};
    memset(res, 0, sizeof *res);
    if (A->nrows != A->ncols)
        return spmvp_fail(SPMVP_ERR_ARG, "CG needs a square matrix, not %d x %d", (int)A->nrows,
                          (int)A->ncols);
    if (!(o->tol >= 0.0) || o->max_it < 0)
        return spmvp_fail(SPMVP_ERR_ARG, "CG needs tol >= 0 and max_it >= 0, not %g and %d",
                          o->tol, o->max_it);
    const double pin0 = ctx->stage_us;
    if ((st = spmvp_spmv_create(ctx, A, f, opt, &c.s)))
        return st;
    spmvp_spmv_setup_us(c.s, &res->convert_us, &res->upload_us);
    res->stage_us = ctx->stage_us - pin0;
    snprintf(res->params, sizeof res->params, "%s", spmvp_spmv_params(c.s));
    if ((st = check_memory(&c, res)) || (st = spmvp_blas_create(ctx, c.vs, &c.blas)) ||
        (st = vectors_create(&c)) || (st = warm_up(&c)) || (st = solve(&c, A, b, o, res)))
        goto out;
    if (x_out && c.n)
        memcpy(x_out, c.xh, (size_t)c.n * sizeof *x_out);
out:
    release(&c);
    return st;
}
