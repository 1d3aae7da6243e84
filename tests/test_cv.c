/* test_cv.c: the training table (train_table.h), the configurations (featvec.h) and the
 * cross-validation grouped by family (cv.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "spmvp_predict.h"
#include "test.h"

/* A row of matrix `matrix` of family `fam`: features from v, time us. */
static spmvp_train_row row(const char *matrix, const char *fam, spmvp_format f, double v, double us)
{
    spmvp_train_row r;
    memset(&r, 0, sizeof r);
    snprintf(r.matrix, sizeof r.matrix, "%s", matrix);
    snprintf(r.family, sizeof r.family, "%s", fam);
    snprintf(r.mapping, sizeof r.mapping, "wg=256");
    r.prec = SPMVP_PRECISION_DOUBLE;
    r.format = f;
    for (int i = 0; i < SPMVP_FV_N; i++)
        r.x[i] = v * (i + 1);
    r.us = us;
    r.us_event = us * 1.1;
    r.us_repeat = us * 1.01;
    return r;
}

static void the_table_round_trips_and_names_bad_fields(void)
{
    spmvp_train_table t = {0}, u = {0};
    snprintf(t.device, sizeof t.device, "NVIDIA H100 80GB HBM3");
    t.gather = (spmvp_gather_curve){3, {16384, 1048576, 268435456}, {580.5, 1.0 / 3.0, 32}, 0};
    spmvp_train_row a = row("laplace3d:10", "laplace3d", SPMVP_ELL, 0.1, 3.25);
    a.us_repeat = NAN;
    a.x[SPMVP_FV_DENSITY] = 1.0 / 3.0; /* written so that it reads back bit for bit */
    CHECK(spmvp_train_table_add(&t, &a) == SPMVP_OK);
    spmvp_train_row b = row("cage8", "ss-vanHeukelum", SPMVP_CSR_VECTOR, 7, 1e-3);
    snprintf(b.kernel, sizeof b.kernel, "0a1b2c3d"); /* a's is not recorded */
    CHECK(spmvp_train_table_add(&t, &b) == SPMVP_OK);
    const char *path = "test_cv_table.tsv";
    CHECK(spmvp_train_table_save(&t, path) == SPMVP_OK);
    int dropped = -1;
    CHECK(spmvp_train_table_read(path, &u, &dropped) == SPMVP_OK && dropped == 0);
    CHECK(u.n == 2 && !strcmp(u.device, "NVIDIA H100 80GB HBM3"));
    CHECK(u.gather.n == 3 && !memcmp(u.gather.bytes, t.gather.bytes, 3 * sizeof(double)) &&
          !memcmp(u.gather.ggps, t.gather.ggps, 3 * sizeof(double))); /* bit for bit */
    for (size_t i = 0; u.n == 2 && i < 2; i++) {
        const spmvp_train_row *x = &t.row[i], *y = &u.row[i];
        CHECK(!strcmp(x->matrix, y->matrix) && !strcmp(x->family, y->family));
        CHECK(x->prec == y->prec && x->format == y->format && !strcmp(x->mapping, y->mapping));
        CHECK(!memcmp(x->x, y->x, sizeof x->x) && x->us == y->us && x->us_event == y->us_event);
        CHECK(x->us_repeat == y->us_repeat || (isnan(x->us_repeat) && isnan(y->us_repeat)));
        CHECK(!strcmp(x->kernel, y->kernel));
    }
    CHECK(u.all_columns == 1);
    CHECK(spmvp_train_table_find(&u, "cage8", SPMVP_PRECISION_DOUBLE, SPMVP_CSR_VECTOR, "wg=256") == 1);
    CHECK(spmvp_train_table_find(&u, "cage8", SPMVP_PRECISION_SINGLE, SPMVP_CSR_VECTOR, "wg=256") == -1);
    spmvp_train_table_free(&u);

    /* a torn last line (an interrupted append) is dropped, not an error */
    FILE *f = fopen(path, "ab");
    CHECK(f && fputs("cage8\tss-x\tdouble\tcoo\twg=2", f) >= 0 && fclose(f) == 0);
    CHECK(spmvp_train_table_read(path, &u, &dropped) == SPMVP_OK && dropped == 1 && u.n == 2);
    spmvp_train_table_free(&u);

    /* a bad gather curve on the first line: named, with the window */
    f = fopen(path, "wb");
    CHECK(f && fputs(SPMVP_TRAIN_MAGIC "\tdevice=some GPU\tgather=1024:5,512:4\n", f) >= 0 &&
          fclose(f) == 0);
    CHECK(spmvp_train_table_read(path, &u, NULL) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(spmvp_last_error(), "test_cv_table.tsv:1: gather: window 2 is not BYTES:RATE"),
              "%s", spmvp_last_error());
    spmvp_train_table_free(&u);

    /* a bad field: the file, line, field number and name */
    f = fopen(path, "wb");
    spmvp_train_table h = {0};
    snprintf(h.device, sizeof h.device, "some GPU");
    CHECK(f && spmvp_train_table_write_header(f, &h) == 0);
    b.us = -1;
    CHECK(spmvp_train_table_write_row(f, &b) == 0 && fclose(f) == 0);
    CHECK(spmvp_train_table_read(path, &u, NULL) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(spmvp_last_error(), "test_cv_table.tsv:3: field 30 (us): a time must be above 0"),
              "%s", spmvp_last_error());
    spmvp_train_table_free(&u);

    /* a digest that is not hex digits or "-": named */
    f = fopen(path, "wb");
    CHECK(f && spmvp_train_table_write_header(f, &h) == 0);
    b.us = 2;
    snprintf(b.kernel, sizeof b.kernel, "xyz");
    CHECK(spmvp_train_table_write_row(f, &b) == 0 && fclose(f) == 0);
    CHECK(spmvp_train_table_read(path, &u, NULL) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(spmvp_last_error(), "test_cv_table.tsv:3: field 35 (kernel): \"xyz\" is not a digest"),
              "%s", spmvp_last_error());
    spmvp_train_table_free(&u);
    remove(path);
    spmvp_train_table_free(&t);
}

