/* spmvp_sparse.h: the public API of spmvp's matrix layer (model/sparse): matrices and their
 * formats, Matrix Market files, generated matrices, row statistics, the table of formats and
 * their device plans, the CPU reference of conjugate gradients. OpenCL-free. The layers above
 * include this header, not its parts.
 *
 * Ownership, once for the whole layer: a function that makes an object (*_alloc, *_from_*,
 * spmvp_mm_read, spmvp_gen_*, spmvp_matrix_load, spmvp_rowlen_stats_from_csr, ...) returns it
 * new, and the caller frees it with the matching *_free, which accepts NULL and returns NULL
 * (`A = spmvp_csr_free(A);`). Functions returning a const pointer lend memory owned by their
 * argument or static. A plan owns the converted matrix its arrays point into until
 * spmvp_plan_release. On failure a function returns NULL or a non-zero spmvp_status and records
 * one line that spmvp_last_error() returns ("a.mtx:17: column index 900 out of range 1..800").
 * Each header says what its functions return on failure. */
#ifndef SPMVP_SPARSE_API_H
#define SPMVP_SPARSE_API_H

#include "status.h"    /* spmvp_status, spmvp_strerror, spmvp_last_error */
#include "sparse.h"    /* CSR, COO, ELL, JAD, HYB; Matrix Market; conversions; footprints */
#include "stats.h"     /* row-length statistics */
#include "format.h"    /* the table of formats, thread mappings, device plans */
#include "gen.h"       /* generated matrices and named specs; spmvp_matrix_load */
#include "stencil.h"   /* finite-difference stencils */
#include "hyb_rules.h" /* the HYB widths users know (CUSP, ViennaCL, mean) */
#include "atomic_file.h" /* outputs written whole or not at all */
#include "budget.h"    /* the host memory spmvp may use */
#include "clock.h"     /* the monotonic wall clock */
#include "matrix_features.h" /* seed 004 Table 1, per-format work, locality of x */
#include "cg_cpu.h"    /* conjugate gradients on the CPU, symmetry of a CSR */

#endif
