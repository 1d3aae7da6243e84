/* rank.h: every configuration of a matrix (featvec.h) best first by one learned model of a
 * trained profile, with intervals from the model's cross-validated error and ties (what
 * `spmvp rank` prints and libspmvp's spmvp_rank returns).
 *
 * Intervals: the prediction times the 5th..95th percentiles of measured/predicted in the
 * profile's cross-validation for the model and format, widened by the p90 run-to-run
 * difference of the training measurements, or by the p90 difference between two training
 * sessions where the profile has it and it is the larger (90 %); the same with the quartiles
 * and the median differences (50 %). The upper bounds then gain the sessions' p90 (90 %) and
 * median (50 %) offset on launch-bound products, an amount in µs (profile.h's
 * SPMVP_SESSION_SMALL_US). A tie is an entry whose 50 % interval overlaps the first's, the
 * offset left out (a session's offset is every configuration's).
 *
 * OpenCL-free. Ownership: spmvp_rank_configs returns a new array the caller frees with free(). */
#ifndef SPMVP_RANK_H
#define SPMVP_RANK_H

#include "predict_all.h"

typedef struct spmvp_rank_entry {
    spmvp_config config;  /* the format and its mapping (automatic parameters unresolved) */
    char mapping[64];     /* its label, "wg=256 V=4" (resolved) */
    double us;            /* predicted µs per product (NaN: the model has none for it) */
    double lo, hi;        /* its 90 % interval */
    double lo50, hi50;    /* its 50 % interval */
    int tie;              /* 1: the 50 % interval overlaps the first entry's */
    double convert_us, upload_us; /* its predicted setup (setup_cost.h): conversion from CSR
                             and upload, once; NaN when the profile has no setup model */
    double x[SPMVP_FV_N]; /* its features (featvec.h), which the models read */
} spmvp_rank_entry;

/* Of n models, the one whose held-out picks ranked best (-1: none eligible): the least
 * geometric-mean slowdown of the pick over the measured best, except that slowdowns within
 * SPMVP_RANK_TIE of the least are a tie, which the larger share of picks within 5 % of the
 * best breaks (then the lesser slowdown). Refitting one device's table after a change to one
 * format moved its models' slowdowns by up to 0.35 % (stop 36), and a difference of 0.02 %
 * had made the H200 rank by a model whose picks were within 5 % less often (71.5 against
 * 73.7 %) and whose times erred more (median 14.7 against 10.5 %). ok[j] says that model j
 * is eligible. */
#define SPMVP_RANK_TIE 0.005
int spmvp_rank_choose(int n, const int *ok, const double *geomean, const double *within5);

/* The model id a trained profile ranks by: the one whose held-out picks ranked best in its
 * training's cross-validation (spmvp_rank_choose on the profile's cv "ranking"; ranking is
 * what it is used for, and the model with the least time error need not rank best:
 * model_ens.c); for a profile without those
 * figures the least cross-validated error (spmvp_predictor_best_model); else the first
 * learned model that can predict; -1 when the profile has no learned model at the
 * predictor's precision. */
int spmvp_rank_default_model(const spmvp_predictor *pred);

/* Ranks every configuration of A (statistics s) that the profile was trained on (the quick
 * ones for a quick training) by model m into *out (*n entries, best first; a format that
 * cannot hold A is left out). SPMVP_ERR_ARG for a model that is not a learned or derived one
 * available here, SPMVP_ERR_NOMEM. Timings (µs, may be NULL): the features, then the predictions. */
spmvp_status spmvp_rank_configs(const spmvp_predictor *pred, int m, const spmvp_csr *A,
                                const spmvp_rowlen_stats *s, spmvp_rank_entry **out, int *n,
                                double *features_us, double *predict_us);

#endif
