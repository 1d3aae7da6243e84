/* spmvp.h: spmvp as a C library (libspmvp) for tuners: from a CSR matrix in the caller's
 * arrays, each format's predicted SpMV time on a device profile and the recommended format,
 * and, with an OpenCL device, one product y = A*x in a named format.
 *
 * Ownership, once for the whole API:
 * - A function that makes an object (spmvp_matrix_from_csr*, spmvp_profile_open,
 *   spmvp_predict, spmvp_device_open, spmvp_product_create) returns an spmvp_status and stores
 *   the new object in its last argument, which is set to NULL on failure. The caller frees it
 *   with the matching *_free, which accepts NULL and returns NULL (`A = spmvp_matrix_free(A);`).
 * - A matrix borrows the caller's CSR arrays (0-based; int32 row pointers, int32 column indices
 *   and double values are used in place, other types are copied): keep them alive and
 *   unchanged until spmvp_matrix_free. A product borrows its device: free products first.
 *   An estimate owns its data (free the profile and the matrix whenever you like).
 * - Strings returned by accessors are static or owned by the object they are read from.
 * - Every failure returns a non-zero status (SPMVP_ERR_* below, or an OpenCL error code, which
 *   is negative) and records one line, read with spmvp_last_error() on the same thread until
 *   its next failing call: "spmvp_matrix_from_csr32: row 3, entry 7: column index 900 out
 *   of range [0, 800)". Bad arguments (NULL, negative sizes, malformed CSR) are a status,
 *   never a crash.
 * - Objects are not locked: use one object from one thread at a time.
 *
 * Link with `pkg-config --cflags --libs spmvp`, or in CMake find_package(spmvp) and
 * target_link_libraries(app PRIVATE spmvp::spmvp). */
#ifndef SPMVP_H
#define SPMVP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- status (the same codes as the layers' model/sparse/status.h, under its guard) ---- */
#ifndef SPMVP_STATUS_H
#define SPMVP_STATUS_H
/* SPMVP_OK is 0; spmvp's own codes are positive; OpenCL error codes (negative) pass through. */
typedef enum spmvp_status_code {
    SPMVP_OK = 0,
    SPMVP_ERR_NOMEM = 1,       /* an allocation failed, or the host memory limit */
    SPMVP_ERR_IO = 2,          /* a file could not be opened, read or written */
    SPMVP_ERR_PARSE = 3,       /* malformed input (a profile's JSON) */
    SPMVP_ERR_UNSUPPORTED = 4, /* valid input spmvp does not handle (a missing precision) */
    SPMVP_ERR_RANGE = 5,       /* a size or index outside what 32-bit indices allow */
    SPMVP_ERR_UNSUITABLE = 6,  /* a format cannot hold this matrix on this device */
    SPMVP_ERR_VERIFY = 7,      /* a device result differs from the CPU reference */
    SPMVP_ERR_NO_DEVICE = 8,   /* no OpenCL platform or no device matches */
    SPMVP_ERR_BUILD = 9,       /* an OpenCL program failed to build */
    SPMVP_ERR_ARG = 10         /* an invalid argument from the caller */
} spmvp_status_code;

typedef int spmvp_status; /* an spmvp_status_code or an OpenCL cl_int error code */

/* A static name for s: "SPMVP_ERR_ARG", "CL_OUT_OF_RESOURCES", "unknown status". Never NULL. */
const char *spmvp_strerror(spmvp_status s);
/* The last failure's one-line message on this thread ("" if none). Never NULL. */
const char *spmvp_last_error(void);
#endif

/* The library's version, "0.1.0" (static). */
const char *spmvp_version(void);

/* ---- matrices ---- */

typedef struct spmvp_matrix spmvp_matrix;

/* A matrix of nrows x ncols from CSR arrays: rowptr (size nrows+1, rowptr[0] == 0, never
 * decreasing), colidx (size rowptr[nrows], 0-based, strictly increasing within each row) and
 * values (rowptr[nrows] elements of value_size bytes: 4 float, 8 double; values are not
 * checked). colidx and values may be NULL when there are no entries. Everything is checked
 * before anything is used: SPMVP_ERR_ARG naming the first bad argument, row or entry (NULL,
 * a negative size, a value_size other than 4 or 8, rowptr[0] != 0, a decreasing rowptr, a
 * column out of range, unsorted or repeated columns); SPMVP_ERR_RANGE for sizes or a count of
 * entries above INT32_MAX (the kernels' indices are 32-bit); SPMVP_ERR_NOMEM. Borrows the
 * arrays (see the top); free with spmvp_matrix_free. */
