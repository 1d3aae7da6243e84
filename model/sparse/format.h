/* format.h: the table of SpMV formats. One const descriptor per format says everything the
 * rest of spmvp needs to know of it: its name, its thread-mapping parameters and their
 * defaults, and how to turn a CSR matrix into a device plan (the arrays to upload, the kernels
 * to launch over them, its bytes). bench, calibrate, predict, evaluate and the models loop over
 * the table and never name a format; host/ocl/spmv.c runs any plan.
 *
 * Adding a format: its conversion from CSR and its plan in a file of model/sparse/ (which
 * defines `const spmvp_format_desc spmvp_format_NAME`), its kernel in cl/, and one id below
 * plus one row in format.c's table. Nothing else changes.
 *
 * OpenCL-free: a plan is data (host arrays, kernel names, arguments), so formats are testable
 * without a device. Ownership: a plan filled by spmvp_format_plan owns the converted matrix its
 * arrays point into; spmvp_plan_release frees it (and accepts a zeroed plan). Arrays a format
 * takes as they are point into A itself (CSR's three, COO's column indices and values): A must
 * outlive the plan. */
#ifndef SPMVP_FORMAT_H
#define SPMVP_FORMAT_H

#include <stddef.h>

#include "sparse.h"
#include "stats.h"

/* Format ids: indices of the table (format.c), in the order of every output. */
typedef enum spmvp_format {
    SPMVP_CSR_SCALAR, SPMVP_CSR_VECTOR, SPMVP_ELL, SPMVP_JAD, SPMVP_COO, SPMVP_HYB,
    SPMVP_ELLR, SPMVP_SELL, SPMVP_BRC, /* the seeds' other formats: ellr.h, sell.h, brc.h */
    SPMVP_CSR_ADAPTIVE,                /* load-balanced CSR (ours): csr_adaptive.h */
    SPMVP_NFORMATS
} spmvp_format;

/* A thread mapping: the parameters a format's kernels run with. Each format reads the members
 * it has and ignores the others; "auto" values are resolved by the format (spmvp_format_resolve). */
typedef struct spmvp_mapping {
    int wg_size;      /* work-items per work-group; 0: 256 (clamped to the device) */
    int vector_width; /* CSR-vector work-items per row; 0: spmvp_vector_width_auto */
    int hyb_width;    /* HYB's ELL width K; -1: spmvp_hyb_width_from_hist (CUSP-like rule) */
    int coo_items;    /* COO entries per work-item of a tile; 0: 4 (fewer if local memory is short) */
    int adaptive_items; /* CSR-adaptive entries per work-item of a row block; 0: 8 (idem) */
    int sell_c;       /* SELL-C-sigma chunk height C, a power of two; 0: the warp width */
    int sell_sigma;   /* SELL-C-sigma sorting window sigma in rows; 0: 128*C */
    int sell_t;       /* SELL-C-sigma work-items per row T, a power of two; 0: spmvp_sell_t_auto */
    int sell_idx;     /* SELL-C-sigma column bits on the device, 16 (offsets from the row, for
                         columns within 32767 of their rows) or 32; 0: 32 */
    int brc_block;    /* BRC block size B (entries per row in a tile); 0: spmvp_brc_block_model */
} spmvp_mapping;

/* A thread-mapping parameter a format declares: the command line offers it as --NAME, help
 * shows its meaning and default, and its value is the int at `offset` in spmvp_mapping. */
typedef struct spmvp_mapping_param {
    const char *name;  /* "vector-width" */
    const char *metavar; /* "V": the value's name in help */
    const char *help;  /* "CSR-vector work-items per row, a power of two" */
    const char *def;   /* the automatic choice, as help shows it */
    size_t offset;     /* offsetof(spmvp_mapping, member) */
    long lo, hi;       /* accepted values */
    int pow2;          /* 1: a power of two */
    int variant;       /* a value that training measures and rank ranks besides the automatic
                          one, at work-group 256, quick too (featvec.h): a switch whose better
                          side depends on the device, such as SELL's 16-bit columns; 0: none */
} spmvp_mapping_param;

