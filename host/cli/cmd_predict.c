/* cmd_predict.c: `spmvp predict MATRIX --profile P.json`: every format under every registered
 * model, no device needed, one recommendation with the model that gave it and why;
 * `--hyb-threshold` adds seed 002's Algorithm 2 beside the usual HYB width rules. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plot.h"

static struct {
    const char *matrix, *profile, *plot;
    int precision, json, hyb;
} args;

static const spmvp_opt options[] = {
    {SPMVP_STRING("profile", &args.profile, "P.json", "the device profile to predict with (devices/)", NULL),
     .required = 1},
    SPMVP_OPT_PRECISION(&args.precision),
    {SPMVP_FLAG("hyb-threshold", &args.hyb, "add seed 002's Algorithm 2 (the HYB width K) with its "
                "estimated time curve, beside CUSP's, ViennaCL's and the mean-length rules")},
    {SPMVP_STRING("plot", &args.plot, "FILE", "draw that curve with gnuplot into FILE (.png or .svg; "
                  "implies --hyb-threshold)", NULL)},
    SPMVP_OPT_JSON(&args.json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_predict = {
    "predict", spmvp_cmd_predict, "predict every format's time from a profile (no device)", "MATRIX",
    1, 1, options,
    "Every format under every model: seed 000's strip models (fixed = Guo-Wang, normal, uniform),\n"
    "seed 002's PMF model (pmf) and its calibration to the profile (pmf-cal). Times are the kernel\n"
    "alone, the matrix on the device. \"no model\": the model has no form for that format; \"out of\n"
    "range\": its fitted line gives no time there (extrapolated below zero): never picked.\n"
    "The recommendation is the pick of the model whose picks ran closest to the fastest format on\n"
    "this kind of device in spmvp's evaluations (docs/models.md, docs/pmf.md).\n\n"
    SPMVP_HELP_MATRIX,
    "  spmvp predict matrices/cage8.mtx.gz --profile devices/pocl-cpu.json\n"
    "  spmvp predict laplace3d:100 --profile devices/nvidia-h100.json --precision double --json\n",
};

/* "ok", "no_model" or "out_of_range": what a prediction cell holds */
static const char *cell_state(const spmvp_prediction *pr, int f, int m)
{
    return pr->out_of_range[f][m] ? "out_of_range" : isnan(pr->us[f][m]) ? "no_model" : "ok";
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
            cJSON_AddStringToObject(o, "state", cell_state(pr, f, m));
            spmvp_json_add_number(o, "predicted_us", t);
            if (!isnan(t))
                cJSON_AddNumberToObject(o, "gflops", 2.0 * nnz / (t * 1e3));
            if ((spmvp_model_flags(m) & SPMVP_MODEL_SHOWS_DTT) && !isnan(pr->dtt_us[f]))
                cJSON_AddNumberToObject(o, "dtt_us", pr->dtt_us[f]);
            cJSON_AddItemToArray(arr, o);
        }
    return arr;
}

/* The resolved thread mapping, one member per formats' parameter ("vector_width": 4). */
static cJSON *mapping_json(const spmvp_mapping *map)
{
    cJSON *o = cJSON_CreateObject();
    size_t n;
    const spmvp_mapping_param *const *p = spmvp_mapping_params(&n);
    for (size_t i = 0; i < n; i++) {
        char key[64];
        snprintf(key, sizeof key, "%s", p[i]->name);
        for (char *c = key; *c; c++)
            *c = *c == '-' ? '_' : *c;
        cJSON_AddNumberToObject(o, key, *spmvp_mapping_value((spmvp_mapping *)map, p[i]));
    }
    return o;
}

/* The models (other than the trusted one) that pick the same format, into names. */
static int agreeing(const spmvp_prediction *pr, const char **names)
{
    int n = 0, f = pr->best[pr->trusted];
    for (int m = 0; m < spmvp_model_count(); m++)
        if (pr->best[m] == f)
            names[n++] = spmvp_model_name(m);
    return n;
}

