/* stencil.h: matrices of finite-difference stencils on regular grids. */
#ifndef SPMVP_STENCIL_H
#define SPMVP_STENCIL_H

#include "sparse.h"

/* The negative Laplacian on an nx x ny x nz grid (nz = 1 for 2-D) with Dirichlet boundaries,
 * rows in x-fastest order: points 5 (2-D), 7 or 27 (3-D). Diagonal points-1, off-diagonals -1,
 * so a 7-point stencil on 100^3 is seed 003's pde100 structure (1e6 rows, 6,940,000 entries).
 * NULL with a message on bad sizes (SPMVP_ERR_ARG) or too many entries (SPMVP_ERR_RANGE). */
spmvp_csr *spmvp_stencil(spmvp_idx nx, spmvp_idx ny, spmvp_idx nz, int points);

/* Reads a matrix named by `spec`: a Matrix Market file, or a generated matrix when spec starts
 * with a family name and ':' (model/gen.h):
 *   "laplace2d:N" (5-point, N x N), "laplace3d:N" (7-point, N^3), "laplace3d27:N",
 *   "random:ROWS[xCOLS]:PNZ:DIST[:SEED]", "bench:ROWS:PNZ:DIST[:SEED]" (DIST fixed, normal or
 *   uniform), "rmat:SCALE[:EDGEFACTOR[:SEED]]".
 * A malformed spec is SPMVP_ERR_ARG with a message naming the spec and the field
 * ("random:100:x:normal: PNZ must be an integer in 1..2147483647"); a valid one too large for
 * 32-bit indices is SPMVP_ERR_RANGE. (A file whose name starts so is read as "./random:...".) */
spmvp_status spmvp_matrix_load(const char *spec, spmvp_csr **out);

#endif
