/* microbench.h: device micro-benchmarks: the ceilings SpMV timings are judged against. */
#ifndef SPMVP_MICROBENCH_H
#define SPMVP_MICROBENCH_H

#include "context.h"

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

/* Only the copy bandwidth (as spmvp_microbench_run measures it) of `bytes` (limited to a
 * quarter of the max allocation), median of `runs`, into *gbs. */
spmvp_status spmvp_microbench_copy(spmvp_context *ctx, size_t bytes, int runs, double *gbs);

#endif
