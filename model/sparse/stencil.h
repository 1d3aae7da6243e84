/* stencil.h: matrices of finite-difference stencils on regular grids. */
#ifndef SPMVP_STENCIL_H
#define SPMVP_STENCIL_H

#include "sparse.h"

/* The negative Laplacian on an nx x ny x nz grid (nz = 1 for 2-D) with Dirichlet boundaries,
 * rows in x-fastest order: points 5 (2-D), 7 or 27 (3-D). Diagonal points-1, off-diagonals -1,
 * so a 7-point stencil on 100^3 is seed 003's pde100 structure (1e6 rows, 6,940,000 entries).
 * NULL with a message on bad sizes (SPMVP_ERR_ARG) or too many entries (SPMVP_ERR_RANGE). */
spmvp_csr *spmvp_stencil(spmvp_idx nx, spmvp_idx ny, spmvp_idx nz, int points);

#endif
