/* cli_predict.c: `spmvp predict MATRIX --profile P.json`: every format under every model (the
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
#include "pmf_hw.h"
#include "predict_all.h"
#include "profile.h"
#include "stencil.h"

static const char usage[] =
    "usage: spmvp predict MATRIX --profile P.json [--precision single|double] [--json]\n"
    "                     [--hyb-threshold [--plot CURVE.png|CURVE.svg]]\n"
    "  models: fixed (Guo-Wang: fixed row lengths), normal, uniform (seed 000);\n"
    "          pmf (seed 002, analytic), pmf-cal (seed 002 fitted to the profile's calibration)\n"
    "  --hyb-threshold  seed 002's Algorithm 2 (the HYB threshold K) with its estimated time\n"
    "                   curve, beside CUSP's, ViennaCL's and the mean-length rules\n"
    "  --plot FILE      draw that curve with gnuplot (implies --hyb-threshold)\n";

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
        for (int m = 0; m < SPMVP_NMODELS; m++) {
            cJSON *o = cJSON_CreateObject();
            double t = pr->us[f][m];
            cJSON_AddStringToObject(o, "format", spmvp_format_name((spmvp_format)f));
            cJSON_AddStringToObject(o, "model", spmvp_model_name((spmvp_model)m));
            add_number_or_null(o, "time_us", t);
            if (!isnan(t))
                cJSON_AddNumberToObject(o, "gflops", t > 0 ? 2.0 * nnz / (t * 1e3) : 0);
            if (m >= SPMVP_MODEL_PMF && !isnan(pr->dtt_us[f]))
                cJSON_AddNumberToObject(o, "dtt_us", pr->dtt_us[f]);
            cJSON_AddItemToArray(arr, o);
        }
    return arr;
}

static cJSON *hardware_json(const spmvp_predictor *pred)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddBoolToObject(o, "derived", pred->hw_derived);
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++)
        cJSON_AddNumberToObject(o, spmvp_pmf_param_name(i), spmvp_pmf_param_get(&pred->hw, i));
    cJSON *so = cJSON_AddObjectToObject(o, "sources");
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++)
        cJSON_AddStringToObject(so, spmvp_pmf_param_name(i), pred->source[i]);
    return o;
}

/* The HYB threshold report: K of every rule, and the curves (one of each kind). */
typedef struct hyb_report {
    spmvp_hyb_thresholds k;
    size_t n;
    double *curve[3]; /* pmf T, pmf CT, pmf-cal CT, µs, at K = k.k0 + j */
} hyb_report;

static const char *curve_names[3] = {"pmf_T", "pmf_CT", "pmf-cal_CT"};

static cJSON *hyb_json(const hyb_report *h)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "k0", (double)h->k.k0);
    cJSON_AddNumberToObject(o, "max", (double)h->k.max);
    const struct { const char *key; long long K; double us; } rows[] = {
        {"pmf_t", h->k.pmf_t, h->k.pmf_t_us},       {"pmf_ct", h->k.pmf_ct, h->k.pmf_ct_us},
        {"pmf_cal", h->k.pmf_cal, h->k.pmf_cal_us}, {"cusp", h->k.cusp, NAN},
        {"viennacl", h->k.viennacl, NAN},           {"mean", h->k.mean, NAN},
        {"spmvp", h->k.spmvp, NAN},
    };
    cJSON *ks = cJSON_AddObjectToObject(o, "K");
    cJSON *ts = cJSON_AddObjectToObject(o, "estimate_us");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (rows[i].K < 0)
            cJSON_AddNullToObject(ks, rows[i].key);
        else
            cJSON_AddNumberToObject(ks, rows[i].key, (double)rows[i].K);
        if (i < 3)
            add_number_or_null(ts, rows[i].key, rows[i].us);
    }
    cJSON *arr = cJSON_AddArrayToObject(o, "curve");
    for (size_t j = 0; j < h->n; j++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "K", (double)(h->k.k0 + (long long)j));
        for (int c = 0; c < 3; c++)
            add_number_or_null(e, curve_names[c], h->curve[c][j]);
        cJSON_AddItemToArray(arr, e);
    }
    return o;
}

