/* cmd_cv.c: `spmvp cv TABLE`: the learned models judged honestly on a training table
 * (cv.h): cross-validation grouped by family, D_r per model and format with its tails,
 * ranking quality per matrix, the noise floor of the measurements, and the cost of training
 * and of one prediction (seed 004's Table 4). OpenCL-free: runs anywhere. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static struct {
    const char *table, *predictions, *pair, *session;
    int folds, json, precision;
    double *alt;       /* --session: each row's product time in the other session (NaN: none) */
    double *alt_setup; /* and its measured setup there (spmvp_cv_setup_measured; NaN: none) */
} args;

static const char *const cv_precisions[] = {"single", "double", "both", NULL};

static const spmvp_opt options[] = {
    {SPMVP_INT("folds", &args.folds, "K", "folds; every family's rows in one", "5", 2, 64)},
    {SPMVP_CHOICE("precision", &args.precision, "P", "single, double or both", "both", cv_precisions)},
    {SPMVP_STRING("predictions", &args.predictions, "FILE", "write every held-out prediction "
                  "(TSV: matrix, family, precision, format, mapping, measured µs, one column per "
                  "model, then the measured setup µs, the median of its arrays' timings, and the "
                  "setup model's held-out prediction)", NULL)},
    {SPMVP_STRING("pair", &args.pair, "TABLE_B", "also judge compare's paired ratio of another "
                  "device's table against this one, held out by the same folds", NULL)},
    {SPMVP_STRING("session", &args.session, "TABLE_B", "also judge the picks of another "
                  "session's measurements of the same device (its least time per matrix, on "
                  "this table's times; for advice its setups too): the noise between sessions, "
                  "which the repeat within a run does not show", NULL)},
    SPMVP_OPT_JSON(&args.json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_cv = {
    "cv", spmvp_cmd_cv, "cross-validate the learned models on a training table, grouped by family",
    "TABLE", 1, 1, options,
    "Assigns the table's families (generators; SuiteSparse groups) to K folds, fits every\n"
    "learned model on K-1 of them and predicts the held-out one, so no model sees a matrix of\n"
    "the family it predicts. Reports per model and format D_r = |predicted - measured| /\n"
    "measured (median, p90, worst, share within 10 % and 20 %); per matrix the measured time of\n"
    "the configuration each model ranks first over the measured best (share within 5 % and 20 %,\n"
    "geometric mean, p90, worst); the noise floor (the repeated batch: its D_r and how often it\n"
    "alone changes the best; with --session, how often another session's best is within 5 % of\n"
    "this one's); and the time to fit each model on the whole table and to predict one\n"
    "configuration.\n",
    "  spmvp cv devices/nvidia-h100.train.tsv\n"
    "  spmvp cv h100-session2.tsv --session h100-session1.tsv\n",
};

/* Every row's held-out predictions, for plots and further analysis: the models' products, then
 * the measured setup (the median of its arrays' timings, spmvp_cv_setup_measured) and the
 * setup model's held-out prediction (NaN where the table has no setup times). */
static int write_predictions(const spmvp_train_table *t, const spmvp_cv *cv, const char *path)
{
    double *sm = malloc((t->n ? t->n : 1) * sizeof *sm), *sp = malloc((t->n ? t->n : 1) * sizeof *sp);
    spmvp_setup_fit fits[SPMVP_NFORMATS];
    if (!sm || !sp || spmvp_cv_setup_measured(t, sm)) {
        free(sm);
        free(sp);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory for the predictions");
    }
    for (size_t i = 0; i < t->n; i++)
        sp[i] = NAN;
    for (int k = 0; k < SPMVP_NPRECISIONS; k++)
        if (spmvp_setup_cv(t, cv->fold, cv->nfolds, (spmvp_precision)k, sp, fits)) {
            free(sm);
            free(sp);
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        }
    spmvp_atomic *a;
    if (spmvp_atomic_open(path, &a)) {
        free(sm);
        free(sp);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    FILE *f = fopen(a->tmp, "wb");
    int bad = !f;
    if (f) {
        fprintf(f, "matrix\tfamily\tprecision\tformat\tmapping\tus\tus_repeat");
        for (int m = 0; m < spmvp_model_count(); m++)
            fprintf(f, "\t%s", spmvp_model_name(m));
        fprintf(f, "\tsetup_us\tsetup_predicted_us");
        fputc('\n', f);
        for (size_t i = 0; i < t->n; i++) {
            const spmvp_train_row *r = &t->row[i];
            fprintf(f, "%s\t%s\t%s\t%s\t%s\t%.6g\t%.6g", r->matrix, r->family,
                    spmvp_precision_name(r->prec), spmvp_format_name(r->format), r->mapping, r->us,
                    r->us_repeat);
            for (int m = 0; m < spmvp_model_count(); m++)
                fprintf(f, "\t%.6g", cv->pred[i * SPMVP_MODELS_MAX + m]);
            fprintf(f, "\t%.6g\t%.6g\n", sm[i], sp[i]);
        }
        bad = ferror(f) | (fclose(f) != 0);
    }
    free(sm);
    free(sp);
    if (bad) {
        spmvp_atomic_abort(a);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: write failed", path);
    }
    if (spmvp_atomic_commit(a))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    return SPMVP_EXIT_OK;
}

static double now_s(void) { return spmvp_now_us() * 1e-6; }

static cJSON *dr_json(spmvp_dr_summary s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "cases", (double)s.n);
    spmvp_json_add_number(o, "median_dr_percent", 100 * s.median);
    spmvp_json_add_number(o, "mean_dr_percent", 100 * s.mean);
    spmvp_json_add_number(o, "p90_dr_percent", 100 * s.p90);
    spmvp_json_add_number(o, "max_dr_percent", 100 * s.max);
    spmvp_json_add_number(o, "share_within_10_percent", 100 * s.within10);
    spmvp_json_add_number(o, "share_within_20_percent", 100 * s.within20);
    return o;
}

static cJSON *rank_json(spmvp_cv_rank r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "matrices", r.matrices);
    spmvp_json_add_number(o, "share_within_5_percent", 100 * r.within5);
    spmvp_json_add_number(o, "share_within_20_percent", 100 * r.within20);
    spmvp_json_add_number(o, "geomean_slowdown", r.geomean);
    spmvp_json_add_number(o, "p90_slowdown", r.p90);
    spmvp_json_add_number(o, "worst_slowdown", r.worst);
    spmvp_json_add_number(o, "share_not_the_best", 100 * r.changed);
    cJSON *z = cJSON_AddArrayToObject(o, "by_best_time");
    for (int c = 0; z && c < SPMVP_CV_SIZES; c++) {
        cJSON *e = cJSON_CreateObject();
        spmvp_json_add_number(e, "from_us", c ? spmvp_cv_size_edge[c - 1] : 0.0);
        if (c < SPMVP_CV_SIZES - 1)
            spmvp_json_add_number(e, "below_us", spmvp_cv_size_edge[c]);
        cJSON_AddNumberToObject(e, "matrices", r.size_matrices[c]);
        spmvp_json_add_number(e, "share_within_5_percent", 100 * r.size_within5[c]);
        cJSON_AddItemToArray(z, e);
    }
    return o;
}

static void print_rank(FILE *out, const char *label, spmvp_cv_rank r)
{
    fprintf(out, "  %-30s %4d %7.0f %% %7.0f %% %9.3f %8.3f %8.3f\n", label, r.matrices,
            100 * r.within5, 100 * r.within20, r.geomean, r.p90, r.worst);
}

/* One line of the ranking by the best product's time: within 5 % (matrices) per class. */
static void print_rank_sizes(FILE *out, const char *label, spmvp_cv_rank r)
{
    fprintf(out, "  %-30s", label);
    for (int c = 0; c < SPMVP_CV_SIZES; c++)
        if (r.size_matrices[c])
            fprintf(out, "  %5.0f %% (%4d)", 100 * r.size_within5[c], r.size_matrices[c]);
        else
            fprintf(out, "  %14s", "-");
    fprintf(out, "\n");
}

/* Seed 004's Table 4: each model fitted on the whole table at precision k (seconds), and one
 * prediction (µs, the mean over the table's rows). */
static void overhead(const spmvp_train_table *t, spmvp_precision k, double *fit_s, double *pred_us)
{
    for (int i = 0; i < spmvp_model_families(); i++) {
        const spmvp_model *m = spmvp_model_family(i);
        int first = spmvp_model_first(i);
        if (!m->fit_table || !m->predict_vec)
            continue;
        void *part = calloc(1, m->prec_size ? m->prec_size : 1);
        if (!part)
            continue;
        double t0 = now_s();
        spmvp_status st = m->fit_table(t, NULL, k, part, NULL);
        double t1 = now_s();
        size_t n = 0;
        volatile double sink = 0;
        for (size_t r = 0; !st && r < t->n && n < 2000; r++)
            if (t->row[r].prec == k) {
                sink += m->predict_vec(part, 0, t->row[r].format, t->row[r].x);
                n++;
            }
        double t2 = now_s();
        (void)sink;
        for (int j = 0; j < m->nvariants; j++) {
            fit_s[first + j] = st ? NAN : t1 - t0;
            pred_us[first + j] = n ? (t2 - t1) * 1e6 / (double)n : NAN;
        }
        if (m->free_prec)
            m->free_prec(part);
        free(part);
    }
}

/* The model rank would trust at precision k (spmvp_rank_default_model, by
 * spmvp_rank_choose on its held-out picks; -1: none). */
static int trusted_model(const spmvp_train_table *t, const spmvp_cv *cv, spmvp_precision k)
{
    enum { N = SPMVP_MODELS_MAX };
    int ok[N] = {0};
    double geomean[N], within5[N];
    const int n = spmvp_model_count() < N ? spmvp_model_count() : N;
    for (int j = 0; j < n; j++) {
        spmvp_cv_rank r = spmvp_cv_ranking(t, cv, j, k);
        ok[j] = r.matrices > 0;
        geomean[j] = r.geomean;
        within5[j] = r.within5;
    }
    return spmvp_rank_choose(n, ok, geomean, within5);
}

/* --pair: the paired ratio of table b over this one, held out (pair_ratio.h), at the
 * precisions asked for, into pc. */
static int cross_validate_pair(const spmvp_train_table *t, const spmvp_cv *cv,
                               const spmvp_train_table *b, spmvp_pair_cv pc[SPMVP_NPRECISIONS],
                               int m[SPMVP_NPRECISIONS])
{
    for (int k = 0; k < SPMVP_NPRECISIONS; k++)
        m[k] = args.precision == 2 || args.precision == k ? trusted_model(t, cv, (spmvp_precision)k) : -1;
    if (spmvp_pair_ratio_cv(t, cv, m, b, pc))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "--pair %s: %s", args.pair, spmvp_last_error());
    return SPMVP_EXIT_OK;
}

