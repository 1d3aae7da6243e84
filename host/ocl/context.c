/* context.c: OpenCL context, queue and the per-device program cache. */
#include "context.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "clcheck.h"
#include "clock.h"
#include "stage.h"

struct spmvp_cl_source { const char *name; const char *text; };
extern const struct spmvp_cl_source spmvp_cl_sources[]; /* generated: cl_sources.c */

spmvp_status spmvp_context_open(const char *spec, spmvp_context **out)
{
    spmvp_device_info *list = NULL;
    int n = 0;
    *out = NULL;
    spmvp_status st = spmvp_device_list(&list, &n);
    if (st)
        return st;
    int i = spmvp_device_select(list, n, spec);
    st = i < 0 ? SPMVP_ERR_NO_DEVICE /* message: spmvp_device_select's */
               : spmvp_context_create(&list[i], out);
    free(list);
    return st;
}

spmvp_status spmvp_context_create(const spmvp_device_info *info, spmvp_context **out)
{
    spmvp_status st = SPMVP_OK;
    spmvp_context *ctx = calloc(1, sizeof *ctx);
    *out = NULL;
    if (!ctx)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory creating a context");
    ctx->info = *info;
    st = spmvp_device_complete(&ctx->info);
    if (st)
        goto fail;
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)info->platform, 0};
    SPMVP_CL_ASSIGN(ctx->context, clCreateContext(props, 1, &info->device, NULL, NULL, &err_), fail);
    SPMVP_CL_ASSIGN(ctx->queue, clCreateCommandQueue(ctx->context, info->device,
                                                     CL_QUEUE_PROFILING_ENABLE, &err_), fail);
    *out = ctx;
    return SPMVP_OK;
fail:
    spmvp_context_free(ctx);
    return st;
}

spmvp_status spmvp_context_wrap(cl_context context, cl_command_queue queue, spmvp_context **out)
{
    spmvp_status st = SPMVP_OK;
    cl_context qc = NULL;
    cl_device_id dev = NULL;
    cl_command_queue_properties props = 0;
    spmvp_device_info *list = NULL;
    int n = 0;
    *out = NULL;
    SPMVP_CL(clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof qc, &qc, NULL), out);
    SPMVP_CL(clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof dev, &dev, NULL), out);
    SPMVP_CL(clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL), out);
    if (qc != context)
        return spmvp_fail(SPMVP_ERR_ARG, "the command queue belongs to another context");
    /* spmvp enqueues a product's kernels one after another without events between them */
    if (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)
        return spmvp_fail(SPMVP_ERR_ARG, "the command queue is out of order: spmvp needs an "
                          "in-order queue");
    if ((st = spmvp_device_list(&list, &n)))
        goto out;
    int i = 0;
    while (i < n && list[i].device != dev)
        i++;
    if (i == n) {
        st = spmvp_fail(SPMVP_ERR_ARG, "the queue's device is none of the platforms' devices "
                        "(a sub-device?)");
        goto out;
    }
    spmvp_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory wrapping a context");
        goto out;
    }
    ctx->info = list[i];
    if ((st = spmvp_device_complete(&ctx->info))) {
        free(ctx);
        goto out;
    }
    *out = ctx; /* its context and queue are released by spmvp_context_free, as own ones are */
    SPMVP_CL(clRetainContext(context), fail);
    ctx->context = context;
    SPMVP_CL(clRetainCommandQueue(queue), fail);
    ctx->queue = queue;
    goto out;
fail:
    *out = spmvp_context_free(ctx);
out:
    free(list);
    return st;
}

spmvp_status spmvp_context_check_precision(const spmvp_context *ctx, size_t value_size)
{
    if (value_size != 4 && value_size != 8)
        return spmvp_fail(SPMVP_ERR_ARG, "value size %zu is neither 4 nor 8", value_size);
    if (value_size == 8 && !ctx->info.fp64)
        return spmvp_fail(SPMVP_ERR_UNSUPPORTED, "%s lacks cl_khr_fp64: double precision is "
                          "not available on it", ctx->info.name);
    return SPMVP_OK;
}

