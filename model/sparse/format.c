/* format.c: names of the formats. */
#include "format.h"

#include <string.h>

static const char *names[SPMVP_NFORMATS] = {"csr_scalar", "csr_vector", "ell", "jad", "coo", "hyb"};

const char *spmvp_format_name(spmvp_format f)
{
    return (f >= 0 && f < SPMVP_NFORMATS) ? names[f] : "?";
}

int spmvp_format_parse(const char *name)
{
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        if (!strcmp(name, names[f]))
            return f;
    return -1;
}

int spmvp_vector_width_auto(const spmvp_csr *A, unsigned warp)
{
    double mean = A->nrows ? (double)A->nnz / A->nrows : 0.0;
    int v = 1;
    while ((unsigned)(2 * v) <= warp && 2 * v <= mean / 2)
        v *= 2;
    return v;
}