/* --session: args.alt and args.alt_setup, each row of t's product time and measured setup in
 * the table at path (NaN where it has none). A table that shares no configuration with t is an
 * error: it is not a session of it. */
static int read_session(const spmvp_train_table *t, const char *path)
{
    spmvp_train_table b = {0};
    size_t *pa = NULL, *pb = NULL, n = 0, other = 0;
    double *bs = NULL;
    int rc = SPMVP_EXIT_OK;
    if (spmvp_train_table_read(path, &b, NULL) || spmvp_pair_rows(t, &b, &pa, &pb, &n, &other))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "--session %s", spmvp_last_error());
    else if (!n)
        rc = spmvp_cli_error(SPMVP_EXIT_USAGE, "--session %s: no configuration in common with %s",
                             path, args.table);
    else if (!(args.alt = malloc(t->n * sizeof *args.alt)) ||
             !(args.alt_setup = malloc(t->n * sizeof *args.alt_setup)) ||
             !(bs = malloc(b.n * sizeof *bs)) || spmvp_cv_setup_measured(&b, bs))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory for --session");
    if (rc == SPMVP_EXIT_OK && other)
        fprintf(stderr, "spmvp: --session %s: %zu configurations left out, measured with other "
                "kernels than %s's (their kernel digests differ, or only one table records one)\n",
                path, other, args.table);
    for (size_t i = 0; rc == SPMVP_EXIT_OK && i < t->n; i++)
        args.alt[i] = args.alt_setup[i] = NAN;
    for (size_t j = 0; rc == SPMVP_EXIT_OK && j < n; j++) {
        args.alt[pa[j]] = b.row[pb[j]].us;
        args.alt_setup[pa[j]] = bs[pb[j]];
    }
    free(bs);
    free(pa);
    free(pb);
    spmvp_train_table_free(&b);
    return rc;
}

