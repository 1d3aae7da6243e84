/* cmd_evaluate.c: `spmvp evaluate --device D --profile P.json MATRIX...`: measure every format
 * (as bench, verified), predict it with every model, and score the models: D_r per case
 * (seed 000 eq. 7), its summary per model and format, and ranking quality (the measured time
 * of the predicted-best format over the measured best). Writes PREFIX.csv, PREFIX.json and
 * gnuplot plots PREFIX-scatter.* and PREFIX-error.*. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plot.h"

static const char usage[] =
    "usage: spmvp evaluate --device D --profile P.json MATRIX... [--precision single|double]\n"
    "                      [--runs N] [--warmup A] [-o PREFIX] [--plot png|svg|none]\n"
    "  MATRIX: files or generated families (laplace3d:100, random:1000000:16:normal, rmat:18, ...)\n";

typedef struct eval_case {
    const char *matrix;
    long long rows, nnz;
    double measured[SPMVP_NFORMATS];   /* mean µs (eq. 5); NaN: did not run */
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
    if (spmvp_predict_all(pred, s, &e->pred)) {
        spmvp_rowlen_stats_free(s);
        spmvp_csr_free(A);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", spec, spmvp_last_error());
    }
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        spmvp_bench_options o = *bo;
        o.spmv.map = e->pred.map; /* what was predicted is what is run */
        spmvp_bench_result r;
        e->measured[f] = NAN;
        if (spmvp_bench_format(ctx, A, (spmvp_format)f, &o, &r)) {
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s: %s", spec, spmvp_format_name((spmvp_format)f), r.note);
            break;
        }
        if (r.state == SPMVP_BENCH_OK)
            e->measured[f] = r.mean_us;
        snprintf(e->params[f], sizeof e->params[f], "%s", r.state == SPMVP_BENCH_OK ? r.params : "unsuitable");
    }
    fprintf(stderr, "spmvp: evaluated %s\n", spec);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    return rc;
}

static int write_csv(const char *prefix, const eval_case *cs, int n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s.csv", prefix);
    FILE *f = fopen(path, "w");
    if (!f)
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: cannot write", path);
    fprintf(f, "matrix,rows,nnz,format,params,measured_us,model,predicted_us,dr\n");
    for (int i = 0; i < n; i++)
        for (int fm = 0; fm < SPMVP_NFORMATS; fm++)
            for (int d = 0; d < spmvp_model_count(); d++) {
                double m = cs[i].measured[fm], p = cs[i].pred.us[fm][d];
                fprintf(f, "%s,%lld,%lld,%s,\"%s\",%.6g,%s,%.6g,%.6g\n", cs[i].matrix, cs[i].rows,
                        cs[i].nnz, spmvp_format_name((spmvp_format)fm), cs[i].params[fm], m,
                        spmvp_model_name(d), p, spmvp_dr(p, m));
            }
    fclose(f);
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
            double r = spmvp_dr(cs[i].pred.us[f][d], cs[i].measured[f]);
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
            if (!isnan(cs[i].measured[f]) && (all || !isnan(cs[i].pred.us[f][d])) &&
                (best < 0 || cs[i].measured[f] < cs[i].measured[best]))
                best = f;
        /* the model's pick among the formats that ran */
        int pick = -1;
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            if (!isnan(cs[i].measured[f]) && cs[i].pred.us[f][d] > 0 &&
                (pick < 0 || cs[i].pred.us[f][d] < cs[i].pred.us[pick][d]))
                pick = f;
        if (best < 0 || pick < 0)
            continue;
        double ratio = cs[i].measured[pick] / cs[i].measured[best];
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
    cJSON_AddNumberToObject(o, "mean", s.mean);
    cJSON_AddNumberToObject(o, "median", s.median);
    cJSON_AddNumberToObject(o, "p90", s.p90);
    cJSON_AddNumberToObject(o, "within_20_percent", s.within20);
    return o;
}

