/* cmd_rank.c: `spmvp rank MATRIX --profile P.json`: every configuration (format x thread
 * mapping, featvec.h) best first by a trained profile's learned model, each with an interval
 * from the model's cross-validated error (cv.h, kept in the profile by `spmvp train`) widened
 * by the measured run-to-run spread, and the entries whose interval overlaps the best's
 * marked as ties: any of them may be the fastest, given what the model is known to miss. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static struct {
    const char *matrix, *profile, *model, *device;
    int precision, top, json, measure;
} args;

static const spmvp_opt options[] = {
    {SPMVP_STRING("profile", &args.profile, "P.json", "a trained device profile (spmvp train)",
                  NULL), .required = 1},
    SPMVP_OPT_PRECISION(&args.precision),
    {SPMVP_STRING("model", &args.model, "M", "the learned model to rank by (lr, knn, work, gbt, "
                  "work+gbt, rel, ens)", "the one whose held-out picks ranked best in the "
                  "profile's cross-validation")},
    {SPMVP_INT("top", &args.top, "N", "print the N best (0: all)", "10", 0, 100000)},
    {SPMVP_INT("measure", &args.measure, "N", "then measure the N best on --device as train "
               "does (verified; a back-to-back batch of about 2 ms) beside their predictions",
               "0: none", 0, 100000)},
    SPMVP_OPT_DEVICE(&args.device),
    SPMVP_OPT_JSON(&args.json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_rank = {
    "rank", spmvp_cmd_rank, "rank every format and thread mapping for a matrix, best first, "
    "with intervals and ties", "MATRIX", 1, 1, options,
    "Computes the matrix's features for each configuration training measures (every format at\n"
    "work-group sizes 64..512, CSR-vector's V and SELL's C at 256, SELL's 16-bit columns at\n"
    "256; the profile's device) and predicts each with the model, by default the one whose\n"
    "held-out picks ranked best in the profile's training (else the smallest cross-validated\n"
    "error). The interval is the prediction times the 5th..95th percentiles of\n"
    "measured/predicted in cross-validation for that model and format, widened by the p90\n"
    "run-to-run difference of the training measurements (90 %: the truth lies outside it one\n"
    "time in ten). A tie (=) is an entry whose 50 % interval (the quartiles, widened by the\n"
    "median run-to-run difference) overlaps the first's: as likely as not, it is as fast.\n"
    "Times are per product in a back-to-back batch, the matrix already on the device.\n"
    "--measure N runs the N first on a device (the profile's, or another to see how the\n"
    "profile carries over) and prints measured beside predicted, and which of them was\n"
    "fastest: the predictor's main job, checked.\n\n"
    SPMVP_HELP_MATRIX,
    "  spmvp rank laplace3d:100 --profile devices/nvidia-h100.json --precision double\n"
    "  spmvp rank matrices/cage8.mtx.gz --profile devices/pocl-cpu.json --measure 5 --device pocl\n",
};

/* --measure's results beside rank.h's entries. */
typedef struct measured {
    double us;           /* the batch time per product (NaN: not measured) */
    char note[160];      /* why it was not measured */
} measured;

/* --measure: the first n entries on the device, as train measures (bench verified, then a
 * back-to-back batch of about 2 ms). */
static int measure(const spmvp_csr *A, size_t vs, const spmvp_rank_entry *e, measured *mr, int n)
{
    spmvp_context *ctx = NULL;
    for (int i = 0; i < n; i++)
        mr[i].us = NAN;
    if (spmvp_cli_open(args.device, NULL, &ctx))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    if (vs == 8 && !ctx->info.fp64) {
        spmvp_context_free(ctx);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s lacks cl_khr_fp64: double precision is not "
                               "available on it", ctx->info.name);
    }
    int rc = SPMVP_EXIT_OK;
    for (int i = 0; i < n && rc == SPMVP_EXIT_OK; i++) {
        spmvp_bench_options o = {.spmv = spmvp_spmv_defaults(vs), .warmup = 3, .runs = 5,
                                 .batch = 20, .batch_min_us = 2000};
        o.spmv.map = e[i].config.map;
        spmvp_bench_result r;
        if (spmvp_bench_format(ctx, A, e[i].config.format, &o, &r))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s %s: %s", spmvp_format_name(e[i].config.format),
                                 e[i].mapping, r.note);
        else if (r.state == SPMVP_BENCH_OK)
            mr[i].us = r.batch_us;
        else
            snprintf(mr[i].note, sizeof mr[i].note, "%.150s", r.note);
    }
    fprintf(stderr, "spmvp: measured on %s\n", ctx->info.name);
    spmvp_context_free(ctx);
    return rc;
}

