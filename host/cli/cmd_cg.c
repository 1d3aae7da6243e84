/* cmd_cg.c: `spmvp cg MATRIX`: conjugate gradients with every vector on the device
 * (host/ocl/cg.h) for b = A*ones, checked against the CPU's CG (model/sparse/cg_cpu.h) and
 * against the exact solution, all ones; time to solution and SpMV's share of an iteration. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A(i, j) and A(j, i) may differ by this much relative to the larger (a file written with
 * rounded decimals); Matrix Market's symmetric files and the generators are exact. */
#define SYMMETRY_RTOL 1e-10

static struct {
    const char *matrix, *device, *profile;
    int format, precision, max_it, json, products;
    double tol;
} args;

static const spmvp_opt options[] = {
    SPMVP_OPT_DEVICE(&args.device),
    SPMVP_OPT_FORMAT(&args.format, "csr_vector"),
    {SPMVP_STRING("profile", &args.profile, "P.json", "choose the format and mapping by the "
                  "profile's advice (spmvp advise) for --products products instead of --format",
                  NULL)},
    {SPMVP_INT("products", &args.products, "N", "the products --profile's advice is for",
               "--max-it", 1, 1000000000)},
    {SPMVP_CHOICE("precision", &args.precision, "P", "single or double", "double",
                  spmvp_precision_choices)},
    {SPMVP_DOUBLE("tol", &args.tol, "T", "stop when CG's recurrence residual ||r||/||b|| <= T",
                  "1e-8", 0, 1)},
    {SPMVP_INT("max-it", &args.max_it, "N", "stop after N iterations (not converged: exit 1)",
               "10000", 1, 1000000000)},
    SPMVP_OPT_JSON(&args.json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_cg = {
    "cg", spmvp_cmd_cg, "solve A x = b by conjugate gradients on the device, every vector there",
    "MATRIX", 1, 1, options,
    "MATRIX must be symmetric positive definite. b = A*ones, so the exact solution is all ones;\n"
    "x0 = 0. Each iteration runs q = A p in the chosen format, then five small kernels (p.Ap in\n"
    "two stages, the second computing alpha; x += alpha p and r -= alpha q with r.r's first\n"
    "stage; its second, computing beta; p = r + beta p: cl/blas.cl, the dots reduce in a fixed\n"
    "order, the same bits on every run), and reads nothing back. The host reads the history of\n"
    "p.Ap and r.r every 16 iterations (past 512 iterations, every 1/16 of those run, at most 512\n"
    "apart) and reports the first iteration that met the tolerance; the device may run up to\n"
    "that interval - 1 iterations past it, but it leaves x as it was there, so x and the\n"
    "iterations reported are those of a check every iteration. The same CG runs on the CPU in\n"
    "double for comparison.\n"
    "Printed: the setup (the matrix's conversion and upload), the iterations to tolerance on the\n"
    "device (and those run) and on the CPU, the true residual ||b - A x||/||b|| from x read\n"
    "back, the largest |x_i - 1|, the time to solution (b uploaded to the last iteration run;\n"
    "kernels built and run once before), per iteration run, and the SpMV's share of it (its\n"
    "kernels' profiling events).\n"
    "A non-symmetric matrix, or a breakdown (p.Ap <= 0: not positive definite), is an error.\n"
    "--profile P.json solves in the configuration P advises for --products products (spmvp\n"
    "advise: least conversion + upload + N x product) instead of --format.\n\n"
    SPMVP_HELP_MATRIX,
    "  spmvp cg laplace2d:64 --device pocl\n"
    "  spmvp cg laplace3d:100 --device nvidia --profile devices/nvidia-h100.json --products 300\n"
    "  spmvp cg matrices/bcsstk04.mtx.gz --format ell --precision single --tol 1e-4 --json\n",
};

/* What the command computed, for text or JSON. */
typedef struct cg_report {
    spmvp_cg_result dev;      /* the device's solve */
    spmvp_cg_cpu_result cpu;  /* the CPU's CG */
    double cpu_us;            /* the CPU's solve, wall µs */
    double max_error;         /* max |x_i - 1| of the device's x */
    spmvp_config config;      /* what it solved in (choose_config) */
    char why[256];            /* how that was chosen */
} cg_report;

/* The configuration to solve in: --format at its automatic mapping, or with --profile the one
 * the profile advises for --products products (advise.h: setup + N x product least), which
 * *note describes. The exit status of a failure, else 0. */
static int choose_config(spmvp_csr *A, spmvp_config *c, char *note, size_t size)
{
    c->format = (spmvp_format)args.format;
    c->map = spmvp_mapping_auto();
    snprintf(note, size, "--format");
    if (!args.profile)
        return 0;
    spmvp_cli_ranked r;
    spmvp_advice a;
    long long N = args.products > 0 ? args.products : args.max_it;
    int rc = spmvp_cli_rank(args.profile, NULL, args.matrix, A, args.precision ? 8 : 4, &r);
    if (!rc && spmvp_advise_ranked(r.e, r.n, N, &a))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    else if (!rc && a.best < 0)
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: no setup model at %s precision: nothing to "
                             "advise (train it again with this spmvp)", args.profile,
                             spmvp_precision_name(r.pred.prec));
    if (!rc) {
        *c = r.e[a.best].config;
        snprintf(note, size, "advised by %s for %lld products: %s, predicted %.4g µs in all "
                 "(staying in CSR %.4g)", args.profile, N, r.e[a.best].mapping, a.best_total_us,
                 a.csr_total_us);
    }
    spmvp_cli_ranked_release(&r);
    return rc;
}

/* 0 when A can go to CG: square and symmetric; else the exit status after one line. */
static int check_matrix(const spmvp_csr *A)
{
    spmvp_idx i, j;
    if (A->nrows != A->ncols)
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: not square (%d x %d): CG needs a symmetric "
                               "positive definite matrix", args.matrix, (int)A->nrows, (int)A->ncols);
    if (!spmvp_csr_symmetric(A, SYMMETRY_RTOL, &i, &j))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: not symmetric: CG needs a symmetric positive "
                               "definite matrix (entry %d,%d differs from %d,%d)", args.matrix,
                               (int)i + 1, (int)j + 1, (int)j + 1, (int)i + 1);
    return 0;
}

