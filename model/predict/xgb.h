/* xgb.h: what spmvp's boosted models (model_gbt.c, model_rel.c) share of XGBoost's C API
 * (internal to model/predict): one set of booster parameters, training, one-row prediction,
 * and boosters as JSON inside a profile. Every XGBoost call's status is checked; errors are
 * XGBoost's message, first line.
 *
 * Ownership: boosters are XGBoost handles the caller frees with XGBoosterFree; spmvp_xgb_json's
 * text is the caller's to free(). */
#ifndef SPMVP_XGB_H
#define SPMVP_XGB_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <xgboost/c_api.h>

#include "featvec.h"

#define SPMVP_XGB_ROUNDS 100 /* boosting rounds: trees per booster (parameters in xgb.c) */

/* XGBoost's logging off for the calling thread (its global configuration is per thread):
 * every entry point that creates or trains boosters calls it. */
void spmvp_xgb_quiet(void);
/* XGBoost's last error, first line, into buf[size]; returns buf. */
const char *spmvp_xgb_error(char *buf, size_t size);
/* The booster's inputs of feature vector x (SPMVP_FV_N values): log(1 + x_i), NaN (missing)
 * where that is not finite; with base > 0, log(base) after them. */
void spmvp_xgb_features(const double *x, double base, float *out);
/* A booster of SPMVP_XGB_ROUNDS trees fitted to the n rows of X (ncol floats each) and
 * targets y, deterministic. SPMVP_ERR_UNSUPPORTED with XGBoost's message. */
spmvp_status spmvp_xgb_train(const float *X, const float *y, size_t n, int ncol,
                             BoosterHandle *out);
/* Booster b's output for one row of ncol floats; NaN on failure. */
double spmvp_xgb_predict(BoosterHandle b, const float *row, int ncol);
/* Booster b as XGBoost's JSON model text (malloc'd), or NULL on failure. */
char *spmvp_xgb_json(BoosterHandle b);
/* Loads the booster of JSON item it (as spmvp_xgb_json wrote it, read back by cJSON),
 * expecting ncol features: 0, or -1 with why in e[size] and *out NULL. */
int spmvp_xgb_load(const cJSON *it, int ncol, BoosterHandle *out, char *e, size_t size);

#endif
