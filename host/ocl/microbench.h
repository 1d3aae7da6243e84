/* microbench.h: device micro-benchmarks: the ceilings SpMV timings are judged against. */
#ifndef SPMVP_MICROBENCH_H
#define SPMVP_MICROBENCH_H

#include "context.h"
#include "matrix_features.h"

typedef struct spmvp_microbench {
    size_t bytes;            /* buffer size used for the bandwidths */
    double copy_gbs;         /* device-to-device copy, (read + write bytes) / time, GB/s */
    double launch_us;        /* per empty kernel, back to back (device timeline) */
    double h2d_gbs;          /* host-to-device write of pageable memory, GB/s */
} spmvp_microbench;

/* Measures *m on ctx's device: clEnqueueCopyBuffer and clEnqueueWriteBuffer of `bytes`
 * (0: 256 MiB, limited to a quarter of the max allocation), median of `runs` event-timed
 * repetitions after one warm-up; 1000 empty kernels enqueued back to back for the launch
 * overhead. */
spmvp_status spmvp_microbench_run(spmvp_context *ctx, size_t bytes, int runs, spmvp_microbench *m);

/* The gather rate of a vector x against the bytes it spans (matrix_features.h's
 * spmvp_gather_curve), from `min_bytes` up to `max_bytes` (powers of two; max limited to a
 * quarter of the max allocation): the cache level x fits decides how fast an SpMV reads it.
 * Measures *c on ctx's device: for each window, `runs` event-timed launches (median) after one
 * untimed, each of 2048 work-items per compute unit adding 64 floats of x at pseudo-random
 * places of the window (cl/microbench.cl's spmvp_gather). SPMVP_ERR_ARG when min_bytes is
 * below 1 KiB or above max_bytes. */
spmvp_status spmvp_microbench_gather(spmvp_context *ctx, size_t min_bytes, size_t max_bytes,
                                     int runs, spmvp_gather_curve *c);

/* Only the copy bandwidth (as spmvp_microbench_run measures it) of `bytes` (limited to a
 * quarter of the max allocation), median of `runs`, into *gbs. */
spmvp_status spmvp_microbench_copy(spmvp_context *ctx, size_t bytes, int runs, double *gbs);

#endif