/* The paired ratio's held-out accuracy at one precision, as text and into po. */
static void report_pair(const spmvp_pair_cv *pc, int m, cJSON *po, FILE *out)
{
    if (!pc->matrices)
        return;
    fprintf(out, "\n  paired ratio B/A (B = %s), held out: %d matrices, within 10 %% of the measured "
            "%.0f %%, median error %.1f %%, p90 %.1f %%\n", args.pair, pc->matrices,
            100 * pc->within10, 100 * pc->median_err, 100 * pc->p90_err);
    if (pc->other_kernels)
        fprintf(out, "  (%zu configurations left unpaired: the two tables measured them with other "
                "kernels, or only one records which)\n", pc->other_kernels);
    cJSON *o = cJSON_AddObjectToObject(po, "pair");
    cJSON_AddStringToObject(o, "table_b", args.pair);
    cJSON_AddStringToObject(o, "model", spmvp_model_name(m));
    cJSON_AddNumberToObject(o, "matrices", pc->matrices);
    spmvp_json_add_number(o, "share_within_10_percent", 100 * pc->within10);
    spmvp_json_add_number(o, "median_error_percent", 100 * pc->median_err);
    spmvp_json_add_number(o, "p90_error_percent", 100 * pc->p90_err);
    cJSON_AddNumberToObject(o, "other_kernels", (double)pc->other_kernels);
}