/* A table from before the kernel column (its header and rows without it) reads with every
 * digest unrecorded and asks to be rewritten before rows are appended; a table's records count
 * each format's leading digest. */
static void a_table_without_digests_reads_and_the_leading_digest_is_counted(void)
{
    spmvp_train_table t = {0}, u = {0};
    const char *path = "test_cv_old.tsv";
    spmvp_train_row a = row("m1", "f", SPMVP_COO, 1, 5), b = row("m2", "f", SPMVP_COO, 2, 6);
    CHECK(spmvp_train_table_add(&t, &a) == SPMVP_OK && spmvp_train_table_add(&t, &b) == SPMVP_OK);
    CHECK(spmvp_train_table_save(&t, path) == SPMVP_OK);
    /* cut the last column ("\tkernel", "\t-") from every line after the first */
    FILE *f = fopen(path, "rb");
    char text[16384] = "";
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = 0;
    char cut[16384] = "", *o = cut;
    for (char *line = text, *end; (end = strchr(line, '\n')); line = end + 1) {
        *end = 0;
        char *tab = line == text ? NULL : strrchr(line, '\t'); /* the first line has no column */
        size_t keep = tab ? (size_t)(tab - line) : strlen(line);
        memcpy(o, line, keep);
        o += keep;
        *o++ = '\n';
    }
    *o = 0;
    f = fopen(path, "wb");
    CHECK(f && fputs(cut, f) >= 0 && fclose(f) == 0);
    CHECK(strstr(cut, "kernel") == NULL && strstr(cut, "upload_us\n"));
    CHECK(spmvp_train_table_read(path, &u, NULL) == SPMVP_OK && u.n == 2 && u.all_columns == 0);
    CHECK(u.n == 2 && !u.row[0].kernel[0] && !u.row[1].kernel[0] && u.row[1].us == 6);
    spmvp_train_table_free(&u);
    remove(path);

    struct spmvp_kernel_record k[SPMVP_NFORMATS];
    spmvp_train_table_kernels(&t, k);
    CHECK(!k[SPMVP_COO].digest[0] && k[SPMVP_COO].rows == 0 && k[SPMVP_COO].of == 2);
    spmvp_train_row c = row("m3", "f", SPMVP_COO, 3, 7), d = row("m4", "f", SPMVP_ELL, 3, 7);
    snprintf(a.kernel, sizeof a.kernel, "aaaa0000");
    snprintf(c.kernel, sizeof c.kernel, "bbbb1111");
    snprintf(d.kernel, sizeof d.kernel, "bbbb1111");
    spmvp_train_row e = c;
    snprintf(e.matrix, sizeof e.matrix, "m5");
    t.row[0] = a; /* COO: aaaa0000, -, bbbb1111 twice; ELL: bbbb1111 */
    CHECK(spmvp_train_table_add(&t, &c) == SPMVP_OK && spmvp_train_table_add(&t, &d) == SPMVP_OK &&
          spmvp_train_table_add(&t, &e) == SPMVP_OK);
    spmvp_train_table_kernels(&t, k);
    CHECK(!strcmp(k[SPMVP_COO].digest, "bbbb1111") && k[SPMVP_COO].rows == 2 && k[SPMVP_COO].of == 4);
    CHECK(!strcmp(k[SPMVP_ELL].digest, "bbbb1111") && k[SPMVP_ELL].rows == 1 && k[SPMVP_ELL].of == 1);
    CHECK(!k[SPMVP_HYB].digest[0] && k[SPMVP_HYB].of == 0);
    spmvp_train_table_free(&t);
}

