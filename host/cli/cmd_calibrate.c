/* cmd_calibrate.c: `spmvp calibrate` (time the grid, fit, write a profile) and `spmvp refit`
 * (fit again from the raw points a profile keeps, no device needed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* Fits every model at precision k, in registry order (a model may use what an earlier one
 * fitted), with their notes on stderr. */
static int fit(spmvp_profile *p, int k)
{
    for (int i = 0; i < spmvp_model_families(); i++) {
        const spmvp_model *m = spmvp_model_family(i);
        if (m->fit && m->fit(p, (spmvp_precision)k, stderr))
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    return SPMVP_EXIT_OK;
}

static const char *const calibrate_precisions[] = {"single", "double", "both", NULL};

static struct {
    const char *device, *out, *in;
    int precision, quick, runs, warmup, max_nnz, seed;
} args;

static const spmvp_opt calibrate_options[] = {
    SPMVP_OPT_DEVICE(&args.device),
    {SPMVP_STRING("output", &args.out, "FILE", "the profile to write (devices/NAME.json); never one of "
                  "the shipped inputs in place: written through a temporary file", NULL), .alias = 'o',
     .required = 1},
    {SPMVP_CHOICE("precision", &args.precision, "P", "single, double or both", "single", calibrate_precisions)},
    {SPMVP_FLAG("quick", &args.quick, "the documented subset of seed 000's grid (model_strip.c), "
                "2 warm-ups and 5 timed runs unless given")},
    {SPMVP_INT("runs", &args.runs, "N", "timed runs per point, mean of them (seed 000 eq. 5)", "20 (quick: 5)", 1, 100000)},
    {SPMVP_INT("warmup", &args.warmup, "A", "untimed runs first per point", "5 (quick: 2)", 0, 100000)},
    {SPMVP_INT("max-nnz", &args.max_nnz, "N", "skip grid points with more non-zeros (with a note)",
               "a quarter of the max allocation, at most 2^24", 1, 2147483647)},
    {SPMVP_INT("seed", &args.seed, "S", "seed of the benchmark matrices", "20261122", 0, 2147483647)},
    {.name = NULL},
};

const spmvp_cmd spmvp_command_calibrate = {
    "calibrate", spmvp_cmd_calibrate, "time the benchmark grid on a device and write its profile", "",
    0, 0, calibrate_options,
    "Runs the device's micro-benchmarks, then times every point the models plan (seed 000's grid\n"
    "of benchmark matrices, generated in memory: CSR-scalar, CSR-vector at every power-of-two\n"
    "width, ELL, JAD and COO, with fixed, normal and uniform row lengths), fits every model and\n"
    "writes the profile (schema in devices/README.md). An H100 takes about 2.5 minutes a\n"
    "precision (quick: 11 s), PoCL on 2 cores several minutes.\n",
    "  spmvp calibrate --device nvidia --precision both -o devices/my-gpu.json\n",
};

static const spmvp_opt refit_options[] = {
    {SPMVP_STRING("output", &args.out, "FILE", "where to write the refitted profile, - for standard "
                  "output; not the input itself", "standard output"), .alias = 'o'},
    {.name = NULL},
};

const spmvp_cmd spmvp_command_refit = {
    "refit", spmvp_cmd_refit, "fit a profile's models again from its raw points", "PROFILE.json", 1, 1,
    refit_options,
    "Fits every registered model again from the calibration points the profile keeps (no device\n"
    "needed) and writes the result; the input is never overwritten.\n",
    "  spmvp refit devices/pocl-cpu.json -o /tmp/pocl-refit.json\n",
};

int spmvp_cmd_calibrate(int argc, char **argv)
{
    int n, precs[2] = {0, 1}, nprec = 1;
    memset(&args, 0, sizeof args);
    spmvp_calibrate_options o = spmvp_calibrate_defaults(4);
    args.runs = o.runs;
    args.warmup = o.warmup;
    args.seed = (int)o.seed;
    int rc = spmvp_opts_parse(&spmvp_command_calibrate, argc, argv, NULL, &n);
    if (rc >= 0)
        return rc;
    if (args.precision == 1)
        precs[0] = SPMVP_PRECISION_DOUBLE;
    if (args.precision == 2)
        nprec = 2;
    o.quick = args.quick;
    o.runs = args.runs;
    o.warmup = args.warmup;
    o.max_nnz = args.max_nnz;
    o.seed = (unsigned long long)args.seed;
    if (o.quick && !spmvp_opts_given(&spmvp_command_calibrate, "runs"))
        o.runs = 5;
    if (o.quick && !spmvp_opts_given(&spmvp_command_calibrate, "warmup"))
        o.warmup = 2;
    o.progress = isatty(2);
    const char *out = args.out;
    if (spmvp_atomic_check(out)) /* minutes of timing must not end in a write that fails */
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    int quick = o.quick;

    spmvp_context *ctx = NULL;
    spmvp_profile *p = spmvp_profile_new();
    spmvp_microbench mb;
    rc = SPMVP_EXIT_OK;
    if (!p) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
        goto done;
    }
    if (spmvp_cli_open(args.device, NULL, &ctx) || spmvp_microbench_run(ctx, 0, 10, &mb)) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        goto done;
    }
    spmvp_device_params_fill(&ctx->info, &p->device);
    p->microbench.bytes = (long long)mb.bytes;
    p->microbench.copy_gbs = mb.copy_gbs;
    p->microbench.launch_us = mb.launch_us;
    p->microbench.h2d_gbs = mb.h2d_gbs;
    for (int k = 0; k < nprec && rc == SPMVP_EXIT_OK; k++) {
        spmvp_precision pr = (spmvp_precision)precs[k];
        const char *name = spmvp_precision_name(pr);
        o.value_size = pr == SPMVP_PRECISION_DOUBLE ? 8 : 4;
        if (o.value_size == 8 && !ctx->info.fp64) {
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s lacks cl_khr_fp64: double precision is not "
                                 "available on it", ctx->info.name);
            break;
        }
        spmvp_calib *c = spmvp_calib_new();
        int skipped = 0;
        fprintf(stderr, "spmvp: calibrating %s in %s precision (%s grid)\n", ctx->info.name, name,
                quick ? "quick" : "full");
        if (!c || spmvp_calibrate(ctx, &o, c, stderr, &skipped)) {
            spmvp_calib_free(c);
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
            break;
        }
        p->prec[pr].calib = c;
        p->prec[pr].quick = quick;
        p->prec[pr].warmup = o.warmup;
        p->prec[pr].runs = o.runs;
        fprintf(stderr, "spmvp: %zu points timed, %d skipped\n", c->npoints, skipped);
        rc = fit(p, pr);
    }
    if (rc == SPMVP_EXIT_OK) {
        spmvp_profile_stamp(p, SPMVP_VERSION);
        if (spmvp_profile_save(p, out))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        else
            fprintf(stderr, "spmvp: wrote %s\n", out);
    }