/* The CPU's CG on b into x (rows values), timed. */
static int solve_cpu(const spmvp_csr *A, const double *b, double *x, cg_report *rep)
{
    double t0 = spmvp_now_us();
    if (spmvp_cg_cpu(A, b, args.tol, args.max_it, x, &rep->cpu))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    rep->cpu_us = spmvp_now_us() - t0;
    return 0;
}

/* The device's CG on b into x; the exit status of a failure or a breakdown, else 0. */
static int solve_device(const spmvp_csr *A, const double *b, double *x, spmvp_context **ctx,
                        cg_report *rep)
{
    spmvp_spmv_options so = spmvp_spmv_defaults(args.precision ? 8 : 4);
    spmvp_cg_options o = {args.tol, args.max_it};
    spmvp_format f = rep->config.format;
    so.map = rep->config.map;
    if (spmvp_cli_open(args.device, NULL, ctx))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    if (spmvp_cg_run(*ctx, A, f, &so, b, &o, x, &rep->dev))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s: %s", args.matrix, spmvp_format_name(f),
                               spmvp_last_error());
    rep->max_error = 0.0;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        if (!(fabs(x[i] - 1.0) <= rep->max_error))
            rep->max_error = isnan(x[i]) ? INFINITY : fabs(x[i] - 1.0);
    return 0;
}

/* A breakdown, on either side, means A is not positive definite: the exit status after one
 * line. */
static int breakdown(const cg_report *rep)
{
    const spmvp_cg_result *d = &rep->dev;
    int cpu = rep->cpu.state == SPMVP_CG_BREAKDOWN;
    return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: not positive definite: CG broke down on the %s at "
                           "iteration %d (p.Ap = %g <= 0)", args.matrix, cpu ? "CPU" : "device",
                           (cpu ? rep->cpu.iterations : d->iterations) + 1, cpu ? rep->cpu.pap : d->pap);
}

