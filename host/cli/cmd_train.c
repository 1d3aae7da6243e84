/* cmd_train.c: `spmvp train`: measure every configuration (format x thread mapping, featvec.h)
 * of a corpus of matrices on a device into a training table beside the profile, fit every
 * learned model (model.h's fit_table) from it, cross-validate them grouped by family (cv.h)
 * and write the profile with the models, their cross-validated errors and a reference to the
 * table. The table is appended row by row as measured, so an interrupted run resumes where it
 * stopped (the rows it has are not measured again). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h> /* PATH_MAX */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "stage.h"
#include "train.h"

static const char *const corpora[] = {"full", "quick", "tiny", "none", NULL};
static const char *const train_precisions[] = {"single", "double", "both", NULL};

static struct {
    const char *device, *out, *table, *base, *manifest;
    int precision, corpus, quick, runs, warmup, batch, batch_us, folds, max_nnz_m, all_configs_m;
    int refeature;
    const char *merge;
} args;

static const spmvp_opt options[] = {
    SPMVP_OPT_DEVICE(&args.device),
    {SPMVP_STRING("output", &args.out, "FILE", "the profile to write (written through a temporary "
                  "file; its table beside it)", NULL), .alias = 'o', .required = 1},
    {SPMVP_STRING("table", &args.table, "FILE", "the training table (TSV), resumed when it exists",
                  "FILE with .json replaced by .train.tsv")},
    {SPMVP_STRING("base", &args.base, "P.json", "start from this profile (its calibration and "
                  "seed 000/002 models kept) instead of a new one from the device", NULL)},
    {SPMVP_CHOICE("precision", &args.precision, "P", "single, double or both", "both", train_precisions)},
    {SPMVP_CHOICE("corpus", &args.corpus, "C", "the generated matrices: full (10^3..10^8 "
                  "non-zeros), quick, tiny (CI) or none", "full (quick with --quick)", corpora)},
    {SPMVP_FLAG("quick", &args.quick, "the quick corpus, work-group 256 only, fewer runs: about "
                "2 minutes on an H100")},
    {SPMVP_STRING("manifest", &args.manifest, "FILE", "a TSV with columns name, suitesparse_name "
                  "and domain (../shared/matrices/MANIFEST.tsv): the families of the MATRIX "
                  "files", "each file its own family")},
    {SPMVP_INT("runs", &args.runs, "N", "event-timed products per configuration (median)", "5", 1, 100000)},
    {SPMVP_INT("warmup", &args.warmup, "A", "untimed products first", "3", 0, 100000)},
    {SPMVP_INT("batch", &args.batch, "N", "back-to-back products of the batch time, at least "
               "(enlarged to last --batch-us; measured twice: the second is the noise floor)", "2",
               1, 100000)},
    {SPMVP_INT("batch-us", &args.batch_us, "T", "enlarge each batch to last about T µs", "2000", 0, 10000000)},
    {SPMVP_INT("folds", &args.folds, "K", "cross-validation folds, grouped by family", "5", 2, 64)},
    {SPMVP_INT("max-nnz", &args.max_nnz_m, "M", "skip matrices above M million non-zeros", "120", 1, 100000)},
    {SPMVP_INT("all-configs-nnz", &args.all_configs_m, "M", "above M million non-zeros measure "
               "only work-group 256 with automatic parameters (the shipped GPU tables measured "
               "every configuration up to 64)", "70", 0, 100000)},
    {SPMVP_STRING("merge", &args.merge, "TABLE", "measure nothing: each configuration's times "
                  "become the lesser of the table's and TABLE's (the same device measured in "
                  "another session: a busy or throttled machine only slows a product down), rows "
                  "only in TABLE are added; rewrite the table, then fit. How far the two "
                  "sessions were apart widens rank's intervals", NULL)},
    {SPMVP_FLAG("refeature", &args.refeature, "measure nothing: recompute the features of every "
                "row of the table from its matrix (its generator spec, or the MATRIX file of that "
                "name) for --base's device, keep the times, rewrite the table, then fit")},
    {.name = NULL},
};

const spmvp_cmd spmvp_command_train = {
    "train", spmvp_cmd_train, "measure a corpus on a device and fit the learned models",
    "[MATRIX...]", 0, -1, options,
    "Measures every configuration (each format at work-group sizes 64..512, and every\n"
    "power-of-two value of CSR-vector's V and SELL's C at 256, and SELL's 16-bit columns at\n"
    "256 with --quick too) of each matrix of the corpus and of each MATRIX as bench does\n"
    "(verified against the CPU; then a back-to-back batch enlarged to --batch-us, twice: the\n"
    "first is the models' target, per product as a solver sees it, the second the noise\n"
    "floor), in the precisions asked for, with the host conversion and upload\n"
    "each configuration costs (the setup `spmvp advise` counts), appending each row to the\n"
    "training table as it goes, with the digest of the kernels that measured it (an interrupted\n"
    "run resumes, and the rows of a table from before setup times get theirs; a table of\n"
    "another device is refused). Then\n"
    "fits every learned model (lr, knn, work, gbt, work+gbt, rel) and the setup model,\n"
    "cross-validates them grouped by family (no family on both sides) and writes the profile\n"
    "with the models and their cross-validated errors, which `spmvp rank` turns into intervals,\n"
    "and the digest most of each format's rows share, by which rank notes stale ones. With --corpus none and no\n"
    "MATRIX it fits and cross-validates the table as it is, for --base's device, with no device;\n"
    "--refeature first recomputes the table's features (after a format's work hook changed);\n"
    "--merge B first takes each configuration's lesser time of the table and of table B.\n",
    "  spmvp train --device nvidia -o devices/my-gpu.json ../shared/matrices/*.mtx.gz \\\n"
    "      --manifest ../shared/matrices/MANIFEST.tsv\n"
    "  spmvp train --quick --corpus tiny --device pocl -o /tmp/pocl.json\n"
    "  spmvp train --corpus none --base devices/nvidia-h100.json --table devices/nvidia-h100.train.tsv \\\n"
    "      -o /tmp/h100-refit.json\n"
    "  spmvp train --refeature --corpus none --base devices/nvidia-h100.json \\\n"
    "      --table devices/nvidia-h100.train.tsv -o /tmp/h100-refit.json ../shared/matrices/*.mtx.gz\n",
};

