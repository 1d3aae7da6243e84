/* test_lib_cl.c: libspmvp on the caller's OpenCL objects, through include/spmvp.h as a user
 * calls it: the caller's context and in-order queue (spmvp_device_from_cl) and y = alpha*A*x +
 * beta*y on the caller's cl_mem buffers (spmvp_product_run_cl) in several formats and both
 * precisions against the CPU, beta = 0 ignoring NaN in y, and bad buffers refused with a
 * status. Skipped (77) without an OpenCL device. */
#define CL_TARGET_OPENCL_VERSION 120 /* OpenCL 1.2, as spmvp: clCreateCommandQueue */
#include <CL/cl.h>

#include "spmvp.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "test_laplacian.h"

enum { N = 20, ROWS = N * N };
static int32_t rp[ROWS + 1], ci[5 * ROWS];
static double v[5 * ROWS];
static cl_context context;
static cl_command_queue queue;
static cl_device_id dev;

/* A buffer of n values of value_size bytes from host doubles. */
static cl_mem buffer(const double *h, size_t n, size_t vs)
{
    cl_int err;
    void *tmp = malloc(n * vs);
    for (size_t i = 0; i < n; i++) {
        if (vs == 8)
            ((double *)tmp)[i] = h[i];
        else
            ((float *)tmp)[i] = (float)h[i];
    }
    cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * vs, tmp, &err);
    free(tmp);
    CHECK(err == CL_SUCCESS);
    return m;
}

static void read_back(cl_mem m, double *h, size_t n, size_t vs)
{
    void *tmp = malloc(n * vs);
    CHECK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, n * vs, tmp, 0, NULL, NULL) == CL_SUCCESS);
    for (size_t i = 0; i < n; i++)
        h[i] = vs == 8 ? ((double *)tmp)[i] : (double)((float *)tmp)[i];
    free(tmp);
}

/* y = alpha*A*x + beta*y in `format` at value size vs on the caller's buffers, against the CPU. */
static void axpby_matches_the_cpu(spmvp_device *d, const char *format, size_t vs)
{
    static double x[ROWS], y0[ROWS], y[ROWS], ax[ROWS];
    for (int i = 0; i < ROWS; i++) {
        x[i] = 1.0 + (i % 7) * 0.25;
        y0[i] = (i % 5) - 2.0;
    }
    for (int i = 0; i < ROWS; i++) {
        ax[i] = 0;
        for (int32_t k = rp[i]; k < rp[i + 1]; k++)
            ax[i] += v[k] * x[ci[k]];
    }
    spmvp_matrix *A = NULL;
    spmvp_product *p = NULL;
    CHECK(spmvp_matrix_from_csr32(ROWS, ROWS, rp, ci, v, 8, &A) == SPMVP_OK);
    spmvp_status st = spmvp_product_create(d, A, format, vs, &p);
    CHECK_MSG(st == SPMVP_OK, "%s: %s", format, spmvp_last_error());
    if (st) {
        spmvp_matrix_free(A);
        return;
    }
    cl_mem xm = buffer(x, ROWS, vs), ym = buffer(y0, ROWS, vs);
    const double cases[][2] = {{1, 0}, {2, -1}, {-0.5, 3}, {0, 2}};
    double tol = vs == 8 ? 1e-12 : 1e-5;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double a = cases[c][0], b = cases[c][1];
        clReleaseMemObject(ym);
        ym = buffer(y0, ROWS, vs);
        st = spmvp_product_run_cl(p, a, xm, b, ym);
        CHECK_MSG(st == SPMVP_OK, "%s: %s", format, spmvp_last_error());
        CHECK(clFinish(queue) == CL_SUCCESS);
        read_back(ym, y, ROWS, vs);
        double worst = 0;
        for (int i = 0; i < ROWS; i++)
            worst = fmax(worst, fabs(y[i] - (a * ax[i] + b * y0[i])) / (fabs(a * ax[i]) + fabs(b * y0[i]) + 1));
        CHECK_MSG(worst <= tol, "%s %zu: alpha %g beta %g: error %g", format, vs, a, b, worst);
    }
    /* beta = 0 never reads y: NaN there stays out */
    double nan_y[ROWS];
    for (int i = 0; i < ROWS; i++)
        nan_y[i] = NAN;
    clReleaseMemObject(ym);
    ym = buffer(nan_y, ROWS, vs);
    CHECK(spmvp_product_run_cl(p, 3.0, xm, 0.0, ym) == SPMVP_OK && clFinish(queue) == CL_SUCCESS);
    read_back(ym, y, ROWS, vs);
    int finite = 1;
    for (int i = 0; i < ROWS; i++)
        finite &= fabs(y[i] - 3 * ax[i]) <= tol * (fabs(3 * ax[i]) + 1);
    CHECK_MSG(finite, "%s %zu: beta 0 read y", format, vs);
    clReleaseMemObject(xm);
    clReleaseMemObject(ym);
    spmvp_product_free(p);
    spmvp_matrix_free(A);
}

