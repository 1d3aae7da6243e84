/* profile.h: device profiles (JSON files under devices/): what the device query, the
 * micro-benchmarks and the calibration found on one device, in a versioned JSON schema
 * (devices/README.md).
 * OpenCL-free: a profile is read, checked and used for prediction on any machine.
 *
 * The profile itself is an envelope: schema, provenance, device, micro-benchmarks and per
 * precision the calibration settings and points. Each model (model.h) reads and writes its
 * own parts ("models", "pmf_hardware", "pmf_fit", ...), kept as plain data in part[].
 *
 * Ownership: an spmvp_profile owns the spmvp_calib of each precision (prec[i].calib); setting
 * one hands it over. It owns the models' parts too. spmvp_profile_free frees them all,
 * accepts NULL and returns NULL.
 * Errors: every failing call records one line with spmvp_fail(), read by spmvp_last_error():
 * "devices/x.json: precisions.double.models[3].format: unknown format \"elll\"". */
#ifndef SPMVP_PROFILE_H
#define SPMVP_PROFILE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "calib.h"
#include "spmvp_sparse.h"

struct spmvp_model;

#define SPMVP_PROFILE_SCHEMA "spmvp-profile" /* the "schema" member of every profile */
#define SPMVP_PROFILE_SCHEMA_VERSION 1       /* the only version this spmvp reads and writes */
#define SPMVP_PROFILE_PARTS_MAX 8            /* most model descriptors (models.c) */

/* The device query (host/device.h's spmvp_device_info) without OpenCL types. Member names are
 * the JSON keys of the profile's "device" object. */
typedef struct spmvp_device_params {
    char name[128];
    char vendor[128];
    char platform[128];           /* platform name */
    char driver[128];             /* CL_DRIVER_VERSION */
    char opencl_version[128];     /* CL_DEVICE_VERSION */
    char type[32];                /* "GPU", "CPU", "accelerator" or "other" */
    char compute_capability[16];  /* "9.0" on NVIDIA; "" elsewhere (null in JSON) */
    int compute_units;            /* N_SM */
    long long max_work_group_size;
    int warp_size;                /* warp/wavefront width */
    long long local_mem_bytes;
    long long global_mem_bytes;
    long long max_alloc_bytes;
    int cache_line_bytes;         /* 0 if no global memory cache */
    long long cache_bytes;
    int clock_mhz;
    int memory_bus_width_bits;    /* -1 where the vendor hides it (null in JSON) */
    int fp64;                     /* 1 if the device has double precision */
    int threads_per_compute_unit; /* N_T */
    int half_warps_per_compute_unit; /* N_HW */
    long long strip_csr_vector;   /* S_CSR-V = N_SM x N_HW, eq. (1) */
    long long strip_csr_scalar;   /* S_CSR-S = S_ELL = S_JAD = N_SM x N_T, eqs. (2)-(3) */
    long long l2_pin_bytes;       /* the L2 a product keeps part of its matrix in (format.h's
                                     spmvp_l2_pin_fraction; host/ocl's pin_l2_bytes): 0 where
                                     the device does not pin, and in profiles written before
                                     it was recorded (2026-11-24), whose JSON lacks it */
    int local_from_l1;            /* local memory comes out of L1 (format.h's spmvp_target;
                                     host/ocl's local_from_l1): 0 where not, and in profiles
                                     written before it was recorded (2026-11-28) */
} spmvp_device_params;

/* The micro-benchmarks (host/microbench.h's spmvp_microbench). */
typedef struct spmvp_microbench_params {
    long long bytes;   /* buffer size used for the bandwidths */
    double copy_gbs;   /* device-to-device copy, GB/s */
    double launch_us;  /* per empty kernel, back to back */
    double h2d_gbs;    /* host-to-device write, GB/s */
    spmvp_gather_curve gather; /* gathers of x against the bytes it spans ("gather": {bytes,
                                  ggps, cache_bytes}; n 0 when the profile has none, as
                                  those trained before 2026-11-24) */
} spmvp_microbench_params;

typedef enum spmvp_precision { SPMVP_PRECISION_SINGLE, SPMVP_PRECISION_DOUBLE, SPMVP_NPRECISIONS } spmvp_precision;

/* "single", "double" ("?" when out of range). */
const char *spmvp_precision_name(spmvp_precision p);
/* The precision of values of value_size bytes (4 or 8), or -1. */
int spmvp_precision_of(size_t value_size);

/* How well a learned model predicted one format in cross-validation grouped by family
 * (cv.h), kept so that `rank` can put an interval around a prediction. */