/* ---- families of real matrices ---- */

/* The name of a matrix file: its base name without .gz and .mtx. */
static void base_name(const char *path, char *buf, size_t size)
{
    const char *b = strrchr(path, '/');
    snprintf(buf, size, "%s", b ? b + 1 : path);
    char *e = strstr(buf, ".mtx");
    if (e)
        *e = '\0';
}

/* The family of a file from the manifest: its SuiteSparse group ("ss-HB"), else its domain
 * ("lp"), else its own name. Relatives share a group, so a group is never split. */
static void file_family(const char *manifest, const char *name, char *buf, size_t size)
{
    snprintf(buf, size, "file-%.40s", name);
    FILE *f = manifest ? fopen(manifest, "r") : NULL;
    if (!f)
        return;
    char line[4096];
    int c_name = -1, c_ss = -1, c_dom = -1, first = 1;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *field[32];
        int n = 0;
        for (char *p = line; n < 32;) {
            field[n++] = p;
            char *t = strchr(p, '\t');
            if (!t)
                break;
            *t = '\0';
            p = t + 1;
        }
        if (first) {
            for (int i = 0; i < n; i++) {
                c_name = !strcmp(field[i], "name") ? i : c_name;
                c_ss = !strcmp(field[i], "suitesparse_name") ? i : c_ss;
                c_dom = !strcmp(field[i], "domain") ? i : c_dom;
            }
            first = 0;
            continue;
        }
        if (c_name < 0 || c_name >= n || strcmp(field[c_name], name))
            continue;
        if (c_ss >= 0 && c_ss < n && strcmp(field[c_ss], "-") && strchr(field[c_ss], '/'))
            snprintf(buf, size, "ss-%.*s", (int)strcspn(field[c_ss], "/"), field[c_ss]);
        else if (c_dom >= 0 && c_dom < n && strcmp(field[c_dom], "-") && *field[c_dom])
            snprintf(buf, size, "domain-%.40s", field[c_dom]);
        break;
    }
    fclose(f);
}

/* ---- measuring ---- */

typedef struct trainer {
    spmvp_context *ctx;
    spmvp_train_table *t;
    FILE *append;            /* the table, open for appending */
    const char *path;        /* its path */
    int precs[2], nprec;
    spmvp_bench_options bo;
    long long measured, skipped, failed;
    long long refilled;      /* rows given their setup times now (rewritten per matrix) */
    long long refilled_all;  /* ... over the whole run */
    const spmvp_gather_curve *gather; /* the profile's: the rows' sectors are priced by it */
    char digest[SPMVP_NFORMATS][SPMVP_DIGEST_LEN + 1]; /* each format's kernels, for its rows */
} trainer;

/* The windows of the gather curve a profile without one gets: from 16 KiB (inside any L1)
 * to 256 MiB (a few times the largest last-level caches of today's GPUs, whose gathers go to
 * DRAM: the H100's rate at 256 MiB is within 10 % of its rate at 1 GiB, docs/data/gather). */
#define GATHER_MIN_BYTES ((size_t)16 << 10)
#define GATHER_MAX_BYTES ((size_t)256 << 20)

/* Untimed conversions and uploads of A before the first timed one of a matrix and precision.
 * In the H100 table (uploads of 0.5 ms or more, medians over 52 matrix-precision pairs
 * measured in every configuration, against CSR-vector's upload of the same arrays), the first
 * configuration measured of a matrix uploaded 1.22x slower, the next three 1.11-1.15x, those
 * after them 1.00-1.04x (presumably the bus and the GPU waking up from the idle of loading the
 * matrix), so that setups were compared partly by the order they were measured in
 * (docs/solver-h100.md). WARM_UPLOADS of them first put every timed upload in one state, a
 * warm one. They are CSR-scalar's, A's own arrays with no conversion, whatever configuration
 * comes first: a resumed matrix's first missing one may be an ELL whose conversion takes
 * seconds, or one that the padding rule then skips. Returns 1 (warm) whatever the outcome. */
#define WARM_UPLOADS 4
static int warm_up(spmvp_context *ctx, const spmvp_csr *A, size_t vs)
{
    spmvp_spmv_options o = spmvp_spmv_defaults(vs);
    for (int i = 0; i < WARM_UPLOADS; i++) {
        spmvp_spmv *sp = NULL;
        if (spmvp_spmv_create(ctx, A, SPMVP_CSR_SCALAR, &o, &sp) != SPMVP_OK)
            break;
        spmvp_spmv_free(sp);
    }
    return 1;
}

/* A setup below SETUP_AGAIN_US (conversion + upload) is measured a second time and each part
 * keeps the lesser of the two. On four of the five H100 machines of stop 40, parallel loops
 * sometimes took 2-12 ms longer (the conversions' and, since stop 41, the staged uploads'
 * threads): 1.7-9 % of conversions, and 1,334 of the 5,907 uploads refilled in stop 41 came
 * out slower than the pageable path they replaced, which the same-session A/B never did
 * (docs/solver-h100.md). A stall only adds time, so the lesser of two creations is the
 * creation without one but for both stalling. Above 50 ms a stall is a few percent, and a
 * second creation of a large matrix costs a second of training or more. */
