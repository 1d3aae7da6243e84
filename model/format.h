/* format.h: the SpMV kernels spmvp measures and models, by name (OpenCL-free). */
#ifndef SPMVP_FORMAT_H
#define SPMVP_FORMAT_H

typedef enum spmvp_format {
    SPMVP_CSR_SCALAR, SPMVP_CSR_VECTOR, SPMVP_ELL, SPMVP_JAD, SPMVP_COO, SPMVP_HYB,
    SPMVP_NFORMATS
} spmvp_format;

/* "csr_scalar", "csr_vector", "ell", "jad", "coo", "hyb" ("?" when out of range). */
const char *spmvp_format_name(spmvp_format f);
/* The format named `name`, or -1. */
int spmvp_format_parse(const char *name);

#endif
