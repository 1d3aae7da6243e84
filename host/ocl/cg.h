/* cg.h: conjugate gradients with every vector on the device: q = A p through an spmvp_spmv
 * in any format, dots, axpys and p = r + beta p through spmvp_blas (cl/blas.cl); only the
 * scalars come back to the host, one value per dot. The same recurrence, start (x0 = 0) and
 * stopping rule as the CPU reference spmvp_cg_cpu (model/sparse/cg_cpu.h).
 *
 * Ownership: spmvp_cg_run keeps nothing: it creates the matrix on the device, the vectors and
 * the kernels, and releases them before it returns. */
#ifndef SPMVP_CG_H
#define SPMVP_CG_H

#include "spmv.h"

typedef struct spmvp_cg_options {
    double tol;   /* stop when ||r||/||b|| <= tol, ||r|| as the recurrence tracks it */
    int max_it;   /* stop after this many iterations (>= 0) */
} spmvp_cg_options;

/* tol 1e-8, max_it 10000 (PETSc's default). */
spmvp_cg_options spmvp_cg_defaults(void);

typedef struct spmvp_cg_result {
    int iterations;       /* iterations run */
    spmvp_cg_state state; /* converged, max_it, or a breakdown (not positive definite) */
    double pap;           /* p·Ap that broke down, else 0 */
    double relres;        /* ||r||/||b|| as CG tracks it (the device's dots), at the end */
    double true_relres;   /* ||b - A x||/||b|| recomputed on the host in double from x read back
                             (0 when b = 0) */
    double convert_us, upload_us; /* setup: the matrix's conversion and upload
                                     (spmvp_spmv_setup_us); kernels built and vectors allocated
                                     apart */
    double solve_us;      /* wall time of the solve: b uploaded into r and p, x zeroed, every
                             iteration, clFinish; not the setup, not reading x back */
    double spmv_us;       /* the SpMV kernels' device time summed over the iterations
                             (profiling events, first kernel's start to last kernel's end) */
    double iteration_us;  /* solve_us / iterations (0 with no iteration) */
    size_t device_bytes;  /* device memory: the format's footprint, CG's four vectors and the
                             dot's buffers */
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