/* The setup model's held-out error per format, and advice (advise.h) for a few product counts
 * judged against the oracle's total, beside always CSR-vector: when the table has setup times. */
static void report_advice(const spmvp_train_table *t, const spmvp_cv *cv, spmvp_precision k,
                          cJSON *po, FILE *out)
{
    static const long long counts[] = {10, 100, 1000, 10000};
    spmvp_setup_fit fits[SPMVP_NFORMATS];
    double *setup = malloc((t->n ? t->n : 1) * sizeof *setup);
    double *meas = malloc((t->n ? t->n : 1) * sizeof *meas);
    memset(fits, 0, sizeof fits);
    int any = 0, m = trusted_model(t, cv, k);
    if (setup && meas && !spmvp_setup_cv(t, cv->fold, cv->nfolds, k, setup, fits) &&
        !spmvp_cv_setup_measured(t, meas))
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            any |= fits[f].cv.cases > 0;
    if (!any || m < 0) {
        free(setup);
        free(meas);
        return;
    }
    fprintf(out, "\n  setup (conversion + upload) held out, D_r %% median/p90:");
    cJSON *so = cJSON_AddObjectToObject(po, "setup");
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        const spmvp_model_error *e = &fits[f].cv;
        if (!e->cases)
            continue;
        fprintf(out, " %s %.0f/%.0f", spmvp_format_name((spmvp_format)f), 100 * e->median_dr, 100 * e->p90_dr);
        cJSON *fo = cJSON_AddObjectToObject(so, spmvp_format_name((spmvp_format)f));
        cJSON_AddNumberToObject(fo, "cases", e->cases);
        spmvp_json_add_number(fo, "median_dr_percent", 100 * e->median_dr);
        spmvp_json_add_number(fo, "p90_dr_percent", 100 * e->p90_dr);
    }
    fprintf(out, "\n\n  advice for N products (%s): measured setup + N x product of the pick over "
            "the oracle's, per matrix; a configuration's measured setup is the median of the "
            "timings of its arrays (the matrix's configurations that upload the same ones), "
            "\"own setup\" its own single timing\n", spmvp_model_name(m));
    fprintf(out, "  %-30s %4s %9s %9s %9s %8s %8s\n", "chooser", "mat.", "<= 5 %", "<= 20 %",
            "geomean", "p90", "worst");
    cJSON *ao = cJSON_AddObjectToObject(po, "advice");
    cJSON_AddStringToObject(ao, "model", spmvp_model_name(m));
    cJSON *arr = cJSON_AddArrayToObject(ao, "counts");
    for (size_t j = 0; j < sizeof counts / sizeof counts[0]; j++) {
        char label[64];
        spmvp_cv_rank a = spmvp_cv_advice(t, cv, m, k, setup, meas, counts[j]);
        spmvp_cv_rank a1 = spmvp_cv_advice(t, cv, m, k, setup, NULL, counts[j]);
        spmvp_cv_rank b = spmvp_cv_advice(t, cv, SPMVP_CV_CSR_VECTOR, k, setup, meas, counts[j]);
        snprintf(label, sizeof label, "N = %lld: advice", counts[j]);
        print_rank(out, label, a);
        snprintf(label, sizeof label, "N = %lld: advice, own setup", counts[j]);
        print_rank(out, label, a1);
        snprintf(label, sizeof label, "N = %lld: always CSR-vector", counts[j]);
        print_rank(out, label, b);
        spmvp_cv_rank z = spmvp_cv_advice(t, cv, SPMVP_CV_NOISE, k, setup, meas, counts[j]);
        snprintf(label, sizeof label, "N = %lld: noise (a repeat)", counts[j]);
        print_rank(out, label, z);
        spmvp_cv_rank ss = {0};
        if (args.alt) {
            ss = spmvp_cv_session(t, args.alt, args.alt_setup, k, meas, counts[j]);
            snprintf(label, sizeof label, "N = %lld: another session", counts[j]);
            print_rank(out, label, ss);
        }
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "products", (double)counts[j]);
        cJSON_AddItemToObject(o, "advice", rank_json(a));
        cJSON_AddItemToObject(o, "advice_own_setup", rank_json(a1));
        cJSON_AddItemToObject(o, "csr_vector", rank_json(b));
        cJSON_AddItemToObject(o, "noise", rank_json(z));
        if (args.alt)
            cJSON_AddItemToObject(o, "session", rank_json(ss));
        cJSON_AddItemToArray(arr, o);
    }
    free(setup);
    free(meas);
}

