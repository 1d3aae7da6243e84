/* model_work.h: our work model (model_work.c), per device, format and precision:
 *
 *   time = floor x launches + smax_q(c_B x bytes + c_S x 32 x sectors,  c_L x lockstep,
 *                                     c_C x critical)
 *
 * the launch floor plus a smooth maximum (the q-norm, q = 4) of the memory traffic (the
 * layout's compulsory bytes and the 32-byte sectors of x the gathers touch), the SIMD lanes'
 * lock-step work and the longest serial chain; coefficients >= 0 fitted in log space to the
 * training table by GSL's nonlinear least squares. The learned models use it as a baseline
 * and fit its residuals (model_gbt.c's "work+gbt").
 *
 * Ownership: plain data. */
#ifndef SPMVP_MODEL_WORK_H
#define SPMVP_MODEL_WORK_H

#include <stdio.h>

#include "profile_json.h"
#include "train_table.h"

#define SPMVP_WORK_NCOEF 5 /* floor, c_B, c_S, c_L, c_C (µs per launch, per byte, ...) */

typedef struct spmvp_workfit {
    int ok[SPMVP_NFORMATS];                       /* 1: fitted */
    int rows[SPMVP_NFORMATS];                     /* training rows it was fitted on */
    double coef[SPMVP_NFORMATS][SPMVP_WORK_NCOEF];
} spmvp_workfit;

/* Fits w (zeroed first) from the rows of t at precision k selected by use (NULL: all). A
 * format with fewer than 8 rows stays unfitted. Notes per format on notes (may be NULL).
 * SPMVP_ERR_NOMEM. */
spmvp_status spmvp_workfit_fit(const spmvp_train_table *t, const unsigned char *use,
                               spmvp_precision k, spmvp_workfit *w, FILE *notes);
/* Predicted µs of format f with features x, or NaN when f is not fitted or x lacks the work
 * features. */
double spmvp_workfit_predict(const spmvp_workfit *w, spmvp_format f, const double *x);

/* Format f's fit as members of the object fo ({rows, floor_us, us_per_byte, ...}), and back
 * from fo (at: its JSON path); model_gbt.c keeps its baseline this way inside each format. */
void spmvp_workfit_write_format(spmvp_json_writer *w, cJSON *fo, const spmvp_workfit *wf,
                                spmvp_format f);
spmvp_status spmvp_workfit_read_format(const spmvp_json_reader *r, const cJSON *fo,
                                       const char *at, spmvp_workfit *wf, spmvp_format f);
/* w as {format: {rows, floor_us, us_per_byte, ...}} under key of obj (nothing when no format
 * is fitted), and back (an absent key: none fitted; errors name the JSON path under at). */
void spmvp_workfit_write(spmvp_json_writer *w, cJSON *obj, const char *key, const spmvp_workfit *wf);
spmvp_status spmvp_workfit_read(const spmvp_json_reader *r, const cJSON *obj, const char *at,
                                const char *key, spmvp_workfit *wf);

#endif
