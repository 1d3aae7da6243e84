/* featvec.h: the feature vector of one configuration (a format under one thread mapping, on
 * one target) that the learned models (seed 004 §3; ours) fit and predict from, and the list
 * of configurations training measures and `rank` ranks.
 *
 * A vector is raw numbers (counts, bytes, lengths); each model transforms them itself (seed
 * 004's linear regression takes logarithms, its KNN min-max normalises). The first twelve
 * entries are seed 004's Table 1 with its "blocksize"; the rest are ours: the work the
 * format's kernels do (format.h's spmvp_work, matrix_features.h) and the locality of x.
 *
 * OpenCL-free. Ownership: nothing here allocates except spmvp_config_list's array, which the
 * caller frees with free(). */
#ifndef SPMVP_FEATVEC_H
#define SPMVP_FEATVEC_H

#include "profile.h"
#include "spmvp_sparse.h"

enum {
    /* seed 004, Table 1 */
    SPMVP_FV_BLOCKSIZE, SPMVP_FV_ROWS, SPMVP_FV_NNZ, SPMVP_FV_MIN_NNZ, SPMVP_FV_MAX_NNZ,
    SPMVP_FV_MODE_NNZ, SPMVP_FV_MEDIAN_NNZ, SPMVP_FV_MIN_DIST, SPMVP_FV_MAX_DIST,
    SPMVP_FV_BANDWIDTH, SPMVP_FV_DISPERSION, SPMVP_FV_DENSITY,
    /* ours */
    SPMVP_FV_COLS,
    SPMVP_FV_LOCKSTEP,    /* lock-step entries: SIMD lanes' steps, idle lanes included */
    SPMVP_FV_CRITICAL,    /* the longest serial chain of one work-item, summed over launches */
    SPMVP_FV_SLOTS,       /* stored entries, padding included */
    SPMVP_FV_BYTES,       /* compulsory bytes of one product under the layout */
    SPMVP_FV_LAUNCHES,    /* kernel launches */
    SPMVP_FV_WORK_ITEMS,  /* work-items over all launches */
    SPMVP_FV_WAVES,       /* sum over launches of ceil(work-items / resident work-items) */
    SPMVP_FV_SECTORS,     /* distinct 32-byte sectors of x over the warp-wide gathers, each
                             priced by the target's gather curve (spmvp_gather_cost: 1 at
                             DRAM, below where x fits a cache) at x's reuse distance: x's
                             bytes plus the format's other bytes x cols / nnz (the matrix
                             streamed between two uses of an element of x); the count itself
                             without a curve */
    SPMVP_FV_LINES,       /* distinct 128-byte lines of x over the warp-wide gathers */
    SPMVP_FV_GROUP_LINES, /* distinct 128-byte lines of x per work-group, summed */
    SPMVP_FV_PARAM,       /* the format's first own mapping parameter (V, K, C, items, B), 0 */
    SPMVP_FV_N
};
#define SPMVP_FV_TABLE1 (SPMVP_FV_DENSITY + 1) /* entries 0.. of seed 004's Table 1 */

/* The names of the entries ("blocksize", "nRows", ...: seed 004's names for Table 1, then
 * "lockstep", "critical", ...): the training table's column heads. */
extern const char *const spmvp_fv_names[SPMVP_FV_N];
/* The entry named `name` (exact), or -1. */
int spmvp_fv_index(const char *name);

/* One configuration: a format and its thread mapping (the work-group size set, the format's
 * own parameters set or auto). */
typedef struct spmvp_config {
    spmvp_format format;
    spmvp_mapping map;
} spmvp_config;

/* The configurations training measures and `rank` ranks for a matrix with statistics s on a
 * device of warp width `warp` and largest work-group max_wg, into a new array *out of *n
 * (free() it). Our choice, documented in README "Training": every format at work-group sizes
 * 64, 128, 256 and 512 (those the device allows) with its own parameters automatic, and at 256
 * every other value a power-of-two parameter of the format may take among 1..64 (CSR-vector's
 * V, SELL's C, ...) within the parameter's range; quick: work-group 256 only, automatic
 * parameters. Both: at 256, each parameter's `variant` (format.h; SELL's 16-bit columns), the
 * rest automatic, whether or not A allows it (its features say). SPMVP_ERR_NOMEM. */
spmvp_status spmvp_config_list(const spmvp_rowlen_stats *s, unsigned warp, size_t max_wg,
                               int quick, spmvp_config **out, int *n);

/* The configuration as text, "wg=256 V=4" (resolved parameters): the training table's key. */
void spmvp_config_label(const spmvp_config *c, const spmvp_rowlen_stats *s, unsigned warp,
                        char *buf, size_t size);

/* The features of A's configuration c on target t (t->wg_size is replaced by c's): Table 1,
 * the format's work under c's mapping resolved, and the locality of x. `table1` and
 * `locality` may be given already computed (they do not depend on the format; locality
 * depends on the work-group size only) or NULL. SPMVP_ERR_UNSUITABLE (with the reason) when
 * the format cannot hold A, SPMVP_ERR_NOMEM. */
spmvp_status spmvp_config_features(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                                   const spmvp_features_target *t, const spmvp_config *c,
                                   const spmvp_table1 *table1, const spmvp_locality *locality,
                                   double x[SPMVP_FV_N]);

/* Feature vectors of many configurations of one matrix: Table 1 once, the locality of x once
 * per work-group size (an O(nnz) pass each), the format's work per configuration. Holds
 * borrowed pointers to A and s; nothing to free. */
typedef struct spmvp_featurizer {
    const spmvp_csr *A;
    const spmvp_rowlen_stats *s;
    spmvp_features_target t;
    spmvp_table1 table1;
    int ncache;
    struct { size_t wg; spmvp_locality loc; } cache[8];
} spmvp_featurizer;

void spmvp_featurizer_init(spmvp_featurizer *z, const spmvp_csr *A, const spmvp_rowlen_stats *s,
                           const spmvp_features_target *t);
/* spmvp_config_features of configuration c with what z has computed already. */
spmvp_status spmvp_featurizer_vector(spmvp_featurizer *z, const spmvp_config *c,
                                     double x[SPMVP_FV_N]);

/* The vector of format f from features F computed by spmvp_features_compute (the mapping and
 * work-group size F was computed at); NaN entries when the format had no numbers there. */
void spmvp_fv_from_features(const spmvp_features *F, spmvp_format f, double x[SPMVP_FV_N]);

/* The target of a profile's device (warp, work-group size min(256, max), resident work-items
 * = compute units x threads per compute unit, local memory, the gather curve of its
 * micro-benchmarks) at values of value_size bytes;
 * an H100's (spmvp_features_target_default) where the profile lacks a number. */
spmvp_features_target spmvp_profile_target(const spmvp_profile *p, size_t value_size);

#endif
