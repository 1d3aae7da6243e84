/* cli_predict.c: `spmvp predict MATRIX --profile P.json`: every format under every strip model
 * (Guo-Wang fixed, normal, uniform), no device needed. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "predict_all.h"
#include "profile.h"
#include "stencil.h"

static const char usage[] =
    "usage: spmvp predict MATRIX --profile P.json [--precision single|double] [--json]\n"
    "  models: fixed (Guo-Wang: fixed row lengths), normal, uniform (seed 000)\n";

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static cJSON *prediction_json(const spmvp_prediction *pr, long long nnz)
{
    cJSON *arr = cJSON_CreateArray();
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        for (int d = 0; d < SPMVP_NDISTS; d++) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "format", spmvp_format_name((spmvp_format)f));
            cJSON_AddStringToObject(o, "model", spmvp_dist_name((spmvp_dist)d));
            if (isnan(pr->us[f][d])) {
                cJSON_AddNullToObject(o, "time_us");
            } else {
                cJSON_AddNumberToObject(o, "time_us", pr->us[f][d]);
                cJSON_AddNumberToObject(o, "gflops", pr->us[f][d] > 0 ? 2.0 * nnz / (pr->us[f][d] * 1e3) : 0);
            }
            cJSON_AddItemToArray(arr, o);
        }
    return arr;
}

int spmvp_cmd_predict(int argc, char **argv)
{
    const char *matrix = NULL, *profile = NULL;
    size_t vs = 4;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return SPMVP_EXIT_OK;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (a[0] != '-') {
            if (matrix)
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: more than one matrix (%s)", a);
            matrix = a;
        } else if (i + 1 >= argc) {
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: %s needs a value", a);
        } else if (!strcmp(a, "--profile")) {
            profile = argv[++i];
        } else if (!strcmp(a, "--precision")) {
            if (spmvp_cli_precision(argv[++i], &vs))
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: --precision is single or double, not %s", argv[i]);
        } else {
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: unknown option %s", a);
        }
    }
    if (!matrix || !profile)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: needs MATRIX and --profile P.json");
    spmvp_profile *p = NULL;
    const spmvp_calib *c = NULL;
    if (spmvp_cli_load_profile(profile, vs, &p, &c))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    spmvp_csr *A = NULL;
    if (spmvp_matrix_load(matrix, &A)) {
        spmvp_profile_free(p);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    /* timed apart: the one pass over the row pointers that reading a matrix ends with, and
     * the prediction itself, which uses only those statistics */
    double t0 = now_us();
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    double t1 = now_us();
    spmvp_prediction pr;
    if (s)
        spmvp_predict_all(c, A, s, (unsigned)p->device.warp_size, &pr);
    double took = now_us() - t1, stats_us = t1 - t0;
    int rc = SPMVP_EXIT_OK;
    if (!s) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    } else if (json) {
        cJSON *doc = cJSON_CreateObject();
        cJSON_AddStringToObject(doc, "matrix", matrix);
        cJSON_AddNumberToObject(doc, "rows", (double)s->rows);
        cJSON_AddNumberToObject(doc, "nnz", (double)s->nnz);
        cJSON_AddStringToObject(doc, "device", p->device.name);
        cJSON_AddStringToObject(doc, "precision", vs == 8 ? "double" : "single");
        cJSON_AddNumberToObject(doc, "csr_vector_width", pr.vector_width);
        cJSON_AddNumberToObject(doc, "hyb_width", pr.hyb_width);
        cJSON_AddItemToObject(doc, "predictions", prediction_json(&pr, s->nnz));
        cJSON *best = cJSON_AddObjectToObject(doc, "best");
        for (int d = 0; d < SPMVP_NDISTS; d++)
            if (pr.best[d] >= 0)
                cJSON_AddStringToObject(best, spmvp_dist_name((spmvp_dist)d), spmvp_format_name((spmvp_format)pr.best[d]));
        cJSON_AddNumberToObject(doc, "prediction_us", took);
        cJSON_AddNumberToObject(doc, "row_statistics_us", stats_us);
        if (!spmvp_cli_print_json(doc))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory printing JSON");
        cJSON_Delete(doc);
    } else {
        printf("matrix    %s: %lld x %lld, %lld non-zeros, row length mode %lld, max %lld\n", matrix,
               s->rows, s->cols, s->nnz, s->mode, s->max);
        printf("device    %s (profile %s, %s precision)\n", p->device.name, profile, vs == 8 ? "double" : "single");
        printf("models    fixed = Guo-Wang (fixed row lengths); normal, uniform = seed 000's distributions\n\n");
        printf("%-11s %-9s", "format", "params");
        for (int d = 0; d < SPMVP_NDISTS; d++)
            printf(" %10s_us %8s", spmvp_dist_name((spmvp_dist)d), "GFLOP/s");
        printf("\n");
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            char par[32] = "";
            if (f == SPMVP_CSR_VECTOR)
                snprintf(par, sizeof par, "V=%d", pr.vector_width);
            else if (f == SPMVP_HYB)
                snprintf(par, sizeof par, "K=%d", pr.hyb_width);
            printf("%-11s %-9s", spmvp_format_name((spmvp_format)f), par);
            for (int d = 0; d < SPMVP_NDISTS; d++) {
                double t = pr.us[f][d];
                if (isnan(t))
                    printf(" %13s %8s", "no model", "");
                else
                    printf(" %13.2f %8.2f", t, t > 0 ? 2.0 * s->nnz / (t * 1e3) : 0.0);
            }
            printf("\n");
        }
        printf("\nbest     ");
        for (int d = 0; d < SPMVP_NDISTS; d++)
            printf(" %s: %s;", spmvp_dist_name((spmvp_dist)d),
                   pr.best[d] >= 0 ? spmvp_format_name((spmvp_format)pr.best[d]) : "none");
        printf("\npredicted in %.1f us (row-length statistics: %.1f us)\n", took, stats_us);
    }
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    spmvp_profile_free(p);
    return rc;
}