spmvp_status spmvp_matrix_from_csr32(int64_t nrows, int64_t ncols, const int32_t *rowptr,
                                     const int32_t *colidx, const void *values,
                                     size_t value_size, spmvp_matrix **out);
/* The same from 64-bit indices, which are copied to 32 bits once checked (an index or entry
 * count above INT32_MAX: SPMVP_ERR_RANGE or SPMVP_ERR_ARG as above). */
spmvp_status spmvp_matrix_from_csr64(int64_t nrows, int64_t ncols, const int64_t *rowptr,
                                     const int64_t *colidx, const void *values,
                                     size_t value_size, spmvp_matrix **out);
/* Frees A (not the caller's arrays); accepts NULL; returns NULL. */
spmvp_matrix *spmvp_matrix_free(spmvp_matrix *A);
/* Rows, columns and entries of A (-1 when A is NULL). */
int64_t spmvp_matrix_rows(const spmvp_matrix *A);
int64_t spmvp_matrix_cols(const spmvp_matrix *A);
int64_t spmvp_matrix_nnz(const spmvp_matrix *A);

/* ---- predictions ---- */

typedef struct spmvp_profile spmvp_profile;

/* Reads a device profile (the JSON `spmvp calibrate` writes, as devices/pocl-cpu.json).
 * SPMVP_ERR_ARG for NULL arguments, SPMVP_ERR_IO when the file cannot be read,
 * SPMVP_ERR_PARSE naming the file and the JSON member, SPMVP_ERR_NOMEM. Free with
 * spmvp_profile_free. */
spmvp_status spmvp_profile_open(const char *path, spmvp_profile **out);
/* Frees p; accepts NULL; returns NULL. */
spmvp_profile *spmvp_profile_free(spmvp_profile *p);

/* Each format's predicted kernel time (µs, the matrix already on the device) under the model
 * spmvp predict trusts for the profile's device, and that model's pick. An opaque result read
 * with the accessors below, so later slices can add to it. */
typedef struct spmvp_estimate spmvp_estimate;

/* Predicts A on profile p at values of value_size bytes (4 single, 8 double precision).
 * SPMVP_ERR_ARG for NULL arguments or another value_size; SPMVP_ERR_UNSUPPORTED when p was
 * not calibrated at that precision or no model can predict at it; SPMVP_ERR_NOMEM. Free the
 * estimate with spmvp_estimate_free. */
spmvp_status spmvp_predict(const spmvp_profile *p, size_t value_size, const spmvp_matrix *A,
                           spmvp_estimate **out);
spmvp_estimate *spmvp_estimate_free(spmvp_estimate *e);
/* The number of formats predicted (every format spmvp has; 0 when e is NULL). */
int spmvp_estimate_count(const spmvp_estimate *e);
/* Format i's name ("csr_vector"), NULL when i is out of range. */
const char *spmvp_estimate_format(const spmvp_estimate *e, int i);
/* Format i's thread-mapping parameters as predicted, the ones spmvp_product_create would
 * choose ("V=2", "K=5"; "" when it has none); NULL when i is out of range. */
const char *spmvp_estimate_params(const spmvp_estimate *e, int i);
/* Format i's predicted µs (> 0), or NaN where the model has no prediction for it (no model
 * for that format, or the matrix is outside the model's calibrated range), or i is out of
 * range. */
double spmvp_estimate_us(const spmvp_estimate *e, int i);
/* The index of the recommended format (the trusted model's fastest), or -1 when no model
 * predicts any format of this matrix. */
int spmvp_estimate_best(const spmvp_estimate *e);
/* The trusted model's name ("pmf-cal"), or NULL when no model predicts. */
const char *spmvp_estimate_model(const spmvp_estimate *e);

/* ---- ranking, with a trained profile (spmvp train) ---- */

/* Every format and thread mapping the profile was trained on, best first by the learned
 * model whose held-out picks ranked best in its cross-validation (the profile's cv.ranking;
 * for a profile trained before that was recorded, the least cross-validated error), each
 * with a 90 % interval and a tie mark (spmvp rank). */
typedef struct spmvp_ranking spmvp_ranking;

/* Ranks A on profile p at values of value_size bytes. SPMVP_ERR_ARG for NULL arguments or
 * another value_size; SPMVP_ERR_UNSUPPORTED when p has no trained model at that precision;
 * SPMVP_ERR_NOMEM. Free the ranking with spmvp_ranking_free. */