/* The mapping with every member on "auto". */
spmvp_mapping spmvp_mapping_auto(void);

/* What a plan may assume of the device it will run on. */
typedef struct spmvp_target {
    size_t value_size;         /* 4 (float) or 8 (double) */
    size_t wg_size;            /* the work-group size, already clamped to the device */
    unsigned warp;             /* warp / wavefront width */
    unsigned long long local_mem; /* bytes of local memory per work-group */
    unsigned compute_units;    /* compute units that COO's tiles fill with persistent work-groups
                                  (model/sparse/coo.c); 0: a work-group per tile */
    int local_from_l1;         /* 1 where a work-group's local memory comes out of the L1 that
                                  caches x (NVIDIA from compute capability 7.0): CSR-adaptive
                                  then halves a share its blocks use at most half of
                                  (csr_adaptive.h's SPMVP_ADAPTIVE_LEAN_FILL) */
} spmvp_target;

/* ---- device plans ---- */

#define SPMVP_PLAN_MAX_ARRAYS 12  /* HYB: 2 ELL + 5 COO arrays; BRC 11 */
#define SPMVP_PLAN_MAX_LAUNCHES 8 /* COO: zero y, tiles, up to 5 levels of carries (2^31 entries
                                     in tiles of 64 or more) */
#define SPMVP_PLAN_MAX_ARGS 20 /* BRC: 18 */

typedef enum spmvp_array_kind {
    SPMVP_ARRAY_INDEX,   /* spmvp_idx host[n], uploaded; read-only on the device but for the
                            one-launch counters (COO, CSR-adaptive, BRC), which the kernels
                            return to 0 after each product */
    SPMVP_ARRAY_VALUE,   /* double host[n], converted to the device precision, read-only */
    SPMVP_ARRAY_SCRATCH, /* n values of device precision, read-write, no host data */
    SPMVP_ARRAY_INDEX16  /* int16_t host[n], uploaded as is, read-only */
} spmvp_array_kind;

typedef struct spmvp_plan_array {
    const char *what;      /* "ELL column indices": named when it does not fit the device */
    spmvp_array_kind kind;
    const void *host;      /* the data (not owned by the array; by the plan), NULL for scratch */
    size_t n;              /* elements */
} spmvp_plan_array;

/* A kernel argument: an int, one of the plan's arrays, or the vectors x and y. An array
 * argument reaches the kernel as the array's byte offset into the plan's packed buffer
 * (spmvp_plan_pack below), a `const ulong`; a launch with array arguments also receives the
 * packed buffer itself as its first argument, before the plan's arguments. */
typedef enum spmvp_arg_kind { SPMVP_ARG_INT, SPMVP_ARG_ARRAY, SPMVP_ARG_X, SPMVP_ARG_Y } spmvp_arg_kind;
typedef struct spmvp_plan_arg {
    spmvp_arg_kind kind;
    int value;             /* the int, or the array's index in the plan */
} spmvp_plan_arg;

typedef struct spmvp_plan_launch {
    const char *file;      /* kernel source in cl/, "ell.cl" */
    const char *kernel;    /* entry point, "spmv_ell" */
    char options[96];      /* build options beyond the value and index types ("-DWG_SIZE=256") */
    size_t items;          /* work-items, rounded up to a multiple of the work-group size */
    int nargs;
    spmvp_plan_arg arg[SPMVP_PLAN_MAX_ARGS];
} spmvp_plan_launch;

/* A matrix in one format, ready to upload and launch: one product y = A*x runs the launches
 * in order. */
typedef struct spmvp_plan {
    int narrays, nlaunches;
    spmvp_plan_array array[SPMVP_PLAN_MAX_ARRAYS];
    spmvp_plan_launch launch[SPMVP_PLAN_MAX_LAUNCHES];
    size_t footprint;      /* device bytes: the arrays plus x and y (the format's bytes model) */
    char params[96];       /* the parameters chosen, for people: "V=2", "K=5, 1234 in COO" */
    int l2_pin;            /* the kernels' streaming loads (cl/prelude.cl's SPMVP_LD_*) may
                              keep part of the matrix in L2: where a product passes
                              SPMVP_L2_PIN_FROM of it, host/ocl/spmv.c builds them with
                              SPMVP_PIN */
    void *owned;           /* the converted matrix the arrays point into (freed by release) */
    void (*release)(void *owned);
} spmvp_plan;