#define SETUP_AGAIN_US 50000.0
static void setup_again(spmvp_context *ctx, const spmvp_csr *A, spmvp_format f,
                        const spmvp_spmv_options *so, double *convert_us, double *upload_us)
{
    if (!(*convert_us + *upload_us < SETUP_AGAIN_US))
        return;
    spmvp_spmv *sp = NULL;
    if (spmvp_spmv_create(ctx, A, f, so, &sp) == SPMVP_OK) {
        double c, u;
        spmvp_spmv_setup_us(sp, &c, &u);
        *convert_us = c < *convert_us ? c : *convert_us;
        *upload_us = u < *upload_us ? u : *upload_us;
    }
    spmvp_spmv_free(sp);
}

/* Measures the configurations of one matrix not yet in the table. */
static int train_matrix(trainer *tr, const char *spec, const char *name, const char *family,
                        long long max_nnz, long long all_configs_nnz, int quick)
{
    spmvp_csr *A = NULL;
    if (spmvp_matrix_load(spec, &A))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    if (A->nnz > max_nnz) {
        fprintf(stderr, "spmvp: %s: %lld non-zeros, above --max-nnz: skipped\n", name, (long long)A->nnz);
        spmvp_csr_free(A);
        return SPMVP_EXIT_OK;
    }
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    spmvp_config *cfg = NULL;
    int ncfg = 0, rc = SPMVP_EXIT_OK;
    const spmvp_device_info *di = &tr->ctx->info;
    if (!s || spmvp_config_list(s, di->warp_size, di->max_wg_size, quick || A->nnz > all_configs_nnz,
                                &cfg, &ncfg)) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", name, spmvp_last_error());
        goto out;
    }
    for (int k = 0; k < tr->nprec && rc == SPMVP_EXIT_OK; k++) {
        spmvp_precision pr = (spmvp_precision)tr->precs[k];
        size_t vs = pr == SPMVP_PRECISION_DOUBLE ? 8 : 4;
        spmvp_features_target tg = {di->warp_size, 256, (long long)di->compute_units * di->threads_per_cu,
                                    vs, di->local_mem, *tr->gather, (double)di->pin_l2_bytes,
                                    di->local_from_l1};
        spmvp_featurizer z;
        spmvp_featurizer_init(&z, A, s, &tg);
        int warm = 0; /* the untimed uploads before this precision's first timed one (warm_up) */
        for (int c = 0; c < ncfg && rc == SPMVP_EXIT_OK; c++) {
            spmvp_train_row r;
            memset(&r, 0, sizeof r);
            spmvp_config_label(&cfg[c], s, di->warp_size, r.mapping, sizeof r.mapping);
            long have = spmvp_train_table_find(tr->t, name, pr, cfg[c].format, r.mapping);
            if ((have < 0 || isnan(tr->t->row[have].convert_us)) && !warm)
                warm = warm_up(tr->ctx, A, vs);
            if (have >= 0 && isnan(tr->t->row[have].convert_us)) {
                /* a row of a table from before setup times: measure them alone */
                spmvp_spmv_options so = {vs, cfg[c].map};
                spmvp_spmv *sp = NULL;
                if (spmvp_spmv_create(tr->ctx, A, cfg[c].format, &so, &sp) == SPMVP_OK) {
                    spmvp_train_row *h = &tr->t->row[have];
                    spmvp_spmv_setup_us(sp, &h->convert_us, &h->upload_us);
                    spmvp_spmv_free(sp); /* before the second: one plan's memory at a time */
                    setup_again(tr->ctx, A, cfg[c].format, &so, &h->convert_us, &h->upload_us);
                    tr->refilled++;
                    tr->refilled_all++;
                } /* a failed create leaves sp NULL, nothing to free */
            }
            if (have >= 0)
                continue;
            snprintf(r.matrix, sizeof r.matrix, "%s", name);
            snprintf(r.family, sizeof r.family, "%s", family);
            r.prec = pr;
            r.format = cfg[c].format;
            spmvp_status st = spmvp_featurizer_vector(&z, &cfg[c], r.x);
            if (st == SPMVP_ERR_NOMEM) {
                rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", name, spmvp_last_error());
                break;
            }
            /* the format cannot hold A; or its padding stores over 16 times the non-zeros (and
             * over 10^7 entries): never the fastest, and converting it costs seconds a
             * configuration (ELL of a matrix with a row of 10^4 entries) — rank still
             * predicts it from its features */
            if (st || (r.x[SPMVP_FV_SLOTS] > 16 * r.x[SPMVP_FV_NNZ] && r.x[SPMVP_FV_SLOTS] > 1e7)) {
                tr->skipped++;
                continue;
            }
            spmvp_bench_options o = tr->bo;
            o.spmv.value_size = vs;
            o.spmv.map = cfg[c].map;
            spmvp_bench_result b;
            if (spmvp_bench_format(tr->ctx, A, cfg[c].format, &o, &b)) {
                fprintf(stderr, "spmvp: %s %s %s %s: %s\n", name, spmvp_precision_name(pr),
                        spmvp_format_name(cfg[c].format), r.mapping, b.note);
                tr->failed++;
                continue;
            }
            if (b.state != SPMVP_BENCH_OK || !(b.batch_us > 0)) {
                tr->skipped++;
                continue;
            }
            r.us = b.batch_us;
            r.us_event = b.median_us;
            r.us_repeat = b.batch2_us > 0 ? b.batch2_us : NAN;
            r.convert_us = b.convert_us;
            r.upload_us = b.upload_us;
            memcpy(r.kernel, tr->digest[cfg[c].format], sizeof tr->digest[0]);
            setup_again(tr->ctx, A, cfg[c].format, &o.spmv, &r.convert_us, &r.upload_us);
            if (spmvp_train_table_add(tr->t, &r)) {
                rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
                break;
            }
            if (spmvp_train_table_write_row(tr->append, &r) || fflush(tr->append)) {
                rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "the training table: write failed");
                break;
            }
            tr->measured++;
        }
    }
