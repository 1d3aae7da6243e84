/* test_cl_cg.c: conjugate gradients on the default OpenCL device (PoCL in CI): the dot product
 * is exact enough and gives the same bits every run, the vector updates match the CPU, and
 * the solver agrees with the CPU's CG (model/sparse/cg_cpu.h), gives the same bits every run,
 * reports the iteration that met the tolerance between two reads of its history with the x
 * of that iteration, and refuses or reports what it cannot solve. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stage.h"
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

/* max |x_i - 1| over n values */
static double max_error(const double *x, spmvp_idx n)
{
    double err = 0;
    for (spmvp_idx i = 0; i < n; i++)
        err = fmax(err, fabs(x[i] - 1.0));
    return err;
}

/* The device's CG on A in format f, double, against the CPU's: converged within 3
 * iterations of it, a true residual of 1e-7, at most one check interval run past the
 * iterations reported, the same bits of x on a second run. */
static void converges_like_the_cpu(const char *name, const spmvp_csr *A, spmvp_format f)
{
    double *b = rhs(A), *x = malloc((size_t)A->nrows * sizeof *x), *x2 = malloc((size_t)A->nrows * sizeof *x2);
    spmvp_cg_cpu_result c;
    spmvp_cg_options o = spmvp_cg_defaults();
    spmvp_spmv_options so = spmvp_spmv_defaults(8);
    spmvp_cg_result r, r2;
    const char *fn = spmvp_format_name(f);
    CHECK(spmvp_cg_cpu(A, b, o.tol, o.max_it, NULL, &c) == SPMVP_OK && c.state == SPMVP_CG_CONVERGED);
    CHECK(spmvp_cg_run(ctx, A, f, &so, b, &o, x, &r) == SPMVP_OK);
    CHECK_MSG(r.state == SPMVP_CG_CONVERGED && abs(r.iterations - c.iterations) <= 3,
              "%s %s: %d iterations, the CPU %d", name, fn, r.iterations, c.iterations);
    int interval = r.iterations / 16 > SPMVP_CG_CHECK_MIN ? r.iterations / 16 : SPMVP_CG_CHECK_MIN;
    CHECK_MSG(r.iterations_run >= r.iterations && r.iterations_run - r.iterations < interval &&
              r.checks >= 1 && r.checks <= (r.iterations_run + SPMVP_CG_CHECK_MIN - 1) / SPMVP_CG_CHECK_MIN,
              "%s %s: %d iterations, %d run, %d reads", name, fn, r.iterations, r.iterations_run, r.checks);
    CHECK_MSG(r.true_relres <= 1e-7 && r.relres <= o.tol, "%s %s: %g %g", name, fn, r.true_relres, r.relres);
    CHECK_MSG(max_error(x, A->nrows) < 1e-6, "%s %s: max error %g", name, fn, max_error(x, A->nrows));
    CHECK(r.solve_us > 0 && r.spmv_us > 0 && r.spmv_us < r.solve_us && r.iteration_us > 0);
    CHECK(fabs(r.iteration_us * r.iterations_run - r.solve_us) <= 1e-6 * r.solve_us);
    CHECK(r.device_bytes > 4 * (size_t)A->nrows * 8 && r.params[0] != '\0');
    /* the same bits the second time: the dots do not depend on timing */
    CHECK(spmvp_cg_run(ctx, A, f, &so, b, &o, x2, &r2) == SPMVP_OK);
    CHECK(r2.iterations == r.iterations && r2.iterations_run == r.iterations_run &&
          memcmp(&r2.relres, &r.relres, sizeof r.relres) == 0);
    CHECK_MSG(memcmp(x, x2, (size_t)A->nrows * sizeof *x) == 0, "%s %s: x differs between runs", name, fn);
    free(x2);
    free(x);
    free(b);
}