spmvp_status spmvp_rank(const spmvp_profile *p, size_t value_size, const spmvp_matrix *A,
                        spmvp_ranking **out);
spmvp_ranking *spmvp_ranking_free(spmvp_ranking *r);
/* The configurations ranked (0 when r is NULL), index 0 the predicted fastest. */
int spmvp_ranking_count(const spmvp_ranking *r);
/* Configuration i's format ("ell") and thread mapping ("wg=256 V=4"); NULL out of range. */
const char *spmvp_ranking_format(const spmvp_ranking *r, int i);
const char *spmvp_ranking_mapping(const spmvp_ranking *r, int i);
/* Its predicted µs per product (back to back, the matrix on the device) and the bounds of its
 * 90 % interval; NaN out of range or where the model has no prediction. */
double spmvp_ranking_us(const spmvp_ranking *r, int i);
double spmvp_ranking_low_us(const spmvp_ranking *r, int i);
double spmvp_ranking_high_us(const spmvp_ranking *r, int i);
/* 1 when configuration i (> 0) may be as fast as the first (their 50 % intervals overlap). */
int spmvp_ranking_tie(const spmvp_ranking *r, int i);
/* The model ranked by ("work+gbt"), NULL when r is NULL. */
const char *spmvp_ranking_model(const spmvp_ranking *r);
/* 1 when the profile's training rows of configuration i's format were measured with other
 * kernels than this library runs (the profile's "training.kernels" digest is not this
 * library's): its prediction may be stale until the device is trained again. 0 otherwise, out
 * of range, and for profiles that record no digests. */
int spmvp_ranking_stale(const spmvp_ranking *r, int i);

/* ---- features ----
 * What the models read of a matrix, as a tuner may want them for its own models: seed 004's
 * Table 1 and the column count. */

/* The number of matrix features, and feature k's name ("nnz", "dispersion"; NULL out of
 * range), as the training tables name them. */
int spmvp_feature_count(void);
const char *spmvp_feature_name(int k);
/* A's features into out[0 .. spmvp_feature_count()), in one O(nnz) pass: rows, nnz, the
 * least, greatest, most frequent and median row length, the least and greatest distance
 * between neighbours in a row, the bandwidth, the row lengths' standard deviation, density,
 * columns. SPMVP_ERR_ARG for NULLs; SPMVP_ERR_NOMEM. */
spmvp_status spmvp_matrix_features(const spmvp_matrix *A, double *out);

/* ---- advice that counts setup: what a format costs before its first product ----
 * A solver pays once for converting its CSR arrays to a format on the host and uploading the
 * format's arrays (spmvp advise). Profiles trained by spmvp 0.2 or later predict both. */

/* Configuration i's predicted setup µs: the host conversion from CSR plus the upload; NaN
 * when i is out of range or the profile has no setup model (trained before spmvp 0.2). */
double spmvp_ranking_setup_us(const spmvp_ranking *r, int i);
/* The configuration to use for `products` products (>= 0): the index i of least
 * setup + products x spmvp_ranking_us, or -1 when r is NULL, products is negative or no
 * configuration has a setup prediction. */
int spmvp_advise(const spmvp_ranking *r, long long products);
/* The products above which configuration i costs less in total than staying in CSR (the
 * fastest CSR-scalar or CSR-vector configuration of r, which multiply with CSR's arrays as
 * they are): 0 when it is also no dearer to set up, INFINITY when its product is not faster,
 * NaN when i is out of range or not predicted. */
double spmvp_ranking_break_even(const spmvp_ranking *r, int i);

/* ---- products on an OpenCL device ----
 * On a device spmvp opens, or on the caller's OpenCL context and queue (below, declared when
 * <CL/cl.h> is included before this header); from and to host arrays, or on the caller's
 * cl_mem buffers: y = alpha*A*x + beta*y. */

typedef struct spmvp_device spmvp_device;
typedef struct spmvp_product spmvp_product;

/* Opens an OpenCL context and queue on the device `spec` names: NULL or "" the first GPU,
 * else the first CPU; "P:D" platform P's device D; any other text a case-insensitive
 * substring of platform, device name or vendor. SPMVP_ERR_NO_DEVICE when there is no OpenCL
 * platform or no device matches; an OpenCL error code. Free with spmvp_device_free. */