static int report(const char *prefix, const char *plot, const eval_case *cs, int n,
                  const spmvp_context *ctx, const char *profile, size_t vs)
{
    double *dr = malloc(((size_t)n * SPMVP_NFORMATS + 1) * sizeof *dr);
    cJSON *doc = cJSON_CreateObject();
    if (!dr || !doc) {
        free(dr);
        cJSON_Delete(doc);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
    }
    cJSON_AddStringToObject(doc, "device", ctx->info.name);
    cJSON_AddStringToObject(doc, "driver", ctx->info.driver);
    cJSON_AddStringToObject(doc, "profile", profile);
    cJSON_AddStringToObject(doc, "precision", vs == 8 ? "double" : "single");
    cJSON_AddStringToObject(doc, "measured", "mean of the timed runs, event time per product (eq. 5)");
    cJSON *summ = cJSON_AddObjectToObject(doc, "dr_summary");
    printf("D_r = |predicted - measured| / measured (seed 000 eq. 7), in %%: mean / median / p90"
           " [share within 20 %%]; %d matrices, %s precision, %s\n\n", n, vs == 8 ? "double" : "single", ctx->info.name);
    printf("%-11s", "format");
    for (int d = 0; d < spmvp_model_count(); d++)
        printf(" %-30s", spmvp_model_label(d));
    printf("\n");
    for (int f = -1; f < SPMVP_NFORMATS; f++) {
        const char *fname = f < 0 ? "all" : spmvp_format_name((spmvp_format)f);
        cJSON *fo = cJSON_AddObjectToObject(summ, fname);
        if (f >= 0)
            printf("%-11s", fname);
        char line[SPMVP_MODELS_MAX][64];
        for (int d = 0; d < spmvp_model_count(); d++) {
            spmvp_dr_summary s = spmvp_dr_summarize(dr, collect(cs, n, d, f, dr));
            cJSON_AddItemToObject(fo, spmvp_model_name(d), summary_json(s));
            if (s.n == 0) /* the PMF model has no CSR-vector or JAD */
                snprintf(line[d], sizeof line[d], "%13s", "no model");
            else
                snprintf(line[d], sizeof line[d], "%6.1f /%6.1f /%7.1f [%3.0f%%]", 100 * s.mean,
                         100 * s.median, 100 * s.p90, 100 * s.within20);
        }
        if (f < 0)
            printf("%-11s", "all");
        for (int d = 0; d < spmvp_model_count(); d++)
            printf(" %-30s", line[d]);
        printf("\n");
    }
    cJSON *rk = cJSON_AddObjectToObject(doc, "ranking");
    printf("\nranking: measured time of the predicted-best format / measured best (mean), share of matrices within 5 %% and 20 %%;\n"
           "         best of all formats, then best of the formats the model predicts\n");
    for (int d = 0; d < spmvp_model_count(); d++) {
        cJSON *o = cJSON_AddObjectToObject(rk, spmvp_model_name(d));
        printf("  %-17s", spmvp_model_label(d));
        for (int all = 1; all >= 0; all--) {
            ranking r = rank_quality(cs, n, d, all);
            cJSON *oo = all ? o : cJSON_AddObjectToObject(o, "among_predicted_formats");
            cJSON_AddNumberToObject(oo, "matrices", r.n);
            cJSON_AddNumberToObject(oo, "mean_ratio", r.mean_ratio);
            cJSON_AddNumberToObject(oo, "within_5_percent", r.within5);
            cJSON_AddNumberToObject(oo, "within_20_percent", r.within20);
            printf(" %s%.3f  %3.0f %%  %3.0f %%", all ? "" : "  |  ", r.mean_ratio, 100 * r.within5, 100 * r.within20);
        }
        printf("\n");
    }
    cJSON *arr = cJSON_AddArrayToObject(doc, "cases");
    for (int i = 0; i < n; i++)
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "matrix", cs[i].matrix);
            cJSON_AddNumberToObject(o, "rows", (double)cs[i].rows);
            cJSON_AddNumberToObject(o, "nnz", (double)cs[i].nnz);
            cJSON_AddStringToObject(o, "format", spmvp_format_name((spmvp_format)f));
            cJSON_AddStringToObject(o, "params", cs[i].params[f]);
            if (isnan(cs[i].measured[f]))
                cJSON_AddNullToObject(o, "measured_us");
            else
                cJSON_AddNumberToObject(o, "measured_us", cs[i].measured[f]);
            if (!isnan(cs[i].pred.dtt_us[f]) && spmvp_model_dtt_key())
                cJSON_AddNumberToObject(o, spmvp_model_dtt_key(), cs[i].pred.dtt_us[f]);
            cJSON *pr = cJSON_AddObjectToObject(o, "predicted_us");
            for (int d = 0; d < spmvp_model_count(); d++) {
                if (isnan(cs[i].pred.us[f][d]))
                    cJSON_AddNullToObject(pr, spmvp_model_name(d));
                else
                    cJSON_AddNumberToObject(pr, spmvp_model_name(d), cs[i].pred.us[f][d]);
            }
            cJSON_AddItemToArray(arr, o);
        }
    free(dr);
    int rc = SPMVP_EXIT_OK;
    char path[4096];
    snprintf(path, sizeof path, "%s.json", prefix);
    char *text = cJSON_Print(doc);
    FILE *f = fopen(path, "w");
    if (!text || !f || fputs(text, f) < 0)
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: cannot write", path);
    if (f)
        fclose(f);
    cJSON_free(text);
    cJSON_Delete(doc);
    if (rc == SPMVP_EXIT_OK)
        rc = write_csv(prefix, cs, n);
    if (rc == SPMVP_EXIT_OK && strcmp(plot, "none")) {
        spmvp_plot_point *pts = malloc(((size_t)n * SPMVP_NFORMATS * spmvp_model_count() + 1) * sizeof *pts);
        size_t k = 0;
        for (int i = 0; pts && i < n; i++)
            for (int fm = 0; fm < SPMVP_NFORMATS; fm++)
                for (int d = 0; d < spmvp_model_count(); d++)
                    if (!isnan(cs[i].measured[fm]) && !isnan(cs[i].pred.us[fm][d]))
                        pts[k++] = (spmvp_plot_point){d, fm, cs[i].measured[fm], cs[i].pred.us[fm][d]};
        const char *fnames[SPMVP_NFORMATS];
        for (int fm = 0; fm < SPMVP_NFORMATS; fm++)
            fnames[fm] = spmvp_format_name((spmvp_format)fm);
        const char *labels[SPMVP_MODELS_MAX];
        for (int d = 0; d < spmvp_model_count(); d++)
            labels[d] = spmvp_model_label(d);
        if (!pts || spmvp_plot_evaluation(prefix, plot, pts, k, labels, spmvp_model_count(), fnames, SPMVP_NFORMATS))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", pts ? spmvp_last_error() : "out of memory");
        free(pts);
    }
    if (rc == SPMVP_EXIT_OK)
        fprintf(stderr, "spmvp: wrote %s.json, %s.csv%s%s\n", prefix, prefix,
                strcmp(plot, "none") ? " and plots " : "", strcmp(plot, "none") ? prefix : "");
    return rc;
}

