/* test_cl_cg.c: conjugate gradients on the default OpenCL device (PoCL in CI): the dot product
 * is exact enough and gives the same bits every run, the vector updates match the CPU, and
 * the solver agrees with the CPU's CG (model/sparse/cg_cpu.h) and refuses what it cannot do. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "test.h"

static spmvp_context *ctx;

/* A device buffer holding v[0..n) in the precision vs (blocking). */
static cl_mem upload(const double *v, size_t n, size_t vs)
{
    cl_int err;
    void *h = malloc(n * vs);
    for (size_t i = 0; i < n; i++)
        if (vs == 8)
            ((double *)h)[i] = v[i];
        else
            ((float *)h)[i] = (float)v[i];
    cl_mem m = clCreateBuffer(ctx->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * vs, h, &err);
    free(h);
    return err == CL_SUCCESS ? m : NULL;
}

static void download(cl_mem m, double *v, size_t n, size_t vs)
{
    void *h = malloc(n * vs);
    CHECK(clEnqueueReadBuffer(ctx->queue, m, CL_TRUE, 0, n * vs, h, 0, NULL, NULL) == CL_SUCCESS);
    for (size_t i = 0; i < n; i++)
        v[i] = vs == 8 ? ((double *)h)[i] : ((float *)h)[i];
    free(h);
}

static void dot_should_be_accurate_and_the_same_every_run(void)
{
    /* more than SPMVP_DOT_MAX_GROUPS x 256 values: the grid-stride loop runs more than once */
    enum { N = 300001 };
    double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    long double exact = 0;
    for (int i = 0; i < N; i++) {
        x[i] = ((i * 37) % 101 - 50) / 64.0; /* exact in float and double */
        y[i] = ((i * 53) % 89 - 44) / 32.0;
        exact += (long double)x[i] * y[i];
    }
    for (size_t vs = 4; vs <= 8; vs += 4) {
        if (vs == 8 && !ctx->info.fp64)
            continue;
        spmvp_blas *b = NULL;
        CHECK(spmvp_blas_create(ctx, vs, &b) == SPMVP_OK);
        cl_mem dx = upload(x, N, vs), dy = upload(y, N, vs);
        double d1 = 0, d2 = 1, dn = 0;
        CHECK(b && dx && dy);
        CHECK(spmvp_blas_dot(b, N, dx, dy, &d1) == SPMVP_OK);
        CHECK(spmvp_blas_dot(b, N, dx, dy, &d2) == SPMVP_OK);
        CHECK_MSG(memcmp(&d1, &d2, sizeof d1) == 0, "%.17g then %.17g", d1, d2);
        double tol = (vs == 8 ? 1e-12 : 1e-4) * fabsl(exact) + (vs == 8 ? 1e-9 : 1.0);
        CHECK_MSG(fabs(d1 - (double)exact) <= tol, "vs %zu: %.17g, exact %.17Lg", vs, d1, exact);
        CHECK(spmvp_blas_dot(b, 1, dx, dx, &dn) == SPMVP_OK && dn == x[0] * x[0]);
        CHECK(spmvp_blas_dot(b, 0, dx, dx, &dn) == SPMVP_OK && dn == 0);
        clReleaseMemObject(dx);
        clReleaseMemObject(dy);
        spmvp_blas_free(b);
    }
    free(x);
    free(y);
}

static void axpy_and_aypx_should_match_the_cpu(void)
{
    enum { N = 1000 };
    double x[N], y[N], got[N];
    for (int i = 0; i < N; i++) {
        x[i] = (i % 17) / 8.0;
        y[i] = (i % 13) / 4.0;
    }
    spmvp_blas *b = NULL;
    size_t vs = ctx->info.fp64 ? 8 : 4;
    CHECK(spmvp_blas_create(ctx, vs, &b) == SPMVP_OK);
    cl_mem dx = upload(x, N, vs), dy = upload(y, N, vs);
    CHECK(spmvp_blas_axpy(b, N, 0.5, dx, dy) == SPMVP_OK); /* y += 0.5 x */
    download(dy, got, N, vs);
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += got[i] != y[i] + 0.5 * x[i];
    CHECK_MSG(bad == 0, "%d axpy values differ", bad);
    CHECK(spmvp_blas_aypx(b, N - 1, -2.0, dx, dy) == SPMVP_OK); /* y = x - 2 y, the last kept */
    double prev[N];
    memcpy(prev, got, sizeof prev);
    download(dy, got, N, vs);
    bad = 0;
    for (int i = 0; i < N - 1; i++)
        bad += got[i] != x[i] - 2.0 * prev[i];
    CHECK_MSG(bad == 0 && got[N - 1] == prev[N - 1], "%d aypx values differ", bad);
    clReleaseMemObject(dx);
    clReleaseMemObject(dy);
    spmvp_blas_free(b);
}

/* b = A*ones */
static double *rhs(const spmvp_csr *A)
{
    double *ones = malloc(((size_t)A->nrows + 1) * sizeof *ones), *b = malloc(((size_t)A->nrows + 1) * sizeof *b);
    for (spmvp_idx i = 0; i < A->nrows; i++)
        ones[i] = 1.0;
    spmvp_csr_spmv(A, ones, b);
    free(ones);
    return b;
}

