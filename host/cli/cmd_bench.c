/* cmd_bench.c: `spmvp bench MATRIX`: convert, verify and time every format on one device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct bench_args {
    const char *matrix, *device, *cl_dir;
    spmvp_format_list_arg formats;
    int hyb_widths[256], nhyb;  /* --hyb-widths: HYB at each K instead of the formats */
    int json, precision;
    int runs, warmup, batch, wg_size;
    double max_seconds;
    spmvp_mapping map;          /* the formats' thread-mapping parameters */
} bench_args;

static bench_args args; /* the options' destinations (a command runs once per process) */

/* --hyb-widths: a comma-separated list of ELL widths K >= 0 */
static int parse_widths(const char *list, void *dest)
{
    bench_args *a = dest;
    char buf[2048];
    long v;
    snprintf(buf, sizeof buf, "%s", list);
    a->nhyb = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (a->nhyb == 256 || spmvp_cli_int(tok, 0, SPMVP_IDX_MAX, &v)) {
            spmvp_fail(SPMVP_ERR_ARG, "takes up to 256 widths >= 0, not \"%s\"", tok);
            return -1;
        }
        a->hyb_widths[a->nhyb++] = (int)v;
    }
    if (!a->nhyb) {
        spmvp_fail(SPMVP_ERR_ARG, "the list is empty");
        return -1;
    }
    return 0;
}

