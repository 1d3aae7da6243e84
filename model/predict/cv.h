/* cv.h: honest evaluation of the learned models on a training table (train_table.h):
 * cross-validation grouped by family, so that no family is on both sides of a split and
 * every matrix is predicted by models that never saw it (nor its relatives: a generated
 * family, a SuiteSparse group). Also the summaries `spmvp cv` and `spmvp train` report:
 * D_r per model and format, ranking quality per matrix, and the noise floor of the
 * measurements themselves.
 *
 * OpenCL-free. Ownership: spmvp_cv_run fills a caller's struct whose arrays spmvp_cv_free
 * frees (it accepts a zeroed one). */
#ifndef SPMVP_CV_H
#define SPMVP_CV_H

#include <stdio.h>

#include "drstats.h"
#include "model.h"
#include "train_table.h"

typedef struct spmvp_cv {
    size_t n;        /* rows of the table */
    int nfolds;      /* folds used (at most the number of families) */
    int *fold;       /* fold of each row: all rows of a family share one */
    double *pred;    /* pred[i * SPMVP_MODELS_MAX + m]: row i predicted by model m trained on
                        the other folds; NaN where the model gives none */
} spmvp_cv;

/* Assigns families to `folds` folds (largest family first, to the fold with fewest rows:
 * deterministic, balanced), fits every learned model (model.h's fit_table) on all folds but
 * one and predicts that one, for each fold and precision. Notes (one line per fold) on notes
 * (may be NULL). SPMVP_ERR_ARG for fewer than 2 families; SPMVP_ERR_NOMEM; a model's failure. */
spmvp_status spmvp_cv_run(const spmvp_train_table *t, int folds, FILE *notes, spmvp_cv *out);
void spmvp_cv_free(spmvp_cv *cv);

/* D_r of model m's held-out predictions at precision k over format f (f < 0: all formats). */
spmvp_dr_summary spmvp_cv_dr(const spmvp_train_table *t, const spmvp_cv *cv, int m,
                             spmvp_precision k, int f);

/* The quantiles q_lo, q_hi of log(measured / predicted) of model m at precision k and format
 * f (NaN when fewer than 5 cases): the interval rank puts around a prediction. */
void spmvp_cv_log_ratio(const spmvp_train_table *t, const spmvp_cv *cv, int m,
                        spmvp_precision k, int f, double lo, double hi, double *q_lo,
                        double *q_hi);

/* Ranking quality: per matrix (at precision k), the measured time of the configuration the
 * chooser picks over the measured best of the matrix's rows. The chooser: model m's smallest
 * held-out prediction (m >= 0), or the repeat measurement's best (m = SPMVP_CV_NOISE: how
 * often and by how much noise alone changes the best). */
#define SPMVP_CV_NOISE (-1)
/* The matrices by their best measured product: launch-bound below 10 µs, where two sessions
 * of a GPU disagree on the best configuration (docs/predictions-h100.md, "What bounds it"),
 * 10-20 µs, and 20 µs and more, where they agree within 5 % on 98-100 % of the matrices:
 * the classes' edges, µs. */
#define SPMVP_CV_SIZES 3
extern const double spmvp_cv_size_edge[SPMVP_CV_SIZES - 1];
typedef struct spmvp_cv_rank {
    int matrices;     /* matrices with a pick */
    double within5;   /* share whose pick is within 5 % of the best */
    double within20;
    double geomean;   /* geometric mean slowdown (1: always the best) */
    double p90, worst;
    double changed;   /* share of matrices whose pick is not the measured best configuration */
    /* per class of the best measured product (spmvp_cv_size_edge): matrices, and the share
     * whose pick is within 5 % (0 where none) */
    int size_matrices[SPMVP_CV_SIZES];
    double size_within5[SPMVP_CV_SIZES];
} spmvp_cv_rank;
spmvp_cv_rank spmvp_cv_ranking(const spmvp_train_table *t, const spmvp_cv *cv, int m,
                               spmvp_precision k);

/* Each row's measured setup, convert_us + upload_us, as the median over the rows that upload
 * the same arrays: the same matrix, precision and bytes feature, and the same format, or both
 * CSR-scalar and CSR-vector (CSR's arrays as they are, advise.h); work-group sizes and
 * CSR-vector's V change no array. Each setup was timed once, on a host whose allocator and
 * page faults vary from call to call (on the H100's table two configurations of one CSR upload
 * differ by a median of 1.2x, p90 1.5x; a matrix's first configuration is often the slowest),
 * so the median of the repeats is the better measure of what a configuration costs. NaN for
 * rows without setup times. out has t->n values. SPMVP_ERR_NOMEM. */
spmvp_status spmvp_cv_setup_measured(const spmvp_train_table *t, double *out);

/* Advice quality (advise.h), held out: per matrix at precision k, the measured total
 * setup + N x us of the configuration advised by model m's held-out product predictions and
 * the held-out setup predictions setup_pred (t->n, spmvp_setup_cv), over the least measured
 * total of the matrix (the oracle), over the rows with setup times. The measured setup is
 * setup_meas[i] (spmvp_cv_setup_measured), or with setup_meas NULL each row's own timing.
 * m = SPMVP_CV_CSR_VECTOR judges always CSR-vector instead (work-group 256, V by spmvp's rule
 * for the mean row length at warp 32: what a user who does not tune would run), and
 * m = SPMVP_CV_NOISE the pick of the measured setup and the repeated product measurement (the
 * ceiling the product measurements' own noise leaves; setup was measured once). */
#define SPMVP_CV_CSR_VECTOR (-2)
spmvp_cv_rank spmvp_cv_advice(const spmvp_train_table *t, const spmvp_cv *cv, int m,
                              spmvp_precision k, const double *setup_pred,
                              const double *setup_meas, long long N);

/* Another session's look, the noise a repeat within one run does not show: per matrix at
 * precision k, the configuration whose time in alt is least (alt: t->n product times of the
 * same configurations measured in another session, NaN where that session has none), judged
 * on t's own times. With setup_meas NULL it judges the ranking (products); otherwise advice
 * for N products, judged with t's measured setup (setup_meas, spmvp_cv_setup_measured) and
 * chosen with the other session's (alt_setup, the same for that session's table, NaN where it
 * has none: t's then; alt_setup NULL: t's throughout, so that only the products differ, as in
 * SPMVP_CV_NOISE's advice). The repeat is taken within a
 * second of the first batch and shares its state; another session does not: on the H100 two
 * sessions an hour apart agreed on the best of a real matrix within 5 % on 42-45 % of those
 * whose best product is launch-bound (below 8 µs), the repeat on 82 % of all; the same upload
 * in two sessions agreed within 5 % on 12-23 % of rows (docs/solver-h100.md, stop 39). */
spmvp_cv_rank spmvp_cv_session(const spmvp_train_table *t, const double *alt,
                               const double *alt_setup, spmvp_precision k,
                               const double *setup_meas, long long N);

/* The noise floor at precision k: |us_repeat - us| / us over rows with a repeat. */
spmvp_dr_summary spmvp_cv_noise(const spmvp_train_table *t, spmvp_precision k);

#endif
