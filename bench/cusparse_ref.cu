/* cusparse_ref.cu: `cusparse_ref MATRIX`: cuSPARSE's SpMV algorithms verified and timed the way
 * `spmvp bench` times its formats, printed as bench's table or its JSON, so that
 * scripts/side_by_side.py can set spmvp and cuSPARSE beside each other (docs/cusparse.md).
 *
 * Written in spmvp's C style (malloc, goto cleanup); it is CUDA C++ only because the gate
 * kernel (cusparse_run.cu) needs nvcc. Exit status as spmvp's: 0 success, 1 runtime failure
 * (an algorithm failed or gave a wrong result), 2 usage error; errors are one line on stderr. */
#include <cjson/cJSON.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cusparse_ref.h"

#ifndef SPMVP_VERSION
#define SPMVP_VERSION "unknown"
#endif

static const char usage_text[] =
    "usage: cusparse_ref MATRIX [--precision single|double] [--runs N] [--warmup A] [--batch B]\n"
    "                    [--device D] [--no-gate] [--json]\n"
    "Verifies and times every cuSPARSE SpMV algorithm (CSR default, ALG1, ALG2; COO ALG1, ALG2;\n"
    "sliced ELL ALG1) on CUDA device D (default 0) as `spmvp bench` times its formats: A warm-ups\n"
    "(default 5), N timed products one event pair each (default 50), B back to back (default 100).\n"
    "MATRIX is a Matrix Market file (.mtx, .mtx.gz) or a generated matrix (laplace3d:100, rmat:20,\n"
    "random:ROWS:PNZ:DIST, ...). --no-gate queues the timed products without the gate kernel.\n";

/* Device facts for the table and the JSON. */
typedef struct device_info {
    int ordinal;
    cudaDeviceProp prop;
    int driver_api, runtime, cusparse; /* versions as CUDA encodes them: 13000 = 13.0 */
    int clock_khz;                     /* peak SM clock, 0 if the attribute is missing */
    char driver[64];                   /* the kernel module's version, "" if unknown */
} device_info;

/* Parses a whole decimal integer in lo..hi into *v; 0 on success. */
static int parse_int(const char *s, int lo, int hi, int *v)
{
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    if (!*s || *end || errno || x < lo || x > hi)
        return -1;
    *v = (int)x;
    return 0;
}

/* Fills *o from argv; returns -1 to go on, else the exit status (0 for --help). */
static int parse(int argc, char **argv, options *o)
{
    static const struct { const char *name; int lo, hi; size_t off; } ints[] = {
        {"runs", 1, 1000000, offsetof(options, runs)},
        {"warmup", 0, 1000000, offsetof(options, warmup)},
        {"batch", 1, 1000000, offsetof(options, batch)},
        {"device", 0, 1023, offsetof(options, device)},
    };
    memset(o, 0, sizeof *o);
    o->vs = 4;
    o->runs = 50;
    o->warmup = 5;
    o->batch = 100;
    o->gate = 1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val = NULL, *eq;
        char name[32];
        if (strncmp(arg, "--", 2) || !arg[2]) {
            if (o->matrix) {
                fprintf(stderr, "cusparse_ref: one matrix only, not also \"%s\"\n%s", arg, usage_text);
                return 2;
            }
            o->matrix = arg;
            continue;
        }
        /* --opt value and --opt=value, as spmvp's option grammar takes them */
        eq = strchr(arg, '=');
        snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - arg - 2) : (int)strlen(arg + 2), arg + 2);
        if (!strcmp(name, "help")) {
            fputs(usage_text, stdout);
            return 0;
        }
        size_t k = 0, n = sizeof ints / sizeof ints[0];
        while (k < n && strcmp(name, ints[k].name))
            k++;
        if (k == n && strcmp(name, "json") && strcmp(name, "no-gate") && strcmp(name, "precision")) {
            fprintf(stderr, "cusparse_ref: unknown option --%s\n%s", name, usage_text);
            return 2;
        }
        if (!strcmp(name, "json") || !strcmp(name, "no-gate")) {
            if (eq) {
                fprintf(stderr, "cusparse_ref: --%s takes no value\n", name);
                return 2;
            }
            if (!strcmp(name, "json"))
                o->json = 1;
            else
                o->gate = 0;
            continue;
        }
        val = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
        if (!val) {
            fprintf(stderr, "cusparse_ref: --%s needs a value\n%s", name, usage_text);
            return 2;
        }
        if (!strcmp(name, "precision")) {
            if (strcmp(val, "single") && strcmp(val, "double")) {
                fprintf(stderr, "cusparse_ref: --precision is single or double, not \"%s\"\n", val);
                return 2;
            }
            o->vs = !strcmp(val, "double") ? 8 : 4;
            continue;
        }
        if (parse_int(val, ints[k].lo, ints[k].hi, (int *)((char *)o + ints[k].off))) {
            fprintf(stderr, "cusparse_ref: --%s takes an integer in %d..%d, not \"%s\"\n", name,
                    ints[k].lo, ints[k].hi, val);
            return 2;
        }
    }
    if (!o->matrix) {
        fprintf(stderr, "cusparse_ref: no matrix given\n%s", usage_text);
        return 2;
    }
    return -1;
}