out:
    if (tr->refilled && rc == SPMVP_EXIT_OK) { /* the table rewritten whole, then appended to */
        fclose(tr->append);
        tr->append = NULL;
        if (spmvp_train_table_save(tr->t, tr->path) || !(tr->append = fopen(tr->path, "ab")))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: cannot rewrite with the setup times: %s",
                                 tr->path, spmvp_last_error());
        tr->refilled = 0;
    }
    free(cfg);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    return rc;
}

/* ---- fitting and cross-validation ---- */

/* Fits every learned model at precision k on the whole table into p. */
static int fit_all(spmvp_profile *p, const spmvp_train_table *t, spmvp_precision k)
{
    for (int i = 0; i < spmvp_model_families(); i++) {
        const spmvp_model *m = spmvp_model_family(i);
        void *part = spmvp_profile_part(p, m, k);
        if (!m->fit_table || !part)
            continue;
        if (m->free_prec)
            m->free_prec(part);
        memset(part, 0, m->prec_size);
        if (m->fit_table(t, NULL, k, part, stderr))
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    return SPMVP_EXIT_OK;
}

/* Each learned model's cross-validated error per format into the profile, and a summary. */
static void record_cv(spmvp_profile *p, const spmvp_train_table *t, const spmvp_cv *cv,
                      spmvp_precision k)
{
    spmvp_profile_precision *pp = &p->prec[k];
    spmvp_dr_summary noise = spmvp_cv_noise(t, k);
    pp->has_cv = 1;
    memset(pp->ranking, 0, sizeof pp->ranking); /* a --base profile's, of another table */
    pp->noise_median = noise.median;
    pp->noise_p90 = noise.p90;
    fprintf(stderr, "spmvp: %s precision, held-out D_r (grouped by family): median / p90; "
            "noise floor %.1f %% / %.1f %%\n", spmvp_precision_name(k), 100 * noise.median,
            100 * noise.p90);
    for (int m = 0; m < spmvp_model_count(); m++) {
        spmvp_dr_summary all = spmvp_cv_dr(t, cv, m, k, -1);
        if (!all.n)
            continue;
        spmvp_cv_rank r = spmvp_cv_ranking(t, cv, m, k);
        pp->ranking[m].matrices = r.matrices;
        pp->ranking[m].within5 = r.within5;
        pp->ranking[m].geomean = r.geomean;
        fprintf(stderr, "  %-9s %5.1f %% / %5.1f %%; best pick within 5 %% on %3.0f %% of %d "
                "matrices, geomean slowdown %.3f\n", spmvp_model_name(m), 100 * all.median,
                100 * all.p90, 100 * r.within5, r.matrices, r.geomean);
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            spmvp_dr_summary s = spmvp_cv_dr(t, cv, m, k, f);
            spmvp_model_error *e = &pp->cv[m][f];
            memset(e, 0, sizeof *e);
            spmvp_cv_log_ratio(t, cv, m, k, f, 0.05, 0.95, &e->q_lo, &e->q_hi);
            spmvp_cv_log_ratio(t, cv, m, k, f, 0.25, 0.75, &e->q25, &e->q75);
            if (!s.n || isnan(e->q_lo))
                continue;
            e->cases = (int)s.n;
            e->median_dr = s.median;
            e->p90_dr = s.p90;
        }
    }
}

/* The setup-cost model's held-out error per format into the profile, and a line of it. */
static int record_setup_cv(spmvp_profile *p, const spmvp_train_table *t, const spmvp_cv *cv,
                           spmvp_precision k)
{
    double *pred = malloc((t->n ? t->n : 1) * sizeof *pred);
    if (!pred || spmvp_setup_cv(t, cv->fold, cv->nfolds, k, pred, p->prec[k].setup)) {
        free(pred);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", pred ? spmvp_last_error() : "out of memory");
    }
    free(pred);
    int printed = 0;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        const spmvp_model_error *e = &p->prec[k].setup[f].cv;
        if (!e->cases)
            continue;
        fprintf(stderr, "%s %s %.0f/%.0f %%", printed++ ? "," : "  setup (conversion + upload), "
                "held-out D_r median/p90:", spmvp_format_name((spmvp_format)f),
                100 * e->median_dr, 100 * e->p90_dr);
    }
    if (printed)
        fputc('\n', stderr);
    return SPMVP_EXIT_OK;
}

/* The table's path: --table, else the profile's with .json replaced by .train.tsv. */
static void table_path(char *buf, size_t size)
{
    if (args.table) {
        snprintf(buf, size, "%s", args.table);
        return;
    }
    size_t n = strlen(args.out);
    if (n > 5 && !strcmp(args.out + n - 5, ".json"))
        n -= 5;
    snprintf(buf, size, "%.*s.train.tsv", (int)n, args.out);
}

/* The real path of the folder holding `path` (which need not exist yet) into buf; 0 when it
 * cannot be resolved. */
static int real_folder(const char *path, char buf[PATH_MAX])
{
    char dir[4096];
    const char *s = strrchr(path, '/');
    if (!s)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", s == path ? 1 : (int)(s - path), path);
    return realpath(dir, buf) != NULL;
}

/* The table's path as the profile records it: relative to the profile's folder, where compare
 * reads it from, computed from the real paths of both (a refit written to another folder
 * gets "../..."); as given when either cannot be resolved. */
static void table_ref(const char *table, char *buf, size_t size)
{
    char pdir[PATH_MAX], tdir[PATH_MAX], treal[2 * PATH_MAX];
    const char *ts = strrchr(table, '/');
    if (!real_folder(args.out, pdir) || !real_folder(table, tdir)) {
        snprintf(buf, size, "%.255s", table);
        return;
    }
    snprintf(treal, sizeof treal, "%s/%s", strcmp(tdir, "/") ? tdir : "", ts ? ts + 1 : table);
    size_t i = 0, last = 0; /* last: the end of the components both share */
    while (pdir[i] && pdir[i] == treal[i]) {
        last = pdir[i] == '/' ? i : last;
        i++;
    }
    if (!pdir[i] && treal[i] == '/')
        last = i;
    /* the profile folder's components past the shared ones: one "../" each */
    const char *rest = pdir[last] ? pdir + last + 1 : "";
    int up = *rest != 0;
    for (const char *c = rest; *c; c++)
        up += *c == '/';
    buf[0] = 0;
    size_t used = 0;
    for (int k = 0; k < up && used + 3 < size; k++, used += 3)
        memcpy(buf + used, "../", 4);
    snprintf(buf + used, size - used, "%s", treal + last + 1);
}

