/* cmd_bench.c: `spmvp bench MATRIX`: convert, verify and time every format on one device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "stencil.h"

static const char usage[] =
    "usage: spmvp bench MATRIX [--device D] [--formats F,F,...] [--precision single|double]\n"
    "                          [--runs N] [--warmup A] [--batch B] [--vector-width V]\n"
    "                          [--hyb-width K | --hyb-widths K,K,...] [--wg-size W]\n"
    "                          [--cl-dir DIR] [--json]\n"
    "  MATRIX   a Matrix Market file (.mtx or .mtx.gz), or laplace2d:N, laplace3d:N, laplace3d27:N\n"
    "  formats  %s (default: all)\n"
    "  --hyb-widths  time HYB alone at each ELL width K of the list (a threshold sweep)\n";

typedef struct bench_args {
    const char *matrix, *device, *cl_dir;
    int formats[SPMVP_NFORMATS], nformats;
    int hyb_widths[256], nhyb;  /* --hyb-widths: HYB at each K instead of the formats */
    int json;
    spmvp_bench_options opt;
} bench_args;

static int parse_formats(const char *list, bench_args *a)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    a->nformats = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        int f = spmvp_format_parse(tok);
        if (f < 0 || a->nformats == SPMVP_NFORMATS) {
            char names[256];
            spmvp_format_list(", ", names, sizeof names);
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: unknown format \"%s\" in --formats "
                                   "(%s)", tok, names);
        }
        a->formats[a->nformats++] = f;
    }
    if (!a->nformats)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: --formats is empty");
    return 0;
}

/* Parses argv into *a; returns -1 to go on, else the exit status. */
static int parse(int argc, char **argv, bench_args *a)
{
    long v;
    memset(a, 0, sizeof *a);
    a->opt.spmv = spmvp_spmv_defaults(4);
    a->opt.runs = 50;
    a->opt.warmup = 5;
    a->opt.batch = 100;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        a->formats[a->nformats++] = f;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
            char names[256];
            spmvp_format_list(",", names, sizeof names);
            printf(usage, names);
            return SPMVP_EXIT_OK;
        }
        if (!strcmp(o, "--json")) {
            a->json = 1;
            continue;
        }
        if (o[0] != '-') {
            if (a->matrix)
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: more than one matrix (%s)", o);
            a->matrix = o;
            continue;
        }
        if (i + 1 >= argc)
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: %s needs a value", o);
        const char *val = argv[++i];
        if (!strcmp(o, "--device"))
            a->device = val;
        else if (!strcmp(o, "--cl-dir"))
            a->cl_dir = val;
        else if (!strcmp(o, "--formats")) {
            int rc = parse_formats(val, a);
            if (rc)
                return rc;
        } else if (!strcmp(o, "--precision")) {
            if (!strcmp(val, "single"))
                a->opt.spmv.value_size = 4;
            else if (!strcmp(val, "double"))
                a->opt.spmv.value_size = 8;
            else
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: --precision is single or double, not %s", val);
        } else if (!strcmp(o, "--runs") && !spmvp_cli_int(val, 1, 1000000, &v))
            a->opt.runs = (int)v;
        else if (!strcmp(o, "--warmup") && !spmvp_cli_int(val, 0, 1000000, &v))
            a->opt.warmup = (int)v;
        else if (!strcmp(o, "--batch") && !spmvp_cli_int(val, 1, 1000000, &v))
            a->opt.batch = (int)v;
        else if (!strcmp(o, "--vector-width") && !spmvp_cli_int(val, 1, 1024, &v) && !(v & (v - 1)))
            a->opt.spmv.vector_width = (int)v;
        else if (!strcmp(o, "--hyb-widths")) {
            char buf[2048];
            snprintf(buf, sizeof buf, "%s", val);
            a->nhyb = 0;
            for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
                if (a->nhyb == 256 || spmvp_cli_int(tok, 0, SPMVP_IDX_MAX, &v))
                    return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: --hyb-widths takes up to 256 "
                                           "widths >= 0, not \"%s\"", tok);
                a->hyb_widths[a->nhyb++] = (int)v;
            }
            if (!a->nhyb)
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: --hyb-widths is empty");
        } else if (!strcmp(o, "--hyb-width") && !spmvp_cli_int(val, 0, SPMVP_IDX_MAX, &v))
            a->opt.spmv.hyb_width = (spmvp_idx)v;
        else if (!strcmp(o, "--wg-size") && !spmvp_cli_int(val, 1, 4096, &v) && !(v & (v - 1)))
            a->opt.spmv.wg_size = (size_t)v;
        else if (!strcmp(o, "--runs") || !strcmp(o, "--warmup") || !strcmp(o, "--batch") ||
                 !strcmp(o, "--vector-width") || !strcmp(o, "--hyb-width") || !strcmp(o, "--wg-size"))
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: invalid value \"%s\" for %s%s", val, o,
                                   (!strcmp(o, "--vector-width") || !strcmp(o, "--wg-size"))
                                       ? " (a power of two)" : "");
        else
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: unknown option %s", o);
    }
    if (!a->matrix)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: no MATRIX given (see spmvp bench --help)");
    return -1;
}

