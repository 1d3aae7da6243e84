/* predict_csr.c: libspmvp from a user's side: a 2-D Laplacian in CSR arrays, each format's
 * predicted time on a device profile and the recommendation, with a trained profile the advice
 * for 10 and 10,000 products, then, where an OpenCL device is found, one product in the
 * recommended format checked against the CPU.
 *
 *   predict_csr PROFILE.json [N]     (the N x N grid's Laplacian; N = 100)
 *
 * Build against an installed spmvp:
 *   cc -std=c11 predict_csr.c $(pkg-config --cflags --libs spmvp) -lm -o predict_csr
 * or with CMake: cmake -S examples -B build-ex -DCMAKE_PREFIX_PATH=PREFIX (CMakeLists.txt). */
#include <spmvp.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The 5-point Laplacian of an n x n grid: rows n*n, entries 4 on the diagonal, -1 beside. */
static int32_t laplacian(int32_t n, int32_t *rowptr, int32_t *colidx, double *val)
{
    int32_t k = 0;
    rowptr[0] = 0;
    for (int32_t i = 0; i < n * n; i++) {
        int32_t r = i / n, c = i % n;
        int32_t nb[5] = {r > 0 ? i - n : -1, c > 0 ? i - 1 : -1, i, c < n - 1 ? i + 1 : -1,
                         r < n - 1 ? i + n : -1}; /* in increasing column order */
        for (int j = 0; j < 5; j++)
            if (nb[j] >= 0) {
                colidx[k] = nb[j];
                val[k++] = nb[j] == i ? 4.0 : -1.0;
            }
        rowptr[i + 1] = k;
    }
    return k;
}

static int fail(const char *what, spmvp_status st)
{
    fprintf(stderr, "predict_csr: %s: %s (%s)\n", what, spmvp_last_error(), spmvp_strerror(st));
    return 1;
}

/* Runs A in `format` on the first device, compares y with the CPU; 0 when they agree. */
static int run_on_device(const spmvp_matrix *A, const char *format, const int32_t *rowptr,
                         const int32_t *colidx, const double *val)
{
    spmvp_device *dev = NULL;
    spmvp_status st = spmvp_device_open(NULL, &dev);
    if (st == SPMVP_ERR_NO_DEVICE) {
        printf("no OpenCL device: %s\n", spmvp_last_error());
        return 0;
    }
    if (st)
        return fail("device", st);
    int64_t n = spmvp_matrix_rows(A);
    double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    spmvp_product *p = NULL;
    int rc = 1;
    if (!x || !y) {
        fprintf(stderr, "predict_csr: out of memory\n");
        goto out;
    }
    for (int64_t i = 0; i < n; i++)
        x[i] = 1.0 + (double)(i % 10) / 10;
    if ((st = spmvp_product_create(dev, A, format, 8, &p)) || (st = spmvp_product_run(p, x, y))) {
        fail(format, st);
        goto out;
    }
    double worst = 0;
    for (int64_t i = 0; i < n; i++) {
        double ref = 0;
        for (int32_t k = rowptr[i]; k < rowptr[i + 1]; k++)
            ref += val[k] * x[colidx[k]];
        worst = fmax(worst, fabs(y[i] - ref));
    }
    printf("ran %s (%s) on %s: largest difference from the CPU %.3g\n", format,
           spmvp_product_params(p), spmvp_device_name(dev), worst);
    rc = worst <= 1e-12 ? 0 : 1;
    if (rc)
        fprintf(stderr, "predict_csr: the device's y differs from the CPU's\n");
out:
    spmvp_product_free(p);
    spmvp_device_free(dev);
    free(x);
    free(y);
    return rc;
}

/* With a trained profile: the configuration for a solver's 10 and 10,000 products, counting
 * conversion and upload (spmvp advise). Untrained profiles have no ranking: nothing printed. */
static void print_advice(const spmvp_profile *prof, const spmvp_matrix *A)
{
    spmvp_ranking *r = NULL;
    if (spmvp_rank(prof, 8, A, &r))
        return;
    const long long counts[] = {10, 10000};
    for (int j = 0; j < 2; j++) {
        int i = spmvp_advise(r, counts[j]);
        if (i >= 0)
            printf("for %lld products: %s %s (setup %.0f us, then %.2f us each)\n", counts[j],
                   spmvp_ranking_format(r, i), spmvp_ranking_mapping(r, i),
                   spmvp_ranking_setup_us(r, i), spmvp_ranking_us(r, i));
    }
    spmvp_ranking_free(r);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: predict_csr PROFILE.json [N]\n");
        return 2;
    }
    int32_t n = argc == 3 ? (int32_t)atoi(argv[2]) : 100;
    if (n < 1 || n > 4000) {
        fprintf(stderr, "predict_csr: N must be 1..4000\n");
        return 2;
    }
    size_t rows = (size_t)n * (size_t)n;
    int32_t *rowptr = malloc((rows + 1) * sizeof *rowptr);
    int32_t *colidx = malloc(5 * rows * sizeof *colidx);
    double *val = malloc(5 * rows * sizeof *val);
    spmvp_matrix *A = NULL;
    spmvp_profile *prof = NULL;
    spmvp_estimate *e = NULL;
    spmvp_status st;
    int rc = 1;
    if (!rowptr || !colidx || !val) {
        fprintf(stderr, "predict_csr: out of memory\n");
        goto out;
    }
    laplacian(n, rowptr, colidx, val);
    printf("spmvp %s: %d x %d Laplacian, %lld rows\n", spmvp_version(), (int)n, (int)n,
           (long long)rows);
    if ((st = spmvp_matrix_from_csr32((int64_t)rows, (int64_t)rows, rowptr, colidx, val, 8, &A))) {
        rc = fail("matrix", st);
        goto out;
    }
    if ((st = spmvp_profile_open(argv[1], &prof)) || (st = spmvp_predict(prof, 8, A, &e))) {
        rc = fail(argv[1], st);
        goto out;
    }
    for (int i = 0; i < spmvp_estimate_count(e); i++) {
        double us = spmvp_estimate_us(e, i);
        if (isnan(us))
            printf("  %-13s %-16s no prediction\n", spmvp_estimate_format(e, i),
                   spmvp_estimate_params(e, i));
        else
            printf("  %-13s %-16s %10.2f us\n", spmvp_estimate_format(e, i),
                   spmvp_estimate_params(e, i), us);
    }
    int best = spmvp_estimate_best(e);
    if (best < 0) {
        printf("recommended: none (no model predicts this matrix)\n");
        rc = 0;
        goto out;
    }
    printf("recommended: %s (model %s)\n", spmvp_estimate_format(e, best), spmvp_estimate_model(e));
    print_advice(prof, A);
    rc = run_on_device(A, spmvp_estimate_format(e, best), rowptr, colidx, val);
out:
    spmvp_estimate_free(e);
    spmvp_profile_free(prof);
    spmvp_matrix_free(A); /* before the arrays it borrows */
    free(rowptr);
    free(colidx);
    free(val);
    return rc;
}