static void configurations_cover_every_format_and_label_their_mapping(void)
{
    spmvp_csr *A = spmvp_stencil(20, 20, 1, 5);
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    spmvp_config *c = NULL;
    int n = 0, seen[SPMVP_NFORMATS] = {0};
    CHECK(s && spmvp_config_list(s, 32, 1024, 0, &c, &n) == SPMVP_OK);
    for (int i = 0; i < n; i++)
        seen[c[i].format]++;
    /* four work-group sizes each; CSR-vector and SELL their power-of-two sweep at 256 too,
     * SELL its 16-bit columns (a variant) */
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        CHECK_MSG(seen[f] == (f == SPMVP_CSR_VECTOR ? 4 + 5 : f == SPMVP_SELL ? 4 + 1 + 5 : 4),
                  "%s: %d", spmvp_format_name((spmvp_format)f), seen[f]);
    char label[64];
    spmvp_config_label(&c[0], s, 32, label, sizeof label);
    CHECK_MSG(!strcmp(label, "wg=64"), "%s", label);
    int variants = 0;
    for (int i = 0; i < n; i++)
        if (c[i].map.sell_idx == 16) {
            variants++;
            spmvp_config_label(&c[i], s, 32, label, sizeof label);
            CHECK_MSG(c[i].format == SPMVP_SELL && !strcmp(label, "wg=256 C=32, T=1, idx=16"), "%s", label);
        }
    CHECK(variants == 1);
    free(c);
    /* quick: work-group 256, automatic parameters, and the variants; a device of 128 drops
     * 256 and 512, and the variants with them */
    CHECK(spmvp_config_list(s, 32, 1024, 1, &c, &n) == SPMVP_OK && n == SPMVP_NFORMATS + 1);
    free(c);
    CHECK(spmvp_config_list(s, 32, 128, 0, &c, &n) == SPMVP_OK && n == 2 * SPMVP_NFORMATS);
    free(c);
    /* the vector of a configuration is the features' (Table 1 and the format's work) */
    spmvp_features_target t = spmvp_features_target_default(8);
    spmvp_config cfg = {SPMVP_ELL, spmvp_mapping_auto()};
    cfg.map.wg_size = 128;
    double x[SPMVP_FV_N];
    CHECK(spmvp_config_features(A, s, &t, &cfg, NULL, NULL, x) == SPMVP_OK);
    CHECK(x[SPMVP_FV_BLOCKSIZE] == 128 && x[SPMVP_FV_ROWS] == 400 && x[SPMVP_FV_NNZ] == A->nnz);
    CHECK(x[SPMVP_FV_MAX_NNZ] == 5 && x[SPMVP_FV_MIN_NNZ] == 3 && x[SPMVP_FV_LAUNCHES] == 1);
    /* ELL pads every row to 5 and the 400 rows to a pitch of 512 (work-groups of 128) */
    CHECK(x[SPMVP_FV_SLOTS] == 5 * 512 && x[SPMVP_FV_PARAM] == 0);
    CHECK(spmvp_fv_index("maxNnz") == SPMVP_FV_MAX_NNZ && spmvp_fv_index("nope") == -1);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
}

