/* cmd_advise.c: `spmvp advise MATRIX --profile P.json --products N,...`: the configuration a
 * solver should convert to for N products, counting the conversion from CSR and the upload
 * it pays once (advise.h, setup_cost.h) beside the products' predicted time (rank.h); each
 * format's break-even count against staying in CSR. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_COUNTS 32

static struct {
    const char *matrix, *profile, *model;
    int precision, json;
    long long products[MAX_COUNTS];
    int ncounts;
} args;

/* --products: a comma-separated list of counts >= 0 */
static int parse_counts(const char *list, void *dest)
{
    (void)dest;
    char buf[1024];
    long v;
    snprintf(buf, sizeof buf, "%s", list);
    args.ncounts = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (args.ncounts == MAX_COUNTS || spmvp_cli_int(tok, 0, 1000000000L, &v)) {
            spmvp_fail(SPMVP_ERR_ARG, "takes up to %d counts in 0..10^9, not \"%s\"", MAX_COUNTS, tok);
            return -1;
        }
        args.products[args.ncounts++] = v;
    }
    if (!args.ncounts) {
        spmvp_fail(SPMVP_ERR_ARG, "the list is empty");
        return -1;
    }
    return 0;
}

static const spmvp_opt options[] = {
    {SPMVP_STRING("profile", &args.profile, "P.json", "a trained device profile with setup "
                  "times (spmvp train)", NULL), .required = 1},
    {SPMVP_CUSTOM("products", &args, "N,N,...", "the products the solver will run (its "
                  "iterations), one advice per count", "1,10,100,1000,10000", parse_counts)},
    SPMVP_OPT_PRECISION(&args.precision),
    {SPMVP_STRING("model", &args.model, "M", "the learned model of the product time",
                  "the one whose held-out picks ranked best in the profile's cross-validation")},
    SPMVP_OPT_JSON(&args.json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_advise = {
    "advise", spmvp_cmd_advise, "the configuration for N products, counting conversion and upload",
    "MATRIX", 1, 1, options,
    "A solver multiplies by one matrix N times and pays for its format once: the host\n"
    "conversion from its CSR arrays and the upload of the format's arrays. For each count N\n"
    "advise predicts every configuration's total, setup + N x product, and names the least;\n"
    "then, per format, the break-even count against staying in CSR (CSR-scalar or CSR-vector,\n"
    "which multiply with CSR's arrays as they are): the N above which converting pays. The\n"
    "product time is rank's (the profile's learned model); the setup is the profile's setup\n"
    "model (linear in non-zeros, rows, stored slots and bytes, fitted to the conversions and\n"
    "uploads `spmvp train` timed, cross-validated by family as the products are). Host times\n"
    "are the training host's: another CPU converts at another speed. Uploads are priced as\n"
    "train timed them, arrays of 4 MiB and more through pinned staging buffers; a process pins\n"
    "them once such arrays reach 128 MiB in all (or at once: spmvp_device_pin_staging) and\n"
    "writes pageable memory until then, 2-4x slower for those arrays on the H100's and H200's\n"
    "hosts.\n\n"
    SPMVP_HELP_MATRIX,
    "  spmvp advise matrices/cage8.mtx.gz --profile devices/nvidia-h100.json --products 10,1000\n",
};

/* The setup µs of an entry. */
static double setup_of(const spmvp_rank_entry *e) { return e->convert_us + e->upload_us; }

/* Per format, the entry of least predicted product time (its long-run choice), -1 if none. */
static void fastest_per_format(const spmvp_rank_entry *e, int n, int best[SPMVP_NFORMATS])
{
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        best[f] = -1;
    for (int i = 0; i < n; i++) {
        int f = e[i].config.format;
        if (!isnan(spmvp_advise_total(&e[i], 0)) && (best[f] < 0 || e[i].us < e[best[f]].us))
            best[f] = i;
    }
}

/* Entry x's break-even against the CSR entry c: "N" (it wins above N products), "below N" (it
 * is cheaper to set up but slower per product: it wins only for fewer), "never", or "-". */
static void print_break_even(const spmvp_rank_entry *x, const spmvp_rank_entry *c)
{
    char buf[32] = "-";
    if (c) {
        double n = x == c ? 0 : spmvp_advise_break_even(x, c), extra = setup_of(x) - setup_of(c);
        if (isinf(n) && extra < 0 && x->us > c->us && -extra / (x->us - c->us) >= 2)
            snprintf(buf, sizeof buf, "below %.0f", ceil(-extra / (x->us - c->us)));
        else if (isinf(n))
            snprintf(buf, sizeof buf, "never");
        else if (!isnan(n))
            snprintf(buf, sizeof buf, "%.0f", ceil(n));
    }
    printf("%12s", buf);
}

static void print_text(const spmvp_csr *A, const spmvp_predictor *pred, int m,
                       const spmvp_rank_entry *e, int n, const spmvp_advice *adv)
{
    const spmvp_profile *p = pred->profile;
    printf("matrix    %s: %d x %d, %lld non-zeros\n", args.matrix, (int)A->nrows, (int)A->ncols,
           (long long)A->nnz);
    printf("device    %s (profile %s, %s precision)\n", p->device.name, args.profile,
           spmvp_precision_name(pred->prec));
    printf("model     products: %s; setup: conversion + upload fitted to the training host's "
           "timings\n\n", spmvp_model_label(m));
    printf("%12s  %-13s %-24s %12s %12s   %s\n", "products N", "advice", "mapping", "total µs",
           "in CSR µs", "saving");
    for (int j = 0; j < args.ncounts; j++) {
        const spmvp_advice *a = &adv[j];
        if (a->best < 0)
            continue;
        const spmvp_rank_entry *b = &e[a->best];
        printf("%12lld  %-13s %-24s %12.4g %12.4g   %.1f %%\n", a->products,
               spmvp_format_name(b->config.format), b->mapping, a->best_total_us,
               a->csr_total_us, a->csr >= 0 ? 100 * (1 - a->best_total_us / a->csr_total_us) : 0.0);
    }
    int best[SPMVP_NFORMATS];
    fastest_per_format(e, n, best);
    int c = spmvp_advise_csr_baseline(e, n);
    printf("\nper format, at its fastest mapping: setup (conversion + upload) once, then each "
           "product;\nbreak-even: the products above which it beats staying in CSR (%s %s); \"below N\":\n"
           "cheaper to set up but slower, it wins only for fewer than N\n\n",
           c >= 0 ? spmvp_format_name(e[c].config.format) : "-", c >= 0 ? e[c].mapping : "");
    printf("%-13s %-24s %12s %12s %12s %12s %12s\n", "format", "mapping", "convert µs",
           "upload µs", "setup µs", "product µs", "break-even");
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        if (best[f] < 0)
            continue;
        const spmvp_rank_entry *x = &e[best[f]];
        printf("%-13s %-24s %12.4g %12.4g %12.4g %12.4g", spmvp_format_name((spmvp_format)f),
               x->mapping, x->convert_us, x->upload_us, setup_of(x), x->us);
        print_break_even(x, c >= 0 ? &e[c] : NULL);
        printf("\n");
    }
}

static cJSON *json_doc(const spmvp_csr *A, const spmvp_predictor *pred, int m,
                       const spmvp_rank_entry *e, int n, const spmvp_advice *adv)
{
    cJSON *doc = spmvp_json_ranked_doc("advise", args.matrix, A, pred, args.profile, m);
    cJSON *arr = cJSON_AddArrayToObject(doc, "advice");
    for (int j = 0; j < args.ncounts; j++) {
        const spmvp_advice *a = &adv[j];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "products", (double)a->products);
        if (a->best >= 0) {
            cJSON_AddStringToObject(o, "format", spmvp_format_name(e[a->best].config.format));
            cJSON_AddStringToObject(o, "mapping", e[a->best].mapping);
        }
        spmvp_json_add_number(o, "total_us", a->best_total_us);
        spmvp_json_add_number(o, "csr_total_us", a->csr_total_us);
        cJSON_AddItemToArray(arr, o);
    }
    int best[SPMVP_NFORMATS];
    fastest_per_format(e, n, best);
    int c = spmvp_advise_csr_baseline(e, n);
    cJSON *fa = cJSON_AddArrayToObject(doc, "formats");
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        if (best[f] < 0)
            continue;
        const spmvp_rank_entry *x = &e[best[f]];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "format", spmvp_format_name((spmvp_format)f));
        cJSON_AddStringToObject(o, "mapping", x->mapping);
        spmvp_json_add_number(o, "convert_us", x->convert_us);
        spmvp_json_add_number(o, "upload_us", x->upload_us);
        spmvp_json_add_number(o, "product_us", x->us);
        double be = c >= 0 ? (best[f] == c ? 0 : spmvp_advise_break_even(x, &e[c])) : NAN;
        if (isinf(be))
            cJSON_AddNullToObject(o, "break_even_products"); /* never pays back */
        else
            spmvp_json_add_number(o, "break_even_products", ceil(be));
        cJSON_AddItemToArray(fa, o);
    }
    return doc;
}

