/* spmv.h: a matrix uploaded to a device in one format, ready to multiply: y = A*x. */
#ifndef SPMVP_SPMV_H
#define SPMVP_SPMV_H

#include "context.h"
#include "spmvp_sparse.h"


typedef struct spmvp_spmv_options {
    size_t value_size; /* 4 (float) or 8 (double) */
    spmvp_mapping map; /* the thread mapping (model/sparse/format.h); auto members are chosen
                          by the format from the matrix, the work-group size 256 clamped */
} spmvp_spmv_options;

/* Default options for a precision. */
spmvp_spmv_options spmvp_spmv_defaults(size_t value_size);

typedef struct spmvp_spmv spmvp_spmv;

/* Converts A to format f and uploads it: the format's arrays packed in one device buffer
 * (model/sparse/format.h: spmvp_plan_pack), x and y in two more. When the format cannot hold A
 * on this device (the packed arrays, x or y above CL_DEVICE_MAX_MEM_ALLOC_SIZE, the total above
 * global memory, indices past 32 bits) returns SPMVP_ERR_UNSUITABLE with the reason in
 * spmvp_last_error(). Double
 * precision on a device without cl_khr_fp64 is SPMVP_ERR_UNSUPPORTED. Free with
 * spmvp_spmv_free(). */
spmvp_status spmvp_spmv_create(spmvp_context *ctx, const spmvp_csr *A, spmvp_format f,
                               const spmvp_spmv_options *opt, spmvp_spmv **out);
spmvp_spmv *spmvp_spmv_free(spmvp_spmv *s);

/* Device memory footprint in bytes (the format's arrays plus x and y). */
size_t spmvp_spmv_footprint(const spmvp_spmv *s);
/* What creating it cost on the host, in µs of wall time: the conversion from CSR (the
 * format's plan: 0 where the format uses CSR's arrays as they are) and the upload of its
 * arrays (creating the packed buffer and writing every array into it with blocking writes,
 * value narrowing to single precision included; not x and y, not
 * the kernels' compilation, which a process pays once per kernel). */
void spmvp_spmv_setup_us(const spmvp_spmv *s, double *convert_us, double *upload_us);
/* A short description of the chosen parameters ("V=2", "K=5 +1234 COO", "pitch 1024"). */
const char *spmvp_spmv_params(const spmvp_spmv *s);

/* Uploads x (ncols values, converted to the device precision). Blocking. */
spmvp_status spmvp_spmv_set_x(spmvp_spmv *s, const double *x);
/* Enqueues one product y = A*x (one or more kernels). When first/last are not NULL they
 * receive the events of the first and last kernel (the caller releases them; both are
 * NULL-valued when the product launches nothing, i.e. an empty matrix). */
spmvp_status spmvp_spmv_enqueue(spmvp_spmv *s, cl_event *first, cl_event *last);
/* The same on the caller's buffers: x (ncols values) and y (nrows values) of the spmv's
 * precision, in the spmv's context; y must not alias x. The spmv's own x and y are
 * untouched. */
spmvp_status spmvp_spmv_enqueue_on(spmvp_spmv *s, cl_mem x, cl_mem y, cl_event *first,
                                   cl_event *last);
/* Reads y (nrows values) back in double. Blocking. */
spmvp_status spmvp_spmv_get_y(spmvp_spmv *s, double *y);

#endif