static void print_hyb(const hyb_report *h)
{
    const spmvp_hyb_thresholds *k = &h->k;
    printf("\nHYB threshold K (seed 002 Algorithm 2 scans K = %lld .. %lld)\n", k->k0, k->max);
    const struct { const char *label, *what; long long K; double us; } rows[] = {
        {"pmf, T = DTT + CT (the paper)", "T", k->pmf_t, k->pmf_t_us},
        {"pmf, CT (matrix on the device)", "CT", k->pmf_ct, k->pmf_ct_us},
        {"pmf-cal, CT", "CT", k->pmf_cal, k->pmf_cal_us},
        {"CUSP (speed 3.0, 4096 rows)", NULL, k->cusp, NAN},
        {"ViennaCL (80 % of rows)", NULL, k->viennacl, NAN},
        {"mean row length", NULL, k->mean, NAN},
        {"spmvp default (bench)", NULL, k->spmvp, NAN},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (rows[i].K < 0)
            printf("  %-32s no model\n", rows[i].label);
        else if (rows[i].what)
            printf("  %-32s K = %-7lld %s = %.2f us\n", rows[i].label, rows[i].K, rows[i].what, rows[i].us);
        else
            printf("  %-32s K = %lld\n", rows[i].label, rows[i].K);
    }
    /* at most ~40 lines: every step-th K, the last, and each minimum */
    size_t step = h->n > 40 ? (h->n + 39) / 40 : 1;
    printf("curve (us)%s\n  %8s %12s %12s %12s\n", step > 1 ? ", every few K" : "", "K", curve_names[0],
           curve_names[1], curve_names[2]);
    for (size_t j = 0; j < h->n; j++) {
        long long K = k->k0 + (long long)j;
        if (j % step && j + 1 != h->n && K != k->pmf_t && K != k->pmf_ct && K != k->pmf_cal)
            continue;
        printf("  %8lld", K);
        for (int c = 0; c < 3; c++)
            printf(" %12.4g", h->curve[c][j]);
        printf("%s\n", (K == k->pmf_t || K == k->pmf_ct || K == k->pmf_cal) ? "  <- minimum" : "");
    }
}

static void print_table(const char *matrix, const char *profile, const spmvp_profile *p,
                        const spmvp_predictor *pred, const spmvp_rowlen_stats *s, const spmvp_prediction *pr, size_t vs)
{
    printf("matrix    %s: %lld x %lld, %lld non-zeros, row length mode %lld, max %lld\n", matrix,
           s->rows, s->cols, s->nnz, s->mode, s->max);
    printf("device    %s (profile %s, %s precision)\n", p->device.name, profile, vs == 8 ? "double" : "single");
    printf("models    fixed = Guo-Wang (fixed row lengths); normal, uniform = seed 000's distributions;\n"
           "          pmf = seed 002's analytic model, pmf-cal = it fitted to the profile's calibration\n"
           "          (times are the kernel alone, CT; pmf_dtt = eq. 21's host-to-device transfer, apart)\n");
    if (!pred->calib)
        printf("strip     no calibration at %s precision: precisions.%s is missing from the profile\n",
               vs == 8 ? "double" : "single", vs == 8 ? "double" : "single");
    if (!pred->has_pmf) {
        printf("pmf       not available: %s\n", pred->pmf_note);
    } else {
        const spmvp_pmf_hw *h = &pred->hw;
        printf("pmf hw    B %.4g GB/s, F_i %.4g, F_s %.4g, F_d %.4g G/s, BW %g B, CR %.4g GHz, C %g, W %d, BS %g%s\n",
               h->B * 1e-9, h->F_i * 1e-9, h->F_s * 1e-9, h->F_d * 1e-9, h->BW, h->CR * 1e-9, h->C, h->W,
               h->BS, pred->hw_derived ? " (derived now: not in the profile)" : "");
        for (int i = 0; i < SPMVP_PMF_NPARAMS; i++) { /* say which were not queried or measured */
            const char *src = pred->source[i];
            if (!strncmp(src, "derived", 7) || !strncmp(src, "assumed", 7) || !strncmp(src, "vendor", 6))
                printf("          %-4s %s\n", spmvp_pmf_param_name(i), src);
        }
    }
    printf("\n%-11s %-7s", "format", "params");
    for (int m = 0; m < SPMVP_NMODELS; m++) {
        char h[32];
        snprintf(h, sizeof h, "%s_us", spmvp_model_name((spmvp_model)m));
        printf(" %12s", h);
    }
    printf(" %12s\n", "pmf_dtt_us");
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        char par[32] = "";
        if (f == SPMVP_CSR_VECTOR)
            snprintf(par, sizeof par, "V=%d", pr->vector_width);
        else if (f == SPMVP_HYB)
            snprintf(par, sizeof par, "K=%d", pr->hyb_width);
        printf("%-11s %-7s", spmvp_format_name((spmvp_format)f), par);
        for (int m = 0; m < SPMVP_NMODELS; m++) {
            double t = pr->us[f][m];
            if (isnan(t))
                printf(" %12s", "no model");
            else
                printf(" %12.2f", t);
        }
        if (isnan(pr->dtt_us[f]))
            printf(" %12s\n", "no model");
        else
            printf(" %12.2f\n", pr->dtt_us[f]);
    }
    printf("\nbest     ");
    for (int m = 0; m < SPMVP_NMODELS; m++)
        printf(" %s: %s;", spmvp_model_name((spmvp_model)m),
               pr->best[m] >= 0 ? spmvp_format_name((spmvp_format)pr->best[m]) : "none");
    printf("\n");
    if (pr->pmf_algorithm1 >= 0)
        printf("seed 002 Algorithm 1 (smallest T = DTT + CT of COO, CSR, ELL): %s\n",
               spmvp_format_name((spmvp_format)pr->pmf_algorithm1));
}