static void bad_buffers_are_refused(spmvp_device *d)
{
    spmvp_matrix *A = NULL;
    spmvp_product *p = NULL;
    double x[ROWS] = {0};
    CHECK(spmvp_matrix_from_csr32(ROWS, ROWS, rp, ci, v, 8, &A) == SPMVP_OK);
    CHECK(spmvp_product_create(d, A, "ell", 8, &p) == SPMVP_OK);
    cl_mem xm = buffer(x, ROWS, 8), small = buffer(x, ROWS / 2, 8);
    CHECK(spmvp_product_run_cl(p, 1, xm, 0, xm) == SPMVP_ERR_ARG);     /* x == y */
    CHECK(spmvp_product_run_cl(p, 1, xm, 0, small) == SPMVP_ERR_ARG);  /* y too small */
    CHECK(strstr(spmvp_last_error(), "bytes"));
    CHECK(spmvp_product_run_cl(p, 1, small, 0, xm) == SPMVP_ERR_ARG);  /* x too small */
    CHECK(spmvp_product_run_cl(p, 1, xm, 0, NULL) == SPMVP_ERR_ARG);
    CHECK(spmvp_product_run_cl(p, NAN, xm, 0, small) == SPMVP_ERR_ARG);
    CHECK(spmvp_product_run_cl(NULL, 1, xm, 0, small) == SPMVP_ERR_ARG);
    /* a buffer of another context */
    cl_int err;
    cl_context other = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_mem foreign = other ? clCreateBuffer(other, CL_MEM_READ_WRITE, ROWS * 8, NULL, &err) : NULL;
    if (foreign) {
        CHECK(spmvp_product_run_cl(p, 1, foreign, 0, small) == SPMVP_ERR_ARG);
        cl_mem y2 = buffer(x, ROWS, 8);
        CHECK(spmvp_product_run_cl(p, 1, foreign, 0, y2) == SPMVP_ERR_ARG);
        CHECK(strstr(spmvp_last_error(), "another context"));
        clReleaseMemObject(y2);
        clReleaseMemObject(foreign);
    }
    if (other)
        clReleaseContext(other);
    spmvp_device *bad = (spmvp_device *)1;
    CHECK(spmvp_device_from_cl(context, NULL, &bad) == SPMVP_ERR_ARG && bad == NULL);
    clReleaseMemObject(xm);
    clReleaseMemObject(small);
    spmvp_product_free(p);
    spmvp_matrix_free(A);
}

int main(void)
{
    cl_platform_id plats[8];
    cl_uint np = 0;
    dev = NULL;
    if (clGetPlatformIDs(8, plats, &np) != CL_SUCCESS)
        np = 0;
    /* the first GPU, as spmvp_device_open picks, else the first device */
    for (cl_uint i = 0; i < np && !dev; i++)
        if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS)
            dev = NULL;
    for (cl_uint i = 0; i < np && !dev; i++)
        if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS)
            dev = NULL;
    if (!dev) {
        printf("no OpenCL device: skipped\n");
        return 77;
    }
    cl_int err;
    context = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    queue = context ? clCreateCommandQueue(context, dev, 0, &err) : NULL;
    if (!queue) {
        printf("no context or queue (%d): skipped\n", (int)err);
        return 77;
    }
    laplacian5(N, rp, ci, v);
    spmvp_device *d = NULL;
    spmvp_status st = spmvp_device_from_cl(context, queue, &d);
    CHECK_MSG(st == SPMVP_OK, "%s", spmvp_last_error());
    /* spmvp keeps its own references: the caller may release its own now */
    clReleaseCommandQueue(queue);
    if (d) {
        printf("device: %s\n", spmvp_device_name(d));
        const char *formats[] = {"csr_vector", "ell", "coo", "sell", "csr_adaptive"};
        for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
            axpby_matches_the_cpu(d, formats[i], 8);
            axpby_matches_the_cpu(d, formats[i], 4);
        }
        bad_buffers_are_refused(d);
        /* an empty matrix: nothing to compute, no buffer needed */
        int32_t rp0[1] = {0};
        spmvp_matrix *E = NULL;
        spmvp_product *pe = NULL;
        CHECK(spmvp_matrix_from_csr32(0, 0, rp0, NULL, NULL, 8, &E) == SPMVP_OK);
        CHECK(spmvp_product_create(d, E, "csr_vector", 8, &pe) == SPMVP_OK);
        CHECK(spmvp_product_run_cl(pe, 2, NULL, 1, NULL) == SPMVP_OK);
        spmvp_product_free(pe);
        spmvp_matrix_free(E);
    }
    spmvp_device_free(d);
    clReleaseContext(context);
    return test_report();
}