static const spmvp_opt options[] = {
    SPMVP_OPT_DEVICE(&args.device),
    SPMVP_OPT_FORMATS(&args.formats),
    SPMVP_OPT_PRECISION(&args.precision),
    {SPMVP_INT("runs", &args.runs, "N", "timed products, one event each", "50", 1, 1000000)},
    {SPMVP_INT("warmup", &args.warmup, "A", "untimed products first (seed 000 eq. 5)", "5", 0, 1000000)},
    {SPMVP_INT("batch", &args.batch, "B", "products back to back for the batch time", "100", 1, 1000000)},
    {SPMVP_DOUBLE("max-seconds", &args.max_seconds, "S", "a format whose first product shows that "
                  "its warm-up, runs and batch would take longer is timed with fewer of each (at "
                  "least 1, 3 and 1); 0: never fewer", "2", 0, 1e6)},
    {SPMVP_MAPPING(&args.map)},
    {SPMVP_CUSTOM("hyb-widths", &args, "K,K,...", "time HYB alone at each ELL width K of the list (a "
                  "threshold sweep)", NULL, parse_widths), .conflicts = "hyb-width"},
    {SPMVP_POW2("wg-size", &args.wg_size, "W", "work-group size, a power of two (clamped to the device)",
                "256", 1, 4096)},
    SPMVP_OPT_CL_DIR(&args.cl_dir),
    SPMVP_OPT_JSON(&args.json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_bench = {
    "bench", spmvp_cmd_bench, "verify and time SpMV in every format on one device", "MATRIX", 1, 1,
    options,
    "Each format is converted, uploaded and checked against the CPU product (a wrong result is an\n"
    "error naming the worst row); then A warm-up products are discarded, N are timed one event\n"
    "each (median, min, max) and B run back to back (the per-product time a solver sees). A\n"
    "batch slower per product than 1.3x the single products' median met something else on the\n"
    "machine: it is timed again and the faster kept, with a note (SPMVP_BENCH_RETIME_RATIO sets\n"
    "the ratio; 0: never).\n\n"
    SPMVP_HELP_MATRIX,
    "  spmvp bench matrices/cage8.mtx.gz --precision double --formats csr_vector,hyb\n"
    "  spmvp bench laplace3d:100 --runs 100 --json\n",
};

/* Parses argv into *a; returns -1 to go on, else the exit status. */
static int parse(int argc, char **argv, bench_args *a)
{
    int n;
    memset(a, 0, sizeof *a);
    a->runs = 50;
    a->warmup = 5;
    a->batch = 100;
    a->max_seconds = 2;
    a->map = spmvp_mapping_auto();
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        a->formats.formats[a->formats.n++] = f;
    int rc = spmvp_opts_parse(&spmvp_command_bench, argc, argv, &a->matrix, &n);
    if (rc >= 0)
        return rc;
    if (a->nhyb && spmvp_opts_given(&spmvp_command_bench, "formats"))
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "bench: --hyb-widths and --formats cannot be given "
                               "together (the sweep runs HYB alone)");
    return -1;
}

/* A batch above 1.3x the event-timed median is timed again (bench.h); SPMVP_BENCH_RETIME_RATIO
 * (a number >= 0, 0: never) overrides it, for the tests (0.01 retimes every batch). */
static double bench_retime_ratio(void)
{
    const char *e = getenv("SPMVP_BENCH_RETIME_RATIO");
    char *end;
    double v = e ? strtod(e, &end) : 0;
    return e && *e && !*end && v >= 0 ? v : 1.3;
}

/* The run's options for the library. */
static spmvp_bench_options bench_options(const bench_args *a)
{
    spmvp_bench_options o = {0};
    o.spmv = spmvp_spmv_defaults(a->precision ? 8 : 4);
    o.spmv.map = a->map;
    o.spmv.map.wg_size = a->wg_size;
    o.runs = a->runs;
    o.warmup = a->warmup;
    o.batch = a->batch;
    o.max_seconds = a->max_seconds;
    o.retime_ratio = bench_retime_ratio();
    return o;
}

/* What bench concludes from its results: the fastest format and those within its noise. */
typedef struct verdict {
    int best;                   /* index of the fastest (median) result that ran, -1 none */
    int tied[256];              /* 1: its interquartile range overlaps the fastest's */
    double copy_gbs;            /* the device's copy bandwidth measured now (0: not measured) */
} verdict;

#define WIDE_SPREAD 0.25 /* (q3 - q1) / median above this: the runs disagree, say so */

static verdict judge(const spmvp_bench_result *r, int n, double copy_gbs)
{
    verdict v = {-1, {0}, copy_gbs};
    for (int i = 0; i < n; i++)
        if (r[i].state == SPMVP_BENCH_OK && (v.best < 0 || r[i].median_us < r[v.best].median_us))
            v.best = i;
    /* a format whose lower quartile reaches below the fastest's upper quartile could be the
     * fastest in another run: both are named */
    for (int i = 0; v.best >= 0 && i < n; i++)
        v.tied[i] = i != v.best && r[i].state == SPMVP_BENCH_OK && r[i].q1_us <= r[v.best].q3_us;
    return v;
}

static double spread(const spmvp_bench_result *x) { return (x->q3_us - x->q1_us) / x->median_us; }
/* a byte rate the device's memory cannot deliver: the matrix was read from a cache */
static int cached(const verdict *v, const spmvp_bench_result *x)
{
    return v->copy_gbs > 0 && (x->gbs_format > v->copy_gbs || x->gbs_csr > v->copy_gbs);
}

static void print_table(const spmvp_context *ctx, const bench_args *a, const spmvp_bench_options *opt,
                        const spmvp_csr *A, const spmvp_bench_result *r, int n, const verdict *v)
{
    printf("matrix    %s: %d x %d, %d non-zeros, longest row %d\n", a->matrix, (int)A->nrows,
           (int)A->ncols, (int)A->nnz, (int)spmvp_csr_max_row(A));
    printf("device    %s (%s, driver %s)", ctx->info.name, ctx->info.platform_name, ctx->info.driver);
    if (v->copy_gbs > 0)
        printf(", copies %.1f GB/s", v->copy_gbs);
    printf("\nprecision %s; %d warm-up + %d timed products (an event each), %d back to back\n",
           opt->spmv.value_size == 8 ? "double" : "single", opt->warmup, opt->runs, opt->batch);
    printf("GB/s(fmt): the format's device bytes (arrays, x, y) / median; GB/s(CSR): CSR's bytes "
           "(values, column indices, row pointers, x, y) / median\n\n");
    printf("%-11s %11s %19s %11s %11s %8s %9s %9s %10s  %s\n", "format", "median µs", "quartiles µs",
           "min µs", "batch µs", "GFLOP/s", "GB/s(fmt)", "GB/s(CSR)", "footprint", "parameters");
    int wide = 0, any_cached = 0;
    for (int i = 0; i < n; i++) {
        const spmvp_bench_result *x = &r[i];
        const char *name = spmvp_format_name(x->format);
        if (x->state == SPMVP_BENCH_UNSUITABLE) {
            printf("%-11s unsuitable: %s\n", name, x->note);
            continue;
        }
        if (x->state == SPMVP_BENCH_FAILED) {
            printf("%-11s FAILED: %s\n", name, x->note);
            continue;
        }
        char q[48], fp[32];
        snprintf(q, sizeof q, "%.2f-%.2f", x->q1_us, x->q3_us);
        snprintf(fp, sizeof fp, "%.2f MiB", x->footprint / 1048576.0);
        int c = cached(v, x);
        wide |= spread(x) > WIDE_SPREAD;
        any_cached |= c;
        printf("%-11s %10.2f %18s %10.2f %10.2f %8.2f %8.1f%s %8.1f%s %10s%s%s\n", name, x->median_us, q,
               x->min_us, x->batch_us, x->gflops, x->gbs_format, c ? "*" : " ", x->gbs_csr, c ? "*" : " ",
               fp, x->params[0] ? "  " : "", x->params);
    }
    if (v->best < 0)
        return;
    const spmvp_bench_result *b = &r[v->best];
    printf("\nfastest   %s (median %.2f µs, %.1f GB/s counting CSR bytes)", spmvp_format_name(b->format),
           b->median_us, b->gbs_csr);
    int nt = 0;
    for (int i = 0; i < n; i++)
        nt += v->tied[i];
    for (int i = 0, k = 0; i < n; i++)
        if (v->tied[i])
            printf("%s%s", k++ == 0 ? "; " : k == nt ? " and " : ", ", spmvp_format_name(r[i].format));
    printf("%s\n", nt == 0 ? "" : nt == 1 ? " within noise (its quartiles overlap the fastest's)"
                                          : " within noise (their quartiles overlap the fastest's)");
    if (any_cached)
        printf("*         above the device's copy bandwidth (%.1f GB/s): the matrix stayed in a cache; "
               "these rates are not memory rates\n", v->copy_gbs);
    if (wide)
        for (int i = 0; i < n; i++)
            if (r[i].state == SPMVP_BENCH_OK && spread(&r[i]) > WIDE_SPREAD)
                printf("note      %s's runs spread widely (quartiles %.2f-%.2f µs around a median of "
                       "%.2f): rerun with more --runs on an idle device\n", spmvp_format_name(r[i].format),
                       r[i].q1_us, r[i].q3_us, r[i].median_us);
    for (int i = 0; i < n; i++)
        if (r[i].state == SPMVP_BENCH_OK && (r[i].runs < opt->runs || r[i].batch < opt->batch))
            printf("note      %s takes %.0f µs a product: timed with %d warm-up, %d runs and a batch "
                   "of %d to stay within --max-seconds %g\n", spmvp_format_name(r[i].format),
                   r[i].median_us, r[i].warmup, r[i].runs, r[i].batch, opt->max_seconds);
    for (int i = 0; i < n; i++)
        if (r[i].state == SPMVP_BENCH_OK && r[i].batch_retimed)
            printf("note      %s's batch took %.2f µs a product, above its single products' median "
                   "%.2f: timed again, %.2f kept (the faster)\n", spmvp_format_name(r[i].format),
                   r[i].batch_first_us, r[i].median_us, r[i].batch_us);
    /* a compiler that takes seconds is a cost of a first product that no timing above shows */
    for (int i = 0; i < n; i++)
        if (r[i].build_ms > 1000)
            printf("note      building %s's kernels took %.1f s (the device's compiler, once a "
                   "process; build_ms in --json)\n", spmvp_format_name(r[i].format), r[i].build_ms / 1e3);
}

static cJSON *result_json(const spmvp_bench_result *x, const verdict *v, int i)
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
    cJSON_AddNumberToObject(o, "q1_us", x->q1_us);
    cJSON_AddNumberToObject(o, "q3_us", x->q3_us);
    cJSON_AddNumberToObject(o, "min_us", x->min_us);
    cJSON_AddNumberToObject(o, "max_us", x->max_us);
    cJSON_AddNumberToObject(o, "mean_us", x->mean_us);
    cJSON_AddNumberToObject(o, "batch_us", x->batch_us);
    cJSON_AddNumberToObject(o, "warmup", x->warmup);
    cJSON_AddNumberToObject(o, "runs", x->runs);
    cJSON_AddNumberToObject(o, "batch", x->batch);
    cJSON_AddBoolToObject(o, "batch_retimed", x->batch_retimed);
    if (x->batch_retimed)
        cJSON_AddNumberToObject(o, "batch_first_us", x->batch_first_us);
    cJSON_AddNumberToObject(o, "spread_percent", 100 * spread(x));
    cJSON_AddNumberToObject(o, "gflops", x->gflops);
    cJSON_AddNumberToObject(o, "gbs_format", x->gbs_format);
    cJSON_AddNumberToObject(o, "gbs_csr", x->gbs_csr);
    cJSON_AddBoolToObject(o, "cache_resident", cached(v, x));
    cJSON_AddBoolToObject(o, "tied_with_fastest", v->tied[i]);
    cJSON_AddNumberToObject(o, "footprint_bytes", (double)x->footprint);
    cJSON_AddNumberToObject(o, "csr_bytes", (double)x->csr_bytes);
    cJSON_AddNumberToObject(o, "max_error_over_bound_ratio", x->max_err);
    cJSON_AddNumberToObject(o, "convert_us", x->convert_us);
    cJSON_AddNumberToObject(o, "upload_us", x->upload_us);
    cJSON_AddNumberToObject(o, "build_ms", x->build_ms);
    cJSON_AddNumberToObject(o, "stage_ms", x->stage_ms);
    return o;
}