static cJSON *recommendation_json(const spmvp_prediction *pr)
{
    if (pr->trusted < 0)
        return cJSON_CreateNull();
    int m = pr->trusted, f = pr->best[m];
    const char *names[SPMVP_MODELS_MAX];
    int n = agreeing(pr, names);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", spmvp_format_name((spmvp_format)f));
    cJSON_AddStringToObject(o, "model", spmvp_model_name(m));
    cJSON_AddNumberToObject(o, "predicted_us", pr->us[f][m]);
    cJSON_AddStringToObject(o, "reason", spmvp_model_why(m)[0] ? spmvp_model_why(m)
                                         : "the first model with a prediction for every format it knows");
    cJSON_AddItemToObject(o, "agreeing_models", cJSON_CreateStringArray(names, n));
    return o;
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
            spmvp_json_add_number(ts, r->key, r->us);
    }
    cJSON *arr = cJSON_AddArrayToObject(o, "curve");
    for (size_t j = 0; j < h->n; j++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "K", (double)(h->k0 + (long long)j));
        for (int c = 0; c < SPMVP_HYB_NCURVES; c++)
            spmvp_json_add_number(e, h->curve_name[c], h->curve[c][j]);
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
            printf("  %-32s K = %-7lld %s = %.2f µs\n", r->label, r->K, r->what, r->us);
        else
            printf("  %-32s K = %lld\n", r->label, r->K);
    }
    /* at most ~40 lines: every step-th K, the last, and each minimum */
    size_t step = h->n > 40 ? (h->n + 39) / 40 : 1;
    printf("curve (µs)%s\n  %8s", step > 1 ? ", every few K" : "", "K");
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

static void print_table(const spmvp_profile *p, const spmvp_predictor *pred,
                        const spmvp_rowlen_stats *s, const spmvp_prediction *pr)
{
    const char *dtt = spmvp_model_dtt_key();
    int nm = spmvp_model_count();
    printf("matrix    %s: %lld x %lld, %lld non-zeros, row length mode %lld, max %lld\n", args.matrix,
           s->rows, s->cols, s->nnz, s->mode, s->max);
    printf("device    %s (profile %s, %s precision)\n", p->device.name, args.profile,
           spmvp_precision_choices[args.precision]);
    print_legends();
    for (int i = 0; i < spmvp_model_families(); i++)
        if (spmvp_model_family(i)->print_info)
            spmvp_model_family(i)->print_info(pred->state[i], pred->available[i], pred->note[i],
                                              pred->prec, stdout);
    printf("\n%-11s %-7s", "format", "params");
    for (int m = 0; m < nm; m++) {
        char h[32];
        snprintf(h, sizeof h, "%s µs", spmvp_model_name(m));
        printf(" %*s", 12 + 1, h); /* µ is two bytes, one column */
    }
    if (dtt)
        printf("  %*s", 12 + 1, "DTT µs");
    printf("\n");
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        char par[32] = "";
        spmvp_format_mapping_label((spmvp_format)f, &pr->map, par, sizeof par);
        printf("%-11s %-7s", spmvp_format_name((spmvp_format)f), par);
        for (int m = 0; m < nm; m++) {
            if (pr->out_of_range[f][m])
                printf(" %12s", "out of range");
            else if (isnan(pr->us[f][m]))
                printf(" %12s", "no model");
            else
                printf(" %12.2f", pr->us[f][m]);
        }
        if (dtt) {
            if (isnan(pr->dtt_us[f]))
                printf("  %12s", "no model");
            else
                printf("  %12.2f", pr->dtt_us[f]);
        }
        printf("\n");
    }
    printf("\npicks    ");
    for (int m = 0; m < nm; m++)
        printf(" %s: %s%s", spmvp_model_name(m),
               pr->best[m] >= 0 ? spmvp_format_name((spmvp_format)pr->best[m]) : "none",
               m + 1 < nm ? ";" : "");
    printf("\n");
    for (int i = 0; i < spmvp_model_families(); i++)
        if (spmvp_model_family(i)->print_after)
            spmvp_model_family(i)->print_after(pred->state[i], pr, stdout);
    if (pr->trusted < 0) {
        printf("\nrecommended: none (no model predicts a time for this matrix)\n");
        return;
    }
    int m = pr->trusted, f = pr->best[m];
    const char *names[SPMVP_MODELS_MAX];
    int n = agreeing(pr, names);
    printf("\nrecommended %s, predicted %.2f µs by %s; %d of %d models pick it.\n",
           spmvp_format_name((spmvp_format)f), pr->us[f][m], spmvp_model_label(m), n, nm);
    if (spmvp_model_why(m)[0]) {
        char why[512];
        snprintf(why, sizeof why, "why %s: %s.", spmvp_model_name(m), spmvp_model_why(m));
        printf("  ");
        spmvp_text_wrap(stdout, why, 2, 100);
    }
}