/* Plan builders' helpers: add an array (its index), a launch (its pointer, arguments to be
 * appended with spmvp_plan_arg_*), an argument. Capacity is the builder's to respect. */
int spmvp_plan_add_array(spmvp_plan *p, const char *what, spmvp_array_kind kind, const void *host,
                         size_t n);
spmvp_plan_launch *spmvp_plan_add_launch(spmvp_plan *p, const char *file, const char *kernel,
                                         size_t items, size_t wg);
void spmvp_plan_arg_int(spmvp_plan_launch *l, long long v);
void spmvp_plan_arg_array(spmvp_plan_launch *l, int array);
void spmvp_plan_arg_x(spmvp_plan_launch *l);
void spmvp_plan_arg_y(spmvp_plan_launch *l);
/* Frees what the plan owns and zeroes it; accepts a zeroed plan. */
void spmvp_plan_release(spmvp_plan *p);

/* ---- the packed device buffer ----
 *
 * host/ocl/spmv.c uploads all of a plan's arrays into ONE device buffer, each at a byte offset
 * that is a multiple of SPMVP_PLAN_ALIGN (a 128-byte cache line, which also aligns doubles),
 * and passes kernels that buffer plus the offsets (integers) instead of one cl_mem per
 * array. Why: on an H100 through NVIDIA's OpenCL (driver 580) every cl_mem kernel argument
 * added about 0.35-0.4 µs to a launch (6 buffer arguments 6.6-7.9 µs, the same work with one
 * buffer and integer offsets 5.1-5.5, an empty kernel 4.9), and most real matrices are small
 * enough that a product (5-7 µs) is bound by its launch. x and y stay buffers of their own:
 * callers bring their own (spmvp_spmv_enqueue_on). */
#define SPMVP_PLAN_ALIGN 128

typedef struct spmvp_plan_layout {
    size_t offset[SPMVP_PLAN_MAX_ARRAYS]; /* array i's byte offset, a multiple of
                                             SPMVP_PLAN_ALIGN (size narrays) */
    size_t bytes[SPMVP_PLAN_MAX_ARRAYS];  /* array i's bytes on the device: n x
                                             spmvp_plan_array_elem */
    size_t total;                         /* the packed buffer's bytes, a multiple of
                                             SPMVP_PLAN_ALIGN (0 for a plan without arrays) */
} spmvp_plan_layout;

/* Bytes of one element of a on the device: 4 for indices, 2 for 16-bit ones, value_size for
 * values and scratch. */
size_t spmvp_plan_array_elem(const spmvp_plan_array *a, size_t value_size);

/* Lays out p's arrays in one buffer for values of value_size bytes: in plan order, each at the
 * first multiple of SPMVP_PLAN_ALIGN past the end of the one before; an empty array still takes
 * an aligned slot of its own, so no two arrays share an offset. *out is zeroed first.
 * SPMVP_ERR_UNSUITABLE, with a one-line reason naming the bytes and the limit, when an array
 * or the whole buffer needs more than max_bytes (the device's CL_DEVICE_MAX_MEM_ALLOC_SIZE) or
 * than size_t holds; SPMVP_ERR_ARG for value_size other than 4 or 8. */
spmvp_status spmvp_plan_pack(const spmvp_plan *p, size_t value_size, unsigned long long max_bytes,
                             spmvp_plan_layout *out);

/* f[i] = (float)a[i] for i < n: how a host uploads a plan's values in single precision, a
 * chunk at a time (host/ocl/spmv.c). On OpenMP's threads from SPMVP_NARROW_PAR_MIN values, not
 * from the conversions' SPMVP_PAR_MIN (plan_parts.h): on some of the H100's hosts a parallel
 * loop stalled 2-12 ms whatever its size (stop 40, docs/solver-h100.md), and narrowing 2^20
 * values takes about 1 ms on one thread, so below that threads cannot win that back. f and a
 * must not overlap. */
