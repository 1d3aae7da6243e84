/* context.h: one OpenCL context and profiling queue on one device, with its program cache. */
#ifndef SPMVP_CONTEXT_H
#define SPMVP_CONTEXT_H

#include <CL/cl.h>

#include "device.h"

typedef struct spmvp_program_entry {
    char *key;            /* "device|file|options" (owned) */
    cl_program program;   /* built program (owned) */
} spmvp_program_entry;

typedef struct spmvp_context {
    spmvp_device_info info;     /* completed copy of the device's description */
    cl_context context;         /* (owned) */
    cl_command_queue queue;     /* in-order, CL_QUEUE_PROFILING_ENABLE (owned) */
    const char *cl_dir;         /* read kernels from this directory instead of the embedded
                                   copies (NULL: embedded; not owned) */
    spmvp_program_entry *cache; /* built programs (size ncache, capacity cap) */
    int ncache, cap;
    double build_us;            /* wall time spent in clBuildProgram so far, all programs: a
                                   user's first product pays it (bench reports each format's) */
    struct spmvp_stage *stage;  /* pinned staging chunks (stage.h), NULL until the first staged
                                   write (owned) */
    double stage_us;            /* wall time spent pinning them: once per context */
    size_t stage_seen;          /* bytes of arrays large enough to stage written before they
                                   were pinned (stage.h's spmvp_stage_upload) */
    size_t stage_written;       /* bytes written through them (spmvp_stage_write) */
} spmvp_context;

/* Creates a context and profiling queue on `info`'s device (completing the description first).
 * On failure *out is NULL and spmvp_last_error() says why. Free with spmvp_context_free(). */
spmvp_status spmvp_context_create(const spmvp_device_info *info, spmvp_context **out);
spmvp_context *spmvp_context_free(spmvp_context *ctx);
/* A context on the caller's OpenCL context and in-order queue (its device must be one that
 * spmvp_device_list lists): both are retained, and released by spmvp_context_free, so the
 * caller keeps and releases its own references. The queue need not profile (bench's events
 * then fail; products do not need them). SPMVP_ERR_ARG for a queue of another context or an
 * out-of-order one; an OpenCL error code. */
spmvp_status spmvp_context_wrap(cl_context context, cl_command_queue queue, spmvp_context **out);
/* Lists the devices, picks the one `spec` names (spmvp_device_select: NULL for the first GPU,
 * else the first CPU) and creates its context into *out (NULL on failure, with the message of
 * whichever step failed; SPMVP_ERR_NO_DEVICE when none matches). Free with spmvp_context_free. */
spmvp_status spmvp_context_open(const char *spec, spmvp_context **out);

/* SPMVP_OK when ctx's device computes at value_size bytes per value: SPMVP_ERR_ARG for a size
 * other than 4 or 8, SPMVP_ERR_UNSUPPORTED for double precision without cl_khr_fp64. */
spmvp_status spmvp_context_check_precision(const spmvp_context *ctx, size_t value_size);

/* The program built from cl/<file> with `options`, from the cache or built now (once per
 * device, file and options). The program stays owned by the cache. A failed build prints the
 * build log and the options to stderr and returns CL_BUILD_PROGRAM_FAILURE. */
spmvp_status spmvp_program_get(spmvp_context *ctx, const char *file, const char *options,
                               cl_program *out);

/* The text of kernel source cl/<file>: the copy built into spmvp, or cl_dir/<file> when
 * cl_dir is not NULL (--cl-dir, iterating on kernels; cl/prelude.cl from cl_dir only when it
 * holds one, so a folder of one kernel under test needs no copy of it). NULL on failure (the
 * reason through spmvp_fail); the caller frees it. */
char *spmvp_kernel_source(const char *cl_dir, const char *file);

/* A new kernel `name` from that program; the caller releases it with clReleaseKernel(). */
spmvp_status spmvp_kernel_create(spmvp_context *ctx, const char *file, const char *options,
                                 const char *name, cl_kernel *out);

/* Options common to every kernel: VALUE_TYPE, INDEX_TYPE and SPMVP_FP64 for value_size 8
 * (written into buf, which is returned). */
const char *spmvp_type_options(size_t value_size, char *buf, size_t len);

#endif
