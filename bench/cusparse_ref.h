/* cusparse_ref.h: what cusparse_ref.cu (command line, device, output) and cusparse_run.cu
 * (upload, check and timing of one cuSPARSE algorithm) share. See docs/cusparse.md.
 *
 * Every CUDA and cuSPARSE call goes through CUDA_TRY or SPARSE_TRY: on failure the result's
 * note is one line naming the call and its status ("cudaMalloc: cudaErrorMemoryAllocation
 * (out of memory)") and control jumps to the label `out` of the calling function, which must
 * have a `result *r` in scope. */
#ifndef CUSPARSE_REF_H
#define CUSPARSE_REF_H

#include <cuda_runtime.h>
#include <cusparse.h>
#include <stddef.h>

extern "C" { /* model/sparse is C; its headers have no linkage blocks of their own */
#include "gen.h"
#include "sparse.h"
}

enum { ST_OK, ST_UNSUITABLE, ST_FAILED }; /* a result's state, named as bench names them */
enum layout { L_CSR, L_COO, L_SELL };

#define SELL_SLICE 32 /* rows per sliced-ELL slice: one warp */

/* One cuSPARSE algorithm: its name in our JSON, the layout it reads and what it is. */
typedef struct alg_desc {
    const char *name;
    enum layout layout;
    cusparseSpMVAlg_t alg;
    const char *about;  /* from the cuSPARSE documentation of cusparseSpMVAlg_t */
} alg_desc;

extern const alg_desc cusparse_ref_algs[];
extern const int cusparse_ref_nalgs;

typedef struct result {
    const alg_desc *alg;
    int state;                         /* ST_OK, ST_UNSUITABLE or ST_FAILED */
    char note[512];                    /* why it is unsuitable or failed */
    char params[256];                  /* what ran: algorithm, buffer, preprocessing */
    double median_us, min_us, max_us;  /* over the timed products, one event pair each */
    double batch_us;                   /* per product, B back to back */
    double gflops, gbs_format, gbs_csr, max_err;
    size_t footprint, csr_bytes;       /* byte models: its arrays + x + y; CSR's */
    size_t buffer_bytes;               /* cusparseSpMV's external buffer (not in footprint) */
    int preprocessed;                  /* 1 if cusparseSpMV_preprocess ran (untimed) */
    int gate_timeouts;                 /* products whose gate stopped waiting for the host */
} result;

typedef struct options {
    const char *matrix;
    size_t vs;                         /* value size: 4 single, 8 double */
    int runs, warmup, batch;           /* as bench: N timed, A warm-ups, B back to back */
    int device;                        /* CUDA device ordinal */
    int gate;                          /* 1: hold each timed product behind the gate kernel */
    int json;
} options;

/* What every algorithm shares: the stream, the handle, x and y. */
typedef struct context {
    const spmvp_csr *A;
    const options *opt;
    cudaStream_t stream;
    cusparseHandle_t handle;
    cudaDataType dtype;                /* CUDA_R_32F or CUDA_R_64F, also the compute type */
    void *dx, *dy;                     /* x (ncols values), y (nrows values) in device precision */
    cusparseDnVecDescr_t vx, vy;
    double *x;                         /* x on the host (ncols) */
    double *y;                         /* y read back, widened to double (nrows) */
    void *yraw;                        /* y as the device holds it (nrows values) */
    volatile int *flag, *timed_out;    /* the gate's words: host memory mapped into the device */
    int *dflag, *dtimed_out;           /* the same words as the device addresses them */
} context;

/* Records in r that `call` (its text up to the '(' is kept) failed with status name/what. */
void cusparse_ref_fail_call(result *r, int state, const char *call, const char *name,
                            const char *what);
/* Records a printf-style note and the state in r. */
void cusparse_ref_fail(result *r, int state, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* NOT_SUPPORTED from cuSPARSE makes an algorithm unsuitable for the matrix, not failed. */
#define CUDA_TRY(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    cusparse_ref_fail_call(r, ST_FAILED, #call, cudaGetErrorName(e_), cudaGetErrorString(e_)); \
    goto out; } } while (0)
#define SPARSE_TRY(call) do { cusparseStatus_t s_ = (call); if (s_ != CUSPARSE_STATUS_SUCCESS) { \
    cusparse_ref_fail_call(r, s_ == CUSPARSE_STATUS_NOT_SUPPORTED ? ST_UNSUITABLE : ST_FAILED, \
                           #call, cusparseGetErrorName(s_), cusparseGetErrorString(s_)); \
    goto out; } } while (0)

/* x as bench fills it: multiples of 1/1024 in [-1, 1] (exact in float), the same sequence. */
void cusparse_ref_fill_x(double *x, spmvp_idx n);

/* Uploads A in a's layout, checks one product against the CPU, times it as bench does; r is
 * filled either way (state and note say what went wrong). */
void cusparse_ref_bench(context *c, const alg_desc *a, result *r);

/* The timing method in one paragraph, for the JSON's "timing" and the table's header. */
const char *cusparse_ref_timing(int gate);

#endif