spmvp_context *spmvp_context_free(spmvp_context *ctx)
{
    if (!ctx)
        return NULL;
    for (int i = 0; i < ctx->ncache; i++) {
        clReleaseProgram(ctx->cache[i].program);
        free(ctx->cache[i].key);
    }
    free(ctx->cache);
    spmvp_stage_release(ctx); /* before the queue, which unmaps the chunks */
    if (ctx->queue)
        clReleaseCommandQueue(ctx->queue);
    if (ctx->context)
        clReleaseContext(ctx->context);
    free(ctx);
    return NULL;
}

#define PRELUDE "prelude.cl"
static int readable(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

char *spmvp_kernel_source(const char *cl_dir, const char *file)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", cl_dir ? cl_dir : "", file);
    if (cl_dir && (strcmp(file, PRELUDE) || readable(path))) {
        FILE *f = fopen(path, "rb");
        if (!f) {
            spmvp_fail(SPMVP_ERR_IO, "%s: cannot open kernel source", path);
            return NULL;
        }
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
        if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) {
            free(s);
            fclose(f);
            spmvp_fail(SPMVP_ERR_IO, "%s: cannot read kernel source", path);
            return NULL;
        }
        fclose(f);
        s[n] = '\0';
        return s;
    }
    for (const struct spmvp_cl_source *s = spmvp_cl_sources; s->name; s++)
        if (!strcmp(s->name, file)) {
            char *copy = malloc(strlen(s->text) + 1);
            if (copy)
                strcpy(copy, s->text);
            else
                spmvp_fail(SPMVP_ERR_NOMEM, "out of memory loading %s", file);
            return copy;
        }
    spmvp_fail(SPMVP_ERR_ARG, "no embedded kernel source %s", file);
    return NULL;
}

static void print_build_log(const spmvp_context *ctx, cl_program prog, const char *file,
                            const char *options)
{
    size_t n = 0;
    fprintf(stderr, "spmvp: build log of %s for %s (options: %s):\n", file, ctx->info.name, options);
    if (clGetProgramBuildInfo(prog, ctx->info.device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) != CL_SUCCESS)
        return;
    char *log = malloc(n + 1);
    if (log && clGetProgramBuildInfo(prog, ctx->info.device, CL_PROGRAM_BUILD_LOG, n, log, NULL) == CL_SUCCESS) {
        log[n] = '\0';
        fprintf(stderr, "%s\n", log);
    }
    free(log);
}

/* With SPMVP_DUMP_PROGRAMS=DIR, each program built is written to DIR/<file>-<hash of its
 * options>.bin as the device returns it (CL_PROGRAM_BINARIES: PTX on NVIDIA's OpenCL), with a
 * line on stderr naming it and its options: how to see what a kernel became, e.g. whether a
 * global fence is a device-wide one (membar.gl). A failed dump is reported and ignored. */
static void dump_binary(const spmvp_context *ctx, cl_program prog, const char *file,
                        const char *options)
{
    const char *dir = getenv("SPMVP_DUMP_PROGRAMS");
    if (!dir || !*dir)
        return;
    size_t n = 0;
    unsigned char *bin = NULL;
    unsigned long h = 5381; /* djb2 of the options: one file per build of a kernel file */
    for (const char *c = options; *c; c++)
        h = h * 33 + (unsigned char)*c;
    char path[4096];
    snprintf(path, sizeof path, "%s/%.*s-%08lx.bin", dir, (int)strcspn(file, "."), file, h & 0xffffffffUL);
    if (clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof n, &n, NULL) == CL_SUCCESS && n &&
        (bin = malloc(n)) &&
        clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL) == CL_SUCCESS &&
        spmvp_atomic_write(path, bin, n) == SPMVP_OK)
        fprintf(stderr, "spmvp: %s: %s built with %s for %s\n", path, file, options, ctx->info.name);
    else
        fprintf(stderr, "spmvp: SPMVP_DUMP_PROGRAMS: %s not written: %s\n", path,
                bin ? spmvp_last_error() : "no binary");
    free(bin);
}