#define SPMVP_NARROW_PAR_MIN ((size_t)1 << 20)
void spmvp_narrow_values(float *f, const double *a, size_t n);

/* ---- the work of one product ---- */

/* What one product y = A*x makes a device do in a format under a resolved mapping, counted
 * exactly from the CSR without converting it (matrix_features.h uses it; each format's hook
 * cites its kernel). A "step" is one matrix entry (or one partial sum of a second pass) that
 * a work-item handles in its serial loop; tree reductions and scans (log2 steps) are not
 * counted. */
typedef struct spmvp_work {
    long long lockstep_entries; /* sum over warps of warp width x the warp's most steps, launch
                                   by launch: what the SIMD lanes spend, idle lanes included */
    long long critical_path;    /* the most steps one work-item takes, summed over launches
                                   that depend on each other */
    long long slots;            /* entries stored, padding included (nnz without padding) */
    long long bytes;            /* the layout's arrays, x and y once each, plus scratch written
                                   and read back: the compulsory traffic of one product */
    int launches;               /* kernel launches */
    long long items[SPMVP_PLAN_MAX_LAUNCHES]; /* work-items of each launch (whole work-groups) */
    int l2_pin;                 /* the kernels keep part of the matrix in L2 where a product
                                   passes SPMVP_L2_PIN_FROM of it, as the plan's l2_pin */
    int gather_lanes;           /* work-items a row when the rows of a warp and its neighbours
                                   move through their entries in lock-step, a step each (a
                                   row per work-item: 1): their gathers sweep x together, in
                                   matrix_features.h's window; 0 when entries are read in
                                   storage order, as COO's tiles (x's reuse window whole) */
} spmvp_work;

/* Keeping part of the matrix in L2 (cl/prelude.cl's SPMVP_PIN; host/ocl/spmv.c builds with
 * it, featvec.c takes the part kept out of a product's bytes): of a product whose arrays
 * (`matrix` bytes) and x and y (`vectors`) exceed `from` of the L2 of `l2_bytes`, the
 * fraction of the matrix that fits beside the vectors in `share` of the L2, rounded down to
 * 1/32 (so that a device builds a program at a few fractions, not one per matrix); 0 when the
 * product fits within `from` of the L2, when nothing fits beside the vectors, or when
 * l2_bytes is 0 (a device that does not pin). Half the L2, SPMVP_L2_PIN_SHARE: an H100 sweep
 * (docs/data/h100-pin/) found SELL fastest with the kept part and the vectors near 25 MB of
 * the 50 MiB, and slower than not pinning past about 35 MB. From SPMVP_L2_PIN_FROM of the L2:
 * a back-to-back sweep of a product a little smaller than the L2 does not find it there, as
 * the L2 is not one LRU cache of its nominal size; pinning half and streaming the rest from
 * below it is faster (docs/data/h100-kernels/stop57/). */
#define SPMVP_L2_PIN_SHARE 0.5
#define SPMVP_L2_PIN_FROM 0.8
double spmvp_l2_pin_fraction(double l2_bytes, double share, double from, double matrix,
                             double vectors);

/* ---- the descriptor ---- */