typedef struct spmvp_model_error {
    int cases;            /* held-out rows (0: none) */
    double median_dr, p90_dr;  /* D_r, fractions */
    double q_lo, q_hi;    /* the 5th and 95th percentiles of log(measured / predicted) */
    double q25, q75;      /* its quartiles (rank's ties) */
} spmvp_model_error;

/* The setup cost of one format (setup_cost.h): what a solver pays once before its first
 * product, the host conversion from CSR and the upload of the format's arrays, each linear in
 * the matrix's size (coefficients >= 0, µs per unit), and the cross-validated error of their
 * sum. */
#define SPMVP_SETUP_CONVERT_TERMS 4 /* 1, non-zeros, rows, stored slots */
#define SPMVP_SETUP_UPLOAD_TERMS 5  /* 1, the layout's bytes, stored slots, bytes past 32 MiB,
                                       bytes up to the staging knot (setup_cost.c) */
typedef struct spmvp_setup_fit {
    int rows;                                  /* training rows fitted (0: no model) */
    double convert[SPMVP_SETUP_CONVERT_TERMS]; /* µs, µs per non-zero, per row, per slot */
    double upload[SPMVP_SETUP_UPLOAD_TERMS];   /* µs, µs per byte, per slot, per byte past
                                                  32 MiB (0 in profiles from before stop 39),
                                                  per byte up to the staging knot (0 in
                                                  profiles from before stop 41) */
    spmvp_model_error cv;                      /* of the sum, held out by family (cases 0:
                                                  not cross-validated) */
} spmvp_setup_fit;

/* What `spmvp train` measured and how its models did ("training" at the root, "cv" in each
 * precision: profile_training.c). */
typedef struct spmvp_profile_training {
    char table[256];      /* the training table, relative to the profile's folder ("": none) */
    long long rows;       /* its rows */
    int matrices;         /* distinct matrices in it */
    int folds;            /* cross-validation folds (grouped by family) */
    int quick;            /* 1: only the quick configurations were measured (featvec.h) */
    /* per format, which kernels its rows were measured with (the table's kernel column): the
     * digest most of them share (host/ocl/kernel_digest.h; "" when none was recorded), how
     * many rows share it, of how many ("kernels" in "training") */
    struct spmvp_kernel_record {
        char digest[16];
        long long rows, of;
    } kernels[SPMVP_NFORMATS];
} spmvp_profile_training;

/* 1 when s is a kernel digest as tables and profiles record one: 1 to 15 lowercase hex digits
 * (host/ocl/kernel_digest.h writes 8), else 0. */
int spmvp_digest_ok(const char *s);

/* One precision's calibration: how it was run, its raw points and fitted models. */
typedef struct spmvp_profile_precision {
    spmvp_calib *calib; /* NULL: not calibrated at this precision (owned by the profile) */
    int quick;          /* 1: the quick grid, 0: the full grid (model_strip.c) */
    int warmup, runs;   /* alpha warm-ups discarded, then `runs` timed (eq. 5) */
    void *part[SPMVP_PROFILE_PARTS_MAX]; /* each model's part at this precision, by registry
                                            index (NULL: it has none); see spmvp_profile_part */
    int has_cv;         /* 1: the cross-validation below was measured */
    spmvp_model_error cv[16][SPMVP_NFORMATS]; /* by model id (model.h, < SPMVP_MODELS_MAX) and format */
    struct spmvp_model_ranking {
        int matrices;      /* matrices judged (0: not recorded, a profile trained before it) */
        double within5;    /* share whose held-out pick ran within 5 % of the measured best */
        double geomean;    /* geometric-mean slowdown of the pick over the best */
    } ranking[16];         /* by model id: how its held-out predictions ranked (cv.h) */
    double noise_median, noise_p90; /* run-to-run D_r of the training measurements */
    double session_median, session_p90; /* D_r between two training sessions of the device
                                           (train --merge), over the configurations of
                                           SPMVP_SESSION_SMALL_US and more; 0: not measured */
    double session_offset_median_us, session_offset_p90_us; /* |difference| in µs between
                                           the two sessions on the configurations under
                                           SPMVP_SESSION_SMALL_US; 0: not measured */
    spmvp_setup_fit setup[SPMVP_NFORMATS]; /* conversion and upload per format (setup_cost.h) */
} spmvp_profile_precision;