/* SELL's 16-bit variant: its features count 2 bytes a slot's column where the 32-bit
 * configuration counts 4; a matrix with one column farther than 32,767 from its row cannot
 * hold it, so training skips it and rank leaves it out (a configuration whose features fail). */
static void the_16_bit_variant_counts_its_bytes_and_needs_near_columns(void)
{
    spmvp_csr *A = spmvp_stencil(200, 200, 1, 5); /* 40,000 rows, columns within 200 */
    spmvp_rowlen_stats *s = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
    CHECK(s != NULL);
    if (!s) {
        spmvp_csr_free(A);
        return;
    }
    spmvp_features_target t = spmvp_features_target_default(8);
    spmvp_config c32 = {SPMVP_SELL, spmvp_mapping_auto()}, c16 = c32;
    c32.map.wg_size = c16.map.wg_size = 256;
    c16.map.sell_idx = 16;
    double x32[SPMVP_FV_N], x16[SPMVP_FV_N];
    CHECK(spmvp_config_features(A, s, &t, &c32, NULL, NULL, x32) == SPMVP_OK);
    CHECK(spmvp_config_features(A, s, &t, &c16, NULL, NULL, x16) == SPMVP_OK);
    CHECK(x16[SPMVP_FV_SLOTS] == x32[SPMVP_FV_SLOTS]);
    CHECK_MSG(x32[SPMVP_FV_BYTES] - x16[SPMVP_FV_BYTES] == 2 * x32[SPMVP_FV_SLOTS], "%g - %g",
              x32[SPMVP_FV_BYTES], x16[SPMVP_FV_BYTES]);
    /* row 0's last column (200) moved to the last column: still sorted, now 39,999 away */
    A->colidx[A->rowptr[1] - 1] = A->ncols - 1;
    CHECK(spmvp_config_features(A, s, &t, &c32, NULL, NULL, x32) == SPMVP_OK);
    CHECK(spmvp_config_features(A, s, &t, &c16, NULL, NULL, x16) == SPMVP_ERR_UNSUITABLE);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
}

/* Families A and B have the same features but times 10x apart, and so have C and D: a model
 * that saw the held-out family would predict its own time (KNN returns an exact match's
 * time), one that did not predicts the twin's. Grouped folds never put a family on both sides,
 * so every held-out prediction is the twin's. */
static void grouped_folds_never_leak_a_family(void)
{
    spmvp_train_table t = {0};
    const char *fam[4] = {"A", "B", "C", "D"};
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 12; i++) {
            char name[32];
            snprintf(name, sizeof name, "%s%d", fam[k], i);
            double v = (k < 2 ? 1 : 100) * (1 + i), us = (k % 2 ? 10 : 1) * (5 + i);
            CHECK(spmvp_train_table_add(&t, &(spmvp_train_row){0}) == SPMVP_OK);
            t.row[t.n - 1] = row(name, fam[k], SPMVP_COO, v, us);
        }
    spmvp_cv cv;
    CHECK(spmvp_cv_run(&t, 4, NULL, &cv) == SPMVP_OK);
    int knn = spmvp_model_parse("knn");
    for (size_t i = 0; cv.fold && i < t.n; i++) {
        for (size_t j = 0; j < t.n; j++)
            if (!strcmp(t.row[i].family, t.row[j].family))
                CHECK(cv.fold[i] == cv.fold[j]);
        double twin = t.row[i].us * (t.row[i].family[0] == 'A' || t.row[i].family[0] == 'C' ? 10 : 0.1);
        double p = cv.pred[i * SPMVP_MODELS_MAX + knn];
        CHECK_MSG(fabs(p - twin) <= 1e-9 * twin, "%s: %g, its twin's %g", t.row[i].matrix, p, twin);
    }
    /* a derived model (ens) is its members' held-out predictions combined, row by row */
    const spmvp_model *ens = spmvp_model_family(spmvp_model_families() - 1);
    int e = spmvp_model_parse("ens"), checked = 0;
    CHECK(ens && ens->combine && e >= 0);
    for (size_t i = 0; e >= 0 && cv.pred && i < t.n; i++) {
        double want = spmvp_model_combine(ens, 0, cv.pred + i * SPMVP_MODELS_MAX);
        double got = cv.pred[i * SPMVP_MODELS_MAX + e];
        CHECK(isnan(want) == isnan(got) && (isnan(want) || got == want));
        checked += !isnan(got);
    }
    CHECK_MSG(checked > 0, "no held-out row had every member of ens");
    /* D_r of the held-out predictions is the twin's 9x (or 0.9) error, every case */
    spmvp_dr_summary d = spmvp_cv_dr(&t, &cv, knn, SPMVP_PRECISION_DOUBLE, -1);
    CHECK(d.n == t.n && d.within20 == 0);
    /* a table of one family cannot be cross-validated */
    spmvp_cv_free(&cv);
    for (size_t i = 0; i < t.n; i++)
        strcpy(t.row[i].family, "one");
    CHECK(spmvp_cv_run(&t, 4, NULL, &cv) == SPMVP_ERR_ARG && cv.fold == NULL);
    spmvp_train_table_free(&t);
}