typedef struct spmvp_format_desc {
    int version;           /* 1: the members up to params; 2: work as well; 3: kernels and
                              revision as well */
    const char *name;      /* "csr_vector": command line, JSON, profiles */
    const char *label;     /* "CSR-vector": for people */
    /* Fills the auto members of *m that this format uses from the row statistics s and the
     * warp width; NULL when the format has no parameter of its own. */
    void (*resolve)(const spmvp_rowlen_stats *s, unsigned warp, spmvp_mapping *m);
    /* Writes the format's own mapping parameters ("V=2", "K=5"; "" when it has none) into
     * buf[size]; NULL when it has none. */
    void (*mapping_label)(const spmvp_mapping *m, char *buf, size_t size);
    /* Converts A and fills *out (zeroed by the caller) for mapping m (its auto members are
     * resolved here, from A) on target t. SPMVP_ERR_UNSUITABLE with the reason when the
     * format cannot hold A (indices past 32 bits, local memory), SPMVP_ERR_ARG for a mapping
     * it cannot run, SPMVP_ERR_NOMEM; *out is released on failure. */
    spmvp_status (*plan)(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                         spmvp_plan *out);
    /* The format's own mapping parameters, ended by {NULL} (NULL: none). */
    const spmvp_mapping_param *params;
    /* (version 2) Fills *w (zeroed by the caller) with the work of one product of A under the
     * resolved mapping m on target t, from A and its statistics s in O(nnz) time and
     * O(rows + longest row) memory, without converting A: what the kernels and the plan
     * would do. SPMVP_ERR_UNSUITABLE when plan would refuse A; NULL: not known. */
    spmvp_status (*work)(const spmvp_csr *A, const spmvp_rowlen_stats *s, const spmvp_mapping *m,
                         const spmvp_target *t, spmvp_work *w);
    /* (version 3) The kernel sources in cl/ that the plans launch, NULL-ended (cl/prelude.cl,
     * which every program includes, is not named): with `revision`, what the digest of the
     * format's kernels is made of (host/ocl/kernel_digest.h), which the training table records
     * with every row it measures. */
    const char *const *kernels;
    /* (version 3) Raised by one when a change to the plan alters what the kernels do while
     * their source stays the same (a host-side choice, such as CSR-adaptive's lean share or
     * COO's persistent groups): such a change leaves older measurements stale as a kernel
     * change does. 1 from the first digest (2026-11-28). */
    int revision;
} spmvp_format_desc;

/* The work of format f (see spmvp_work and the work hook): SPMVP_ERR_ARG for an unknown
 * format or one without a work hook; *w zeroed first. m must be resolved. */
spmvp_status spmvp_format_work(spmvp_format f, const spmvp_csr *A, const spmvp_rowlen_stats *s,
                               const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w);

/* The descriptor of format f, or NULL when f is out of range. */
const spmvp_format_desc *spmvp_format_get(spmvp_format f);
/* "csr_scalar", "csr_vector", "ell", "jad", "coo", "hyb", "csr_adaptive" ("?" when out of
 * range). */
const char *spmvp_format_name(spmvp_format f);
/* The format named `name` in any case ("ELL" is "ell"), or -1. */
int spmvp_format_parse(const char *name);
/* The names of every format, joined by `sep` into buf[size] ("csr_scalar, csr_vector, ..."). */
void spmvp_format_list(const char *sep, char *buf, size_t size);

/* Every mapping parameter of every format, each name once, in table order: *n of them. */
const spmvp_mapping_param *const *spmvp_mapping_params(size_t *n);
/* The int of parameter p in *m. */
int *spmvp_mapping_value(spmvp_mapping *m, const spmvp_mapping_param *p);

/* Resolves the auto members of *m that format f uses (see resolve above). */
void spmvp_format_resolve(spmvp_format f, const spmvp_rowlen_stats *s, unsigned warp,
                          spmvp_mapping *m);
/* Format f's mapping parameters as text ("" when it has none). */
void spmvp_format_mapping_label(spmvp_format f, const spmvp_mapping *m, char *buf, size_t size);
/* Plans A in format f: spmvp_format_get(f)->plan with *out zeroed first; SPMVP_ERR_ARG for an
 * unknown format. */
spmvp_status spmvp_format_plan(spmvp_format f, const spmvp_csr *A, const spmvp_mapping *m,
                               const spmvp_target *t, spmvp_plan *out);

/* CSR-vector's default width: the largest power of two <= mean row length / 2, in
 * [1, warp]. A row of ~7 entries then gets 2 work-items, not the paper's half-warp (on an
 * H100 a 7-point stencil runs 2.6x slower with 16 per row than with 2: docs/bench-h100.md). */
int spmvp_vector_width_auto(const spmvp_csr *A, unsigned warp);
/* The same from the mean row length. */
int spmvp_vector_width_for_mean(double mean, unsigned warp);

#endif