static int print_json(const spmvp_context *ctx, const bench_args *a, const spmvp_bench_options *opt,
                      const spmvp_rowlen_stats *s, const spmvp_bench_result *r, int n, const verdict *v)
{
    cJSON *doc = spmvp_json_doc("bench");
    cJSON_AddItemToObject(doc, "matrix", spmvp_json_matrix(a->matrix, s));
    cJSON_AddItemToObject(doc, "device", spmvp_device_json(&ctx->info));
    cJSON_AddStringToObject(doc, "precision", opt->spmv.value_size == 8 ? "double" : "single");
    cJSON_AddNumberToObject(doc, "warmup", opt->warmup);
    cJSON_AddNumberToObject(doc, "runs", opt->runs);
    cJSON_AddNumberToObject(doc, "batch", opt->batch);
    cJSON_AddNumberToObject(doc, "copy_gbs", v->copy_gbs);
    cJSON *arr = cJSON_AddArrayToObject(doc, "results");
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, result_json(&r[i], v, i));
    if (v->best >= 0)
        cJSON_AddStringToObject(doc, "fastest", spmvp_format_name(r[v->best].format));
    else
        cJSON_AddNullToObject(doc, "fastest");
    cJSON *tied = cJSON_AddArrayToObject(doc, "tied_with_fastest");
    for (int i = 0; i < n; i++)
        if (v->tied[i])
            cJSON_AddItemToArray(tied, cJSON_CreateString(spmvp_format_name(r[i].format)));
    return spmvp_cli_emit_json(doc);
}

