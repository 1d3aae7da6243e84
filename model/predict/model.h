/* model.h: the prediction-model interface. A model (or a family of models that share a fit,
 * as seed 000's three strip models do) is one const descriptor of function pointers in its
 * own file, listed once in models.c; profile.c, predict_all.c and every command loop over
 * that list and never name a model (as PETSc's MatOps and SQLite's sqlite3_module).
 *
 * A descriptor predicts one or more "models" (its variants: the columns of every output, in
 * registry order: fixed, normal, uniform, pmf, pmf-cal). Model ids 0..spmvp_model_count()-1
 * index spmvp_prediction's arrays.
 *
 * Ownership: descriptors are static and const. The parts of a profile a descriptor declares
 * (root_size, prec_size) are plain data the profile allocates zeroed and frees; the state a
 * predictor prepares (state_size) is allocated and freed by the predictor (predict_all.h).
 * Every hook may be NULL where the model has nothing to do. */
#ifndef SPMVP_MODEL_H
#define SPMVP_MODEL_H

#include <cjson/cJSON.h>
#include <stdio.h>

#include "calib.h"
#include "featvec.h"
#include "profile.h"
#include "profile_json.h"
#include "spmvp_sparse.h"
#include "train_table.h"

#define SPMVP_MODEL_VERSION 3   /* the descriptor layout below (1: without the learned hooks,
                                   2: without the derived ones) */
#define SPMVP_MODEL_VARIANTS 3  /* most models one descriptor predicts */
#define SPMVP_MODELS_MAX 16     /* most models in all (spmvp_model_count() <= this) */

/* Variant flags. */
enum {
    SPMVP_MODEL_COMPARE_DEFAULT = 1, /* `compare`'s model when --model is not given */
    SPMVP_MODEL_SHOWS_DTT = 2,       /* its predict --json entries carry the data transfer time */
    SPMVP_MODEL_TRUST_GPU = 4,       /* the model predict recommends on a GPU profile */
    SPMVP_MODEL_TRUST_CPU = 8        /* ... and on a CPU (or other) profile */
};

typedef struct spmvp_prediction {
    double us[SPMVP_NFORMATS][SPMVP_MODELS_MAX]; /* predicted µs, finite and > 0; NaN: no
                                                    model for it, or out of its range */
    unsigned char out_of_range[SPMVP_NFORMATS][SPMVP_MODELS_MAX]; /* 1: the model gave a time
                                  that is no time (<= 0 or not finite: a line extrapolated
                                  outside its calibrated range); us is NaN then */
    double dtt_us[SPMVP_NFORMATS]; /* data transfer time, µs, of the model with a dtt_key
                                      (seed 002 eqs 25, 31, 38, 45); NaN where none */
    spmvp_mapping map;             /* the thread mapping predicted at: bench's automatic
                                      choice for each format (spmvp_format_resolve) */
    int best[SPMVP_MODELS_MAX];    /* fastest format per model among positive predictions,
                                      -1 if none */
    int rule_pick;                 /* a format a model picks by a rule of its own rather than
                                      the smallest time (seed 002's Algorithm 1), -1 none */
    int trusted;                   /* the model whose pick predict recommends (-1: no model
                                      picks): spmvp_predict_all's rule (a trained profile's
                                      best cross-validated model, else the TRUST flags) */
} spmvp_prediction;

/* What the strip models' training plan (seed 000's grid) is drawn for. */
typedef struct spmvp_plan_options {
    size_t value_size;  /* 4 or 8 */
    int quick;          /* the documented subset of the grid */
    long long max_nnz;  /* points with more non-zeros are skipped with a note (0: default) */
} spmvp_plan_options;