/* The NVIDIA kernel module's version from /proc (what nvidia-smi calls the driver version),
 * so the JSON names the same driver as spmvp bench's OpenCL device does. */
static void read_driver(char *out, size_t n)
{
    char line[256], *p;
    FILE *f = fopen("/proc/driver/nvidia/version", "r");
    out[0] = '\0';
    if (!f)
        return;
    if (fgets(line, sizeof line, f) && (p = strstr(line, "Module"))) {
        p += strlen("Module");
        p += strcspn(p, "0123456789"); /* skips " " and "for x86_64 " */
        snprintf(out, n, "%.*s", (int)strcspn(p, " \t\n"), p);
    }
    fclose(f);
}

static void version_string(char *out, size_t n, int v)
{
    snprintf(out, n, "%d.%d", v / 1000, v % 1000 / 10);
}

static cJSON *device_json(const device_info *d)
{
    char s[64];
    cJSON *o = cJSON_CreateObject();
    snprintf(s, sizeof s, "cuda:%d", d->ordinal);
    cJSON_AddStringToObject(o, "id", s);
    cJSON_AddStringToObject(o, "platform", "CUDA");
    cJSON_AddStringToObject(o, "name", d->prop.name);
    cJSON_AddStringToObject(o, "vendor", "NVIDIA Corporation");
    cJSON_AddStringToObject(o, "driver", d->driver);
    version_string(s, sizeof s, d->driver_api);
    cJSON_AddStringToObject(o, "cuda_driver_version", s);
    version_string(s, sizeof s, d->runtime);
    cJSON_AddStringToObject(o, "cuda_runtime_version", s);
    snprintf(s, sizeof s, "%d.%d.%d", d->cusparse / 1000, d->cusparse % 1000 / 100, d->cusparse % 100);
    cJSON_AddStringToObject(o, "cusparse_version", s);
    cJSON_AddStringToObject(o, "type", "GPU");
    cJSON_AddNumberToObject(o, "compute_units", d->prop.multiProcessorCount);
    snprintf(s, sizeof s, "%d.%d", d->prop.major, d->prop.minor);
    cJSON_AddStringToObject(o, "compute_capability", s);
    cJSON_AddNumberToObject(o, "global_mem_bytes", (double)d->prop.totalGlobalMem);
    cJSON_AddNumberToObject(o, "cache_bytes", d->prop.l2CacheSize);
    cJSON_AddNumberToObject(o, "clock_mhz", d->clock_khz / 1000);
    cJSON_AddNumberToObject(o, "memory_bus_width_bits", d->prop.memoryBusWidth);
    cJSON_AddBoolToObject(o, "fp64", 1);
    return o;
}

