/* setup_cost.h: what a format costs before its first product, which a solver pays once and a
 * product-time ranking ignores (issue 13): converting the caller's CSR to the format on the
 * host and uploading the format's arrays. `spmvp train` measures both for every configuration
 * (the training table's convert_us and upload_us, spmvp_spmv_setup_us); this file fits them
 * per device, precision and format (CSR-scalar and CSR-vector, which upload CSR's arrays as
 * they are, together), linear in what the conversion walks and the upload moves:
 *
 *   convert_us = c0 + c1 nnz + c2 rows + c3 slots      (slots: stored entries, padding included)
 *   upload_us  = u0 + u1 bytes + u2 slots              (bytes: the layout's compulsory bytes,
 *                + u3 max(0, bytes - 32 MiB)            arrays and x and y; slots: the narrowing
 *                                                       of values to single precision; past
 *                                                       32 MiB the host's caches no longer
 *                                                       hold the copy: setup_cost.c)
 *
 * with non-negative coefficients in relative least squares (nnls.h), each fit then scaled by
 * one factor so that its rows' median log(measured / predicted) is 0 (relative least squares
 * alone comes out low: setup_cost.c, calibrate), cross-validates the sum
 * grouped by family as the product models are (cv.h), and keeps both in the profile's
 * precision objects as "setup" (devices/README.md). OpenCL-free. */
#ifndef SPMVP_SETUP_COST_H
#define SPMVP_SETUP_COST_H

#include <stdio.h>

#include "profile.h"
#include "profile_json.h"
#include "train_table.h"

/* The setup class of format f: formats of one class set up alike (one operation), so one fit
 * serves them and cv.c judges their measured setups together. CSR-scalar and CSR-vector, which
 * both upload CSR's arrays as they are and convert nothing (advise.h), are one class (the
 * value -1); every other format is its own (its value). */
int spmvp_setup_class(spmvp_format f);

/* Fits fits[f] for every format from the rows of t at precision k with measured setup times
 * whose use[i] is non-zero (use NULL: all); a format with fewer than 8 such rows has none
 * (rows 0). cv members are left as they are. One line per format on notes (may be NULL).
 * SPMVP_ERR_NOMEM. */
spmvp_status spmvp_setup_fit_table(const spmvp_train_table *t, const unsigned char *use,
                                   spmvp_precision k, spmvp_setup_fit fits[SPMVP_NFORMATS],
                                   FILE *notes);

/* The predicted setup µs of format f's fit for a configuration with features x (featvec.h):
 * the sum, with its parts in *convert_us and *upload_us (either may be NULL); NaN (and NaN
 * parts) when the fit has no model. */
double spmvp_setup_predict(const spmvp_setup_fit *fit, const double *x, double *convert_us,
                           double *upload_us);

/* Cross-validation by the folds of fold[] (t->n entries, 0..nfolds-1; all rows of a family in
 * one): each fold's rows at precision k predicted by fits to the others, into pred[i] (t->n
 * entries, NaN where no prediction; rows of other precisions untouched), and each format's
 * held-out error into fits[f].cv. SPMVP_ERR_NOMEM. */
spmvp_status spmvp_setup_cv(const spmvp_train_table *t, const int *fold, int nfolds,
                            spmvp_precision k, double *pred, spmvp_setup_fit fits[SPMVP_NFORMATS]);

/* The "setup" member of a precision object: written when a format has a fit; read (absent: no
 * fits, as in profiles from before it), naming the member at fault. */
void spmvp_setup_write(spmvp_json_writer *w, cJSON *obj, const spmvp_setup_fit fits[SPMVP_NFORMATS]);
spmvp_status spmvp_setup_read(const spmvp_json_reader *r, const cJSON *obj, const char *at,
                              spmvp_setup_fit fits[SPMVP_NFORMATS]);

#endif
