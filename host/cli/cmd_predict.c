/* cmd_predict.c: `spmvp predict MATRIX --profile P.json`: every format under every model (the
 * strip models of seed 000, the PMF model of seed 002 and its calibrated variant), no device
 * needed; `--hyb-threshold` adds seed 002's Algorithm 2 beside the usual HYB width rules. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "plot.h"

/* The usage, with one line per registered model. */
static void print_usage(void)
{
    fputs("usage: spmvp predict MATRIX --profile P.json [--precision single|double] [--json]\n"
          "                     [--hyb-threshold [--plot CURVE.png|CURVE.svg]]\n", stdout);
    for (int i = 0; i < spmvp_model_families(); i++)
        printf("%s%s%s", i ? ";\n          " : "  models: ", spmvp_model_family(i)->help,
               i + 1 == spmvp_model_families() ? "\n" : "");
    fputs("  --hyb-threshold  seed 002's Algorithm 2 (the HYB threshold K) with its estimated time\n"
          "                   curve, beside CUSP's, ViennaCL's and the mean-length rules\n"
          "  --plot FILE      draw that curve with gnuplot (implies --hyb-threshold)\n", stdout);
}

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static void add_number_or_null(cJSON *o, const char *key, double v)
{
    if (isnan(v))
        cJSON_AddNullToObject(o, key);
    else
        cJSON_AddNumberToObject(o, key, v);
}

static cJSON *prediction_json(const spmvp_prediction *pr, long long nnz)
{
    cJSON *arr = cJSON_CreateArray();
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        for (int m = 0; m < spmvp_model_count(); m++) {
            cJSON *o = cJSON_CreateObject();
            double t = pr->us[f][m];
            cJSON_AddStringToObject(o, "format", spmvp_format_name((spmvp_format)f));
            cJSON_AddStringToObject(o, "model", spmvp_model_name(m));
            add_number_or_null(o, "time_us", t);
            if (!isnan(t))
                cJSON_AddNumberToObject(o, "gflops", t > 0 ? 2.0 * nnz / (t * 1e3) : 0);
            if ((spmvp_model_flags(m) & SPMVP_MODEL_SHOWS_DTT) && !isnan(pr->dtt_us[f]))
                cJSON_AddNumberToObject(o, "dtt_us", pr->dtt_us[f]);
            cJSON_AddItemToArray(arr, o);
        }
    return arr;
}

static cJSON *hyb_json(const spmvp_hyb_report *h)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "k0", (double)h->k0);
    cJSON_AddNumberToObject(o, "max", (double)h->max);
    cJSON *ks = cJSON_AddObjectToObject(o, "K");
    cJSON *ts = cJSON_AddObjectToObject(o, "estimate_us");
    for (int i = 0; i < SPMVP_HYB_NRULES; i++) {
        const spmvp_hyb_rule *r = &h->rule[i];
        if (r->K < 0)
            cJSON_AddNullToObject(ks, r->key);
        else
            cJSON_AddNumberToObject(ks, r->key, (double)r->K);
        if (r->what)
            add_number_or_null(ts, r->key, r->us);
    }
    cJSON *arr = cJSON_AddArrayToObject(o, "curve");
    for (size_t j = 0; j < h->n; j++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "K", (double)(h->k0 + (long long)j));
        for (int c = 0; c < SPMVP_HYB_NCURVES; c++)
            add_number_or_null(e, h->curve_name[c], h->curve[c][j]);
        cJSON_AddItemToArray(arr, e);
    }
    return o;
}

/* K is where one of the estimated times is smallest. */
static int is_minimum(const spmvp_hyb_report *h, long long K)
{
    for (int i = 0; i < SPMVP_HYB_NRULES; i++)
        if (h->rule[i].what && h->rule[i].K == K)
            return 1;
    return 0;
}