int spmvp_cmd_bench(int argc, char **argv)
{
    int rc = parse(argc, argv, &args);
    if (rc >= 0)
        return rc;
    bench_args a = args;
    spmvp_bench_options opt = bench_options(&a);
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
    if (opt.spmv.value_size == 8 && !ctx->info.fp64) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s lacks cl_khr_fp64: double precision is not "
                             "available on it", ctx->info.name);
        goto out;
    }
    int n = a.nhyb ? a.nhyb : a.formats.n; /* a threshold sweep: HYB at every K asked for */
    for (int i = 0; i < n; i++) {
        spmvp_format f = a.nhyb ? SPMVP_HYB : (spmvp_format)a.formats.formats[i];
        if (a.nhyb)
            opt.spmv.map.hyb_width = a.hyb_widths[i];
        if (spmvp_bench_format(ctx, A, f, &opt, &r[i])) {
            spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", spmvp_format_name(r[i].format), r[i].note);
            rc = SPMVP_EXIT_FAIL;
        }
    }
    /* the copy bandwidth now, on a buffer larger than the caches, to tell memory rates from
     * cache rates (64 MiB, 5 copies: a few ms on a GPU, ~0.1 s on PoCL) */
    double copy = 0;
    if (spmvp_microbench_copy(ctx, (size_t)64 << 20, 5, &copy))
        copy = 0;
    verdict v = judge(r, n, copy);
    if (a.json) {
        spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
        int e = s ? print_json(ctx, &a, &opt, s, r, n, &v) : spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        rc = rc ? rc : e;
        spmvp_rowlen_stats_free(s);
    } else {
        print_table(ctx, &a, &opt, A, r, n, &v);
    }
out:
    spmvp_context_free(ctx);
    spmvp_csr_free(A);
    return rc;
}
