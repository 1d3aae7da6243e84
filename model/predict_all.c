/* predict_all.c: predictions of every format and model for one matrix (seed 000 eq. 6-7). */
#include "predict_all.h"

#include <math.h>

#include "predict.h"

int spmvp_vector_width_auto(const spmvp_csr *A, unsigned warp)
{
    double mean = A->nrows ? (double)A->nnz / A->nrows : 0.0;
    int v = 1;
    while ((unsigned)(2 * v) <= warp && 2 * v <= mean / 2)
        v *= 2;
    return v;
}

void spmvp_predict_all(const spmvp_calib *c, const spmvp_csr *A, const spmvp_rowlen_stats *s,
                       unsigned warp, spmvp_prediction *out)
{
    out->vector_width = spmvp_vector_width_auto(A, warp);
    /* from the statistics' histogram: no second pass over the matrix */
    out->hyb_width = s->nnz ? (int)spmvp_hyb_width_from_hist(s->hist, s->max, s->rows) : 0;
    for (int d = 0; d < SPMVP_NDISTS; d++) {
        out->best[d] = -1;
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            double t = NAN;
            if (f == SPMVP_HYB) {
                const spmvp_strip_model *e = spmvp_calib_model(c, SPMVP_ELL, d, 0);
                const spmvp_strip_model *o = spmvp_calib_model(c, SPMVP_COO, d, 0);
                t = spmvp_predict_hyb(e, o, s, out->hyb_width);
            } else {
                int v = f == SPMVP_CSR_VECTOR ? out->vector_width : 0;
                const spmvp_strip_model *m = spmvp_calib_model(c, f, d, v);
                if (m)
                    t = spmvp_predict_strip(m, s);
            }
            out->us[f][d] = t;
            /* a line extrapolated below zero is no prediction: it may not win the pick */
            if (t > 0 && (out->best[d] < 0 || t < out->us[out->best[d]][d]))
                out->best[d] = f;
        }
    }
}