done:
    spmvp_profile_free(p);
    spmvp_context_free(ctx);
    return rc;
}

int spmvp_cmd_refit(int argc, char **argv)
{
    int n;
    memset(&args, 0, sizeof args);
    int rc = spmvp_opts_parse(&spmvp_command_refit, argc, argv, &args.in, &n);
    if (rc >= 0)
        return rc;
    const char *out = args.out ? args.out : "-";
    if (strcmp(out, "-") && spmvp_cli_same_file(args.in, out))
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "refit: -o %s is the input: write elsewhere (the "
                               "input is never overwritten)", out);
    spmvp_profile *p = NULL;
    if (spmvp_profile_load(args.in, &p))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    rc = SPMVP_EXIT_OK;
    for (int k = 0; k < SPMVP_NPRECISIONS && rc == SPMVP_EXIT_OK; k++)
        if (p->prec[k].calib)
            rc = fit(p, k);
    if (rc == SPMVP_EXIT_OK && !strcmp(out, "-")) {
        char *text = NULL;
        if (spmvp_profile_print(p, &text))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        else if (puts(text) == EOF || fflush(stdout))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "standard output: write failed");
        free(text);
    } else if (rc == SPMVP_EXIT_OK) {
        if (spmvp_profile_save(p, out))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        else
            fprintf(stderr, "spmvp: wrote %s\n", out);
    }
    spmvp_profile_free(p);
    return rc;
}