/* Matrices in the table (a resumed table appends rows of a matrix measured before, so rows of
 * one matrix need not be consecutive: sorted by matrix first, as cv.c does); 0 when out of
 * memory. */
static int distinct_matrices(const spmvp_train_table *t)
{
    size_t *idx = malloc((t->n ? t->n : 1) * sizeof *idx);
    if (!idx)
        return 0;
    for (size_t i = 0; i < t->n; i++)
        idx[i] = i;
    spmvp_train_table_sort_by_matrix(t, idx, t->n);
    int n = 0;
    for (size_t i = 0; i < t->n; i++)
        n += i == 0 || strcmp(t->row[idx[i]].matrix, t->row[idx[i - 1]].matrix);
    free(idx);
    return n;
}

/* Opens (resuming) or creates the table of `device`; the rows it has into t. A table of
 * another device is refused (a table that does not record one, as the first tables, is not). */
static int open_table(const char *path, const char *device, spmvp_train_table *t, FILE **append)
{
    int exists = access(path, F_OK) == 0, dropped = 0;
    if ((exists || !append) && spmvp_train_table_read(path, t, &dropped))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s%s", spmvp_last_error(),
                               append ? " (not resumed: move it away or name another --table)" : "");
    if (t->device[0] && strcmp(t->device, device))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s was measured on %s, not %s: name another "
                               "--table", path, t->device, device);
    snprintf(t->device, sizeof t->device, "%s", device);
    if (!append) /* only read */
        return SPMVP_EXIT_OK;
    if (exists) {
        /* rewritten whole without a torn last line (or with the columns of a table from
         * before them: setup times, kernel digests), then appended to */
        if ((dropped || !t->all_columns) && spmvp_train_table_save(t, path))
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        fprintf(stderr, "spmvp: resuming %s: %zu rows measured already\n", path, t->n);
    } else if (spmvp_train_table_save(t, path)) {
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    if (!(*append = fopen(path, "ab")))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: cannot append", path);
    return SPMVP_EXIT_OK;
}

/* ---- the gather curve the rows are priced by ---- */

/* The table's curve becomes the profile's (n 0: none), so that the models are fitted and
 * predict on sectors priced alike (featvec.h). */
static void curve_from_table(const spmvp_train_table *t, spmvp_profile *p)
{
    p->microbench.gather = t->gather;
    p->microbench.gather.cache_bytes = spmvp_gather_cache_bytes(&t->gather);
}

/* Before measuring: a table that records a curve keeps it (its rows were featured with it)
 * and the profile takes it. Else the profile's is used, measured now if it has none, and the
 * table records it from now on (rewritten whole, then appended to). Rows of a table without a
 * curve (spmvp before 2026-11-24) were featured without one: said, with the remedy. */
static int adopt_curve(trainer *tr, spmvp_profile *p)
{
    spmvp_train_table *t = tr->t;
    if (t->gather.n >= 2) {
        const spmvp_gather_curve *g = &p->microbench.gather;
        if (g->n >= 2 && (g->n != t->gather.n || memcmp(g->bytes, t->gather.bytes, sizeof g->bytes) ||
                          memcmp(g->ggps, t->gather.ggps, sizeof g->ggps)))
            fprintf(stderr, "spmvp: %s keeps its own gather curve, which its rows were priced by, "
                    "not the profile's (train --refeature prices them by the profile's)\n", tr->path);
        curve_from_table(t, p);
        return SPMVP_EXIT_OK;
    }
    if (p->microbench.gather.n < 2) {
        if (spmvp_microbench_gather(tr->ctx, GATHER_MIN_BYTES, GATHER_MAX_BYTES, 10, &p->microbench.gather))
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        fprintf(stderr, "spmvp: gathers of x measured over %d windows (last cache %.0f KiB)\n",
                p->microbench.gather.n, p->microbench.gather.cache_bytes / 1024);
    }
    if (t->n)
        fprintf(stderr, "spmvp: %s: its %zu rows were featured without a gather curve: train "
                "--refeature prices their sectors\n", tr->path, t->n);
    t->gather = p->microbench.gather;
    fclose(tr->append);
    tr->append = NULL;
    if (spmvp_train_table_save(t, tr->path) || !(tr->append = fopen(tr->path, "ab")))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: cannot rewrite with the gather curve: %s",
                               tr->path, spmvp_last_error());
    return SPMVP_EXIT_OK;
}

/* ---- recomputing the features ---- */

/* The features of rows [i0, i1) of t, one matrix's, recomputed for profile p's device: the
 * configuration of each row found by its label. *changed counts the rows whose vector moved. */
