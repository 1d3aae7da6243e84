/* matrix_features.h: features of a matrix that predict SpMV time on a device, in one pass
 * over its CSR (O(nnz) time, O(rows + cols/16 + longest row) extra memory): seed 004's Table 1
 * (Lehnert, Berrendorf, Ecker, Mannuss, "Performance Prediction and Ranking of SpMV Kernels on
 * GPU Architectures", Euro-Par 2016), the work each format's kernels do on a target (the
 * formats' work hooks, format.h), and the locality of the gathers of x. (Not "features.h":
 * model/sparse is on the include path, and that name would shadow glibc's <features.h>.)
 *
 * OpenCL-free: the target is plain numbers the caller fills from a device profile or a live
 * device. Ownership: spmvp_features_compute fills a caller's struct; nothing to free. */
#ifndef SPMVP_MATRIX_FEATURES_H
#define SPMVP_MATRIX_FEATURES_H

#include "format.h"
#include "sparse.h"
#include "stats.h"

/* The gather rate of x against the bytes it spans, as a device measured it (host/ocl's
 * spmvp_microbench_gather; a profile's "microbench.gather"): the cache level x fits decides
 * what one of its sectors costs. */
#define SPMVP_GATHER_MAX_POINTS 32
typedef struct spmvp_gather_curve {
    int n;                                    /* windows measured (0: no curve) */
    double bytes[SPMVP_GATHER_MAX_POINTS];    /* window: the bytes of x the gathers span,
                                                 increasing */
    double ggps[SPMVP_GATHER_MAX_POINTS];     /* 4-byte gathers per second, 10^9 (> 0) */
    double cache_bytes; /* the largest window read at least 1.5x as fast as the largest one
                           (the last cache x fits), 0 when none is */
} spmvp_gather_curve;

/* Whether c's first c->n windows make a curve: 0 if they do; else 1 when window *at is not
 * finite, above 0 and above the window before it, or 2 when its rate is not finite and above
 * 0 (*at the first such window, its bytes checked before its rate). */
int spmvp_gather_curve_check(const spmvp_gather_curve *c, int *at);

/* The last cache x fits: the largest window read at least 1.5x as fast as c's largest
 * (whose gathers go to DRAM when it spans a few times the last cache); 0 when none is. */
double spmvp_gather_cache_bytes(const spmvp_gather_curve *c);

/* What a gather of x costs at a vector of x_bytes against one from DRAM: the rate of c's
 * largest window over the rate at x_bytes, interpolated linearly in log(bytes) and
 * log(rate) between windows and held flat beyond the first and the last; a window's rate is
 * read as at least every larger window's (a dip is noise: a rate cannot rise as x grows). 1
 * when c has fewer than two windows (no curve: every sector priced alike) or x_bytes is not
 * above 0. */
double spmvp_gather_cost(const spmvp_gather_curve *c, double x_bytes);

/* The device the work is counted for (seed 004's "blocksize" is wg_size). */
typedef struct spmvp_features_target {
    unsigned warp;                 /* warp / wavefront width W (> 0) */
    size_t wg_size;                /* work-group size G (> 0) */
    long long resident;            /* work-items resident at once: compute units x threads per
                                      compute unit (> 0) */
    size_t value_size;             /* 4 (float) or 8 (double) */
    unsigned long long local_mem;  /* local memory per work-group, bytes (COO's and
                                      CSR-adaptive's tiles depend on it) */
    spmvp_gather_curve gather;     /* the device's gather curve (n 0: none; featvec.h prices
                                      the sectors of x by it) */
    double l2_pin_bytes;           /* the L2 a product keeps part of its matrix in, 0 where the
                                      device does not pin (format.h, spmvp_l2_pin_fraction) */
    int local_from_l1;             /* local memory comes out of L1 (format.h's spmvp_target) */
} spmvp_features_target;

/* The default target: an H100 (W 32, G 256, 132 x 2048 resident work-items, 48 KiB of local
 * memory, no gather curve) in the given precision. */
spmvp_features_target spmvp_features_target_default(size_t value_size);

/* Seed 004's Table 1, with the paper's names in the comments. Row length = stored entries
 * of a row. Where the paper is vague, the choice is stated. */
typedef struct spmvp_table1 {
    long long rows;        /* nRows */
    long long cols;        /* columns (the paper's matrices are square) */
    long long nnz;         /* nnz: stored entries, explicit zeros included */
    long long min_nnz;     /* minNnz: the shortest row */
    long long max_nnz;     /* maxNnz: the longest row */
    long long mode_nnz;    /* modeNnz: the most frequent row length, the smallest on ties */
    double median_nnz;     /* medianNnz: the median row length; for an even number of rows the
                              mean of the two middle ones (so it may end in .5) */
    long long min_dist;    /* minDist: the least column distance between consecutive entries of
                              a row, col[k+1] - col[k], over every row with two or more entries
                              (0 when no row has two); >= 1 since columns are unique */
    long long max_dist;    /* maxDist: the greatest such distance (0 when no row has two) */
    long long bandwidth;   /* bandwidth: max |col - row| over the entries ("the maximum distance
                              of non-zero elements from the diagonal"); 0 without entries */
    double dispersion;     /* dispersion: the population standard deviation of the row
                              lengths (divides by nRows) */
    double density;        /* density: nnz / (rows x cols); 0 for an empty shape */
} spmvp_table1;

