/* cmd_calibrate.c: `spmvp calibrate` (time the grid, fit, write a profile) and `spmvp refit`
 * (fit again from the raw points a profile keeps, no device needed). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char usage[] =
    "usage: spmvp calibrate --device D -o devices/NAME.json [--precision single|double|both]\n"
    "                       [--quick] [--runs N] [--warmup A] [--max-nnz N] [--seed S]\n"
    "       spmvp refit PROFILE.json [-o OUT.json]\n";

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

int spmvp_cmd_calibrate(int argc, char **argv)
{
    const char *device = NULL, *out = NULL;
    int quick = 0, runs_given = 0, precs[2] = {0, 1}, nprec = 1; /* default: single */
    long v;
    spmvp_calibrate_options o = spmvp_calibrate_defaults(4);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return SPMVP_EXIT_OK;
        }
        if (!strcmp(a, "--quick")) {
            quick = 1;
            continue;
        }
        if (i + 1 >= argc)
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "calibrate: %s needs a value", a);
        const char *val = argv[++i];
        if (!strcmp(a, "--device"))
            device = val;
        else if (!strcmp(a, "-o"))
            out = val;
        else if (!strcmp(a, "--precision")) {
            if (!strcmp(val, "single")) { precs[0] = SPMVP_PRECISION_SINGLE; nprec = 1; }
            else if (!strcmp(val, "double")) { precs[0] = SPMVP_PRECISION_DOUBLE; nprec = 1; }
            else if (!strcmp(val, "both")) { precs[0] = SPMVP_PRECISION_SINGLE; precs[1] = SPMVP_PRECISION_DOUBLE; nprec = 2; }
            else
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "calibrate: --precision is single, double or both, not %s", val);
        } else if (!strcmp(a, "--runs") && !spmvp_cli_int(val, 1, 100000, &v))
            o.runs = (int)v;
        else if (!strcmp(a, "--warmup") && !spmvp_cli_int(val, 0, 100000, &v))
            o.warmup = (int)v;
        else if (!strcmp(a, "--max-nnz") && !spmvp_cli_int(val, 1, 2147483647L, &v))
            o.max_nnz = v;
        else if (!strcmp(a, "--seed") && !spmvp_cli_int(val, 0, 2147483647L, &v))
            o.seed = (unsigned long long)v;
        else if (!strcmp(a, "--runs") || !strcmp(a, "--warmup") || !strcmp(a, "--max-nnz") || !strcmp(a, "--seed"))
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "calibrate: invalid value \"%s\" for %s", val, a);
        else
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "calibrate: unknown option %s", a);
    }
    if (!out)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "calibrate: no output profile (-o devices/NAME.json)");
    o.quick = quick;
    if (quick && !runs_given) {
        o.warmup = 2;
        o.runs = 5;
    }
    o.progress = isatty(2);

    spmvp_context *ctx = NULL;
    spmvp_profile *p = spmvp_profile_new();
    spmvp_microbench mb;
    int rc = SPMVP_EXIT_OK;
    if (!p) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory");
        goto done;
    }
    if (spmvp_cli_open(device, NULL, &ctx) || spmvp_microbench_run(ctx, 0, 10, &mb)) {
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
    const char *in = NULL, *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage, stdout);
            return SPMVP_EXIT_OK;
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out = argv[++i];
        } else if (argv[i][0] != '-' && !in) {
            in = argv[i];
        } else {
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "refit: unexpected argument %s", argv[i]);
        }
    }
    if (!in)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "refit: no PROFILE.json given");
    spmvp_profile *p = NULL;
    if (spmvp_profile_load(in, &p))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    int rc = SPMVP_EXIT_OK;
    for (int k = 0; k < SPMVP_NPRECISIONS && rc == SPMVP_EXIT_OK; k++)
        if (p->prec[k].calib)
            rc = fit(p, k);
    if (rc == SPMVP_EXIT_OK && spmvp_profile_save(p, out ? out : in))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    spmvp_profile_free(p);
    return rc;
}