static int refeature_matrix(spmvp_train_table *t, size_t i0, size_t i1, const spmvp_profile *p,
                            const char *spec, long long *changed)
{
    spmvp_csr *A = NULL;
    if (spmvp_matrix_load(spec, &A))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    spmvp_config *cfg = NULL;
    int ncfg = 0, rc = SPMVP_EXIT_OK;
    unsigned warp = p->device.warp_size > 0 ? (unsigned)p->device.warp_size : 32;
    size_t max_wg = p->device.max_work_group_size > 0 ? (size_t)p->device.max_work_group_size : 1024;
    if (!s || spmvp_config_list(s, warp, max_wg, 0, &cfg, &ncfg)) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", t->row[i0].matrix, spmvp_last_error());
        goto out;
    }
    for (int k = 0; k < 2 && rc == SPMVP_EXIT_OK; k++) {
        spmvp_features_target tg = spmvp_profile_target(p, k == SPMVP_PRECISION_DOUBLE ? 8 : 4);
        spmvp_featurizer z;
        spmvp_featurizer_init(&z, A, s, &tg);
        for (size_t i = i0; i < i1 && rc == SPMVP_EXIT_OK; i++) {
            spmvp_train_row *r = &t->row[i];
            char label[64];
            int c = 0;
            if ((int)r->prec != k)
                continue;
            for (; c < ncfg; c++) {
                spmvp_config_label(&cfg[c], s, warp, label, sizeof label);
                if (cfg[c].format == r->format && !strcmp(label, r->mapping))
                    break;
            }
            double x[SPMVP_FV_N];
            if (c == ncfg || spmvp_featurizer_vector(&z, &cfg[c], x)) {
                rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s %s %s %s: %s", r->matrix,
                                     spmvp_precision_name(r->prec), spmvp_format_name(r->format),
                                     r->mapping, c == ncfg ? "no such configuration" : spmvp_last_error());
                break;
            }
            *changed += memcmp(x, r->x, sizeof x) != 0;
            memcpy(r->x, x, sizeof x);
        }
    }
out:
    free(cfg);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    return rc;
}

/* Every row of t given the features of its matrix again (rows of one matrix are consecutive):
 * a generator spec is generated, a file's name is looked up among files. Then t to path. */
static int refeature(spmvp_train_table *t, const spmvp_profile *p, const char **files, int nfiles,
                     const char *path)
{
    long long changed = 0;
    int rc = SPMVP_EXIT_OK;
    for (size_t i0 = 0, i1; i0 < t->n && rc == SPMVP_EXIT_OK; i0 = i1) {
        for (i1 = i0 + 1; i1 < t->n && !strcmp(t->row[i1].matrix, t->row[i0].matrix); i1++)
            ;
        const char *spec = spmvp_gen_is_spec(t->row[i0].matrix) ? t->row[i0].matrix : NULL;
        for (int f = 0; f < nfiles && !spec; f++) {
            char name[96];
            base_name(files[f], name, sizeof name);
            if (!strcmp(name, t->row[i0].matrix))
                spec = files[f];
        }
        if (!spec)
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "train --refeature: %s: no MATRIX file of that "
                                   "name", t->row[i0].matrix);
        rc = refeature_matrix(t, i0, i1, p, spec, &changed);
    }
    t->gather = p->microbench.gather; /* the curve the rows are priced by now */
    if (rc == SPMVP_EXIT_OK && spmvp_train_table_save(t, path))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    if (rc == SPMVP_EXIT_OK)
        fprintf(stderr, "spmvp: %s: features recomputed for %zu rows, %lld changed\n", path, t->n,
                changed);
    return rc;
}

/* ---- two sessions' tables ---- */

/* The lesser of a and b, where NaN means "not measured". */
static double least(double a, double b) { return isnan(a) ? b : isnan(b) ? a : a < b ? a : b; }

/* t's times merged with those of the table at `other`, measured on the same device in another
 * session: a configuration keeps the session whose batch was faster (with that session's event
 * time and repeat, so the noise floor stays one upload's), and the lesser conversion and
 * upload. Why the least: on the H100 of the `device` tool, two sessions an hour apart differed
 * by more than 2x on 1-2 % of the configurations, in bursts of seconds in which everything ran
 * 2-8x slower, both batches of one upload alike; nothing makes a product faster than it is.
 * Rows only in `other` are added. Then t to path. The two sessions' difference, per precision,
 * over the configurations both measured (not copies: a configuration of the same time in both
 * tables, which a retraining of some formats carries over unmeasured, is no second look),
 * goes to p and widens rank's intervals, what a user measures another day differing by that
 * much: D_r of other's time against t's where the lesser is SPMVP_SESSION_SMALL_US or more
 * (session_median, session_p90), the difference in µs below it (session_offset_median_us and
 * _p90_us: on launch-bound products the sessions differ by an amount, profile.h). */