static void print_hyb(const spmvp_hyb_report *h)
{
    printf("\nHYB threshold K (seed 002 Algorithm 2 scans K = %lld .. %lld)\n", h->k0, h->max);
    for (int i = 0; i < SPMVP_HYB_NRULES; i++) {
        const spmvp_hyb_rule *r = &h->rule[i];
        if (r->K < 0)
            printf("  %-32s no model\n", r->label);
        else if (r->what)
            printf("  %-32s K = %-7lld %s = %.2f us\n", r->label, r->K, r->what, r->us);
        else
            printf("  %-32s K = %lld\n", r->label, r->K);
    }
    /* at most ~40 lines: every step-th K, the last, and each minimum */
    size_t step = h->n > 40 ? (h->n + 39) / 40 : 1;
    printf("curve (us)%s\n  %8s", step > 1 ? ", every few K" : "", "K");
    for (int c = 0; c < SPMVP_HYB_NCURVES; c++)
        printf(" %12s", h->curve_name[c]);
    printf("\n");
    for (size_t j = 0; j < h->n; j++) {
        long long K = h->k0 + (long long)j;
        if (j % step && j + 1 != h->n && !is_minimum(h, K))
            continue;
        printf("  %8lld", K);
        for (int c = 0; c < SPMVP_HYB_NCURVES; c++)
            printf(" %12.4g", h->curve[c][j]);
        printf("%s\n", is_minimum(h, K) ? "  <- minimum" : "");
    }
}

/* The models' legends: the first line after "models    ", the others indented under it. */
static void print_legends(void)
{
    const char *lead = "models    ";
    for (int i = 0; i < spmvp_model_families(); i++)
        for (const char *l = spmvp_model_family(i)->legend; l && *l;) {
            const char *e = strchr(l, '\n');
            int len = e ? (int)(e - l) : (int)strlen(l);
            printf("%s%.*s\n", lead, len, l);
            lead = "          ";
            l += len + (e != NULL);
        }
}

static void print_table(const char *matrix, const char *profile, const spmvp_profile *p,
                        const spmvp_predictor *pred, const spmvp_rowlen_stats *s, const spmvp_prediction *pr, size_t vs)
{
    const char *dtt = spmvp_model_dtt_key();
    int nm = spmvp_model_count();
    printf("matrix    %s: %lld x %lld, %lld non-zeros, row length mode %lld, max %lld\n", matrix,
           s->rows, s->cols, s->nnz, s->mode, s->max);
    printf("device    %s (profile %s, %s precision)\n", p->device.name, profile, vs == 8 ? "double" : "single");
    print_legends();
    for (int i = 0; i < spmvp_model_families(); i++)
        if (spmvp_model_family(i)->print_info)
            spmvp_model_family(i)->print_info(pred->state[i], pred->available[i], pred->note[i],
                                              pred->prec, stdout);
    printf("\n%-11s %-7s", "format", "params");
    for (int m = 0; m < nm; m++) {
        char h[32];
        snprintf(h, sizeof h, "%s_us", spmvp_model_name(m));
        printf(" %12s", h);
    }
    printf(dtt ? " %12s\n" : "\n", dtt);
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        char par[32] = "";
        spmvp_format_mapping_label((spmvp_format)f, &pr->map, par, sizeof par);
        printf("%-11s %-7s", spmvp_format_name((spmvp_format)f), par);
        for (int m = 0; m < nm + (dtt != NULL); m++) { /* the models, then the transfer time */
            double t = m < nm ? pr->us[f][m] : pr->dtt_us[f];
            if (isnan(t))
                printf(" %12s", "no model");
            else
                printf(" %12.2f", t);
        }
        printf("\n");
    }
    printf("\nbest     ");
    for (int m = 0; m < nm; m++)
        printf(" %s: %s;", spmvp_model_name(m),
               pr->best[m] >= 0 ? spmvp_format_name((spmvp_format)pr->best[m]) : "none");
    printf("\n");
    for (int i = 0; i < spmvp_model_families(); i++)
        if (spmvp_model_family(i)->print_after)
            spmvp_model_family(i)->print_after(pred->state[i], pr, stdout);
}