static void print_table(const spmvp_context *ctx, const bench_args *a, const spmvp_csr *A,
                        const spmvp_bench_result *r, int n)
{
    printf("matrix    %s: %d x %d, %d non-zeros, longest row %d\n", a->matrix, (int)A->nrows,
           (int)A->ncols, (int)A->nnz, (int)spmvp_csr_max_row(A));
    printf("device    %s (%s, driver %s)\n", ctx->info.name, ctx->info.platform_name, ctx->info.driver);
    printf("precision %s; %d warm-up + %d timed runs (event time per product), batch of %d\n",
           a->opt.spmv.value_size == 8 ? "double" : "single", a->opt.warmup, a->opt.runs, a->opt.batch);
    printf("GB/s(fmt): the format's device bytes (arrays, x, y) / median; GB/s(CSR): CSR's bytes "
           "(values, column indices, row pointers, x, y) / median\n\n");
    printf("%-11s %10s %10s %10s %10s %8s %9s %9s %11s  %s\n", "format", "median_us", "min_us",
           "max_us", "batch_us", "GFLOP/s", "GB/s(fmt)", "GB/s(CSR)", "footprint", "notes");
    for (int i = 0; i < n; i++) {
        const spmvp_bench_result *x = &r[i];
        const char *name = spmvp_format_name(x->format);
        if (x->state == SPMVP_BENCH_UNSUITABLE)
            printf("%-11s unsuitable: %s\n", name, x->note);
        else if (x->state == SPMVP_BENCH_FAILED)
            printf("%-11s FAILED: %s\n", name, x->note);
        else
            printf("%-11s %10.2f %10.2f %10.2f %10.2f %8.2f %9.1f %9.1f %11zu  %s\n", name,
                   x->median_us, x->min_us, x->max_us, x->batch_us, x->gflops, x->gbs_format,
                   x->gbs_csr, x->footprint, x->params);
    }
    int best = -1;
    for (int i = 0; i < n; i++)
        if (r[i].state == SPMVP_BENCH_OK && (best < 0 || r[i].median_us < r[best].median_us))
            best = i;
    if (best >= 0)
        printf("\nfastest   %s (%.2f us, %.1f GB/s counting CSR bytes)\n",
               spmvp_format_name(r[best].format), r[best].median_us, r[best].gbs_csr);
}