/* The work of one product in one format under its resolved mapping (format.h's spmvp_work,
 * plus what the target makes of it). */
typedef struct spmvp_format_features {
    spmvp_status state;         /* SPMVP_OK, else why there are no numbers (reason) */
    char reason[160];
    spmvp_mapping map;          /* the resolved mapping */
    char params[64];            /* its label: "V=2", "K=5", "" */
    spmvp_work work;            /* lock-step entries, critical path, slots, bytes, launches */
    long long work_items;       /* sum of the launches' work-items (whole work-groups) */
    long long waves;            /* sum over launches of ceil(work-items / resident): how many
                                   times the device is filled */
    double lockstep_ratio;      /* lockstep_entries / nnz: 1 is no idle lane (0 without entries) */
} spmvp_format_features;

/* Locality of x, measured for the row-per-work-item mapping (CSR-scalar; also ELL's, ELL-R's,
 * HYB's ELL part and, after their sorting, JAD's and SELL's): warp k's lanes take rows kW..kW+W-1
 * and gather step j loads x[col] of entry j of each of those rows that has one. That mapping's
 * gathers spread over W rows, so they tell a stencil (neighbouring rows, neighbouring columns:
 * few sectors) from a scattered matrix of the same shape; CSR-vector's gathers walk one row's
 * sorted columns and are coalesced for both. x[c] sits at byte c x value_size. */
typedef struct spmvp_locality {
    long long gathers;        /* warp-wide gather steps (with at least one active lane) */
    long long entries;        /* their loads: nnz */
    long long sectors;        /* sum over gathers of distinct 32-byte sectors of x touched */
    long long lines;          /* sum over gathers of distinct 128-byte lines of x touched */
    long long group_lines;    /* sum over work-groups (G consecutive rows) of distinct 128-byte
                                 lines of x their entries touch: what L1/L2 must hold for reuse */
    double sectors_per_gather; /* sectors / gathers (1 .. W; W x value_size / 32 for a gather
                                  of W consecutive columns) */
    double sectors_per_entry;  /* sectors / entries */
    double lines_per_entry;    /* lines / entries */
    double group_lines_per_entry; /* group_lines / entries: 1 - the reuse within a work-group */
    /* The part of x (0 .. 1) that rows read at once when V work-items take each row and the
     * rows move in lock-step, a step of V entries each (V = 2^i, i < SPMVP_WINDOW_NV): over the
     * first wave of rows (the target's resident work-items / V), 4 standard deviations of the
     * columns read at each step, averaged over the steps by their entries, at most 1. Sorted
     * rows of similar lengths read their j-th entries near j / length of the way through x
     * (order statistics), so a lock-step sweep reuses a window of x far smaller than x: on the
     * H200, ELL-R (V = 1, window 0.17) read rows of 81 random columns with x of 470 KB in 0.41x
     * CSR-vector's time (V = 32, window 0.44; docs/data/h100-kernels/stop55/). featvec.c
     * prices the sectors of x at this part of x's reuse window for the formats whose work
     * says they sweep (format.h's gather_lanes). */
#define SPMVP_WINDOW_NV 7
    double window[SPMVP_WINDOW_NV];
} spmvp_locality;

/* l's window for `lanes` work-items a row (matrix_features.h's spmvp_locality): 1 (all of x)
 * for lanes <= 0, a format whose gathers do not sweep; lanes above 2^(SPMVP_WINDOW_NV - 1)
 * read as that. */
double spmvp_locality_window(const spmvp_locality *l, int lanes);

typedef struct spmvp_features {
    spmvp_features_target target;
    spmvp_table1 table1;
    spmvp_format_features format[SPMVP_NFORMATS]; /* by spmvp_format id */
    spmvp_locality locality;
} spmvp_features;

/* Computes every feature of A on target t; each format's mapping is m's (NULL: all auto),
 * resolved from A's statistics. A format that plan would refuse gets its state and reason and
 * the others still run. SPMVP_ERR_ARG for a bad target, SPMVP_ERR_NOMEM (the host budget,
 * budget.h, or malloc) with the message recorded. */
spmvp_status spmvp_features_compute(const spmvp_csr *A, const spmvp_features_target *t,
                                    const spmvp_mapping *m, spmvp_features *out);

/* The pieces (for tests, and for featvec.h's per-configuration vectors): Table 1 from A and
 * its statistics; one format's work under mapping m (NULL: auto), resolved from s, with the
 * waves from t's resident work-items (o->state and reason say why there are no numbers);
 * locality on t. */
void spmvp_table1_compute(const spmvp_csr *A, const spmvp_rowlen_stats *s, spmvp_table1 *out);
void spmvp_format_features_compute(spmvp_format f, const spmvp_csr *A, const spmvp_rowlen_stats *s,
                                   const spmvp_features_target *t, const spmvp_mapping *m,
                                   spmvp_format_features *o);
spmvp_status spmvp_locality_compute(const spmvp_csr *A, const spmvp_features_target *t,
                                    spmvp_locality *out);
/* The one part of a locality that depends on the work-group size, its group_lines and
 * group_lines_per_entry, computed again in *o for t's wg_size (the rest of *o, of any size, is
 * kept): so that the features of several sizes pass over A's gathers and windows once.
 * SPMVP_ERR_NOMEM as spmvp_locality_compute. */
spmvp_status spmvp_locality_regroup(const spmvp_csr *A, const spmvp_features_target *t,
                                    spmvp_locality *o);

#endif