int spmvp_cmd_predict(int argc, char **argv)
{
    int n;
    memset(&args, 0, sizeof args);
    int rc = spmvp_opts_parse(&spmvp_command_predict, argc, argv, &args.matrix, &n);
    if (rc >= 0)
        return rc;
    if (args.plot) {
        const char *ext = strrchr(args.plot, '.');
        if (!ext || (strcmp(ext, ".png") && strcmp(ext, ".svg")))
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "predict: --plot %s: the name must end in .png or .svg", args.plot);
        args.hyb = 1;
        const char *inputs[] = {args.matrix, args.profile};
        if (spmvp_cli_refuse_input("predict", args.plot, inputs, 2))
            return SPMVP_EXIT_USAGE;
    }
    size_t vs = args.precision ? 8 : 4;
    spmvp_profile *p = NULL;
    spmvp_predictor pred;
    if (spmvp_cli_load_profile(args.profile, vs, &p, &pred))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    const char *why;
    if (args.plot && !spmvp_hyb_report_has_curves(&pred, &why)) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "predict: --plot %s: no PMF model to plot: %s", args.plot, why);
        spmvp_predictor_release(&pred);
        spmvp_profile_free(p);
        return rc;
    }
    spmvp_csr *A = NULL;
    if (spmvp_matrix_load(args.matrix, &A)) {
        spmvp_predictor_release(&pred);
        spmvp_profile_free(p);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    /* timed apart: the one pass over the row pointers that reading a matrix ends with, and
     * the prediction itself, which uses only those statistics */
    double t0 = spmvp_now_us();
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    double t1 = spmvp_now_us();
    spmvp_prediction pr;
    rc = SPMVP_EXIT_OK;
    if (!s || spmvp_predict_all(&pred, A, s, &pr))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", args.matrix, spmvp_last_error());
    double took = spmvp_now_us() - t1, stats_us = t1 - t0;
    spmvp_hyb_report h = {0};
    if (rc == SPMVP_EXIT_OK && args.hyb && spmvp_hyb_report_make(&pred, s, &h))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", args.matrix, spmvp_last_error());
    if (rc == SPMVP_EXIT_OK && args.json) {
        cJSON *doc = spmvp_json_doc("predict");
        cJSON_AddItemToObject(doc, "matrix", spmvp_json_matrix(args.matrix, s));
        cJSON_AddItemToObject(doc, "device", spmvp_json_profile_device(p, args.profile));
        cJSON_AddStringToObject(doc, "precision", spmvp_precision_choices[args.precision]);
        cJSON_AddItemToObject(doc, "mapping", mapping_json(&pr.map));
        cJSON_AddItemToObject(doc, "predictions", prediction_json(&pr, s->nnz));
        cJSON *best = cJSON_AddObjectToObject(doc, "picks");
        for (int m = 0; m < spmvp_model_count(); m++)
            if (pr.best[m] >= 0)
                cJSON_AddStringToObject(best, spmvp_model_name(m), spmvp_format_name((spmvp_format)pr.best[m]));
        cJSON_AddItemToObject(doc, "recommendation", recommendation_json(&pr));
        for (int i = 0; i < spmvp_model_families(); i++) /* each model's own members */
            if (spmvp_model_family(i)->add_json)
                spmvp_model_family(i)->add_json(pred.state[i], pred.available[i], pred.note[i], &pr, doc);
        if (args.hyb)
            cJSON_AddItemToObject(doc, "hyb_threshold", hyb_json(&h));
        cJSON_AddNumberToObject(doc, "prediction_time_us", took);
        cJSON_AddNumberToObject(doc, "row_statistics_time_us", stats_us);
        rc = spmvp_cli_emit_json(doc);
    } else if (rc == SPMVP_EXIT_OK) {
        print_table(p, &pred, s, &pr);
        printf("\nthe prediction took %.1f µs after %.1f µs of row-length statistics (spmvp's own "
               "time, not an SpMV's)\n", took, stats_us);
        if (args.hyb)
            print_hyb(&h);
    }
    if (rc == SPMVP_EXIT_OK && args.plot) {
        char title[512];
        const char *base = strrchr(args.matrix, '/');
        snprintf(title, sizeof title, "%s on %s (%s): estimated HYB time against K",
                 base ? base + 1 : args.matrix, p->device.name, spmvp_precision_choices[args.precision]);
        const double *series[SPMVP_HYB_NCURVES] = {h.curve[0], h.curve[1], h.curve[2]};
        spmvp_plot_mark marks[SPMVP_HYB_NRULES];
        int nmarks = 0;
        for (int i = 0; i < SPMVP_HYB_NRULES; i++)
            if (h.rule[i].K >= h.k0 && h.rule[i].K <= h.max)
                marks[nmarks++] = (spmvp_plot_mark){h.rule[i].mark, h.rule[i].K};
        if (spmvp_plot_hyb_curve(args.plot, title, h.k0, h.n, series, h.curve_label, SPMVP_HYB_NCURVES,
                                 marks, nmarks))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        else if (!args.json)
            printf("wrote %s\n", args.plot);
    }
    spmvp_hyb_report_release(&h);
    spmvp_predictor_release(&pred);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    spmvp_profile_free(p);
    return rc;
}