int spmvp_cmd_evaluate(int argc, char **argv)
{
    const char *device = NULL, *profile = NULL, *prefix = "evaluate", *plot = "png";
    const char **mats = calloc((size_t)argc, sizeof *mats);
    int nm = 0;
    long v;
    spmvp_bench_options bo = {spmvp_spmv_defaults(4), 5, 30, 0, 0};
    int rc = -1;
    for (int i = 1; i < argc && rc < 0; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            rc = SPMVP_EXIT_OK;
        } else if (a[0] != '-') {
            mats[nm++] = a;
        } else if (i + 1 >= argc) {
            rc = spmvp_cli_error(SPMVP_EXIT_USAGE, "evaluate: %s needs a value", a);
        } else {
            const char *val = argv[++i];
            if (!strcmp(a, "--device"))
                device = val;
            else if (!strcmp(a, "--profile"))
                profile = val;
            else if (!strcmp(a, "-o"))
                prefix = val;
            else if (!strcmp(a, "--plot") && (!strcmp(val, "png") || !strcmp(val, "svg") || !strcmp(val, "none")))
                plot = val;
            else if (!strcmp(a, "--precision") && !spmvp_cli_precision(val, &bo.spmv.value_size))
                ;
            else if (!strcmp(a, "--runs") && !spmvp_cli_int(val, 1, 100000, &v))
                bo.runs = (int)v;
            else if (!strcmp(a, "--warmup") && !spmvp_cli_int(val, 0, 100000, &v))
                bo.warmup = (int)v;
            else
                rc = spmvp_cli_error(SPMVP_EXIT_USAGE, "evaluate: invalid option %s %s", a, val);
        }
    }
    if (rc < 0 && (!profile || !nm))
        rc = spmvp_cli_error(SPMVP_EXIT_USAGE, "evaluate: needs --profile P.json and at least one MATRIX");
    if (rc >= 0) {
        free(mats);
        return rc;
    }
    spmvp_profile *p = NULL;
    spmvp_predictor pred = {0};
    spmvp_context *ctx = NULL;
    eval_case *cs = calloc((size_t)nm, sizeof *cs);
    rc = SPMVP_EXIT_OK;
    if (!cs)
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
    else if (spmvp_cli_load_profile(profile, bo.spmv.value_size, &p, &pred) || spmvp_cli_open(device, NULL, &ctx))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    else if (bo.spmv.value_size == 8 && !ctx->info.fp64)
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s lacks cl_khr_fp64: double precision is not available on it", ctx->info.name);
    if (rc == SPMVP_EXIT_OK && strcmp(p->device.name, ctx->info.name))
        fprintf(stderr, "spmvp: note: profile %s was calibrated on %s, measuring on %s\n", profile,
                p->device.name, ctx->info.name);
    for (int i = 0; i < nm && rc == SPMVP_EXIT_OK; i++)
        rc = measure(ctx, mats[i], &pred, &bo, &cs[i]);
    if (rc == SPMVP_EXIT_OK)
        rc = report(prefix, plot, cs, nm, ctx, profile, bo.spmv.value_size);
    free(cs);
    free(mats);
    spmvp_predictor_release(&pred);
    spmvp_context_free(ctx);
    spmvp_profile_free(p);
    return rc;
}