/* Two sessions of a GPU differ on a launch-bound product by an amount, not a ratio: the same
 * 5 µs product ran 4.9 µs in one process and 6.5-7.5 µs in the next, seconds apart, whatever
 * the warm-up (H200, 2026-11-28: docs/data/predictions/stop49/), and two training sessions'
 * configurations under 10 µs differ by a p90 of 2.0-2.4 µs on the H100 and the H200, those of
 * 10 µs and more by 1 %. So train --merge measures the two apart, a ratio above this time and
 * an offset below it, and rank widens its intervals by both (rank.h). */
#define SPMVP_SESSION_SMALL_US 10.0

typedef struct spmvp_profile {
    int schema_version;          /* SPMVP_PROFILE_SCHEMA_VERSION */
    char spmvp_version[64];      /* the spmvp that wrote it ("" until stamped) */
    char created[32];            /* ISO 8601 UTC, "2025-01-31T12:00:00Z" ("" until stamped) */
    spmvp_device_params device;
    spmvp_microbench_params microbench;
    void *part[SPMVP_PROFILE_PARTS_MAX]; /* each model's root-level part, by registry index */
    spmvp_profile_training training;     /* table[0] == 0: not trained */
    spmvp_profile_precision prec[SPMVP_NPRECISIONS]; /* indexed by spmvp_precision */
} spmvp_profile;

/* A zeroed profile of the current schema version (no calibration; warmup 5, runs 20, full
 * grid; memory_bus_width_bits -1; every model's parts zeroed), or NULL when out of memory.
 * Free with spmvp_profile_free. */
spmvp_profile *spmvp_profile_new(void);
/* Frees p and its calibrations; accepts NULL; returns NULL. */
spmvp_profile *spmvp_profile_free(spmvp_profile *p);

/* Model m's part of p: its root-level part (k < 0) or that of precision k; owned by p (plain
 * data of m's root_size or prec_size bytes). NULL when m has no such part or is not
 * registered. */
void *spmvp_profile_part(const spmvp_profile *p, const struct spmvp_model *m, int k);

/* Sets p's provenance: spmvp_version (truncated to fit) and created = now, in UTC. */
void spmvp_profile_stamp(spmvp_profile *p, const char *spmvp_version);

/* The profile as JSON text in *out (caller frees with free()). A value that cannot be
 * written or would not load back (a non-finite number, a negative count, a created time that
 * is not ISO 8601) fails with SPMVP_ERR_ARG naming its field; SPMVP_ERR_NOMEM; *out NULL on
 * failure. */
spmvp_status spmvp_profile_print(const spmvp_profile *p, char **out);
/* Writes spmvp_profile_print's text to path (through path.tmp, renamed over path, so a failed
 * write leaves any old file whole). SPMVP_ERR_IO when the file cannot be written; the errors
 * of spmvp_profile_print otherwise (nothing written). */
spmvp_status spmvp_profile_save(const spmvp_profile *p, const char *path);

/* Parses and checks a profile: *out is a new profile (caller frees with spmvp_profile_free),
 * or NULL on failure. `name` (the file name) starts every message; NULL reads "profile".
 * SPMVP_ERR_PARSE with one line "NAME: FIELD: problem", FIELD a JSON path, for a missing or
 * wrong-typed member, a non-finite, negative or non-integer number where that is meaningless,
 * an unknown format, distribution or precision, a wrong schema name or an unsupported
 * schema_version; "NAME: not valid JSON near byte N" for bad syntax. SPMVP_ERR_NOMEM. Unknown
 * members are ignored (later minor additions stay readable). */
spmvp_status spmvp_profile_parse(const char *name, const char *text, spmvp_profile **out);
/* Reads path and parses it as spmvp_profile_parse does (path names it in messages);
 * SPMVP_ERR_IO when it cannot be read. */
spmvp_status spmvp_profile_load(const char *path, spmvp_profile **out);

/* The profile's "device" object, as the profile stores it: a new cJSON object the caller
 * deletes, or NULL when out of memory. */
cJSON *spmvp_profile_device_json(const spmvp_profile *p);

/* The calibration of values of value_size bytes (4: single, 8: double), or NULL when the
 * profile has none. Owned by p. */
const spmvp_calib *spmvp_profile_calib(const spmvp_profile *p, size_t value_size);
/* As spmvp_profile_calib, but a missing precision fails with SPMVP_ERR_UNSUPPORTED and one
 * line naming it: "PATH: precisions.double: missing (this profile was calibrated for single
 * precision only)" (path NULL reads "profile"); value_size other than 4 or 8 is SPMVP_ERR_ARG.
 * *out NULL on failure. */
spmvp_status spmvp_profile_require(const spmvp_profile *p, const char *path, size_t value_size,
                                   const spmvp_calib **out);

#endif
