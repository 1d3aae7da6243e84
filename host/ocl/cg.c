/* cg.c: conjugate gradients on the device (cg.h): the vectors x, r, p, q in device buffers,
 * q = A p through the format's own kernels, the scalars of two dots per iteration read back;
 * then the true residual recomputed on the host in double. */
#include "cg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "blas.h"
#include "clcheck.h"

typedef struct cg_run {
    spmvp_context *ctx;  /* not owned */
    spmvp_idx n;         /* rows = columns */
    size_t vs;           /* value size on the device */
    spmvp_spmv *s;       /* A on the device (owned) */
    spmvp_blas *blas;    /* the vector kernels (owned) */
    cl_mem x, r, p, q;   /* CG's vectors, n values each (owned) */
    void *scratch;       /* host: b or x in the device precision (n values of vs bytes) */
    double *xh, *ax;     /* host: x read back and A x in double (n values each) */
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
    res->device_bytes = fmt + 4 * vec + (SPMVP_DOT_MAX_GROUPS + 1) * c->vs;
    if (vec > di->max_alloc)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "a CG vector needs %zu bytes, above the device's "
                          "max allocation of %llu bytes", vec, (unsigned long long)di->max_alloc);
    if (res->device_bytes > di->global_mem)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "CG needs %zu bytes of device memory (the matrix "
                          "%zu, four vectors %zu), the device has %llu", res->device_bytes, fmt,
                          4 * vec, (unsigned long long)di->global_mem);
    return spmvp_host_check(NULL, "CG's host vectors",
                            spmvp_bytes_mul((uint64_t)c->n, 2 * sizeof(double) + c->vs));
}

/* The four device vectors and the host's three. */
static spmvp_status vectors_create(cg_run *c)
{
    spmvp_status st = SPMVP_OK;
    size_t n = c->n ? (size_t)c->n : 1; /* OpenCL refuses empty buffers */
    cl_mem *v[] = {&c->x, &c->r, &c->p, &c->q};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        SPMVP_CL_ASSIGN(*v[i], clCreateBuffer(c->ctx->context, CL_MEM_READ_WRITE, n * c->vs, NULL,
                                              &err_), out);
    c->scratch = malloc(n * c->vs);
    c->xh = malloc(n * sizeof *c->xh);
    c->ax = malloc(n * sizeof *c->ax);
    if (!c->scratch || !c->xh || !c->ax)
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for CG's host vectors of %zu values", n);
out:
    return st;
}

/* Runs every kernel once on zeros and waits, so that what a runtime defers to a kernel's
 * first launch (PoCL compiles each work-group size then) is setup, not solve time. */
static spmvp_status warm_up(cg_run *c)
{
    spmvp_status st = SPMVP_OK;
    double dot;
    cl_double zero = 0.0; /* all-zero bits: 0 in float and double alike */
    SPMVP_CL(clEnqueueFillBuffer(c->ctx->queue, c->x, &zero, c->vs, 0, (c->n ? c->n : 1) * c->vs,
                                 0, NULL, NULL), out);
    if ((st = spmvp_spmv_enqueue_on(c->s, c->x, c->q, NULL, NULL)) ||
        (st = spmvp_blas_axpy(c->blas, c->n, 0.0, c->q, c->x)) ||
        (st = spmvp_blas_aypx(c->blas, c->n, 0.0, c->q, c->x)) ||
        (st = spmvp_blas_dot(c->blas, c->n, c->x, c->q, &dot)))
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

/* q = A p and *pq = p·q; the SpMV's kernels' device time is added to *spmv_us (complete by
 * then: the dot's blocking read waited for them in the in-order queue). */
static spmvp_status product(cg_run *c, double *pq, double *spmv_us)
{
    cl_event e0 = NULL, e1 = NULL;
    double us = 0.0;
    spmvp_status st = spmvp_spmv_enqueue_on(c->s, c->p, c->q, &e0, &e1);
    if (!st)
        st = spmvp_blas_dot(c->blas, c->n, c->p, c->q, pq);
    if (!st)
        st = spmvp_event_us(e0, e1, &us);
    *spmv_us += us;
    if (e0)
        clReleaseEvent(e0);
    if (e1)
        clReleaseEvent(e1);
    return st;
}

/* CG's recurrence from r = p = b, x = 0 (the same steps as model/sparse/cg_cpu.c). */
static spmvp_status iterate(cg_run *c, const spmvp_cg_options *o, spmvp_cg_result *res)
{
    double rr, pq;
    spmvp_status st = spmvp_blas_dot(c->blas, c->n, c->r, c->r, &rr);
    double bnorm = sqrt(rr);
    res->state = SPMVP_CG_CONVERGED;
    if (st || !(bnorm > 0.0))
        return st; /* b = 0: x = 0 solves it */
    res->relres = sqrt(rr) / bnorm;
    while (!(res->relres <= o->tol)) {
        if (res->iterations == o->max_it) {
            res->state = SPMVP_CG_MAX_IT;
            break;
        }
        if ((st = product(c, &pq, &res->spmv_us)))
            return st;
        if (!(pq > 0.0 && isfinite(pq))) {
            res->state = SPMVP_CG_BREAKDOWN;
            res->pap = pq;
            break;
        }
        double alpha = rr / pq, rr_new;
        if ((st = spmvp_blas_axpy(c->blas, c->n, alpha, c->p, c->x)) ||  /* x += alpha p */
            (st = spmvp_blas_axpy(c->blas, c->n, -alpha, c->q, c->r)) || /* r -= alpha q */
            (st = spmvp_blas_dot(c->blas, c->n, c->r, c->r, &rr_new)))
            return st;
        double beta = rr_new / rr;
        rr = rr_new;
        res->relres = sqrt(rr) / bnorm;
        res->iterations++;
        if (res->relres <= o->tol)
            break; /* the last p is never used */
        if ((st = spmvp_blas_aypx(c->blas, c->n, beta, c->r, c->p))) /* p = r + beta p */
            return st;
    }
    return st;
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
    res->iteration_us = res->iterations ? res->solve_us / res->iterations : 0.0;
    st = check_residual(c, A, b, res);
out:
    return st;
}

/* Releases what a run holds, in the reverse order of acquisition. */
static void release(cg_run *c)
{
    free(c->ax);
    free(c->xh);
    free(c->scratch);
    cl_mem v[] = {c->q, c->p, c->r, c->x};
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
    cg_run c = {ctx, A->nrows, opt->value_size, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    memset(res, 0, sizeof *res);
    if (A->nrows != A->ncols)
        return spmvp_fail(SPMVP_ERR_ARG, "CG needs a square matrix, not %d x %d", (int)A->nrows,
                          (int)A->ncols);
    if (!(o->tol >= 0.0) || o->max_it < 0)
        return spmvp_fail(SPMVP_ERR_ARG, "CG needs tol >= 0 and max_it >= 0, not %g and %d",
                          o->tol, o->max_it);
    if ((st = spmvp_spmv_create(ctx, A, f, opt, &c.s)))
        return st;
    spmvp_spmv_setup_us(c.s, &res->convert_us, &res->upload_us);
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
