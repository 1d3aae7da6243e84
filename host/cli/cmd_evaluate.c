/* cmd_evaluate.c: `spmvp evaluate --device D --profile P.json MATRIX...`: measure every format
 * (as bench, verified), predict it with every model, and score the models: D_r per case
 * (seed 000 eq. 7), its summary per model and format, and ranking quality (the measured time
 * of the predicted-best format over the measured best). Writes PREFIX.csv, PREFIX.json and
 * gnuplot plots PREFIX-scatter.* and PREFIX-error.*. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plot.h"

typedef struct eval_case {
    const char *matrix;
    long long rows, nnz;
    double measured[SPMVP_NFORMATS];   /* mean µs of the timed runs (seed 000 eq. 5, what the
                                          models are fitted to); NaN: did not run */
    double median[SPMVP_NFORMATS];     /* median µs of the same runs (bench's figure) */
    double batch[SPMVP_NFORMATS];      /* µs per product in a back-to-back batch of ~2 ms (what
                                          the learned models are trained on) */
    char params[SPMVP_NFORMATS][96];
    spmvp_prediction pred;
} eval_case;

static int measure(spmvp_context *ctx, const char *spec, const spmvp_predictor *pred,
                   const spmvp_bench_options *bo, eval_case *e)
{
    spmvp_csr *A = NULL;
    if (spmvp_matrix_load(spec, &A))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    int rc = SPMVP_EXIT_OK;
    if (!s) {
        spmvp_csr_free(A);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    e->matrix = spec;
    e->rows = s->rows;
    e->nnz = s->nnz;
    if (spmvp_predict_all(pred, A, s, &e->pred)) {
        spmvp_rowlen_stats_free(s);
        spmvp_csr_free(A);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", spec, spmvp_last_error());
    }
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        spmvp_bench_options o = *bo;
        o.spmv.map = e->pred.map; /* what was predicted is what is run */
        spmvp_bench_result r;
        e->measured[f] = e->median[f] = e->batch[f] = NAN;
        if (spmvp_bench_format(ctx, A, (spmvp_format)f, &o, &r)) {
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s: %s", spec, spmvp_format_name((spmvp_format)f), r.note);
            break;
        }
        if (r.state == SPMVP_BENCH_OK) {
            e->measured[f] = r.mean_us;
            e->median[f] = r.median_us;
            e->batch[f] = r.batch_us > 0 ? r.batch_us : NAN;
        }
        snprintf(e->params[f], sizeof e->params[f], "%s", r.state == SPMVP_BENCH_OK ? r.params : "unsuitable");
    }
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    return rc;
}

/* What model d predicts, measured: the batch time for a learned model (spmvp train's target),
 * the mean of the event-timed runs for the others (seed 000 eq. 5, their calibration's). */
static double target(const eval_case *c, int d, int f)
{
    const spmvp_model *m = spmvp_model_family(spmvp_model_family_of(d));
    return m && m->fit_table ? c->batch[f] : c->measured[f];
}

/* Whether model d predicted anything here: a model the profile has no data for (a learned
 * model of a profile that was never trained) is left out of every table, file and plot. */
static int shown(const eval_case *cs, int n, int d)
{
    for (int i = 0; i < n; i++)
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            if (!isnan(cs[i].pred.us[f][d]))
                return 1;
    return 0;
}

static int write_csv(const char *prefix, const eval_case *cs, int n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s.csv", prefix);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len); /* written whole or not at all, below */
    if (!f)
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
    fprintf(f, "matrix,rows,nnz,format,params,mean_us,median_us,model,predicted_us,dr_percent\n");
    for (int i = 0; i < n; i++)
        for (int fm = 0; fm < SPMVP_NFORMATS; fm++)
            for (int d = 0; d < spmvp_model_count(); d++) {
                if (!shown(cs, n, d))
                    continue;
                double m = target(&cs[i], d, fm), p = cs[i].pred.us[fm][d];
                fprintf(f, "%s,%lld,%lld,%s,\"%s\",%.6g,%.6g,%s,%.6g,%.6g\n", cs[i].matrix, cs[i].rows,
                        cs[i].nnz, spmvp_format_name((spmvp_format)fm), cs[i].params[fm], m,
                        cs[i].median[fm], spmvp_model_name(d), p, 100 * spmvp_dr(p, m));
            }
    int bad = fclose(f) || spmvp_atomic_write(path, text, len);
    free(text);
    if (bad)
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    fprintf(stderr, "spmvp: wrote %s\n", path);
    return SPMVP_EXIT_OK;
}