spmvp_status spmvp_device_open(const char *spec, spmvp_device **out);
/* Frees d (free its products first); accepts NULL; returns NULL. */
spmvp_device *spmvp_device_free(spmvp_device *d);
/* The device's name (owned by d); "" when d is NULL. */
const char *spmvp_device_name(const spmvp_device *d);
/* Pins d's two staging buffers now (spmvp_product_create says what they are for) rather than
 * when d's uploads reach 128 MiB: for a caller that will upload more than that, or that wants
 * every upload at the staged rate that trained profiles' setup models price (bench, rank
 * --measure and train pin first too). *pin_ms (when not NULL) receives the time this call
 * spent pinning: 6-13 ms on the H100's and H200's hosts; 0 when d had pinned them already,
 * stages nothing (a CPU device) or cannot pin them (d then keeps writing pageable memory, as
 * before). SPMVP_ERR_ARG for a NULL d. */
spmvp_status spmvp_device_pin_staging(spmvp_device *d, double *pin_ms);

/* Converts A to `format` (a name of spmvp_estimate_format, any case) with the automatic
 * thread mapping and uploads it to d at value_size bytes per value (4 or 8). A is not
 * needed afterwards. SPMVP_ERR_ARG for NULL arguments, an unknown format or value size;
 * SPMVP_ERR_UNSUITABLE when the format cannot hold A on d; SPMVP_ERR_UNSUPPORTED for double
 * precision on a device without it; SPMVP_ERR_BUILD, SPMVP_ERR_NOMEM, an OpenCL error code.
 * Free with spmvp_product_free (before d). On NVIDIA from compute capability 8.0, a SELL
 * product larger than the L2 keeps part of its matrix there from one product to the next
 * (an L2 policy on its loads): while it lives, about half the L2 less x and y is its; freeing
 * it hands that part back. On a GPU with memory of its own, arrays of 4 MiB and more upload
 * through two pinned host buffers of 8 MiB (3-4x the rate of a pageable write on the H100 and
 * H200) once d's uploads of such arrays add up to 128 MiB, this product's included (it then
 * pins before its first array): pinning takes 6-13 ms, which staging pays back over about
 * that much. d keeps them until spmvp_device_free. */
spmvp_status spmvp_product_create(spmvp_device *d, const spmvp_matrix *A, const char *format,
                                  size_t value_size, spmvp_product **out);
/* The same for configuration i of ranking r (r's format and its whole thread mapping: work-group
 * size, V, C, ...), e.g. the one spmvp_advise returns. r must rank A. SPMVP_ERR_ARG for NULLs
 * or i out of range; otherwise as spmvp_product_create. */
spmvp_status spmvp_product_create_ranked(spmvp_device *d, const spmvp_matrix *A,
                                         const spmvp_ranking *r, int i, size_t value_size,
                                         spmvp_product **out);
spmvp_product *spmvp_product_free(spmvp_product *p);
/* y = A*x on the device: x (ncols values) is uploaded, y (nrows values) read back; blocking.
 * x and y may be NULL only when their size is 0. SPMVP_ERR_ARG, SPMVP_ERR_NOMEM, an OpenCL
 * error code (y is then undefined). */
spmvp_status spmvp_product_run(spmvp_product *p, const double *x, double *y);
/* The parameters chosen ("V=2", "K=5 +1234 COO"; owned by p); "" when p is NULL. */
const char *spmvp_product_params(const spmvp_product *p);

#ifdef CL_VERSION_1_0
/* The caller's OpenCL context and in-order command queue as an spmvp device: products are
 * built in that context and run on that queue. spmvp retains both and releases them in
 * spmvp_device_free; the caller keeps (and releases) its own references. SPMVP_ERR_ARG for
 * NULLs, a queue of another context, an out-of-order queue or a device no platform lists; an
 * OpenCL error code. */
spmvp_status spmvp_device_from_cl(cl_context context, cl_command_queue queue,
                                  spmvp_device **out);
/* Enqueues y = alpha*A*x + beta*y on the device's queue and returns without waiting (the
 * caller orders and waits as with its own kernels: clFinish, or commands enqueued after it on
 * that in-order queue). x (ncols values) and y (nrows values) are the caller's buffers of the
 * product's value size, in the device's context, and must not be the same buffer; beta = 0
 * does not read y (NaN in y stays out). A temporary of nrows values is allocated on the device
 * the first time alpha != 1 or beta != 0. SPMVP_ERR_ARG for a NULL product, a NULL buffer of a
 * non-empty side, a buffer too small or of another context, x == y, or a non-finite alpha or
 * beta; an OpenCL error code. */
spmvp_status spmvp_product_run_cl(spmvp_product *p, double alpha, cl_mem x, double beta, cl_mem y);
#endif

#ifdef __cplusplus
}
#endif

#endif
