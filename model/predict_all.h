/* predict_all.h: every format under every strip model for one matrix, with the kernel
 * parameters bench would choose (CSR-vector width, HYB width), and the format each model picks. */
#ifndef SPMVP_PREDICT_ALL_H
#define SPMVP_PREDICT_ALL_H

#include "calib.h"
#include "sparse.h"
#include "stats.h"

/* CSR-vector's default width: the largest power of two <= mean row length / 2, in
 * [1, warp]. A row of ~7 entries then gets 2 work-items, not the paper's half-warp (on an
 * H100 a 7-point stencil runs 2.6x slower with 16 per row than with 2: docs/bench-h100.md). */
int spmvp_vector_width_auto(const spmvp_csr *A, unsigned warp);

typedef struct spmvp_prediction {
    double us[SPMVP_NFORMATS][SPMVP_NDISTS]; /* predicted µs; NaN: no model for it */
    int vector_width;                        /* the CSR-vector width predicted */
    int hyb_width;                           /* the HYB ELL width K predicted */
    int best[SPMVP_NDISTS];                  /* fastest format per model among positive
                                                predictions, -1 if none */
} spmvp_prediction;

/* Fills *out for A (with its statistics s) from the models in c; warp is the device's warp
 * width (the profile's device.warp_size). Formats whose model is missing get NaN. */
void spmvp_predict_all(const spmvp_calib *c, const spmvp_csr *A, const spmvp_rowlen_stats *s,
                       unsigned warp, spmvp_prediction *out);

#endif