static cJSON *result_json(const spmvp_bench_result *x)
{
    static const char *states[] = {"ok", "unsuitable", "failed"};
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", spmvp_format_name(x->format));
    cJSON_AddStringToObject(o, "state", states[x->state]);
    if (x->state != SPMVP_BENCH_OK) {
        cJSON_AddStringToObject(o, "reason", x->note);
        return o;
    }
    cJSON_AddStringToObject(o, "params", x->params);
    cJSON_AddNumberToObject(o, "median_us", x->median_us);
    cJSON_AddNumberToObject(o, "min_us", x->min_us);
    cJSON_AddNumberToObject(o, "max_us", x->max_us);
    cJSON_AddNumberToObject(o, "batch_us", x->batch_us);
    cJSON_AddNumberToObject(o, "gflops", x->gflops);
    cJSON_AddNumberToObject(o, "gbs_format", x->gbs_format);
    cJSON_AddNumberToObject(o, "gbs_csr", x->gbs_csr);
    cJSON_AddNumberToObject(o, "footprint_bytes", (double)x->footprint);
    cJSON_AddNumberToObject(o, "csr_bytes", (double)x->csr_bytes);
    cJSON_AddNumberToObject(o, "max_error_over_bound", x->max_err);
    return o;
}

static int print_json(const spmvp_context *ctx, const bench_args *a, const spmvp_csr *A,
                      const spmvp_bench_result *r, int n)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON *m = cJSON_AddObjectToObject(doc, "matrix");
    cJSON_AddStringToObject(m, "name", a->matrix);
    cJSON_AddNumberToObject(m, "rows", A->nrows);
    cJSON_AddNumberToObject(m, "cols", A->ncols);
    cJSON_AddNumberToObject(m, "nnz", A->nnz);
    cJSON_AddNumberToObject(m, "max_row", spmvp_csr_max_row(A));
    cJSON_AddItemToObject(doc, "device", spmvp_device_json(&ctx->info));
    cJSON_AddStringToObject(doc, "precision", a->opt.spmv.value_size == 8 ? "double" : "single");
    cJSON_AddNumberToObject(doc, "warmup", a->opt.warmup);
    cJSON_AddNumberToObject(doc, "runs", a->opt.runs);
    cJSON_AddNumberToObject(doc, "batch", a->opt.batch);
    cJSON_AddStringToObject(doc, "spmvp_version", SPMVP_VERSION);
    cJSON *arr = cJSON_AddArrayToObject(doc, "results");
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, result_json(&r[i]));
    int ok = spmvp_cli_print_json(doc);
    cJSON_Delete(doc);
    return ok;
}

int spmvp_cmd_bench(int argc, char **argv)
{
    bench_args a;
    int rc = parse(argc, argv, &a);
    if (rc >= 0)
        return rc;
    spmvp_csr *A = NULL;
    spmvp_context *ctx = NULL;
    spmvp_bench_result r[256];
    if (spmvp_matrix_load(a.matrix, &A))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    rc = SPMVP_EXIT_OK;
    if (spmvp_cli_open(a.device, a.cl_dir, &ctx)) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        goto out;
    }
    if (a.opt.spmv.value_size == 8 && !ctx->info.fp64) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s lacks cl_khr_fp64: double precision is not "
                             "available on it", ctx->info.name);
        goto out;
    }
    if (a.nhyb) { /* a threshold sweep: HYB at every K asked for */
        a.nformats = a.nhyb;
        for (int i = 0; i < a.nhyb; i++)
            a.formats[i % SPMVP_NFORMATS] = SPMVP_HYB;
    }
    for (int i = 0; i < a.nformats; i++) {
        spmvp_format f = a.nhyb ? SPMVP_HYB : (spmvp_format)a.formats[i];
        if (a.nhyb)
            a.opt.spmv.hyb_width = a.hyb_widths[i];
        if (spmvp_bench_format(ctx, A, f, &a.opt, &r[i])) {
            spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", spmvp_format_name(r[i].format), r[i].note);
            rc = SPMVP_EXIT_FAIL;
        }
    }
    if (a.json) {
        if (!print_json(ctx, &a, A, r, a.nformats))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory printing JSON");
    } else {
        print_table(ctx, &a, A, r, a.nformats);
    }
out:
    spmvp_context_free(ctx);
    spmvp_csr_free(A);
    return rc;
}