int spmvp_cmd_advise(int argc, char **argv)
{
    int n;
    memset(&args, 0, sizeof args);
    static const long long dflt[] = {1, 10, 100, 1000, 10000};
    memcpy(args.products, dflt, sizeof dflt);
    args.ncounts = 5;
    int rc = spmvp_opts_parse(&spmvp_command_advise, argc, argv, &args.matrix, &n);
    if (rc >= 0)
        return rc;
    spmvp_cli_ranked r;
    spmvp_advice adv[MAX_COUNTS];
    if ((rc = spmvp_cli_rank(args.profile, args.model, args.matrix, NULL, args.precision ? 8 : 4, &r)))
        goto done;
    int has_setup = 0;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        has_setup |= r.profile->prec[r.pred.prec].setup[f].rows > 0;
    if (!has_setup) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: no setup model at %s precision: train it again "
                             "with this spmvp (spmvp train, which times conversions and uploads)",
                             args.profile, spmvp_precision_name(r.pred.prec));
        goto done;
    }
    for (int j = 0; j < args.ncounts; j++)
        spmvp_advise_ranked(r.e, r.n, args.products[j], &adv[j]);
    rc = args.json ? spmvp_cli_emit_json(json_doc(r.A, &r.pred, r.model, r.e, r.n, adv))
                   : (print_text(r.A, &r.pred, r.model, r.e, r.n, adv), SPMVP_EXIT_OK);
done:
    spmvp_cli_ranked_release(&r);
    return rc;
}
