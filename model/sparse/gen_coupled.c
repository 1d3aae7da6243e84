/* gen_coupled.c: two families whose unknowns are coupled beyond a scalar stencil, made for
 * judging the models on structure the training corpus does not hold:
 *   "blocks3d:N:B"       the 27-point stencil with B unknowns a grid point (3-D elasticity has
 *                        3): rows of up to 27 B entries in runs of 3 B consecutive columns,
 *                        between the stencils' short rows and random rows of hundreds;
 *   "arrow:ROWS:WIDTH:K" a band bordered by K dense rows and K dense columns (the coupling rows
 *                        of a KKT system, a circuit's ground node, a Lagrange multiplier): a
 *                        few rows as long as the matrix is wide, and K columns that every row
 *                        reads, so a few entries of x are read by every row.
 * Both are symmetric with the row's length on the diagonal and -1 elsewhere (strictly
 * diagonally dominant, so positive definite, as the stencils and band: are). */
#include "gen.h"

#include "gen_rng.h"

/* blocks3d: the neighbours of grid point p = (px, py, pz) of an n^3 grid in increasing index
 * order (z, then y, then x), into q[]; returns how many (1 on a grid of one point, 8 at a
 * corner, 27 inside). */
static int neighbours(long long n, long long p, long long q[27])
{
    long long px = p % n, py = p / n % n, pz = p / (n * n);
    int c = 0;
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                long long x = px + dx, y = py + dy, z = pz + dz;
                if (x >= 0 && x < n && y >= 0 && y < n && z >= 0 && z < n)
                    q[c++] = x + n * (y + n * z);
            }
    return c;
}

spmvp_status spmvp_gen_blocks3d_st(long long n, long long b, spmvp_csr **out)
{
    *out = NULL;
    if (n < 1 || n > 100000 || b < 1 || b > 64)
        return spmvp_fail(SPMVP_ERR_ARG, "blocks3d: need 1 <= N <= 100000 and 1 <= B <= 64 (got "
                          "%lld and %lld)", n, b);
    /* each axis has 3n - 2 (point, neighbour) pairs, so the grid (3n - 2)^3, each a B x B block */
    long long points = n * n * n, pairs = (3 * n - 2) * (3 * n - 2) * (3 * n - 2);
    if (points > (SPMVP_IDX_MAX - 1) / b || pairs > SPMVP_IDX_MAX / (b * b))
        return spmvp_fail(SPMVP_ERR_RANGE, "blocks3d: %lld points of %lld unknowns need more than "
                          "32-bit indices", points, b);
    spmvp_csr *A = spmvp_csr_alloc((spmvp_idx)(points * b), (spmvp_idx)(points * b),
                                   (spmvp_idx)(pairs * b * b));
    if (!A) /* sizes are in range: the budget or malloc refused, and said so */
        return SPMVP_ERR_NOMEM;
    long long q[27];
    for (long long p = 0; p < points; p++) {
        spmvp_idx len = (spmvp_idx)(neighbours(n, p, q) * b);
        for (long long a = 0; a < b; a++)
            A->rowptr[p * b + a + 1] = A->rowptr[p * b + a] + len;
    }
#ifdef _OPENMP
#pragma omp parallel for schedule(static) private(q)
#endif
    for (long long p = 0; p < points; p++) {
        int c = neighbours(n, p, q);
        for (long long a = 0; a < b; a++) {
            spmvp_idx row = (spmvp_idx)(p * b + a), k = A->rowptr[row];
            for (int j = 0; j < c; j++)
                for (long long e = 0; e < b; e++, k++) {
                    A->colidx[k] = (spmvp_idx)(q[j] * b + e);
                    A->val[k] = A->colidx[k] == row ? (double)(c * b) : -1.0;
                }
        }
    }
    *out = A;
    return SPMVP_OK;
}

/* arrow: row i's columns are [lo, hi] and [t0, rows): the band and the dense border, merged
 * where they meet (t0 = rows - k). Rows at or past t0 are dense. */
static void arrow_row(long long i, long long rows, long long w, long long k, long long *lo,
                      long long *hi, long long *t0)
{
    *t0 = rows - k;
    *lo = i >= *t0 ? 0 : i - w < 0 ? 0 : i - w;
    *hi = i >= *t0 ? rows - 1 : i + w > rows - 1 ? rows - 1 : i + w;
    if (*hi >= *t0 - 1) { /* the band reaches the border: one range, to the last column */
        *hi = rows - 1;
        *t0 = rows;
    }
}

spmvp_status spmvp_gen_arrow_st(long long rows, long long width, long long k, spmvp_csr **out)
{
    *out = NULL;
    if (rows < 1 || width < 0 || width > rows - 1 || k < 0 || k > rows)
        return spmvp_fail(SPMVP_ERR_ARG, "arrow: need ROWS >= 1, 0 <= WIDTH <= ROWS-1 and "
                          "0 <= K <= ROWS (got %lld, %lld and %lld)", rows, width, k);
    if (rows > SPMVP_IDX_MAX - 1)
        return spmvp_fail(SPMVP_ERR_RANGE, "arrow: %lld rows need more than 32-bit indices", rows);
    long long nnz = 0, lo, hi, t0;
    for (long long i = 0; i < rows; i++) {
        arrow_row(i, rows, width, k, &lo, &hi, &t0);
        nnz += hi - lo + 1 + rows - t0;
        if (nnz > SPMVP_IDX_MAX)
            return spmvp_fail(SPMVP_ERR_RANGE, "arrow: %lld rows with %lld dense ones need more "
                              "than 32-bit indices", rows, k);
    }
    spmvp_csr *A = spmvp_csr_alloc((spmvp_idx)rows, (spmvp_idx)rows, (spmvp_idx)nnz);
    if (!A)
        return SPMVP_ERR_NOMEM;
    for (long long i = 0; i < rows; i++) {
        arrow_row(i, rows, width, k, &lo, &hi, &t0);
        A->rowptr[i + 1] = A->rowptr[i] + (spmvp_idx)(hi - lo + 1 + rows - t0);
    }
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1024) private(lo, hi, t0)
#endif
    for (long long i = 0; i < rows; i++) {
        arrow_row(i, rows, width, k, &lo, &hi, &t0);
        spmvp_idx p = A->rowptr[i];
        double len = (double)(A->rowptr[i + 1] - p);
        for (long long j = lo; j <= hi; j++, p++) {
            A->colidx[p] = (spmvp_idx)j;
            A->val[p] = j == i ? len : -1.0;
        }
        for (long long j = t0; j < rows; j++, p++) {
            A->colidx[p] = (spmvp_idx)j;
            A->val[p] = j == i ? len : -1.0;
        }
    }
    *out = A;
    return SPMVP_OK;
}