/* D_r over the cases of model d and format fm (fm < 0: all formats) into dr; returns count. */
static size_t collect(const eval_case *cs, int n, int d, int fm, double *dr)
{
    size_t k = 0;
    for (int i = 0; i < n; i++)
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            if (fm >= 0 && f != fm)
                continue;
            double r = spmvp_dr(cs[i].pred.us[f][d], target(&cs[i], d, f));
            if (!isnan(r))
                dr[k++] = r;
        }
    return k;
}

typedef struct ranking { int n; double mean_ratio; double within5, within20; } ranking;

/* The measured time of each model's predicted-best format over the measured best: of every
 * format that ran (all = 1), or of those the model predicts (all = 0: the PMF model has no
 * CSR-vector or JAD, so it cannot pick them). */
static ranking rank_quality(const eval_case *cs, int n, int d, int all)
{
    ranking r = {0};
    for (int i = 0; i < n; i++) {
        int best = -1;
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            if (!isnan(target(&cs[i], d, f)) && (all || !isnan(cs[i].pred.us[f][d])) &&
                (best < 0 || target(&cs[i], d, f) < target(&cs[i], d, best)))
                best = f;
        /* the model's pick among the formats that ran */
        int pick = -1;
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            if (!isnan(target(&cs[i], d, f)) && cs[i].pred.us[f][d] > 0 &&
                (pick < 0 || cs[i].pred.us[f][d] < cs[i].pred.us[pick][d]))
                pick = f;
        if (best < 0 || pick < 0)
            continue;
        double ratio = target(&cs[i], d, pick) / target(&cs[i], d, best);
        r.n++;
        r.mean_ratio += ratio;
        r.within5 += ratio <= 1.05;
        r.within20 += ratio <= 1.20;
    }
    if (r.n) {
        r.mean_ratio /= r.n;
        r.within5 /= r.n;
        r.within20 /= r.n;
    }
    return r;
}

static cJSON *summary_json(spmvp_dr_summary s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "cases", (double)s.n);
    cJSON_AddNumberToObject(o, "mean_dr_percent", 100 * s.mean);
    cJSON_AddNumberToObject(o, "median_dr_percent", 100 * s.median);
    cJSON_AddNumberToObject(o, "p90_dr_percent", 100 * s.p90);
    cJSON_AddNumberToObject(o, "share_within_20_percent", 100 * s.within20);
    return o;
}