static int merge_tables(spmvp_train_table *t, const char *other, const char *path, spmvp_profile *p)
{
    spmvp_train_table o = {0};
    int rc = open_table(other, t->device, &o, NULL);
    long taken = 0, added = 0;
    double *dr[SPMVP_NPRECISIONS], *off[SPMVP_NPRECISIONS];
    size_t ndr[SPMVP_NPRECISIONS] = {0}, noff[SPMVP_NPRECISIONS] = {0};
    for (int k = 0; k < SPMVP_NPRECISIONS; k++) {
        dr[k] = malloc((o.n ? o.n : 1) * sizeof(double));
        off[k] = malloc((o.n ? o.n : 1) * sizeof(double));
    }
    for (int k = 0; k < SPMVP_NPRECISIONS && rc == SPMVP_EXIT_OK; k++)
        if (!dr[k] || !off[k])
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory merging %s", other);
    for (size_t i = 0; i < o.n && rc == SPMVP_EXIT_OK; i++) {
        const spmvp_train_row *r = &o.row[i];
        long j = spmvp_train_table_find(t, r->matrix, r->prec, r->format, r->mapping);
        if (j < 0) {
            if (spmvp_train_table_add(t, r))
                rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
            added++;
            continue;
        }
        spmvp_train_row *a = &t->row[j];
        if (isfinite(r->us) && r->us > 0 && a->us > 0 && r->us != a->us &&
            (unsigned)a->prec < SPMVP_NPRECISIONS) {
            if (fmin(r->us, a->us) >= SPMVP_SESSION_SMALL_US)
                dr[a->prec][ndr[a->prec]++] = spmvp_dr(r->us, a->us);
            else
                off[a->prec][noff[a->prec]++] = fabs(r->us - a->us);
        }
        if (r->us < a->us) { /* the time, and the kernels that took it */
            a->us = r->us;
            a->us_event = r->us_event;
            a->us_repeat = r->us_repeat;
            memcpy(a->kernel, r->kernel, sizeof a->kernel);
            taken++;
        }
        a->convert_us = least(a->convert_us, r->convert_us);
        a->upload_us = least(a->upload_us, r->upload_us);
    }
    size_t n = o.n;
    spmvp_train_table_free(&o);
    for (int k = 0; k < SPMVP_NPRECISIONS && rc == SPMVP_EXIT_OK; k++) {
        spmvp_dr_summary s = spmvp_dr_summarize(dr[k], ndr[k]);
        if (!s.n)
            continue;
        p->prec[k].session_median = s.median;
        p->prec[k].session_p90 = s.p90;
        fprintf(stderr, "spmvp: %s precision: the two sessions differ by a median of %.1f %%, p90 "
                "%.1f %% (%zu configurations of %g µs and more)\n",
                spmvp_precision_name((spmvp_precision)k), 100 * s.median, 100 * s.p90, s.n,
                SPMVP_SESSION_SMALL_US);
    }
    for (int k = 0; k < SPMVP_NPRECISIONS && rc == SPMVP_EXIT_OK; k++) {
        spmvp_dr_summary s = spmvp_dr_summarize(off[k], noff[k]); /* µs, not D_r */
        if (!s.n)
            continue;
        p->prec[k].session_offset_median_us = s.median;
        p->prec[k].session_offset_p90_us = s.p90;
        fprintf(stderr, "spmvp: %s precision: and by a median of %.2f µs, p90 %.2f µs (%zu "
                "configurations under %g µs)\n", spmvp_precision_name((spmvp_precision)k),
                s.median, s.p90, s.n, SPMVP_SESSION_SMALL_US);
    }
    for (int k = 0; k < SPMVP_NPRECISIONS; k++) {
        free(dr[k]);
        free(off[k]);
    }
    if (rc == SPMVP_EXIT_OK && spmvp_train_table_save(t, path))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    if (rc == SPMVP_EXIT_OK)
        fprintf(stderr, "spmvp: %s: merged with %s: %ld of %zu configurations took its time, %ld "
                "added\n", path, other, taken, n, added);
    return rc;
}

int spmvp_cmd_train(int argc, char **argv)
{
    memset(&args, 0, sizeof args);
    args.precision = 2;
    args.runs = 5;
    args.warmup = 3;
    /* 2, not bench's 20: the batch is enlarged to --batch-us anyway, so the count matters only
     * for products longer than batch-us / 20 (100 µs), and there 20 products made the slowest
     * configurations (SELL on R-MAT, 29-47 ms a product) dominate: counted from the H100
     * table's times, its products took 241 s of the 17-minute training with 20, 98 s with 2 */
    args.batch = 2;
    args.batch_us = 2000;
    args.folds = 5;
    args.max_nnz_m = 120;
    /* every matrix of the full corpus in every configuration (the largest has 64 M
     * non-zeros): on the H100 the 21 above 4 M at work-groups 64, 128 and 512 too took 12 of
     * the full run's minutes, and without them rank never saw BRC or CSR-adaptive at other
     * work-groups on a large graph (docs/predictions-h100.md) */
    args.all_configs_m = 70;
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0;
    if (!files)
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
    int rc = spmvp_opts_parse(&spmvp_command_train, argc, argv, files, &nfiles);
    if (rc >= 0) {
        free(files);
        return rc;
    }
    if (!spmvp_opts_given(&spmvp_command_train, "corpus"))
        args.corpus = args.quick ? 1 : 0;
    size_t ncorpus = 0;
    const char *const *corpus = args.corpus == 3 ? NULL : spmvp_train_corpus(corpora[args.corpus], &ncorpus);
    char table[4096], ref[256];
    table_path(table, sizeof table);
    table_ref(table, ref, sizeof ref);
    if (args.base && spmvp_cli_same_file(args.base, args.out)) {
        free(files);
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "train: -o %s is the --base profile: write "
                               "elsewhere (an input is never overwritten)", args.out);
    }
    if (spmvp_atomic_check(args.out)) { /* minutes of measuring must not end in a failed write */
        free(files);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    trainer tr = {0};
    spmvp_train_table t = {0};
    spmvp_profile *p = NULL;
    spmvp_cv cv = {0};
    tr.t = &t;
    tr.nprec = args.precision == 2 ? 2 : 1;
    tr.precs[0] = args.precision == 1 ? SPMVP_PRECISION_DOUBLE : SPMVP_PRECISION_SINGLE;
    tr.precs[1] = SPMVP_PRECISION_DOUBLE;
    tr.bo = (spmvp_bench_options){.spmv = spmvp_spmv_defaults(4), .warmup = args.warmup,
                                  .runs = args.runs, .batch = args.batch, .repeat_batch = 1,
                                  .batch_min_us = args.quick ? args.batch_us / 4.0 : args.batch_us};

    size_t total = args.refeature ? 0 : ncorpus + (size_t)nfiles;
    if (args.base ? spmvp_profile_load(args.base, &p) : !(p = spmvp_profile_new())) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", args.base ? spmvp_last_error() : "out of memory");
        goto done;
    }
    if (args.refeature && args.merge) {
        rc = spmvp_cli_error(SPMVP_EXIT_USAGE, "train: --refeature and --merge: one at a time");
        goto done;
    }
    if (args.refeature) { /* no device: the table's features again, then the fit */
        if (!args.base)
            rc = spmvp_cli_error(SPMVP_EXIT_USAGE, "train --refeature: give --base P.json for the "
                                 "device the table was measured on");
        else if (!(rc = open_table(table, p->device.name, &t, NULL)))
            rc = refeature(&t, p, files, nfiles, table);
        if (rc)
            goto done;
        goto fit;
    }
    if (!total || args.merge) { /* nothing to measure: fit and cross-validate the table */
        if (!args.base)
            rc = spmvp_cli_error(SPMVP_EXIT_USAGE, "train: nothing to measure (--corpus none, no "
                                 "MATRIX, or --merge): give --base P.json for the device to fit "
                                 "the table for");
        else if (!(rc = open_table(table, p->device.name, &t, NULL)) && args.merge)
            rc = merge_tables(&t, args.merge, table, p);
        if (rc)
            goto done;
        goto fit;
    }
    if (spmvp_cli_open(args.device, NULL, &tr.ctx)) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        goto done;
    }
    if ((rc = open_table(table, tr.ctx->info.name, &t, &tr.append)))
        goto done;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        if (spmvp_kernel_digest((spmvp_format)f, tr.ctx->cl_dir, tr.digest[f])) {
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
            goto done;
        }
    spmvp_stage_reserve(tr.ctx); /* the tables time staged uploads from the first matrix on */
    tr.path = table;
    if (tr.nprec == 2 && !tr.ctx->info.fp64) {
        fprintf(stderr, "spmvp: %s lacks cl_khr_fp64: single precision only\n", tr.ctx->info.name);
        tr.nprec = 1;
    } else if (tr.precs[0] == SPMVP_PRECISION_DOUBLE && !tr.ctx->info.fp64) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s lacks cl_khr_fp64: double precision is not "
                             "available on it", tr.ctx->info.name);
        goto done;
    }
    if (!args.base) {
        spmvp_microbench mb;
        if (spmvp_microbench_run(tr.ctx, 0, 10, &mb)) {
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
            goto done;
        }
        spmvp_device_params_fill(&tr.ctx->info, &p->device);
        p->microbench = (spmvp_microbench_params){(long long)mb.bytes, mb.copy_gbs, mb.launch_us,
                                                  mb.h2d_gbs, {0}};
    }
    tr.gather = &p->microbench.gather;
    if ((rc = adopt_curve(&tr, p)))
        goto done;
    spmvp_progress prog = spmvp_progress_start(stderr, "matrices", total);
    long long max_nnz = (long long)args.max_nnz_m * 1000000, all_nnz = (long long)args.all_configs_m * 1000000;
    for (size_t i = 0; i < total && rc == SPMVP_EXIT_OK; i++) {
        char name[96], family[48];
        const char *spec = i < ncorpus ? corpus[i] : files[i - ncorpus];
        if (spmvp_gen_is_spec(spec)) {
            snprintf(name, sizeof name, "%s", spec);
            spmvp_train_family(spec, family, sizeof family);
        } else {
            base_name(spec, name, sizeof name);
            file_family(args.manifest, name, family, sizeof family);
        }
        rc = train_matrix(&tr, spec, name, family, max_nnz, all_nnz, args.quick);
        spmvp_progress_step(&prog, i + 1);
    }
    fprintf(stderr, "spmvp: %lld configurations measured now (%zu in the table), %lld the "
            "formats cannot hold (or pad above 16x), %lld failed\n", tr.measured, t.n, tr.skipped, tr.failed);
    if (tr.refilled_all)
        fprintf(stderr, "spmvp: %lld rows of the table given their setup times\n", tr.refilled_all);
