/* stencil.c: 5-, 7- and 27-point Laplacian matrices. */
#include "stencil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


spmvp_csr *spmvp_stencil(spmvp_idx nx, spmvp_idx ny, spmvp_idx nz, int points)
{
    int reach = points == 27 ? 1 : 0; /* 27: all 26 neighbours; 5/7: the axis neighbours */
    if (nx < 1 || ny < 1 || nz < 1 || !(points == 5 || points == 7 || points == 27) ||
        (points == 5 && nz != 1)) {
        spmvp_fail(SPMVP_ERR_ARG, "invalid stencil %d points on %d x %d x %d", points,
                   (int)nx, (int)ny, (int)nz);
        return NULL;
    }
    long long n = (long long)nx * ny * nz;
    long long maxnnz = n * points;
    if (n >= SPMVP_IDX_MAX || maxnnz > SPMVP_IDX_MAX) {
        spmvp_fail(SPMVP_ERR_RANGE, "a %d-point stencil on %lld points needs more than "
                   "32-bit indices", points, n);
        return NULL;
    }
    spmvp_csr *A = spmvp_csr_alloc((spmvp_idx)n, (spmvp_idx)n, (spmvp_idx)maxnnz);
    if (!A)
        return NULL;
    spmvp_idx k = 0, row = 0;
    for (spmvp_idx z = 0; z < nz; z++)
        for (spmvp_idx y = 0; y < ny; y++)
            for (spmvp_idx x = 0; x < nx; x++, row++) {
                A->rowptr[row] = k;
                /* neighbours in increasing column order: dz, then dy, then dx */
                for (int dz = -1; dz <= 1; dz++)
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++) {
                            int off = (dx != 0) + (dy != 0) + (dz != 0);
                            if (off > 1 && !reach)
                                continue;
                            if (x + dx < 0 || x + dx >= nx || y + dy < 0 || y + dy >= ny ||
                                z + dz < 0 || z + dz >= nz)
                                continue;
                            A->colidx[k] = row + dx + dy * nx + dz * nx * ny;
                            A->val[k] = off == 0 ? points - 1 : -1.0;
                            k++;
                        }
            }
    A->rowptr[row] = k;
    A->nnz = k;
    return A;
}