/* max-it without converging is a failure to solve: the exit status after one line. */
static int not_converged(const cg_report *rep)
{
    const spmvp_cg_result *d = &rep->dev;
    return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: CG did not converge in %d iterations on the device "
                           "(||r||/||b|| = %.3g > %g)%s", args.matrix, d->iterations, d->relres,
                           args.tol, args.precision ? "" : "; in single precision try --tol 1e-4");
}

static double share(const spmvp_cg_result *d) { return d->solve_us > 0 ? 100 * d->spmv_us / d->solve_us : 0; }

static void print_text(const spmvp_context *ctx, const spmvp_csr *A, const cg_report *rep)
{
    const spmvp_cg_result *d = &rep->dev;
    printf("device      %s (%s)\n", ctx->info.name, ctx->info.platform_name);
    printf("matrix      %s: %d x %d, %lld non-zeros, symmetric; b = A*ones (x = ones exactly)\n",
           args.matrix, (int)A->nrows, (int)A->ncols, (long long)A->nnz);
    printf("format      %s%s%s%s, %s precision, %.2f MiB on the device with CG's vectors\n",
           spmvp_format_name(rep->config.format), d->params[0] ? " (" : "", d->params,
           d->params[0] ? ")" : "", args.precision ? "double" : "single", d->device_bytes / 1048576.0);
    printf("chosen      %s\n", rep->why);
    printf("setup       %.0f µs (conversion %.0f + upload %.0f)", d->convert_us + d->upload_us,
           d->convert_us, d->upload_us);
    if (d->stage_us > 0) /* the upload that pinned the staging chunks: once per process */
        printf("; pinning the upload's staging memory %.0f µs more", d->stage_us);
    printf("\n");
    printf("iterations  %d on the device (%d run, %d history read%s), %d on the CPU in double "
           "(to ||r||/||b|| <= %g): %s, %s\n", d->iterations, d->iterations_run, d->checks,
           d->checks == 1 ? "" : "s", rep->cpu.iterations, args.tol, spmvp_cg_state_name(d->state),
           spmvp_cg_state_name(rep->cpu.state));
    printf("residual    ||b - Ax||/||b|| = %.3g (CG's recurrence %.3g); max |x_i - 1| = %.3g\n",
           d->true_relres, d->relres, rep->max_error);
    printf("solve       %.0f µs %s (the CPU's CG in double: %.0f µs)\n", d->solve_us,
           d->state == SPMVP_CG_CONVERGED ? "to solution" : "without converging", rep->cpu_us);
    printf("iteration   %.1f µs over the %d run, of which SpMV %.1f µs (%.1f %%)\n",
           d->iteration_us, d->iterations_run,
           d->iterations_run ? d->spmv_us / d->iterations_run : 0.0, share(d));
}