static int report(const char *prefix, const char *plot, const eval_case *cs, int n,
                  const spmvp_context *ctx, const spmvp_profile *p, const char *profile, size_t vs,
                  int json)
{
    double *dr = malloc(((size_t)n * SPMVP_NFORMATS + 1) * sizeof *dr);
    cJSON *doc = spmvp_json_doc("evaluate");
    if (!dr || !doc) {
        free(dr);
        cJSON_Delete(doc);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
    }
    cJSON_AddItemToObject(doc, "device", spmvp_device_json(&ctx->info));
    cJSON_AddItemToObject(doc, "profile_device", spmvp_json_profile_device(p, profile));
    cJSON_AddStringToObject(doc, "precision", vs == 8 ? "double" : "single");
    cJSON_AddStringToObject(doc, "measured", "mean_us: the mean of the timed runs, an event time per "
                            "product (seed 000 eq. 5), which D_r compares the calibrated models with; "
                            "batch_us: per product in a back-to-back batch of about 2 ms, which D_r "
                            "compares the learned models (spmvp train) with; median_us beside them");
    cJSON *summ = cJSON_AddObjectToObject(doc, "dr_summary");
    FILE *out = json ? stderr : stdout; /* the tables go to stderr when stdout carries JSON */
    fprintf(out, "D_r = |predicted - measured| / measured (seed 000 eq. 7), in %%, over %d matrices; "
            "%s precision, %s;\nmeasured: the mean of the event-timed runs for the calibrated "
            "models, the batch time for the learned ones\n", n, vs == 8 ? "double" : "single",
            ctx->info.name);
    fprintf(out, "\n%-18s %-11s %6s %10s %10s %10s %10s\n", "model", "format", "cases", "mean %",
            "median %", "p90 %", "<= 20 %");
    for (int d = 0; d < spmvp_model_count(); d++)
        for (int f = -1; f < SPMVP_NFORMATS && shown(cs, n, d); f++) {
            const char *fname = f < 0 ? "all" : spmvp_format_name((spmvp_format)f);
            cJSON *fo = cJSON_GetObjectItem(summ, fname);
            if (!fo)
                fo = cJSON_AddObjectToObject(summ, fname);
            spmvp_dr_summary s = spmvp_dr_summarize(dr, collect(cs, n, d, f, dr));
            cJSON_AddItemToObject(fo, spmvp_model_name(d), summary_json(s));
            fprintf(out, "%-18s %-11s", f < 0 ? spmvp_model_label(d) : "", fname);
            if (s.n == 0) /* no form for this format (the PMF: CSR-vector, JAD), or out of range */
                fprintf(out, " %6s %10s\n", "0", "no time");
            else
                fprintf(out, " %6zu %10.1f %10.1f %10.1f %9.0f%%\n", s.n, 100 * s.mean, 100 * s.median,
                        100 * s.p90, 100 * s.within20);
        }
    cJSON *rk = cJSON_AddObjectToObject(doc, "ranking");
    fprintf(out, "\nranking: the measured time of each model's pick over the fastest measured format:\n"
           "mean ratio, share of matrices within 5 %% and 20 %%; among every format | among those the\n"
           "model predicts\n");
    for (int d = 0; d < spmvp_model_count(); d++) {
        if (!shown(cs, n, d))
            continue;
        cJSON *o = cJSON_AddObjectToObject(rk, spmvp_model_name(d));
        fprintf(out, "  %-17s", spmvp_model_label(d));
        for (int all = 1; all >= 0; all--) {
            ranking r = rank_quality(cs, n, d, all);
            cJSON *oo = all ? o : cJSON_AddObjectToObject(o, "among_predicted_formats");
            cJSON_AddNumberToObject(oo, "matrices", r.n);
            cJSON_AddNumberToObject(oo, "mean_slowdown_ratio", r.mean_ratio);
            cJSON_AddNumberToObject(oo, "share_within_5_percent", 100 * r.within5);
            cJSON_AddNumberToObject(oo, "share_within_20_percent", 100 * r.within20);
            fprintf(out, " %s%.3f  %3.0f %%  %3.0f %%", all ? "" : "  |  ", r.mean_ratio, 100 * r.within5, 100 * r.within20);
        }
        fprintf(out, "\n");
    }
    cJSON *arr = cJSON_AddArrayToObject(doc, "cases");
    for (int i = 0; i < n; i++)
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            cJSON *o = cJSON_CreateObject();
            cJSON *m = cJSON_AddObjectToObject(o, "matrix");
            cJSON_AddStringToObject(m, "name", cs[i].matrix);
            cJSON_AddNumberToObject(m, "rows", (double)cs[i].rows);
            cJSON_AddNumberToObject(m, "nnz", (double)cs[i].nnz);
            cJSON_AddStringToObject(o, "format", spmvp_format_name((spmvp_format)f));
            cJSON_AddStringToObject(o, "params", cs[i].params[f]);
            spmvp_json_add_number(o, "mean_us", cs[i].measured[f]);
            spmvp_json_add_number(o, "median_us", cs[i].median[f]);
            spmvp_json_add_number(o, "batch_us", cs[i].batch[f]);
            if (!isnan(cs[i].pred.dtt_us[f]) && spmvp_model_dtt_key())
                cJSON_AddNumberToObject(o, spmvp_model_dtt_key(), cs[i].pred.dtt_us[f]);
            cJSON *pr = cJSON_AddObjectToObject(o, "predicted_us");
            for (int d = 0; d < spmvp_model_count(); d++)
                if (shown(cs, n, d))
                    spmvp_json_add_number(pr, spmvp_model_name(d), cs[i].pred.us[f][d]);
            cJSON_AddItemToArray(arr, o);
        }
    free(dr);
    int rc = SPMVP_EXIT_OK;
    char path[4096];
    snprintf(path, sizeof path, "%s.json", prefix);
    char *text = cJSON_Print(doc);
    if (!text)
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
    else if (spmvp_atomic_write(path, text, strlen(text)))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    if (rc == SPMVP_EXIT_OK)
        fprintf(stderr, "spmvp: wrote %s\n", path);
    if (rc == SPMVP_EXIT_OK && json)
        rc = puts(text) == EOF ? spmvp_cli_error(SPMVP_EXIT_FAIL, "standard output: write failed") : rc;
    cJSON_free(text);
    cJSON_Delete(doc);
    if (rc == SPMVP_EXIT_OK)
        rc = write_csv(prefix, cs, n);
    if (rc == SPMVP_EXIT_OK && plot) {
        spmvp_plot_point *pts = malloc(((size_t)n * SPMVP_NFORMATS * spmvp_model_count() + 1) * sizeof *pts);
        size_t k = 0;
        int series[SPMVP_MODELS_MAX], ns = 0; /* the shown models, numbered from 0 */
        const char *labels[SPMVP_MODELS_MAX];
        for (int d = 0; d < spmvp_model_count(); d++)
            if ((series[d] = shown(cs, n, d) ? ns : -1) >= 0)
                labels[ns++] = spmvp_model_label(d);
        for (int i = 0; pts && i < n; i++)
            for (int fm = 0; fm < SPMVP_NFORMATS; fm++)
                for (int d = 0; d < spmvp_model_count(); d++)
                    if (series[d] >= 0 && !isnan(target(&cs[i], d, fm)) && !isnan(cs[i].pred.us[fm][d]))
                        pts[k++] = (spmvp_plot_point){series[d], fm, target(&cs[i], d, fm),
                                                      cs[i].pred.us[fm][d]};
        const char *fnames[SPMVP_NFORMATS];
        for (int fm = 0; fm < SPMVP_NFORMATS; fm++)
            fnames[fm] = spmvp_format_name((spmvp_format)fm);
        char title[256];
        snprintf(title, sizeof title, "%s, %s precision, %d matrices", ctx->info.name,
                 vs == 8 ? "double" : "single", n);
        if (!pts || spmvp_plot_evaluation(plot, title, pts, k, labels, ns, fnames, SPMVP_NFORMATS))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", pts ? spmvp_last_error() : "out of memory");
        else
            fprintf(stderr, "spmvp: wrote %s and its -error plot\n", plot);
        free(pts);
    }
    return rc;
}