spmvp_status spmvp_program_get(spmvp_context *ctx, const char *file, const char *options,
                               cl_program *out)
{
    spmvp_status st = SPMVP_OK;
    char key[1024];
    snprintf(key, sizeof key, "%p|%s|%s", (void *)ctx->info.device, file, options);
    for (int i = 0; i < ctx->ncache; i++)
        if (!strcmp(ctx->cache[i].key, key)) {
            *out = ctx->cache[i].program;
            return SPMVP_OK;
        }
    cl_program prog = NULL;
    char *src = spmvp_kernel_source(ctx->cl_dir, file), *prelude = NULL;
    char *k = malloc(strlen(key) + 1);
    if (!src || !k) {
        st = src ? spmvp_fail(SPMVP_ERR_NOMEM, "out of memory") : SPMVP_ERR_IO;
        goto out;
    }
    strcpy(k, key);
    /* cl/prelude.cl first: the types, double precision's extension and PLAN_ARRAY that every
     * kernel file uses (a file that uses none of them, microbench.cl, is unaffected) */
    if (!(prelude = spmvp_kernel_source(ctx->cl_dir, PRELUDE))) {
        st = SPMVP_ERR_IO;
        goto out;
    }
    const char *text[2] = {prelude, src};
    SPMVP_CL_ASSIGN(prog, clCreateProgramWithSource(ctx->context, 2, text, NULL, &err_), out);
    /* NVIDIA's compiler takes PTX inline: prelude.cl's device-wide fence and warp shuffles
     * need it, and which fence and shuffle PTX has depends on the compute capability
     * (SPMVP_NVIDIA = 10 x major + minor, 0 when the device did not say) */
    char opts[1024], nv[32] = "";
    if (strstr(ctx->info.platform_name, "NVIDIA"))
        snprintf(nv, sizeof nv, " -DSPMVP_NVIDIA=%d",
                 ctx->info.cc_major > 0 ? 10 * ctx->info.cc_major + ctx->info.cc_minor : 0);
    /* SPMVP_CLOPTS (README "What a kernel became"): build options added to every program,
     * so that a test can compile another device's loop on PoCL (-DSPMVP_ELL_FULL_WIDTH=1) */
    const char *extra = getenv("SPMVP_CLOPTS");
    if (snprintf(opts, sizeof opts, "%s%s%s%s", options, nv, extra ? " " : "", extra ? extra : "") >=
        (int)sizeof opts) {
        st = spmvp_fail(SPMVP_ERR_ARG, "SPMVP_CLOPTS: the build options of %s exceed %zu bytes",
                        file, sizeof opts - 1);
        goto out;
    }
    options = opts;
    const double t0 = spmvp_now_us();
    cl_int err = clBuildProgram(prog, 1, &ctx->info.device, options, NULL, NULL);
    ctx->build_us += spmvp_now_us() - t0;
    if (err != CL_SUCCESS) {
        print_build_log(ctx, prog, file, options);
        st = spmvp_fail(err, "building %s for %s failed: %s (options: %s)", file,
                        ctx->info.name, spmvp_strerror(err), options);
        goto out;
    }
    dump_binary(ctx, prog, file, options);
    if (ctx->ncache == ctx->cap) {
        int cap = ctx->cap ? 2 * ctx->cap : 8;
        spmvp_program_entry *grown = realloc(ctx->cache, (size_t)cap * sizeof *grown);
        if (!grown) {
            st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
            goto out;
        }
        ctx->cache = grown;
        ctx->cap = cap;
    }
    ctx->cache[ctx->ncache].key = k;
    ctx->cache[ctx->ncache].program = prog;
    ctx->ncache++;
    *out = prog;
    k = NULL;
    prog = NULL;
out:
    if (prog)
        clReleaseProgram(prog);
    free(k);
    free(src);
    free(prelude);
    return st;
}

spmvp_status spmvp_kernel_create(spmvp_context *ctx, const char *file, const char *options,
                                 const char *name, cl_kernel *out)
{
    spmvp_status st;
    cl_program prog;
    *out = NULL;
    st = spmvp_program_get(ctx, file, options, &prog);
    if (st)
        return st;
    SPMVP_CL_ASSIGN(*out, clCreateKernel(prog, name, &err_), out);
out:
    return st;
}

const char *spmvp_type_options(size_t value_size, char *buf, size_t len)
{
    snprintf(buf, len, "-DVALUE_TYPE=%s -DINDEX_TYPE=int%s", value_size == 8 ? "double" : "float",
             value_size == 8 ? " -DSPMVP_FP64" : "");
    return buf;
}
