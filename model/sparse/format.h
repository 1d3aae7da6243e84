/* format.h: the SpMV kernels spmvp measures and models, by name (OpenCL-free). */
#ifndef SPMVP_FORMAT_H
#define SPMVP_FORMAT_H

#include "sparse.h"

typedef enum spmvp_format {
    SPMVP_CSR_SCALAR, SPMVP_CSR_VECTOR, SPMVP_ELL, SPMVP_JAD, SPMVP_COO, SPMVP_HYB,
    SPMVP_NFORMATS
} spmvp_format;

/* "csr_scalar", "csr_vector", "ell", "jad", "coo", "hyb" ("?" when out of range). */
const char *spmvp_format_name(spmvp_format f);
/* The format named `name`, or -1. */
int spmvp_format_parse(const char *name);


/* CSR-vector's default width: the largest power of two <= mean row length / 2, in
 * [1, warp]. A row of ~7 entries then gets 2 work-items, not the paper's half-warp (on an
 * H100 a 7-point stencil runs 2.6x slower with 16 per row than with 2: docs/bench-h100.md). */
int spmvp_vector_width_auto(const spmvp_csr *A, unsigned warp);

#endif