static cJSON *result_json(const result *x)
{
    static const char *states[] = {"ok", "unsuitable", "failed"};
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", x->alg->name);
    cJSON_AddStringToObject(o, "state", states[x->state]);
    if (x->state != ST_OK) {
        cJSON_AddStringToObject(o, "reason", x->note);
        return o;
    }
    cJSON_AddStringToObject(o, "params", x->params);
    cJSON_AddNumberToObject(o, "median_us", x->median_us);
    cJSON_AddNumberToObject(o, "min_us", x->min_us);
    cJSON_AddNumberToObject(o, "max_us", x->max_us);
    cJSON_AddNumberToObject(o, "batch_us", x->batch_us);
    cJSON_AddNumberToObject(o, "gflops", x->gflops);
    cJSON_AddNumberToObject(o, "gbs_format", x->gbs_format);
    cJSON_AddNumberToObject(o, "gbs_csr", x->gbs_csr);
    cJSON_AddNumberToObject(o, "footprint_bytes", (double)x->footprint);
    cJSON_AddNumberToObject(o, "csr_bytes", (double)x->csr_bytes);
    cJSON_AddNumberToObject(o, "max_error_over_bound_ratio", x->max_err);
    cJSON_AddNumberToObject(o, "buffer_bytes", (double)x->buffer_bytes);
    cJSON_AddBoolToObject(o, "preprocessed", x->preprocessed);
    cJSON_AddNumberToObject(o, "gate_timeouts", x->gate_timeouts);
    return o;
}

/* bench's JSON document (docs/json.md: the spmvp-output envelope with command "cusparse_ref",
 * the matrix object), plus "gate" and "timing"; 0 if out of memory. */
static int print_json(const options *o, const device_info *d, const spmvp_csr *A, const result *r, int n)
{
    cJSON *doc = cJSON_CreateObject(), *m, *arr;
    char *s;
    cJSON_AddStringToObject(doc, "schema", "spmvp-output");
    cJSON_AddNumberToObject(doc, "schema_version", 1);
    cJSON_AddStringToObject(doc, "spmvp_version", SPMVP_VERSION);
    cJSON_AddStringToObject(doc, "command", "cusparse_ref");
    m = cJSON_AddObjectToObject(doc, "matrix");
    cJSON_AddStringToObject(m, "name", o->matrix);
    cJSON_AddNumberToObject(m, "rows", A->nrows);
    cJSON_AddNumberToObject(m, "cols", A->ncols);
    cJSON_AddNumberToObject(m, "nnz", A->nnz);
    cJSON_AddNumberToObject(m, "max_row_length", spmvp_csr_max_row(A));
    cJSON_AddNumberToObject(m, "mean_row_length", A->nrows ? (double)A->nnz / A->nrows : 0.0);
    cJSON_AddItemToObject(doc, "device", device_json(d));
    cJSON_AddStringToObject(doc, "precision", o->vs == 8 ? "double" : "single");
    cJSON_AddNumberToObject(doc, "warmup", o->warmup);
    cJSON_AddNumberToObject(doc, "runs", o->runs);
    cJSON_AddNumberToObject(doc, "batch", o->batch);
    cJSON_AddBoolToObject(doc, "gate", o->gate);
    cJSON_AddStringToObject(doc, "timing", cusparse_ref_timing(o->gate));
    arr = cJSON_AddArrayToObject(doc, "results");
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, result_json(&r[i]));
    s = cJSON_Print(doc);
    if (s)
        puts(s);
    cJSON_free(s);
    cJSON_Delete(doc);
    return s != NULL;
}