static void cg_should_converge_like_the_cpu(void)
{
    if (!ctx->info.fp64)
        return;
    spmvp_csr *A2 = spmvp_stencil(20, 20, 1, 5), *A3 = spmvp_stencil(8, 8, 8, 7);
    spmvp_format fs[] = {SPMVP_CSR_VECTOR, SPMVP_COO, SPMVP_ELL};
    for (size_t k = 0; k < sizeof fs / sizeof fs[0]; k++) {
        converges_like_the_cpu("laplace2d:20", A2, fs[k]);
        converges_like_the_cpu("laplace3d:8", A3, fs[k]);
    }
    spmvp_csr_free(A3);
    spmvp_csr_free(A2);
    /* past 512 iterations the history is read every 32 */
    spmvp_csr *L = spmvp_stencil(300, 300, 1, 5);
    converges_like_the_cpu("laplace2d:300", L, SPMVP_CSR_VECTOR);
    spmvp_csr_free(L);
}

/* laplace2d:20 meets 1e-8 at iteration 38, between the reads after 32 and 48: the device runs
 * to 48 but reports 38, with the x and the residual of iteration 38, the same bits as a solve
 * told to stop there (max_it 38: one read, after 16, 32 and 38); and max_it between two reads
 * stops there. */
static void cg_should_report_the_iteration_between_two_checks(void)
{
    size_t vs = ctx->info.fp64 ? 8 : 4;
    spmvp_csr *A = spmvp_stencil(20, 20, 1, 5);
    double *b = rhs(A), x[400], xk[400];
    spmvp_cg_options o = spmvp_cg_defaults();
    spmvp_spmv_options so = spmvp_spmv_defaults(vs);
    spmvp_cg_result r, rk;
    if (vs == 4)
        o.tol = 1e-4;
    CHECK(spmvp_cg_run(ctx, A, SPMVP_CSR_VECTOR, &so, b, &o, x, &r) == SPMVP_OK);
    CHECK_MSG(r.state == SPMVP_CG_CONVERGED && r.iterations % SPMVP_CG_CHECK_MIN != 0 &&
              r.iterations_run > r.iterations && r.iterations_run % SPMVP_CG_CHECK_MIN == 0 &&
              r.checks == r.iterations_run / SPMVP_CG_CHECK_MIN,
              "%d iterations, %d run, %d reads", r.iterations, r.iterations_run, r.checks);
    o.max_it = r.iterations;
    CHECK(spmvp_cg_run(ctx, A, SPMVP_CSR_VECTOR, &so, b, &o, xk, &rk) == SPMVP_OK);
    CHECK_MSG(rk.state == SPMVP_CG_CONVERGED && rk.iterations == r.iterations &&
              rk.iterations_run == r.iterations, "max_it %d: %d iterations, %d run", o.max_it,
              rk.iterations, rk.iterations_run);
    CHECK(memcmp(&rk.relres, &r.relres, sizeof r.relres) == 0 &&
          memcmp(&rk.true_relres, &r.true_relres, sizeof r.true_relres) == 0);
    CHECK_MSG(memcmp(x, xk, sizeof x) == 0, "x after %d run differs from x after %d",
              r.iterations_run, rk.iterations_run);
    o.max_it = 20; /* one read after 16, one after 20 */
    CHECK(spmvp_cg_run(ctx, A, SPMVP_CSR_VECTOR, &so, b, &o, NULL, &rk) == SPMVP_OK);
    CHECK_MSG(rk.state == SPMVP_CG_MAX_IT && rk.iterations == 20 && rk.iterations_run == 20 &&
              rk.checks == 2 && rk.relres > o.tol, "%s after %d, %d run, %d reads",
              spmvp_cg_state_name(rk.state), rk.iterations, rk.iterations_run, rk.checks);
    free(b);
    spmvp_csr_free(A);
}