static void report_precision(const spmvp_train_table *t, const spmvp_cv *cv, spmvp_precision k,
                             cJSON *doc, FILE *out)
{
    cJSON *po = cJSON_AddObjectToObject(doc, spmvp_precision_name(k));
    spmvp_dr_summary noise = spmvp_cv_noise(t, k);
    if (!noise.n)
        return;
    fprintf(out, "\n%s precision: held-out D_r %% (median / p90 / worst), per format\n",
            spmvp_precision_name(k));
    fprintf(out, "  %-9s %-9s", "model", "all");
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        fprintf(out, " %-17.17s", spmvp_format_name((spmvp_format)f));
    fprintf(out, "\n");
    cJSON *dro = cJSON_AddObjectToObject(po, "dr");
    for (int m = 0; m < spmvp_model_count(); m++) {
        spmvp_dr_summary all = spmvp_cv_dr(t, cv, m, k, -1);
        if (!all.n)
            continue;
        cJSON *mo = cJSON_AddObjectToObject(dro, spmvp_model_name(m));
        cJSON_AddItemToObject(mo, "all", dr_json(all));
        fprintf(out, "  %-9s %4.1f/%-4.0f", spmvp_model_name(m), 100 * all.median, 100 * all.p90);
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            spmvp_dr_summary s = spmvp_cv_dr(t, cv, m, k, f);
            cJSON_AddItemToObject(mo, spmvp_format_name((spmvp_format)f), dr_json(s));
            if (s.n)
                fprintf(out, " %4.1f/%4.0f/%-6.0f", 100 * s.median, 100 * s.p90, 100 * s.max);
            else
                fprintf(out, " %-17s", "-");
        }
        fprintf(out, "\n");
    }
    fprintf(out, "  noise     %4.1f/%-4.0f (the repeated batch against the first, %zu rows)\n",
            100 * noise.median, 100 * noise.p90, noise.n);
    cJSON_AddItemToObject(po, "noise", dr_json(noise));

    fprintf(out, "\n  ranking: measured time of the pick over the measured best, per matrix\n");
    fprintf(out, "  %-30s %4s %9s %9s %9s %8s %8s\n", "chooser", "mat.", "<= 5 %", "<= 20 %",
            "geomean", "p90", "worst");
    /* the choosers: the models, the repeat's best, and with --session another session's */
    struct {
        spmvp_cv_rank r;
        const char *label, *key, *name; /* the first table's label, JSON key, short name */
    } ch[SPMVP_MODELS_MAX + 2];
    int nr = 0;
    for (int m = 0; m < spmvp_model_count() && m < SPMVP_MODELS_MAX; m++) {
        spmvp_cv_rank r = spmvp_cv_ranking(t, cv, m, k);
        if (r.matrices) {
            ch[nr].r = r;
            ch[nr].label = spmvp_model_label(m);
            ch[nr].key = ch[nr].name = spmvp_model_name(m);
            nr++;
        }
    }
    ch[nr].r = spmvp_cv_ranking(t, cv, SPMVP_CV_NOISE, k);
    ch[nr].label = ch[nr].name = "noise (the repeat's best)";
    ch[nr].key = "noise";
    nr++;
    if (args.alt) {
        ch[nr].r = spmvp_cv_session(t, args.alt, NULL, k, NULL, 0);
        ch[nr].label = ch[nr].name = "noise (another session's best)";
        ch[nr].key = "session";
        nr++;
    }
    cJSON *ro = cJSON_AddObjectToObject(po, "ranking");
    for (int i = 0; i < nr; i++) {
        print_rank(out, ch[i].label, ch[i].r);
        cJSON_AddItemToObject(ro, ch[i].key, rank_json(ch[i].r));
    }
    /* launch-bound products and large ones have different floors: the share by size */
    fprintf(out, "\n  ranking by the best measured product: pick within 5 %% (matrices)\n");
    fprintf(out, "  %-30s", "chooser");
    for (int c = 0; c < SPMVP_CV_SIZES; c++) {
        char h[32];
        if (!c)
            snprintf(h, sizeof h, "< %g µs", spmvp_cv_size_edge[0]);
        else if (c < SPMVP_CV_SIZES - 1)
            snprintf(h, sizeof h, "%g-%g µs", spmvp_cv_size_edge[c - 1], spmvp_cv_size_edge[c]);
        else
            snprintf(h, sizeof h, ">= %g µs", spmvp_cv_size_edge[c - 1]);
        fprintf(out, "  %15s", h); /* 15 bytes, 14 columns: µ is two bytes */
    }
    fprintf(out, "\n");
    for (int i = 0; i < nr; i++)
        print_rank_sizes(out, ch[i].name, ch[i].r);

    report_advice(t, cv, k, po, out);

    double fit_s[SPMVP_MODELS_MAX], pred_us[SPMVP_MODELS_MAX];
    for (int m = 0; m < SPMVP_MODELS_MAX; m++)
        fit_s[m] = pred_us[m] = NAN;
    overhead(t, k, fit_s, pred_us);
    fprintf(out, "\n  overhead (seed 004 Table 4): fit on the whole table / one prediction\n");
    cJSON *oo = cJSON_AddObjectToObject(po, "overhead");
    for (int m = 0; m < spmvp_model_count(); m++) {
        if (isnan(fit_s[m]))
            continue;
        fprintf(out, "  %-9s %8.3f s %8.2f µs\n", spmvp_model_name(m), fit_s[m], pred_us[m]);
        cJSON *o = cJSON_AddObjectToObject(oo, spmvp_model_name(m));
        spmvp_json_add_number(o, "fit_s", fit_s[m]);
        spmvp_json_add_number(o, "predict_us", pred_us[m]);
    }
}

