/* cg_cpu.h: conjugate gradients on the CPU in double precision, the reference `spmvp cg`
 * checks the device's solver (host/ocl/cg.h) against, and the states both report.
 *
 * OpenCL-free. Both solvers run the same recurrence from x0 = 0 (r0 = p0 = b) and stop at the
 * same rule: ||r||/||b|| <= tol, with ||r|| as the recurrence tracks it (sqrt of r·r), or after
 * max_it iterations, or at a breakdown. Ownership: nothing here keeps what it is given. */
#ifndef SPMVP_CG_CPU_H
#define SPMVP_CG_CPU_H

#include "sparse.h"

/* How a CG run ended. */
typedef enum spmvp_cg_state {
    SPMVP_CG_CONVERGED, /* ||r||/||b|| <= tol */
    SPMVP_CG_MAX_IT,    /* max_it iterations without converging */
    SPMVP_CG_BREAKDOWN  /* p·Ap <= 0 or not finite: A is not positive definite (or overflowed) */
} spmvp_cg_state;

/* "converged", "max_iterations", "breakdown" (static). */
const char *spmvp_cg_state_name(spmvp_cg_state s);

typedef struct spmvp_cg_cpu_result {
    int iterations;       /* iterations run (0 when b = 0 or x0 = 0 already converged) */
    spmvp_cg_state state;
    double relres;        /* ||r||/||b|| as the recurrence tracks it, at the end */
    double pap;           /* p·Ap that broke down (SPMVP_CG_BREAKDOWN), else 0 */
} spmvp_cg_cpu_result;

/* Solves A x = b (A square, rows values of b) by CG from x0 = 0, tol >= 0, max_it >= 0.
 * x (rows values) receives the solution when not NULL. A non-square A or a bad tol or max_it
 * is SPMVP_ERR_ARG, and its three work vectors past the host budget SPMVP_ERR_NOMEM; a
 * breakdown or max_it is not an error but r->state. */
spmvp_status spmvp_cg_cpu(const spmvp_csr *A, const double *b, double tol, int max_it,
                          double *x, spmvp_cg_cpu_result *r);

/* 1 when A is square and equal to its transpose: every entry (i, j, v) has a partner (j, i)
 * of value w, a missing one counting as 0, with |v - w| <= rtol * max(|v|, |w|). Rows are
 * sorted (sparse.h), so the partner is found by bisection: O(nnz log(longest row)), no memory.
 * 0 otherwise, with the first entry that fails in *row, *col (both -1 when A is not square). */
int spmvp_csr_symmetric(const spmvp_csr *A, double rtol, spmvp_idx *row, spmvp_idx *col);

#endif