static void print_table(const options *o, const device_info *d, const spmvp_csr *A, const result *r, int n)
{
    char drv[16], rt[16];
    int best = -1, timeouts = 0;
    version_string(drv, sizeof drv, d->driver_api);
    version_string(rt, sizeof rt, d->runtime);
    printf("matrix    %s: %d x %d, %d non-zeros, longest row %d\n", o->matrix, (int)A->nrows,
           (int)A->ncols, (int)A->nnz, (int)spmvp_csr_max_row(A));
    printf("device    %s (compute capability %d.%d, driver %s, CUDA driver %s, runtime %s, "
           "cuSPARSE %d)\n", d->prop.name, d->prop.major, d->prop.minor,
           d->driver[0] ? d->driver : "?", drv, rt, d->cusparse);
    printf("precision %s; %d warm-up + %d timed runs (event pair per product%s), batch of %d\n",
           o->vs == 8 ? "double" : "single", o->warmup, o->runs,
           o->gate ? ", each held by a gate until queued" : "", o->batch);
    printf("GB/s(fmt): the algorithm's device bytes (arrays, x, y) / median; GB/s(CSR): CSR's bytes "
           "(values, column indices, row pointers, x, y) / median\n\n");
    printf("%-20s %10s %10s %10s %10s %8s %9s %9s %11s  %s\n", "format", "median_us", "min_us",
           "max_us", "batch_us", "GFLOP/s", "GB/s(fmt)", "GB/s(CSR)", "footprint", "notes");
    for (int i = 0; i < n; i++) {
        const result *x = &r[i];
        if (x->state == ST_UNSUITABLE)
            printf("%-20s unsuitable: %s\n", x->alg->name, x->note);
        else if (x->state == ST_FAILED)
            printf("%-20s FAILED: %s\n", x->alg->name, x->note);
        else
            printf("%-20s %10.2f %10.2f %10.2f %10.2f %8.2f %9.1f %9.1f %11zu  %s\n", x->alg->name,
                   x->median_us, x->min_us, x->max_us, x->batch_us, x->gflops, x->gbs_format,
                   x->gbs_csr, x->footprint, x->params);
        if (x->state == ST_OK && (best < 0 || x->median_us < r[best].median_us))
            best = i;
        timeouts += x->gate_timeouts;
    }
    if (best >= 0)
        printf("\nfastest   %s (%.2f us, %.1f GB/s counting CSR bytes)\n", r[best].alg->name,
               r[best].median_us, r[best].gbs_csr);
    if (timeouts)
        printf("warning   %d gated products waited past the gate's limit: their times include "
               "host time\n", timeouts);
}

