/* predict_all.h: every format under every registered model (model.h, models.c) for one
 * matrix, at the kernel parameters bench would choose (CSR-vector width, HYB width), and
 * each model's pick. Times are the kernel alone (CT: the matrix already on the device).
 *
 * Ownership: a predictor borrows from its profile (keep the profile alive while it is used)
 * and owns what each model prepared; spmvp_predictor_release frees that and may be called
 * on a zeroed or released predictor. */
#ifndef SPMVP_PREDICT_ALL_H
#define SPMVP_PREDICT_ALL_H

#include "model.h"
#include "profile.h"
#include "spmvp_sparse.h"

/* What the predictions need from one profile at one precision. */
typedef struct spmvp_predictor {
    const spmvp_profile *profile;
    spmvp_precision prec;
    unsigned warp;                               /* device.warp_size */
    int gpu;                                     /* device.type is "GPU" (which model to trust) */
    int available[SPMVP_PROFILE_PARTS_MAX];      /* by registry index: 1 if it can predict */
    char note[SPMVP_PROFILE_PARTS_MAX][256];     /* why not, "" otherwise */
    void *state[SPMVP_PROFILE_PARTS_MAX];        /* each model's prepared state (owned) */
} spmvp_predictor;

/* Sets *out for profile p at values of value_size bytes (4 or 8). Fails (SPMVP_ERR_UNSUPPORTED,
 * the message of spmvp_profile_require, path naming the file) when the profile was calibrated
 * at the other precision only, or when no model can predict at that precision; SPMVP_ERR_ARG
 * for a bad value size, SPMVP_ERR_NOMEM. *out is released
 * on failure (its available[] and note[] still say why). */
spmvp_status spmvp_predictor_init(spmvp_predictor *out, const spmvp_profile *p, const char *path,
                                  size_t value_size);
/* Frees what init allocated; the predictor reads as zeroed afterwards (notes kept). */
void spmvp_predictor_release(spmvp_predictor *in);
/* Model descriptor m's state in `in` and whether it can predict (0 with state NULL when m is
 * not registered or `in` was not initialised). */
const void *spmvp_predictor_state(const spmvp_predictor *in, const spmvp_model *m);
int spmvp_predictor_has(const spmvp_predictor *in, const spmvp_model *m);

/* Fills *out for matrix A with row statistics s. The strip and PMF models need s only; the
 * learned models (model.h's predict_vec) need A's features at the resolved mapping, computed
 * here on the profile's target (featvec.h) when A is not NULL (O(nnz) per format); with A
 * NULL they give NaN. Models without data give NaN. SPMVP_ERR_NOMEM (in a model, or for the
 * features) leaves those columns NaN and is returned; SPMVP_OK otherwise. */
spmvp_status spmvp_predict_all(const spmvp_predictor *in, const spmvp_csr *A,
                               const spmvp_rowlen_stats *s, spmvp_prediction *out);
/* The model a trained profile trusts: of the models with cross-validated errors (train) for
 * at least half the formats, the one with the smallest mean (over formats) of the median D_r;
 * -1 for a profile without them. spmvp_predict_all's recommendation, and rank's model. */
int spmvp_predictor_best_model(const spmvp_predictor *in);
/* Whether model (variant) id m can predict with this predictor. */
int spmvp_predictor_variant_has(const spmvp_predictor *in, int m);
/* Model id m's predicted µs for format f with features x (SPMVP_FV_N raw values, featvec.h):
 * a learned model's predict_vec, or a derived model's combination of its members'; NaN where
 * m cannot predict (not learned or derived, not available, no model for f). */
double spmvp_predictor_predict_vec(const spmvp_predictor *in, int m, spmvp_format f, const double *x);

#endif