static void cg_should_converge_like_the_cpu(void)
{
    if (!ctx->info.fp64)
        return;
    spmvp_csr *A = spmvp_stencil(20, 20, 1, 5);
    double *b = rhs(A), *x = malloc(400 * sizeof *x);
    spmvp_cg_cpu_result c;
    spmvp_cg_options o = spmvp_cg_defaults();
    CHECK(spmvp_cg_cpu(A, b, o.tol, o.max_it, NULL, &c) == SPMVP_OK && c.state == SPMVP_CG_CONVERGED);
    spmvp_format fs[] = {SPMVP_CSR_VECTOR, SPMVP_COO, SPMVP_ELL};
    for (size_t k = 0; k < sizeof fs / sizeof fs[0]; k++) {
        spmvp_spmv_options so = spmvp_spmv_defaults(8);
        spmvp_cg_result r, r2;
        CHECK(spmvp_cg_run(ctx, A, fs[k], &so, b, &o, x, &r) == SPMVP_OK);
        CHECK_MSG(r.state == SPMVP_CG_CONVERGED && abs(r.iterations - c.iterations) <= 3,
                  "%s: %d iterations, the CPU %d", spmvp_format_name(fs[k]), r.iterations, c.iterations);
        CHECK_MSG(r.true_relres <= 1e-7 && r.relres <= o.tol, "%s: %g %g", spmvp_format_name(fs[k]),
                  r.true_relres, r.relres);
        double err = 0;
        for (int i = 0; i < 400; i++)
            err = fmax(err, fabs(x[i] - 1.0));
        CHECK_MSG(err < 1e-6, "%s: max error %g", spmvp_format_name(fs[k]), err);
        CHECK(r.solve_us > 0 && r.spmv_us > 0 && r.spmv_us < r.solve_us && r.iteration_us > 0);
        CHECK(r.device_bytes > 4 * 400 * 8 && r.params[0] != '\0');
        /* the same bits the second time: the dots do not depend on timing */
        CHECK(spmvp_cg_run(ctx, A, fs[k], &so, b, &o, NULL, &r2) == SPMVP_OK);
        CHECK(r2.iterations == r.iterations && memcmp(&r2.relres, &r.relres, sizeof r.relres) == 0);
    }
    free(x);
    free(b);
    spmvp_csr_free(A);
}

static void cg_should_refuse_or_report_what_it_cannot_solve(void)
{
    spmvp_spmv_options so = spmvp_spmv_defaults(4);
    spmvp_cg_options o = spmvp_cg_defaults();
    spmvp_cg_result r;
    double b[3] = {1, 1, 1}, zero[3] = {0, 0, 0};
    spmvp_idx ri[] = {0, 1, 2}, ci[] = {0, 1, 1};
    double v[] = {1, -1, 2};
    spmvp_csr *R = spmvp_csr_from_triplets(3, 2, 3, ri, ci, v); /* 3 x 2 */
    CHECK(spmvp_cg_run(ctx, R, SPMVP_CSR_VECTOR, &so, b, &o, NULL, &r) == SPMVP_ERR_ARG);
    CHECK(strstr(spmvp_last_error(), "square") != NULL);
    spmvp_csr_free(R);
    spmvp_idx di[] = {0, 1}, dc[] = {0, 1};
    double dv[] = {1, -1};
    spmvp_csr *D = spmvp_csr_from_triplets(2, 2, 2, di, dc, dv); /* diag(1, -1): indefinite */
    CHECK(spmvp_cg_run(ctx, D, SPMVP_CSR_SCALAR, &so, b, &o, NULL, &r) == SPMVP_OK);
    CHECK(r.state == SPMVP_CG_BREAKDOWN && r.iterations == 0 && r.pap <= 0);
    CHECK(spmvp_cg_run(ctx, D, SPMVP_CSR_SCALAR, &so, zero, &o, NULL, &r) == SPMVP_OK);
    CHECK(r.state == SPMVP_CG_CONVERGED && r.iterations == 0 && r.true_relres == 0);
    o.tol = -1;
    CHECK(spmvp_cg_run(ctx, D, SPMVP_CSR_SCALAR, &so, b, &o, NULL, &r) == SPMVP_ERR_ARG);
    spmvp_csr_free(D);
}

int main(void)
{
    if (spmvp_cli_open(getenv("SPMVP_TEST_DEVICE"), NULL, &ctx)) {
        fprintf(stderr, "no OpenCL device: %s\n", spmvp_last_error());
        return 1;
    }
    printf("device: %s (%s), fp64 %s\n", ctx->info.name, ctx->info.platform_name,
           ctx->info.fp64 ? "yes" : "no");
    RUN(dot_should_be_accurate_and_the_same_every_run);
    RUN(axpy_and_aypx_should_match_the_cpu);
    RUN(cg_should_converge_like_the_cpu);
    RUN(cg_should_refuse_or_report_what_it_cannot_solve);
    spmvp_context_free(ctx);
    return test_report();
}