static struct {
    const char *device, *profile, *prefix, *plot;
    int precision, runs, warmup, json;
} args;

static const spmvp_opt options[] = {
    SPMVP_OPT_DEVICE(&args.device),
    {SPMVP_STRING("profile", &args.profile, "P.json", "the device profile whose models are scored", NULL),
     .required = 1},
    SPMVP_OPT_PRECISION(&args.precision),
    {SPMVP_INT("runs", &args.runs, "N", "timed products per format (their mean is D_r's measured time)", "30", 1, 100000)},
    {SPMVP_INT("warmup", &args.warmup, "A", "untimed products first", "5", 0, 100000)},
    {SPMVP_STRING("output", &args.prefix, "PREFIX", "write PREFIX.json (the cases and summaries) and "
                  "PREFIX.csv (one line per matrix, format and model)", "evaluate"), .alias = 'o'},
    {SPMVP_STRING("plot", &args.plot, "FILE", "draw predicted against measured into FILE (.png or .svg) "
                  "and the D_r distribution into FILE-error beside it", NULL)},
    SPMVP_OPT_JSON(&args.json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_evaluate = {
    "evaluate", spmvp_cmd_evaluate, "measure and predict, then score the models (CSV, JSON, plots)",
    "MATRIX...", 1, -1, options,
    "Measures every format on each MATRIX as bench does (verified), predicts it with every model of\n"
    "the profile, and scores the models: D_r per case (seed 000 eq. 7) against the mean of the\n"
    "timed runs, its mean, median and 90th percentile per model and format, and ranking quality\n"
    "(the measured time of each model's pick over the fastest measured format). Count on it only\n"
    "for matrices the profile was not calibrated on. --json prints PREFIX.json on standard output\n"
    "and the tables on standard error.\n\n"
    SPMVP_HELP_MATRIX,
    "  spmvp evaluate --profile devices/pocl-cpu.json matrices/*.mtx.gz --plot eval.png\n",
};

int spmvp_cmd_evaluate(int argc, char **argv)
{
    int nm;
    memset(&args, 0, sizeof args);
    args.prefix = "evaluate";
    args.runs = 30;
    args.warmup = 5;
    const char **mats = calloc((size_t)argc, sizeof *mats);
    if (!mats)
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
    int rc = spmvp_opts_parse(&spmvp_command_evaluate, argc, argv, mats, &nm);
    if (rc < 0 && args.plot) {
        const char *ext = strrchr(args.plot, '.');
        if (!ext || (strcmp(ext, ".png") && strcmp(ext, ".svg")))
            rc = spmvp_cli_error(SPMVP_EXIT_USAGE, "evaluate: --plot %s: the name must end in .png or .svg", args.plot);
    }
    /* what evaluate writes, checked before minutes of measuring: never one of its inputs */
    const char **inputs = rc < 0 ? calloc((size_t)nm + 1, sizeof *inputs) : NULL;
    if (rc < 0 && !inputs)
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
    if (rc < 0) {
        char out[4200];
        inputs[0] = args.profile;
        memcpy(inputs + 1, mats, (size_t)nm * sizeof *mats);
        const char *suffix[] = {".json", ".csv"};
        for (int i = 0; i < 2 && rc < 0; i++) {
            snprintf(out, sizeof out, "%s%s", args.prefix, suffix[i]);
            if (spmvp_cli_refuse_input("evaluate", out, inputs, nm + 1))
                rc = SPMVP_EXIT_USAGE;
        }
        if (rc < 0 && args.plot && spmvp_cli_refuse_input("evaluate", args.plot, inputs, nm + 1))
            rc = SPMVP_EXIT_USAGE;
        /* and writable, before minutes of measuring */
        snprintf(out, sizeof out, "%s.json", args.prefix);
        if (rc < 0 && (spmvp_atomic_check(out) || (args.plot && spmvp_atomic_check(args.plot))))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    free(inputs);
    if (rc >= 0) {
        free(mats);
        return rc;
    }
    spmvp_bench_options bo = {.spmv = spmvp_spmv_defaults(args.precision ? 8 : 4), .warmup = args.warmup,
                              .runs = args.runs, .batch = 20, .batch_min_us = 2000};
    spmvp_profile *p = NULL;
    spmvp_predictor pred = {0};
    spmvp_context *ctx = NULL;
    eval_case *cs = calloc((size_t)nm, sizeof *cs);
    rc = SPMVP_EXIT_OK;
    if (!cs)
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
    else if (spmvp_cli_load_profile(args.profile, bo.spmv.value_size, &p, &pred) ||
             spmvp_cli_open(args.device, NULL, &ctx))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    else if (bo.spmv.value_size == 8 && !ctx->info.fp64)
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s lacks cl_khr_fp64: double precision is not available on it", ctx->info.name);
    if (rc == SPMVP_EXIT_OK && strcmp(p->device.name, ctx->info.name))
        fprintf(stderr, "spmvp: note: profile %s was calibrated on %s, measuring on %s\n", args.profile,
                p->device.name, ctx->info.name);
    spmvp_progress bar = spmvp_progress_start(stderr, "matrices", (size_t)nm);
    for (int i = 0; i < nm && rc == SPMVP_EXIT_OK; i++) {
        rc = measure(ctx, mats[i], &pred, &bo, &cs[i]);
        spmvp_progress_step(&bar, (size_t)i + 1);
    }
    if (rc == SPMVP_EXIT_OK)
        rc = report(args.prefix, args.plot, cs, nm, ctx, p, args.profile, bo.spmv.value_size, args.json);
    free(cs);
    free(mats);
    spmvp_predictor_release(&pred);
    spmvp_context_free(ctx);
    spmvp_profile_free(p);
    return rc;
}