/* Erdos971 is symmetric and indefinite: the device breaks down where the CPU does. */
static void cg_should_break_down_on_an_indefinite_matrix(void)
{
    spmvp_csr *A = NULL;
    CHECK_MSG(spmvp_mm_read(SPMVP_SOURCE_DIR "/matrices/Erdos971.mtx.gz", &A) == SPMVP_OK, "%s",
              spmvp_last_error());
    if (!A)
        return;
    size_t vs = ctx->info.fp64 ? 8 : 4;
    double *b = rhs(A);
    spmvp_cg_cpu_result c;
    spmvp_cg_options o = spmvp_cg_defaults();
    spmvp_spmv_options so = spmvp_spmv_defaults(vs);
    spmvp_cg_result r;
    CHECK(spmvp_cg_cpu(A, b, o.tol, o.max_it, NULL, &c) == SPMVP_OK && c.state == SPMVP_CG_BREAKDOWN);
    CHECK(spmvp_cg_run(ctx, A, SPMVP_CSR_VECTOR, &so, b, &o, NULL, &r) == SPMVP_OK);
    CHECK_MSG(r.state == SPMVP_CG_BREAKDOWN && r.pap <= 0 && r.iterations_run > r.iterations &&
              (vs == 4 || r.iterations == c.iterations) && isfinite(r.true_relres),
              "%s after %d iterations (%d run), p.Ap %g; the CPU after %d",
              spmvp_cg_state_name(r.state), r.iterations, r.iterations_run, r.pap, c.iterations);
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
    CHECK(r.state == SPMVP_CG_BREAKDOWN && r.iterations == 0 && r.pap <= 0 &&
          r.iterations_run == SPMVP_CG_CHECK_MIN && r.checks == 1);
    CHECK(spmvp_cg_run(ctx, D, SPMVP_CSR_SCALAR, &so, zero, &o, NULL, &r) == SPMVP_OK);
    CHECK(r.state == SPMVP_CG_CONVERGED && r.iterations == 0 && r.iterations_run == 0 &&
          r.checks == 0 && r.true_relres == 0);
    o.tol = -1;
    CHECK(spmvp_cg_run(ctx, D, SPMVP_CSR_SCALAR, &so, b, &o, NULL, &r) == SPMVP_ERR_ARG);
    spmvp_csr_free(D);
}

/* The staging rule inside CG (stage.h): the solve whose upload crosses SPMVP_STAGE_PIN_BYTES
 * pins the chunks, reports that once-per-context cost in stage_us (not in upload_us), and
 * gets the bits of the pageable solve; the next solve on the context stages without pinning
 * again. PoCL stages nothing (stage_bytes 0), so stage_bytes 1 makes every array stageable,
 * as test_cl_kernels does, and stage_seen is set just below the threshold. */
static void cg_should_report_the_pin_its_upload_paid_once(void)
{
    if (!ctx->info.fp64)
        return;
    spmvp_csr *A = spmvp_stencil(20, 20, 1, 5);
    double *b = rhs(A), *x0 = malloc((size_t)A->nrows * sizeof *x0), *x1 = malloc((size_t)A->nrows * sizeof *x1);
    spmvp_cg_options o = spmvp_cg_defaults();
    spmvp_spmv_options so = spmvp_spmv_defaults(8);
    spmvp_cg_result r0, r1, r2;
    spmvp_context *c = NULL;
    CHECK(spmvp_cli_open(getenv("SPMVP_TEST_DEVICE"), NULL, &c) == SPMVP_OK);
    if (!c || !x0 || !x1)
        goto out;
    CHECK(spmvp_cg_run(c, A, SPMVP_CSR_VECTOR, &so, b, &o, x0, &r0) == SPMVP_OK);
    CHECK(r0.stage_us == 0 && c->stage == NULL); /* the CPU device: nothing staged */
    c->info.stage_bytes = 1;
    c->stage_seen = SPMVP_STAGE_PIN_BYTES - 1;
    CHECK(spmvp_cg_run(c, A, SPMVP_CSR_VECTOR, &so, b, &o, x1, &r1) == SPMVP_OK);
    CHECK_MSG(c->stage != NULL && r1.stage_us > 0 && r1.stage_us == c->stage_us,
              "pinned %d, stage_us %g (context %g)", c->stage != NULL, r1.stage_us, c->stage_us);
    CHECK(r1.iterations == r0.iterations && memcmp(x0, x1, (size_t)A->nrows * sizeof *x0) == 0);
    CHECK(spmvp_cg_run(c, A, SPMVP_CSR_VECTOR, &so, b, &o, NULL, &r2) == SPMVP_OK);
    CHECK(r2.stage_us == 0 && r2.iterations == r0.iterations);
out:
    spmvp_context_free(c);
    free(x1);
    free(x0);
    free(b);
    spmvp_csr_free(A);
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
    RUN(cg_should_report_the_iteration_between_two_checks);
    RUN(cg_should_break_down_on_an_indefinite_matrix);
    RUN(cg_should_refuse_or_report_what_it_cannot_solve);
    RUN(cg_should_report_the_pin_its_upload_paid_once);
    spmvp_context_free(ctx);
    return test_report();
}