static void print_text(const spmvp_csr *A, const spmvp_predictor *pred, int m,
                       const spmvp_rank_entry *e, const measured *mr, int n, double features_us,
                       double predict_us)
{
    const spmvp_profile *p = pred->profile;
    const spmvp_profile_precision *pp = &p->prec[pred->prec];
    printf("matrix    %s: %d x %d, %lld non-zeros\n", args.matrix, (int)A->nrows, (int)A->ncols,
           (long long)A->nnz);
    printf("device    %s (profile %s, %s precision; trained on %lld rows of %d matrices)\n",
           p->device.name, args.profile, spmvp_precision_name(pred->prec),
           p->training.rows, p->training.matrices);
    printf("model     %s", spmvp_model_label(m));
    if (pp->has_cv && pp->session_p90 > pp->noise_p90)
        printf("; interval: 5th..95th percentile of its cross-validated error per format, "
               "and the p90 spread between two training sessions (%.1f %%)", 100 * pp->session_p90);
    else if (pp->has_cv)
        printf("; interval: 5th..95th percentile of its cross-validated error per format, "
               "and the p90 run-to-run spread (%.1f %%)", 100 * pp->noise_p90);
    if (pp->has_cv && pp->session_offset_p90_us > 0)
        printf(", its top %.1f µs higher (two sessions' p90 difference on products under %g µs)",
               pp->session_offset_p90_us, SPMVP_SESSION_SMALL_US);
    printf("\n\n rank  %-13s %-28s %12s  %-22s%s\n", "format", "mapping", "predicted µs", "interval µs",
           args.measure ? "   measured µs  measured/predicted" : "");
    int ties = 0;
    for (int i = 0; i < n; i++)
        ties += e[i].tie;
    int shown = args.top > 0 && args.top < n ? args.top : n;
    for (int i = 0; i < shown; i++) {
        char iv[64];
        snprintf(iv, sizeof iv, "%.3g .. %.3g", e[i].lo, e[i].hi);
        printf(" %3d%s  %-13s %-28s %12.3g  %-22s", i + 1, e[i].tie ? "=" : " ",
               spmvp_format_name(e[i].config.format), e[i].mapping, e[i].us,
               isnan(e[i].us) ? "no model" : iv);
        if (i < args.measure && !isnan(mr[i].us))
            printf("  %12.3g  %17.2f", mr[i].us, mr[i].us / e[i].us);
        else if (i < args.measure)
            printf("  not run: %s", mr[i].note);
        printf("\n");
    }
    if (shown < n)
        printf("  ... %d more (--top 0 for all)\n", n - shown);
    int fastest = -1;
    for (int i = 0; i < args.measure && i < n; i++)
        if (!isnan(mr[i].us) && (fastest < 0 || mr[i].us < mr[fastest].us))
            fastest = i;
    if (fastest >= 0)
        printf("\nmeasured: the fastest of the %d run is rank %d (%s %s, %.3g µs); rank 1 took "
               "%.3g µs, %.1f %% more\n", args.measure < n ? args.measure : n, fastest + 1,
               spmvp_format_name(e[fastest].config.format), e[fastest].mapping, mr[fastest].us,
               mr[0].us, 100 * (mr[0].us / mr[fastest].us - 1));
    printf("\n%d configurations; %d tie with the first (=: 50 %% intervals overlap, as likely as "
           "not as fast)\nfeatures %.0f µs, prediction %.0f µs (spmvp's own time)\n", n, ties,
           features_us, predict_us);
}

static cJSON *json_doc(const spmvp_csr *A, const spmvp_predictor *pred, int m,
                       const spmvp_rank_entry *e, const measured *mr, int n, double features_us,
                       double predict_us)
{
    cJSON *doc = spmvp_json_ranked_doc("rank", args.matrix, A, pred, args.profile, m);
    cJSON_AddNumberToObject(doc, "features_us", features_us);
    cJSON_AddNumberToObject(doc, "predict_us", predict_us);
    cJSON *arr = cJSON_AddArrayToObject(doc, "ranking");
    unsigned char stale[SPMVP_NFORMATS];
    spmvp_profile_stale_kernels(pred->profile, stale);
    for (int i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "rank", i + 1);
        cJSON_AddStringToObject(o, "format", spmvp_format_name(e[i].config.format));
        cJSON_AddStringToObject(o, "mapping", e[i].mapping);
        spmvp_json_add_number(o, "predicted_us", e[i].us);
        spmvp_json_add_number(o, "interval_lo_us", e[i].lo);
        spmvp_json_add_number(o, "interval_hi_us", e[i].hi);
        spmvp_json_add_number(o, "interval50_lo_us", e[i].lo50);
        spmvp_json_add_number(o, "interval50_hi_us", e[i].hi50);
        cJSON_AddBoolToObject(o, "tie", e[i].tie);
        cJSON_AddBoolToObject(o, "stale_kernels", stale[e[i].config.format]);
        if (i < args.measure)
            spmvp_json_add_number(o, "measured_us", mr[i].us);
        cJSON_AddItemToArray(arr, o);
    }
    return doc;
}

int spmvp_cmd_rank(int argc, char **argv)
{
    int n;
    memset(&args, 0, sizeof args);
    args.top = 10;
    int rc = spmvp_opts_parse(&spmvp_command_rank, argc, argv, &args.matrix, &n);
    if (rc >= 0)
        return rc;
    spmvp_cli_ranked r;
    measured *mr = NULL;
    size_t vs = args.precision ? 8 : 4;
    if ((rc = spmvp_cli_rank(args.profile, args.model, args.matrix, NULL, vs, &r)))
        goto done;
    if (!(mr = calloc((size_t)r.n + 1, sizeof *mr))) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
        goto done;
    }
    rc = args.measure ? measure(r.A, vs, r.e, mr, args.measure < r.n ? args.measure : r.n) : SPMVP_EXIT_OK;
    if (rc == SPMVP_EXIT_OK && args.json)
        rc = spmvp_cli_emit_json(json_doc(r.A, &r.pred, r.model, r.e, mr, r.n, r.features_us, r.predict_us));
    else if (rc == SPMVP_EXIT_OK)
        print_text(r.A, &r.pred, r.model, r.e, mr, r.n, r.features_us, r.predict_us);
done:
    free(mr);
    spmvp_cli_ranked_release(&r);
    return rc;
}