/* Device, stream, handle, x and y for c; a failure is recorded in *r. */
static int open_context(const options *o, const spmvp_csr *A, context *c, device_info *d, result *r)
{
    size_t xn = (size_t)A->ncols * o->vs;
    void *hx = NULL, *flags = NULL;
    int rc = -1;
    memset(c, 0, sizeof *c);
    c->A = A;
    c->opt = o;
    c->dtype = o->vs == 8 ? CUDA_R_64F : CUDA_R_32F;
    d->ordinal = o->device;
    CUDA_TRY(cudaSetDevice(o->device));
    CUDA_TRY(cudaGetDeviceProperties(&d->prop, o->device));
    CUDA_TRY(cudaDriverGetVersion(&d->driver_api));
    CUDA_TRY(cudaRuntimeGetVersion(&d->runtime));
    if (cudaDeviceGetAttribute(&d->clock_khz, cudaDevAttrClockRate, o->device) != cudaSuccess)
        d->clock_khz = 0; /* informative only */
    read_driver(d->driver, sizeof d->driver);
    CUDA_TRY(cudaStreamCreate(&c->stream));
    SPARSE_TRY(cusparseCreate(&c->handle));
    SPARSE_TRY(cusparseSetStream(c->handle, c->stream));
    SPARSE_TRY(cusparseGetVersion(c->handle, &d->cusparse));

    /* The gate's two words live in pinned host memory the device reads over the bus, so the
     * host can open the gate while the stream is held. */
    CUDA_TRY(cudaHostAlloc(&flags, 2 * sizeof(int), cudaHostAllocMapped));
    c->flag = (volatile int *)flags;
    c->timed_out = c->flag + 1;
    *c->flag = 1;
    CUDA_TRY(cudaHostGetDevicePointer((void **)&c->dflag, flags, 0));
    c->dtimed_out = c->dflag + 1;

    c->x = (double *)malloc(((size_t)A->ncols + 1) * sizeof *c->x);
    c->y = (double *)malloc(((size_t)A->nrows + 1) * sizeof *c->y);
    c->yraw = malloc(((size_t)A->nrows + 1) * o->vs);
    hx = malloc(xn + 1);
    if (!c->x || !c->y || !c->yraw || !hx) {
        cusparse_ref_fail(r, ST_FAILED, "out of memory");
        goto out;
    }
    cusparse_ref_fill_x(c->x, A->ncols);
    for (spmvp_idx i = 0; i < A->ncols; i++) {
        if (o->vs == 4)
            ((float *)hx)[i] = (float)c->x[i];
        else
            ((double *)hx)[i] = c->x[i];
    }
    CUDA_TRY(cudaMalloc(&c->dx, xn + 1));
    /* y is padded to whole sliced-ELL slices, in case the SELL kernel writes its padding rows */
    CUDA_TRY(cudaMalloc(&c->dy, ((size_t)A->nrows + SELL_SLICE) * o->vs));
    CUDA_TRY(cudaMemcpy(c->dx, hx, xn, cudaMemcpyHostToDevice));
    SPARSE_TRY(cusparseCreateDnVec(&c->vx, A->ncols, c->dx, c->dtype));
    SPARSE_TRY(cusparseCreateDnVec(&c->vy, A->nrows, c->dy, c->dtype));
    rc = 0;
out:
    free(hx);
    return rc;
}

/* Releases what open_context got, whatever it got to; statuses are ignored at this point. */
static void close_context(context *c)
{
    if (c->vx)
        cusparseDestroyDnVec(c->vx);
    if (c->vy)
        cusparseDestroyDnVec(c->vy);
    if (c->handle)
        cusparseDestroy(c->handle);
    if (c->stream)
        cudaStreamDestroy(c->stream);
    if (c->flag)
        cudaFreeHost((void *)c->flag);
    cudaFree(c->dx);
    cudaFree(c->dy);
    free(c->x);
    free(c->y);
    free(c->yraw);
}

int main(int argc, char **argv)
{
    options o;
    context c;
    device_info d;
    result setup, *res = NULL;
    spmvp_csr *A = NULL;
    int rc = parse(argc, argv, &o), n = cusparse_ref_nalgs;
    if (rc >= 0)
        return rc;
    memset(&c, 0, sizeof c);
    memset(&d, 0, sizeof d);
    memset(&setup, 0, sizeof setup);
    rc = 1;
    if (spmvp_matrix_load(o.matrix, &A)) {
        fprintf(stderr, "cusparse_ref: %s\n", spmvp_last_error());
        goto out;
    }
    res = (result *)calloc((size_t)n, sizeof *res);
    if (!res) {
        fprintf(stderr, "cusparse_ref: out of memory\n");
        goto out;
    }
    if (open_context(&o, A, &c, &d, &setup)) {
        fprintf(stderr, "cusparse_ref: %s\n", setup.note);
        goto out;
    }
    rc = 0;
    for (int i = 0; i < n; i++) {
        cusparse_ref_bench(&c, &cusparse_ref_algs[i], &res[i]);
        if (res[i].state == ST_FAILED) {
            fprintf(stderr, "cusparse_ref: %s: %s\n", res[i].alg->name, res[i].note);
            rc = 1;
        }
    }
    if (o.json) {
        if (!print_json(&o, &d, A, res, n)) {
            fprintf(stderr, "cusparse_ref: out of memory printing JSON\n");
            rc = 1;
        }
    } else {
        print_table(&o, &d, A, res, n);
    }
out:
    close_context(&c);
    free(res);
    spmvp_csr_free(A);
    return rc;
}
