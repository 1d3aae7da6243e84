/* cmd_compare.c: `spmvp compare A.json B.json [MATRIX...]`: two device profiles side by side,
 * and with matrices, the time each device is predicted to take and the format each would pick. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void row_s(const char *k, const char *a, const char *b) { printf("  %-26s %-28s %-28s\n", k, a, b); }
static void row_n(const char *k, double a, double b)
{
    printf("  %-26s %-28.6g %-28.6g\n", k, a, b);
}

static void print_devices(const spmvp_profile *a, const spmvp_profile *b)
{
    const spmvp_device_params *x = &a->device, *y = &b->device;
    printf("device\n");
    row_s("name", x->name, y->name);
    row_s("platform", x->platform, y->platform);
    row_s("driver", x->driver, y->driver);
    row_s("created", a->created, b->created);
    row_n("compute units", x->compute_units, y->compute_units);
    row_n("warp width", x->warp_size, y->warp_size);
    row_n("max work-group", (double)x->max_work_group_size, (double)y->max_work_group_size);
    row_n("threads per CU", x->threads_per_compute_unit, y->threads_per_compute_unit);
    row_n("strip CSR-V", (double)x->strip_csr_vector, (double)y->strip_csr_vector);
    row_n("strip CSR-S/ELL/JAD", (double)x->strip_csr_scalar, (double)y->strip_csr_scalar);
    row_n("global memory GiB", x->global_mem_bytes / 1073741824.0, y->global_mem_bytes / 1073741824.0);
    row_n("copy GB/s", a->microbench.copy_gbs, b->microbench.copy_gbs);
    row_n("launch us", a->microbench.launch_us, b->microbench.launch_us);
    row_n("host to device GB/s", a->microbench.h2d_gbs, b->microbench.h2d_gbs);
}

/* What each model keeps of the two profiles: device-level parameters first, then the fits. */
static void print_models(const spmvp_predictor *a, const spmvp_predictor *b)
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < spmvp_model_families(); i++) {
            const spmvp_model *m = spmvp_model_family(i);
            const void *const st[2] = {a->state[i], b->state[i]};
            const int av[2] = {a->available[i], b->available[i]};
            if (pass == 0 && m->describe_device)
                m->describe_device(st, av, stdout);
            if (pass == 1 && m->describe_fit)
                m->describe_fit(st, av, stdout);
        }
}

static int print_matrix(const char *spec, const spmvp_predictor *a, const spmvp_predictor *b,
                        int d)
{
    spmvp_csr *A = NULL;
    if (spmvp_matrix_load(spec, &A))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    if (!s) {
        spmvp_csr_free(A);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    spmvp_prediction pa, pb;
    if (spmvp_predict_all(a, s, &pa) || spmvp_predict_all(b, s, &pb)) {
        spmvp_rowlen_stats_free(s);
        spmvp_csr_free(A);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", spec, spmvp_last_error());
    }
    printf("\n%s: %lld x %lld, %lld non-zeros (model %s)\n", spec, s->rows, s->cols, s->nnz, spmvp_model_name(d));
    printf("  %-11s %12s %12s %8s\n", "format", "A_us", "B_us", "B/A");
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        double x = pa.us[f][d], y = pb.us[f][d];
        printf("  %-11s %12.2f %12.2f %8.3f\n", spmvp_format_name((spmvp_format)f), x, y, y / x);
    }
    int ba = pa.best[d], bb = pb.best[d];
    printf("  picks       A: %s (%.2f us)   B: %s (%.2f us)   best B/A %.3f\n",
           ba >= 0 ? spmvp_format_name((spmvp_format)ba) : "none", ba >= 0 ? pa.us[ba][d] : NAN,
           bb >= 0 ? spmvp_format_name((spmvp_format)bb) : "none", bb >= 0 ? pb.us[bb][d] : NAN,
           ba >= 0 && bb >= 0 ? pb.us[bb][d] / pa.us[ba][d] : NAN);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    return SPMVP_EXIT_OK;
}

int spmvp_cmd_compare(int argc, char **argv)
{
    const char *files[2] = {NULL, NULL};
    const char *mats[256];
    int nm = 0, nf = 0;
    size_t vs = 4;
    int vs_given = 0;
    int d = spmvp_model_default();
    char names[256];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            printf("usage: spmvp compare A.json B.json [MATRIX...] [--precision single|double]\n"
                   "                     [--model %s]\n", spmvp_model_names(names, sizeof names, "|", "|"));
            return SPMVP_EXIT_OK;
        } else if (a[0] != '-') {
            if (nf < 2)
                files[nf++] = a;
            else if (nm < 256)
                mats[nm++] = a;
            else
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "compare: at most 256 matrices");
        } else if (i + 1 >= argc) {
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "compare: %s needs a value", a);
        } else if (!strcmp(a, "--precision")) {
            if (spmvp_cli_precision(argv[++i], &vs))
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "compare: --precision is single or double, not %s", argv[i]);
            vs_given = 1;
        } else if (!strcmp(a, "--model")) {
            d = spmvp_model_parse(argv[++i]);
            if (d < 0)
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "compare: --model is %s, not %s",
                                       spmvp_model_names(names, sizeof names, ", ", " or "), argv[i]);
        } else {
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "compare: unknown option %s", a);
        }
    }
    if (nf < 2)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "compare: needs two profiles (spmvp compare A.json B.json)");
    spmvp_profile *p[2] = {NULL, NULL};
    spmvp_predictor pr[2] = {{0}};
    int rc = SPMVP_EXIT_OK;
    /* without --precision: single, unless a profile was calibrated for double only */
    for (int k = 0; k < 2 && rc == SPMVP_EXIT_OK; k++) {
        if (spmvp_profile_load(files[k], &p[k]))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    for (int k = 0; k < 2 && rc == SPMVP_EXIT_OK && !vs_given; k++)
        if (!spmvp_profile_calib(p[k], 4) && spmvp_profile_calib(p[k], 8))
            vs = 8; /* one was calibrated for double only */
    for (int k = 0; k < 2 && rc == SPMVP_EXIT_OK; k++)
        if (spmvp_predictor_init(&pr[k], p[k], files[k], vs))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    if (rc == SPMVP_EXIT_OK) {
        printf("A = %s\nB = %s\nprecision %s\n\n", files[0], files[1], vs == 8 ? "double" : "single");
        print_devices(p[0], p[1]);
        print_models(&pr[0], &pr[1]);
        for (int i = 0; i < nm && rc == SPMVP_EXIT_OK; i++)
            rc = print_matrix(mats[i], &pr[0], &pr[1], d);
    }
    spmvp_predictor_release(&pr[0]);
    spmvp_predictor_release(&pr[1]);
    spmvp_profile_free(p[0]);
    spmvp_profile_free(p[1]);
    return rc;
}
