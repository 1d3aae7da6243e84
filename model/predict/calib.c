/* calib.c: the calibration container and model lookup. */
#include "calib.h"

#include <stdlib.h>
#include <string.h>

spmvp_calib *spmvp_calib_new(void)
{
    spmvp_calib *c = calloc(1, sizeof *c);
    if (!c)
        spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a calibration profile");
    return c;
}

spmvp_calib *spmvp_calib_free(spmvp_calib *c)
{
    if (c) {
        free(c->points);
        free(c->models);
        free(c);
    }
    return NULL;
}

spmvp_status spmvp_calib_add(spmvp_calib *c, const spmvp_calib_point *p)
{
    if (!c || !p)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_calib_add: NULL argument");
    if (c->npoints == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 64;
        spmvp_calib_point *g = realloc(c->points, cap * sizeof *g);
        if (!g)
            return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for %zu calibration points", cap);
        c->points = g;
        c->cap = cap;
    }
    c->points[c->npoints++] = *p;
    return SPMVP_OK;
}

/* The vector width only tells CSR-V models apart; the other formats have one model each. */
const spmvp_strip_model *spmvp_calib_model(const spmvp_calib *c, spmvp_format f, spmvp_dist d,
                                           int vector_width)
{
    for (size_t k = 0; c && k < c->nmodels; k++) {
        const spmvp_strip_model *m = &c->models[k];
        if (m->format == f && m->dist == d &&
            (f != SPMVP_CSR_VECTOR || m->vector_width == vector_width))
            return m;
    }
    return NULL;
}
