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