static void ranking_and_noise_summaries(void)
{
    /* two matrices, three configurations each; the model picks the second, 10 % slower */
    spmvp_train_table t = {0};
    double us[2][3] = {{1.0, 1.1, 2.0}, {4.0, 3.0, 3.3}};
    for (int m = 0; m < 2; m++)
        for (int c = 0; c < 3; c++) {
            spmvp_train_row r = row(m ? "M1" : "M0", m ? "F1" : "F0", (spmvp_format)c, 1, us[m][c]);
            r.us_repeat = us[m][c] * (c == 1 ? 0.5 : 1); /* the repeat's best: configuration 1 */
            CHECK(spmvp_train_table_add(&t, &r) == SPMVP_OK);
        }
    spmvp_cv cv = {t.n, 2, calloc(t.n, sizeof(int)), malloc(t.n * SPMVP_MODELS_MAX * sizeof(double))};
    for (size_t i = 0; cv.pred && i < t.n * SPMVP_MODELS_MAX; i++)
        cv.pred[i] = NAN;
    double pick[2][3] = {{3, 1, 2}, {1, 2, 3}}; /* M0: picks 1.1 (best 1.0); M1: picks 4.0 (best 3.0) */
    for (int m = 0; cv.pred && m < 2; m++)
        for (int c = 0; c < 3; c++)
            cv.pred[(size_t)(3 * m + c) * SPMVP_MODELS_MAX + 0] = pick[m][c];
    spmvp_cv_rank r = spmvp_cv_ranking(&t, &cv, 0, SPMVP_PRECISION_DOUBLE);
    CHECK(r.matrices == 2 && r.within5 == 0 && r.within20 == 0.5);
    CHECK(fabs(r.geomean - sqrt(1.1 * 4.0 / 3.0)) < 1e-12 && fabs(r.worst - 4.0 / 3.0) < 1e-12);
    CHECK(r.changed == 1);
    spmvp_cv_rank n = spmvp_cv_ranking(&t, &cv, SPMVP_CV_NOISE, SPMVP_PRECISION_DOUBLE);
    CHECK(n.matrices == 2 && n.within5 == 0.5 && fabs(n.worst - 1.1) < 1e-12);
    /* by the best product's time: both below 10 µs; with M1 ten times slower (best 30 µs) it
     * is counted among the large ones, where the repeat picks its best and the model does not */
    CHECK(r.size_matrices[0] == 2 && r.size_matrices[1] == 0 && r.size_matrices[2] == 0 &&
          r.size_within5[0] == 0 && n.size_within5[0] == 0.5);
    for (size_t i = 3; i < t.n; i++) {
        t.row[i].us *= 10;
        t.row[i].us_repeat *= 10;
    }
    r = spmvp_cv_ranking(&t, &cv, 0, SPMVP_PRECISION_DOUBLE);
    n = spmvp_cv_ranking(&t, &cv, SPMVP_CV_NOISE, SPMVP_PRECISION_DOUBLE);
    CHECK(r.size_matrices[0] == 1 && r.size_matrices[1] == 0 && r.size_matrices[2] == 1);
    CHECK(r.size_within5[0] == 0 && r.size_within5[2] == 0 && n.size_within5[0] == 0 && n.size_within5[2] == 1);
    for (size_t i = 3; i < t.n; i++) {
        t.row[i].us /= 10;
        t.row[i].us_repeat /= 10;
    }
    /* another session ranks configuration 2 of M0 (2.0, best 1.0) and 0 of M1 (4.0, best 3.0)
     * first; a NaN (no such row in that session) is no candidate; advice adds the same
     * measured setup to both sides */
    double alt[6] = {2, 3, 1, 1, NAN, 3}, meas[6] = {1, 1, 1, 1, 1, 1};
    spmvp_cv_rank s = spmvp_cv_session(&t, alt, NULL, SPMVP_PRECISION_DOUBLE, NULL, 0);
    CHECK(s.matrices == 2 && s.within5 == 0 && fabs(s.worst - 2.0) < 1e-12);
    CHECK(fabs(s.geomean - sqrt(2.0 * 4.0 / 3.0)) < 1e-12);
    s = spmvp_cv_session(&t, alt, NULL, SPMVP_PRECISION_DOUBLE, meas, 1);
    CHECK(s.matrices == 2 && fabs(s.worst - 1.5) < 1e-12 && fabs(s.geomean - sqrt(1.5 * 1.25)) < 1e-12);
    /* the other session's setups choose too (NaN: this one's): it measured configuration 2 of
     * M0 and 0 of M1 dear (9), so it picks 0 of M0 (the best, 2.0) and 2 of M1 (4.3 against
     * the best 4.0); judged on this session's setups (1) */
    double alt_setup[6] = {NAN, 1, 9, 9, 1, NAN};
    s = spmvp_cv_session(&t, alt, alt_setup, SPMVP_PRECISION_DOUBLE, meas, 1);
    CHECK(s.matrices == 2 && s.within5 == 0.5 && fabs(s.worst - 4.3 / 4.0) < 1e-12);
    CHECK(fabs(s.geomean - sqrt(4.3 / 4.0)) < 1e-12);
    double own[6];
    for (size_t i = 0; i < t.n && i < 6; i++)
        own[i] = t.row[i].us;
    s = spmvp_cv_session(&t, own, NULL, SPMVP_PRECISION_DOUBLE, NULL, 0); /* its own times */
    CHECK(s.matrices == 2 && s.within5 == 1 && s.worst == 1);
    spmvp_dr_summary d = spmvp_cv_noise(&t, SPMVP_PRECISION_DOUBLE);
    CHECK(d.n == 6 && fabs(d.max - 0.5) < 1e-12 && d.median == 0);
    spmvp_cv_free(&cv);
    spmvp_train_table_free(&t);
}