fit:
    if (rc || !t.n)
        goto done;
    curve_from_table(&t, p); /* the curve the rows were featured with, or none */
    /* fit on everything, then cross-validate for the errors rank reports */
    for (int k = 0; k < tr.nprec && rc == SPMVP_EXIT_OK; k++) {
        spmvp_precision pr = (spmvp_precision)tr.precs[k];
        if (!p->prec[pr].calib && !(p->prec[pr].calib = spmvp_calib_new())) {
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
            break;
        }
        rc = fit_all(p, &t, pr);
        if (rc == SPMVP_EXIT_OK && spmvp_setup_fit_table(&t, NULL, pr, p->prec[pr].setup, stderr))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    if (rc == SPMVP_EXIT_OK && spmvp_cv_run(&t, args.folds, stderr, &cv) == SPMVP_OK)
        for (int k = 0; k < tr.nprec && rc == SPMVP_EXIT_OK; k++) {
            record_cv(p, &t, &cv, (spmvp_precision)tr.precs[k]);
            rc = record_setup_cv(p, &t, &cv, (spmvp_precision)tr.precs[k]);
        }
    else if (rc == SPMVP_EXIT_OK)
        fprintf(stderr, "spmvp: no cross-validation: %s\n", spmvp_last_error());
    if (rc == SPMVP_EXIT_OK) {
        const char **fam = NULL;
        int nf = 0, nm = 0;
        spmvp_train_table_families(&t, &fam, &nf, NULL);
        free(fam);
        nm = distinct_matrices(&t);
        snprintf(p->training.table, sizeof p->training.table, "%s", ref);
        p->training.rows = (long long)t.n;
        p->training.matrices = nm;
        p->training.folds = cv.nfolds;
        /* quick: the table has work-group 256 only (a full run measures 64..512 on every
         * matrix below --all-configs-nnz), so rank ranks what was trained */
        int quick = 1;
        for (size_t i = 0; i < t.n && quick; i++)
            quick = !strncmp(t.row[i].mapping, "wg=256", 6);
        p->training.quick = quick;
        spmvp_train_table_kernels(&t, p->training.kernels);
        spmvp_profile_stamp(p, SPMVP_VERSION);
        if (spmvp_profile_save(p, args.out))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        else
            fprintf(stderr, "spmvp: wrote %s (training table %s)\n", args.out, table);
    }
    if (rc == SPMVP_EXIT_OK && tr.failed)
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%lld configurations failed (above): the profile "
                             "was written without them", tr.failed);
done:
    if (tr.append)
        fclose(tr.append);
    spmvp_cv_free(&cv);
    spmvp_train_table_free(&t);
    spmvp_profile_free(p);
    spmvp_context_free(tr.ctx);
    free(files);
    return rc;
}