int spmvp_cmd_predict(int argc, char **argv)
{
    const char *matrix = NULL, *profile = NULL, *plot = NULL;
    size_t vs = 4;
    int json = 0, hyb = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
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
    if (plot && !pred.has_pmf) {
        spmvp_profile_free(p);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "predict: --plot %s: no PMF model to plot: %s", plot, pred.pmf_note);
    }
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
    int rc = SPMVP_EXIT_OK;
    if (!s || spmvp_predict_all(&pred, A, s, &pr))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", matrix, spmvp_last_error());
    double took = now_us() - t1, stats_us = t1 - t0;
    hyb_report h = {0};
    if (rc == SPMVP_EXIT_OK && hyb) {
        h.n = spmvp_hyb_curve_len(s);
        for (int c = 0; c < 3; c++)
            h.curve[c] = malloc((h.n + 1) * sizeof *h.curve[c]);
        if (!h.curve[0] || !h.curve[1] || !h.curve[2])
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
        else if (spmvp_predict_hyb_thresholds(&pred, s, &h.k, h.curve[0], h.curve[1], h.curve[2]))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", matrix, spmvp_last_error());
    }
    if (rc == SPMVP_EXIT_OK && json) {
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
        for (int m = 0; m < SPMVP_NMODELS; m++)
            if (pr.best[m] >= 0)
                cJSON_AddStringToObject(best, spmvp_model_name((spmvp_model)m), spmvp_format_name((spmvp_format)pr.best[m]));
        if (pr.pmf_algorithm1 >= 0)
            cJSON_AddStringToObject(doc, "pmf_algorithm1", spmvp_format_name((spmvp_format)pr.pmf_algorithm1));
        if (pred.has_pmf)
            cJSON_AddItemToObject(doc, "pmf_hardware", hardware_json(&pred));
        else
            cJSON_AddStringToObject(doc, "pmf_unavailable", pred.pmf_note);
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
        const double *series[3] = {h.curve[0], h.curve[1], h.curve[2]};
        if (spmvp_plot_hyb_curve(plot, title, h.k.k0, h.n, series, curve_names, 3))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        else if (!json)
            printf("plot      %s\n", plot);
    }
    for (int c = 0; c < 3; c++)
        free(h.curve[c]);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    spmvp_profile_free(p);
    return rc;
}
