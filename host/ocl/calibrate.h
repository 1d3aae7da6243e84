/* calibrate.h: time on a device the points the models plan (model.h; seed 000 §3.1's grid of
 * benchmark matrices, model_strip.c). */
#ifndef SPMVP_CALIBRATE_H
#define SPMVP_CALIBRATE_H

#include <stdio.h>

#include "spmvp_predict.h"
#include "context.h"

typedef struct spmvp_calibrate_options {
    size_t value_size;      /* 4 or 8 */
    int quick;              /* the documented subset of the grid (model_strip.c) */
    int warmup, runs;       /* alpha warm-ups discarded, then beta - alpha timed (eq. 5) */
    long long max_nnz;      /* points with more non-zeros are skipped with a note (0: default) */
    unsigned long long seed;
    int progress;           /* report progress on stderr (a bar on a terminal, else log lines on notes) */
} spmvp_calibrate_options;

/* Defaults: 5 warm-ups, 20 timed runs, the full grid, max_nnz from the device. */
spmvp_calibrate_options spmvp_calibrate_defaults(size_t value_size);

/* Times every registered model's training plan on ctx's device (today seed 000's grid:
 * CSR-scalar, CSR-vector at every power-of-two width up to the warp, ELL, JAD, COO; each with
 * fixed, normal and uniform row lengths) and appends the points to c, ordered by matrix.
 * Benchmark matrices are generated in memory, each once for every point that needs it. Points
 * over the size limit or that cannot run are skipped with a line on `notes` (may be NULL);
 * *skipped receives their count. SPMVP_ERR_NOMEM, or the OpenCL error of a run. */
spmvp_status spmvp_calibrate(spmvp_context *ctx, const spmvp_calibrate_options *opt,
                             spmvp_calib *c, FILE *notes, int *skipped);

/* The OpenCL-free description of a device that a profile stores. */
void spmvp_device_params_fill(const spmvp_device_info *di, spmvp_device_params *p);

#endif
