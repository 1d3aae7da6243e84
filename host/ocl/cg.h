/* cg.h: conjugate gradients with every vector on the device: q = A p through an spmvp_spmv
 * in any format, every other step through spmvp_blas's CG steps on device scalars
 * (cl/blas.cl); the same recurrence, start (x0 = 0) and stopping rule as the CPU reference
 * spmvp_cg_cpu (model/sparse/cg_cpu.h).
 *
 * An iteration enqueues kernels and nothing else: alpha and beta are computed on the device,
 * and p·Ap and r·r of every iteration go into a device history that the host reads once per
 * check interval (one blocking read), looking for the first iteration that met the tolerance
 * or broke down. So the device may run up to interval - 1 iterations past that point before
 * the host sees it; they change nothing, because the device applies the same test and from
 * that iteration on leaves x, r and p as they are: x, the iterations reported and the
 * residual are those of a solver that checks every iteration, and only iterations_run and
 * the time show the extra ones. The interval: SPMVP_CG_CHECK_MIN (16) iterations until 512
 * have run, then 1/16 of the iterations run, rounded down to a power of two, at most
 * SPMVP_CG_CHECK_MAX: a solve of N iterations reads back about 16 (2 + log2(N / 512)) times
 * (N > 512) and runs at most max(15, N / 16) iterations more than it needs. A read costs a
 * full host-device round trip and empties the device's queue; an extra iteration costs one
 * iteration. A fixed 16 would read a 10000-iteration solve back 625 times, this 100 times.
 *
 * Ownership: spmvp_cg_run keeps nothing: it creates the matrix on the device, the vectors and
 * the kernels, and releases them before it returns. */
#ifndef SPMVP_CG_H
#define SPMVP_CG_H

#include "spmv.h"

/* The iterations between two reads of the history: the first interval and the largest
 * (the history on the device is a ring of SPMVP_CG_CHECK_MAX iterations). */
#define SPMVP_CG_CHECK_MIN 16
#define SPMVP_CG_CHECK_MAX 512

typedef struct spmvp_cg_options {
    double tol;   /* stop when ||r||/||b|| <= tol, ||r|| as the recurrence tracks it */
    int max_it;   /* stop after this many iterations (>= 0) */
} spmvp_cg_options;

/* tol 1e-8, max_it 10000 (PETSc's default). */
spmvp_cg_options spmvp_cg_defaults(void);

typedef struct spmvp_cg_result {
    int iterations;       /* iterations to tolerance: the first k with ||r_k||/||b|| <= tol, as
                             a solver checking every iteration reports it; max_it without
                             converging; at a breakdown the iterations before it */
    int iterations_run;   /* iterations the device ran: up to the history's next read past
                             `iterations` (those past it leave x as it was) */
    int checks;           /* reads of the history: the host-device synchronisations of the
                             iterations */
    spmvp_cg_state state; /* converged, max_it, or a breakdown (not positive definite) */
    double pap;           /* p·Ap that broke down, else 0 */
    double relres;        /* ||r||/||b|| as CG tracks it (the device's dots), at iteration
                             `iterations` */
    double true_relres;   /* ||b - A x||/||b|| recomputed on the host in double from x read back
                             (0 when b = 0) */
    double convert_us, upload_us; /* setup: the matrix's conversion and upload
                                     (spmvp_spmv_setup_us); kernels built and vectors allocated
                                     apart */
    double stage_us;      /* pinning the context's staging chunks, when this setup's upload was
                             the one that pinned them (stage.h's rent-or-buy rule): paid once per
                             context, outside upload_us; 0 otherwise */
    double solve_us;      /* wall time of the solve: b uploaded into r and p, x zeroed, r·r
                             read back (||b||), every iteration run and every history read,
                             clFinish; not the setup, not reading x back */
    double spmv_us;       /* the SpMV kernels' device time summed over the iterations run
                             (profiling events, first kernel's start to last kernel's end) */
    double iteration_us;  /* solve_us / iterations_run (0 with no iteration) */
    size_t device_bytes;  /* device memory: the format's footprint, CG's four vectors, the
                             dot's buffers, CG's scalars and history */
    char params[96];      /* the format's chosen parameters (spmvp_spmv_params) */
} spmvp_cg_result;

/* Solves A x = b on ctx's device with A in format f (options opt), from x0 = 0, under o.
 * x_out (rows values) receives x in double when not NULL. A breakdown or max_it is not an
 * error but r->state. Errors: a non-square A, tol < 0 or max_it < 0 (SPMVP_ERR_ARG), what
 * spmvp_spmv_create refuses (SPMVP_ERR_UNSUITABLE when the format cannot hold A on the device,
 * SPMVP_ERR_UNSUPPORTED for double without cl_khr_fp64), CG's vectors beyond the device's
 * memory (SPMVP_ERR_UNSUITABLE) or the host checks beyond the host budget (SPMVP_ERR_NOMEM),
 * and OpenCL's own codes; spmvp_last_error() says which. */
spmvp_status spmvp_cg_run(spmvp_context *ctx, const spmvp_csr *A, spmvp_format f,
                          const spmvp_spmv_options *opt, const double *b,
                          const spmvp_cg_options *o, double *x_out, spmvp_cg_result *r);

#endif