int spmvp_cmd_predict(int argc, char **argv)
{
    const char *matrix = NULL, *profile = NULL, *plot = NULL;
    size_t vs = 4;
    int json = 0, hyb = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            print_usage();
            return SPMVP_EXIT_OK;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--hyb-threshold")) {
            hyb = 1;
        } else if (a[0] != '-') {
            if (matrix)
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: more than one matrix (%s)", a);
            matrix = a;
        } else if (i + 1 >= argc) {
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: %s needs a value", a);
        } else if (!strcmp(a, "--profile")) {
            profile = argv[++i];
        } else if (!strcmp(a, "--plot")) {
            plot = argv[++i];
            hyb = 1;
        } else if (!strcmp(a, "--precision")) {
            if (spmvp_cli_precision(argv[++i], &vs))
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: --precision is single or double, not %s", argv[i]);
        } else {
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: unknown option %s", a);
        }
    }
    if (!matrix || !profile)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: needs MATRIX and --profile P.json");
    if (plot) {
        const char *ext = strrchr(plot, '.');
        if (!ext || (strcmp(ext, ".png") && strcmp(ext, ".svg")))
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: --plot %s: the name must end in .png or .svg", plot);
    }
    spmvp_profile *p = NULL;
    spmvp_predictor pred;
    if (spmvp_cli_load_profile(profile, vs, &p, &pred))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    const char *why;
    if (plot && !spmvp_hyb_report_has_curves(&pred, &why)) {
        int rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "predict: --plot %s: no PMF model to plot: %s", plot, why);
        spmvp_predictor_release(&pred);
        spmvp_profile_free(p);
        return rc;
    }
    spmvp_csr *A = NULL;
    if (spmvp_matrix_load(matrix, &A)) {
        spmvp_predictor_release(&pred);
        spmvp_profile_free(p);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    /* timed apart: the one pass over the row pointers that reading a matrix ends with, and
     * the prediction itself, which uses only those statistics */
    double t0 = now_us();
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    double t1 = now_us();
    spmvp_prediction pr;
    int rc = SPMVP_EXIT_OK;
    if (!s || spmvp_predict_all(&pred, s, &pr))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", matrix, spmvp_last_error());
    double took = now_us() - t1, stats_us = t1 - t0;
    spmvp_hyb_report h = {0};
    if (rc == SPMVP_EXIT_OK && hyb && spmvp_hyb_report_make(&pred, s, &h))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", matrix, spmvp_last_error());
    if (rc == SPMVP_EXIT_OK && json) {
        cJSON *doc = cJSON_CreateObject();
        cJSON_AddStringToObject(doc, "matrix", matrix);
        cJSON_AddNumberToObject(doc, "rows", (double)s->rows);
        cJSON_AddNumberToObject(doc, "nnz", (double)s->nnz);
        cJSON_AddStringToObject(doc, "device", p->device.name);
        cJSON_AddStringToObject(doc, "precision", vs == 8 ? "double" : "single");
        cJSON_AddNumberToObject(doc, "csr_vector_width", pr.map.vector_width);
        cJSON_AddNumberToObject(doc, "hyb_width", pr.map.hyb_width);
        cJSON_AddItemToObject(doc, "predictions", prediction_json(&pr, s->nnz));
        cJSON *best = cJSON_AddObjectToObject(doc, "best");
        for (int m = 0; m < spmvp_model_count(); m++)
            if (pr.best[m] >= 0)
                cJSON_AddStringToObject(best, spmvp_model_name(m), spmvp_format_name((spmvp_format)pr.best[m]));
        for (int i = 0; i < spmvp_model_families(); i++) /* each model's own members */
            if (spmvp_model_family(i)->add_json)
                spmvp_model_family(i)->add_json(pred.state[i], pred.available[i], pred.note[i], &pr, doc);
        if (hyb)
            cJSON_AddItemToObject(doc, "hyb_threshold", hyb_json(&h));
        cJSON_AddNumberToObject(doc, "prediction_us", took);
        cJSON_AddNumberToObject(doc, "row_statistics_us", stats_us);
        if (!spmvp_cli_print_json(doc))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory printing JSON");
        cJSON_Delete(doc);
    } else if (rc == SPMVP_EXIT_OK) {
        print_table(matrix, profile, p, &pred, s, &pr, vs);
        printf("predicted in %.1f us (row-length statistics: %.1f us)\n", took, stats_us);
        if (hyb)
            print_hyb(&h);
    }
    if (rc == SPMVP_EXIT_OK && plot) {
        char title[512];
        snprintf(title, sizeof title, "%s on %s (%s): estimated HYB time against K", matrix,
                 p->device.name, vs == 8 ? "double" : "single");
        const double *series[SPMVP_HYB_NCURVES] = {h.curve[0], h.curve[1], h.curve[2]};
        if (spmvp_plot_hyb_curve(plot, title, h.k0, h.n, series, h.curve_name, SPMVP_HYB_NCURVES))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        else if (!json)
            printf("plot      %s\n", plot);
    }
    spmvp_hyb_report_release(&h);
    spmvp_predictor_release(&pred);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    spmvp_profile_free(p);
    return rc;
}
