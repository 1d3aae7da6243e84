/* bench.h: measure one format on one matrix: verify against the CPU, then time it. */
#ifndef SPMVP_BENCH_H
#define SPMVP_BENCH_H

#include "spmv.h"

typedef struct spmvp_bench_options {
    spmvp_spmv_options spmv;
    int warmup; /* A: untimed runs first (seed 000 eq. 5 discards them) */
    int runs;   /* N: timed runs, one event-timed product each */
    int batch;  /* products enqueued back to back for the per-product batch time (0: none) */
    int skip_verify; /* 1: do not check y against the CPU (calibration grids, already verified
                        kernels); the default 0 checks every run of bench */
    int repeat_batch; /* 1: a second batch right after the first (batch2_us: the noise floor) */
    double batch_min_us; /* > 0: enlarge the batch until it lasts about this long (from the
                            event-timed median), at most 100000 products: a short batch of a
                            5 µs product is launch jitter, not the product */
    double max_seconds; /* > 0: when the first warm-up products show that warm-up, runs and
                           batch would take longer than this, fewer of each (at least 1 warm-up,
                           3 runs and a batch of 1): JAD or SELL on a row of 10^6 entries takes
                           0.1-0.2 s a product, 50 s at bench's counts; 0 (or no warm-up): the
                           counts as given */
    double retime_ratio; /* > 0: a batch slower per product than this times the event-timed
                            median is timed once more and the faster of the two kept
                            (batch_retimed): back to back, a product costs at most its single
                            timing, so such a batch met something else on the machine (12 of
                            2,368 results on the H100, 2026-11-24, up to 3.5x); 0: never */
} spmvp_bench_options;

typedef enum spmvp_bench_state { SPMVP_BENCH_OK, SPMVP_BENCH_UNSUITABLE, SPMVP_BENCH_FAILED } spmvp_bench_state;

typedef struct spmvp_bench_result {
    spmvp_format format;
    spmvp_bench_state state;
    char note[512];      /* unsuitable reason, or the error (worst row for a wrong result) */
    char params[96];     /* chosen parameters, e.g. "V=2" */
    size_t footprint;    /* device bytes of the format (arrays + x + y) */
    size_t csr_bytes;    /* bytes of CSR (values, column indices, row pointers, x, y) */
    double median_us, min_us, max_us; /* per product, from profiling events */
    double q1_us, q3_us; /* lower and upper quartiles of the timed runs (spmvp_quantile) */
    double mean_us;      /* mean of the timed runs: T_B of seed 000 eq. 5 */
    double batch_us;     /* per product over `batch` back-to-back products */
    double batch2_us;    /* the same, a second time (repeat_batch), else 0 */
    int batch;           /* the products of each batch (batch_min_us may enlarge it, max_seconds
                            shrink it) */
    int warmup, runs;    /* the warm-up and timed products run (max_seconds may have cut them) */
    int batch_retimed;   /* 1: the batch was timed again (retime_ratio), batch_us the faster */
    double batch_first_us; /* the first batch's time when batch_retimed, else batch_us */
    double gflops;       /* 2*nnz / median */
    double gbs_format;   /* footprint / median */
    double gbs_csr;      /* csr_bytes / median */
    double max_err;      /* largest |y - y_ref| / bound over the rows (<= 1 passes) */
    double convert_us, upload_us; /* the host conversion and upload, once (spmvp_spmv_setup_us) */
    double build_ms;     /* building the format's programs (0 when this context had built them) */
    double stage_ms;     /* pinning the context's staging chunks (stage.h; 0 when it had them
                            or the device stages nothing): once per context, like build_ms,
                            and not part of upload_us; bench pins them before its first
                            format, so that every format is timed staged */
} spmvp_bench_result;

/* Benchmarks format f on A. A format that cannot run is reported in r->state, not as an
 * error: the return value is non-zero only for failures of the device or the run itself,
 * including a wrong result (SPMVP_ERR_VERIFY), and r->note then holds the message too. */
spmvp_status spmvp_bench_format(spmvp_context *ctx, const spmvp_csr *A, spmvp_format f,
                                const spmvp_bench_options *opt, spmvp_bench_result *r);

/* Checks y against y_ref = A*x row by row: |y_i - ref_i| <= c*eps*(len_i + 4)*sum_k |a_ik x_k|
 * + tiny, the dot-product rounding bound with eps of the device precision (c = 4 covers
 * the conversion of A and x to float and fused multiply-adds). Returns the worst ratio of
 * error to bound and its row in *worst (-1 when there are no rows). */
double spmvp_verify(const spmvp_csr *A, const double *x, const double *y, size_t value_size,
                    spmvp_idx *worst, double *got, double *want);

/* Microseconds from the start of `first` to the end of `last` (0 when first is NULL: nothing
 * was launched). The events stay the caller's. */
spmvp_status spmvp_event_us(cl_event first, cl_event last, double *us);

/* Sorts t[0..n) and returns its median (n >= 1). */
double spmvp_median(double *t, int n);
/* The p-quantile (0 <= p <= 1) of sorted t[0..n), n >= 1, interpolated linearly between the
 * order statistics at (n-1)p (Hyndman and Fan's type 7, as R and numpy default to). */
double spmvp_quantile(const double *t, int n, double p);

#endif