/* Reads path whole (NULL on failure; free() it). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n = -1;
    if (f && !fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET) &&
        (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n)
        buf[n] = 0;
    else
        free(buf), buf = NULL;
    if (f)
        fclose(f);
    return buf;
}

/* The shipped trained profile with the first `from` replaced by `to` is refused, naming `path`. */
static void refused(const char *text, const char *from, const char *to, const char *path)
{
    const char *at = strstr(text, from);
    CHECK_MSG(at, "no %s", from);
    if (!at)
        return;
    size_t head = (size_t)(at - text);
    char *bad = malloc(strlen(text) + strlen(to) + 1);
    if (!bad)
        return;
    memcpy(bad, text, head);
    strcpy(bad + head, to);
    strcat(bad, at + strlen(from));
    spmvp_profile *p = NULL;
    CHECK(spmvp_profile_parse("p.json", bad, &p) == SPMVP_ERR_PARSE && !p);
    CHECK_MSG(strstr(spmvp_last_error(), path), "%s", spmvp_last_error());
    free(bad);
}

static void a_trained_profile_round_trips_and_names_bad_members(void)
{
    char *text = slurp("devices/pocl-cpu.json");
    spmvp_profile *p = NULL;
    CHECK(text && spmvp_profile_parse("p.json", text, &p) == SPMVP_OK);
    CHECK(p && p->training.rows > 0 && p->training.quick && p->prec[0].has_cv);
    char *again = NULL;
    CHECK(p && spmvp_profile_print(p, &again) == SPMVP_OK);
    spmvp_profile *q = NULL;
    CHECK(again && spmvp_profile_parse("again.json", again, &q) == SPMVP_OK);
    CHECK(q && !strcmp(q->training.table, p->training.table) && q->training.rows == p->training.rows);
    CHECK(q && !memcmp(q->prec[1].cv, p->prec[1].cv, sizeof p->prec[1].cv));
    /* how each model's held-out picks ranked, which rank's choice of model reads */
    int ens = spmvp_model_parse("ens");
    CHECK(p && p->prec[0].ranking[ens].matrices > 0 && p->prec[0].ranking[ens].geomean >= 1);
    CHECK(q && !memcmp(q->prec[0].ranking, p->prec[0].ranking, sizeof p->prec[0].ranking));
    /* which kernels each format's rows ran (none recorded in a profile from before them) */
    CHECK(p && !p->training.kernels[SPMVP_COO].digest[0]);
    if (p) {
        p->training.kernels[SPMVP_COO] = (struct spmvp_kernel_record){"0a1b2c3d", 3, 4};
        free(again);
        again = NULL;
        spmvp_profile_free(q);
        q = NULL;
        CHECK(spmvp_profile_print(p, &again) == SPMVP_OK);
        CHECK(again && strstr(again, "\"kernels\": {") && strstr(again, "\"digest\": \"0a1b2c3d\""));
        CHECK(again && spmvp_profile_parse("again.json", again, &q) == SPMVP_OK);
        CHECK(q && !memcmp(q->training.kernels, p->training.kernels, sizeof p->training.kernels));
        if (again) {
            refused(again, "\"digest\": \"0a1b2c3d\"", "\"digest\": \"0A1B\"",
                    "p.json: training.kernels.coo.digest: expected hex digits");
            refused(again, "\"of\": 4", "\"of\": 2", "p.json: training.kernels.coo.rows: 3 rows of 2");
        }
    }
    if (text) {
        refused(text, "\"configurations\": \"quick\"", "\"configurations\": \"fast\"",
                "p.json: training.configurations: expected \"all\" or \"quick\"");
        char rows[48]; /* the shipped table's size, whatever it is today */
        snprintf(rows, sizeof rows, "\"rows\": %d", p ? (int)p->training.rows : 0);
        refused(text, rows, "\"rows\": -1", "p.json: training.rows");
        refused(text, "\"log_ratio_p95\": ", "\"log_ratio_p95\": \"x\", \"y\": ",
                ".log_ratio_p95: expected a number");
        refused(text, "\"noise\": {", "\"noise\": {\"median_dr\": -1, ",
                "p.json: precisions.single.cv.noise.median_dr");
        refused(text, "\"ranking\": {", "\"ranking\": {\"ens\": {\"matrices\": 9, \"within5\": 2, "
                "\"geomean_slowdown\": 1.1}, ", "precisions.single.cv.ranking.ens");
        refused(text, "\"ranking\": {", "\"ranking\": {\"ens\": {\"matrices\": 0, \"within5\": 0.5, "
                "\"geomean_slowdown\": 1.1}, ", "precisions.single.cv.ranking.ens.matrices: must be at least 1");
    }
    spmvp_profile_free(p);
    spmvp_profile_free(q);
    free(again);
    free(text);
}

int main(void)
{
    RUN(the_table_round_trips_and_names_bad_fields);
    RUN(a_table_without_digests_reads_and_the_leading_digest_is_counted);
    RUN(configurations_cover_every_format_and_label_their_mapping);
    RUN(the_16_bit_variant_counts_its_bytes_and_needs_near_columns);
    RUN(grouped_folds_never_leak_a_family);
    RUN(ranking_and_noise_summaries);
    RUN(a_trained_profile_round_trips_and_names_bad_members);
    return test_report();
}