typedef struct spmvp_model {
    int version;        /* SPMVP_MODEL_VERSION */
    int nvariants;      /* 1..SPMVP_MODEL_VARIANTS */
    struct spmvp_model_variant {
        const char *name;  /* "fixed": --model, JSON keys, column heads */
        const char *label; /* "Guo-Wang (fixed)": tables */
        unsigned flags;    /* SPMVP_MODEL_* */
        const char *why;   /* why it is trusted where a TRUST flag says so (evidence), or NULL */
    } variant[SPMVP_MODEL_VARIANTS];
    const char *help;   /* its line in predict's usage */
    const char *legend; /* its part of predict's "models" paragraph (with its own line breaks) */
    const char *dtt_key; /* the column of spmvp_prediction.dtt_us it fills ("pmf_dtt_us"), or NULL */

    /* ---- its parts of the device profile (schema in devices/README.md) ---- */
    size_t root_size, prec_size; /* bytes of its root-level and per-precision parts (0: none) */
    /* Reads its members of the root object into part (zeroed); an absent optional member is
     * no error. Errors: SPMVP_ERR_PARSE "NAME: json.path: problem" (profile_json.h). */
    spmvp_status (*read_root)(const spmvp_json_reader *r, const cJSON *root, void *part);
    void (*write_root)(spmvp_json_writer *w, cJSON *root, const void *part);
    /* The same for one precision's object `obj` at JSON path `at` ("precisions.single"); c is
     * that precision's calibration (its points not read yet), which the strip models fill. */
    spmvp_status (*read_prec)(const spmvp_json_reader *r, const cJSON *obj, const char *at,
                              spmvp_calib *c, void *part);
    void (*write_prec)(spmvp_json_writer *w, cJSON *obj, const spmvp_calib *c, const void *part);

    /* ---- training ---- */
    /* Appends the points to measure on device d to plan (points with time_us and nnz 0), in
     * the model's order; points over the limit are counted in *skipped and named on notes. */
    spmvp_status (*plan)(const spmvp_device_params *d, const spmvp_plan_options *o,
                         spmvp_calib *plan, FILE *notes, int *skipped);
    /* Fits precision k of p from its calibration points (calibrate, refit), with progress
     * lines on notes. A failure is the command's failure; what cannot be had is a note. */
    spmvp_status (*fit)(spmvp_profile *p, spmvp_precision k, FILE *notes);

    /* ---- prediction ---- */
    size_t state_size; /* bytes of what prepare keeps for predict */
    /* Fills state for precision k of p; 1 when the model can predict, else 0 with why in
     * note[note_size] (state still filled as far as it goes). */
    int (*prepare)(const spmvp_profile *p, spmvp_precision k, void *state, char *note,
                   size_t note_size);
    /* Sets out->us[f][first + j] for its variants j (NaN stays where it has no model), and
     * dtt_us, rule_pick if it has them. Only SPMVP_ERR_NOMEM may fail. */
    spmvp_status (*predict)(const void *state, const spmvp_rowlen_stats *s,
                            const spmvp_mapping *map, int first, spmvp_prediction *out);

    /* ---- reports ---- */
    /* predict's lines before the table (what it predicts with, or why it cannot). */
    void (*print_info)(const void *state, int available, const char *note, spmvp_precision k,
                       FILE *out);
    /* predict's lines after the picks. */
    void (*print_after)(const void *state, const spmvp_prediction *pr, FILE *out);
    /* predict --json: its members of the document, after "best". */
    void (*add_json)(const void *state, int available, const char *note,
                     const spmvp_prediction *pr, cJSON *doc);
    /* compare: its device-level parameters, then (after every model's) its fitted
     * coefficients, of two profiles side by side. */
    void (*describe_device)(const void *const state[2], const int available[2], FILE *out);
    void (*describe_fit)(const void *const state[2], const int available[2], FILE *out);

    /* ---- version 2: models learned from a training table (train_table.h, featvec.h) ----
     * A learned model keeps what it learned in its per-precision part (prec_size bytes, read
     * and written by read_prec/write_prec); `spmvp train` and `spmvp cv` fit it with
     * fit_table, and predict_all, rank and cv predict through predict_vec. */
    /* Fits prec_part (zeroed, or emptied by free_prec) from the rows of t at precision k whose
     * use[i] is non-zero (use NULL: every row), one model per format (and per whatever the
     * model distinguishes); a format with too few rows stays without one. One line per format
     * on notes (may be NULL). SPMVP_ERR_NOMEM; a library's failure with its message. */
    spmvp_status (*fit_table)(const spmvp_train_table *t, const unsigned char *use,
                              spmvp_precision k, void *prec_part, FILE *notes);
    /* Variant j's predicted µs for the configuration of format f with features x
     * (SPMVP_FV_N raw values); NaN when the part has no model for f. Thread-compatible. */
    double (*predict_vec)(const void *prec_part, int variant, spmvp_format f, const double *x);
    /* Frees what a part holds beyond plain data (a booster) and zeroes it; NULL: nothing. The
     * profile calls it before freeing the part. */
    void (*free_prec)(void *prec_part);
    /* Whether the part has a model for any format. A learned model sets this instead of
     * prepare and state_size: the predictor's state is then a pointer to the part
     * (`*(const T *const *)state` in print_info), available when fitted says so. */
    int (*fitted)(const void *prec_part);

    /* ---- version 3: models derived from others' predictions ----
     * A derived model has no part, no fit and no state: its prediction of a configuration is
     * a function of its members' predictions of the same configuration. members names them
     * (variants of earlier descriptors in the registry, NULL-terminated); it can predict where
     * all of them can. combine gets their predictions in that order (NaN where one has none)
     * and returns variant j's µs, or NaN. predict_all, rank and cv compute it after its
     * members (spmvp_model_combine). */
    const char *const *members;
    double (*combine)(const double *member_us, int nmembers, int variant);
} spmvp_model;

/* ---- the registry (models.c) ---- */

/* The descriptors in registry order (i < spmvp_model_families()), and the index of m (-1). */
int spmvp_model_families(void);
const spmvp_model *spmvp_model_family(int i);
int spmvp_model_family_index(const spmvp_model *m);
/* The model id of family i's first variant, and the index of the family whose variants
 * include model id m (-1 for none). */
int spmvp_model_first(int i);
int spmvp_model_family_of(int m);

/* The models (variants) of all descriptors: their number, and by id: "fixed", ... ("?" out
 * of range); parse gives -1 for an unknown name. */
int spmvp_model_count(void);
const char *spmvp_model_name(int m);
const char *spmvp_model_label(int m);
unsigned spmvp_model_flags(int m);
int spmvp_model_parse(const char *name);
/* The evidence for trusting model m (its variant's why), or "". */
const char *spmvp_model_why(int m);
/* Derived descriptor m's variant j from us[id], every model id's prediction of one
 * configuration (SPMVP_MODELS_MAX values): its members' values passed to its combine. NaN for
 * a descriptor that is not derived or names a model that does not exist. */
double spmvp_model_combine(const spmvp_model *m, int variant, const double *us);
/* Whether every member of derived descriptor m is a variant of a descriptor before it, and
 * available[] (by registry index) says each member's descriptor can predict; 0 otherwise. */
int spmvp_model_members_available(const spmvp_model *m, const int *available);

/* The first model flagged SPMVP_MODEL_COMPARE_DEFAULT (0 if none). */
int spmvp_model_default(void);
/* The dtt_key of the first descriptor with one, or NULL. */
const char *spmvp_model_dtt_key(void);
/* The names joined as "fixed, normal, uniform, pmf or pmf-cal" (sep ", ", last " or ") or
 * "fixed|normal|..." (sep and last "|") into buf[size]; returns buf. */
char *spmvp_model_names(char *buf, size_t size, const char *sep, const char *last);

#endif