int spmvp_cmd_cv(int argc, char **argv)
{
    int n;
    memset(&args, 0, sizeof args);
    args.folds = 5;
    args.precision = 2;
    int rc = spmvp_opts_parse(&spmvp_command_cv, argc, argv, &args.table, &n);
    if (rc >= 0)
        return rc;
    spmvp_train_table t = {0};
    spmvp_cv cv = {0};
    if (spmvp_train_table_read(args.table, &t, NULL)) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        goto done;
    }
    if (args.session && (rc = read_session(&t, args.session)) != SPMVP_EXIT_OK)
        goto done; /* before the minute of cross-validation */
    double t0 = now_s();
    if (spmvp_cv_run(&t, args.folds, stderr, &cv)) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", args.table, spmvp_last_error());
        goto done;
    }
    FILE *out = args.json ? stderr : stdout;
    const char **fam = NULL;
    int nf = 0;
    spmvp_train_table_families(&t, &fam, &nf, NULL);
    free(fam);
    fprintf(out, "%s: %zu rows, %d families in %d folds (cross-validation took %.1f s)\n",
            args.table, t.n, nf, cv.nfolds, now_s() - t0);
    cJSON *doc = spmvp_json_doc("cv");
    cJSON_AddStringToObject(doc, "table", args.table);
    cJSON_AddNumberToObject(doc, "rows", (double)t.n);
    cJSON_AddNumberToObject(doc, "families", nf);
    cJSON_AddNumberToObject(doc, "folds", cv.nfolds);
    spmvp_train_table tb = {0};
    spmvp_pair_cv pc[SPMVP_NPRECISIONS] = {{0}};
    int pm[SPMVP_NPRECISIONS];
    rc = SPMVP_EXIT_OK;
    if (args.pair && spmvp_train_table_read(args.pair, &tb, NULL))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    else if (args.pair)
        rc = cross_validate_pair(&t, &cv, &tb, pc, pm);
    spmvp_train_table_free(&tb);
    if (rc) {
        cJSON_Delete(doc);
        goto done;
    }
    for (int k = 0; k < SPMVP_NPRECISIONS; k++)
        if (args.precision == 2 || args.precision == k) {
            report_precision(&t, &cv, (spmvp_precision)k, doc, out);
            report_pair(&pc[k], pm[k], cJSON_GetObjectItemCaseSensitive(doc, spmvp_precision_name((spmvp_precision)k)), out);
        }
    if (rc == SPMVP_EXIT_OK)
        rc = args.predictions ? write_predictions(&t, &cv, args.predictions) : SPMVP_EXIT_OK;
    if (rc == SPMVP_EXIT_OK && args.json) {
        char *text = cJSON_Print(doc);
        if (!text || puts(text) == EOF)
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "standard output: write failed");
        cJSON_free(text);
    }
    cJSON_Delete(doc);
done:
    free(args.alt);
    free(args.alt_setup);
    spmvp_cv_free(&cv);
    spmvp_train_table_free(&t);
    return rc;
}