static int print_json(const spmvp_context *ctx, const spmvp_csr *A, const cg_report *rep)
{
    const spmvp_cg_result *d = &rep->dev;
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    if (!s)
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    cJSON *doc = spmvp_json_doc("cg");
    cJSON_AddItemToObject(doc, "matrix", spmvp_json_matrix(args.matrix, s));
    spmvp_rowlen_stats_free(s);
    cJSON_AddItemToObject(doc, "device", spmvp_device_json(&ctx->info));
    cJSON_AddStringToObject(doc, "precision", args.precision ? "double" : "single");
    cJSON_AddStringToObject(doc, "format", spmvp_format_name(rep->config.format));
    cJSON_AddStringToObject(doc, "chosen", rep->why);
    cJSON_AddStringToObject(doc, "params", d->params);
    cJSON_AddStringToObject(doc, "rhs", "A*ones");
    cJSON_AddNumberToObject(doc, "tol", args.tol);
    cJSON_AddNumberToObject(doc, "max_iterations", args.max_it);
    cJSON_AddNumberToObject(doc, "device_bytes", (double)d->device_bytes);
    cJSON_AddNumberToObject(doc, "convert_us", d->convert_us);
    cJSON_AddNumberToObject(doc, "upload_us", d->upload_us);
    cJSON_AddNumberToObject(doc, "setup_us", d->convert_us + d->upload_us);
    cJSON_AddNumberToObject(doc, "stage_us", d->stage_us);
    cJSON_AddNumberToObject(doc, "iterations", d->iterations);
    cJSON_AddNumberToObject(doc, "iterations_run", d->iterations_run);
    cJSON_AddNumberToObject(doc, "history_reads", d->checks);
    cJSON_AddStringToObject(doc, "state", spmvp_cg_state_name(d->state));
    spmvp_json_add_number(doc, "recurrence_residual_ratio", d->relres);
    spmvp_json_add_number(doc, "true_residual_ratio", d->true_relres);
    spmvp_json_add_number(doc, "max_error", rep->max_error);
    cJSON_AddNumberToObject(doc, "solve_us", d->solve_us);
    cJSON_AddNumberToObject(doc, "iteration_us", d->iteration_us);
    cJSON_AddNumberToObject(doc, "spmv_us", d->spmv_us);
    cJSON_AddNumberToObject(doc, "spmv_share_percent", share(d));
    cJSON *cpu = cJSON_AddObjectToObject(doc, "cpu");
    cJSON_AddNumberToObject(cpu, "iterations", rep->cpu.iterations);
    cJSON_AddStringToObject(cpu, "state", spmvp_cg_state_name(rep->cpu.state));
    spmvp_json_add_number(cpu, "recurrence_residual_ratio", rep->cpu.relres);
    cJSON_AddNumberToObject(cpu, "solve_us", rep->cpu_us);
    return spmvp_cli_emit_json(doc);
}

int spmvp_cmd_cg(int argc, char **argv)
{
    int n;
    memset(&args, 0, sizeof args);
    args.format = SPMVP_CSR_VECTOR;
    args.precision = 1;
    args.tol = 1e-8;
    args.max_it = 10000;
    int rc = spmvp_opts_parse(&spmvp_command_cg, argc, argv, &args.matrix, &n);
    if (rc >= 0)
        return rc;
    spmvp_csr *A = NULL;
    spmvp_context *ctx = NULL;
    double *b = NULL, *x = NULL;
    cg_report rep;
    memset(&rep, 0, sizeof rep);
    if (spmvp_matrix_load(args.matrix, &A)) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        goto out;
    }
    if ((rc = check_matrix(A)) || (rc = choose_config(A, &rep.config, rep.why, sizeof rep.why)))
        goto out;
    size_t rows = (size_t)A->nrows + 1;
    if (spmvp_host_check(args.matrix, "b and x", spmvp_bytes_mul(rows, 2 * sizeof(double)))) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        goto out;
    }
    if (!(b = malloc(rows * sizeof *b)) || !(x = malloc(rows * sizeof *x))) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: out of memory for b and x", args.matrix);
        goto out;
    }
    for (size_t i = 0; i < rows; i++)
        x[i] = 1.0;
    spmvp_csr_spmv(A, x, b); /* b = A*ones: the solution is known exactly */
    if ((rc = solve_cpu(A, b, x, &rep)))
        goto out;
    if (rep.cpu.state == SPMVP_CG_BREAKDOWN) { /* no need to ask the device */
        rc = breakdown(&rep);
        goto out;
    }
    if ((rc = solve_device(A, b, x, &ctx, &rep)))
        goto out;
    if (rep.dev.state == SPMVP_CG_BREAKDOWN) {
        rc = breakdown(&rep);
        goto out;
    }
    rc = args.json ? print_json(ctx, A, &rep) : (print_text(ctx, A, &rep), SPMVP_EXIT_OK);
    if (!rc && rep.dev.state != SPMVP_CG_CONVERGED)
        rc = not_converged(&rep);
out:
    free(x);
    free(b);
    spmvp_context_free(ctx);
    spmvp_csr_free(A);
    return rc;
}
