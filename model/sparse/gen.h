/* gen.h: generated matrices: the benchmark matrices of seed 000 §3.1 (square, R = S x I rows,
 * row lengths fixed, uniform or normal around the mean PNZ), random rows, R-MAT power-law
 * graphs, and the named specs ("random:1000:8:normal") that spmvp_matrix_load accepts.
 *
 * OpenCL-free. Every generator is deterministic: the same arguments and seed give the same
 * matrix bit for bit. Columns, values and fixed or uniform lengths use integer arithmetic
 * only, so they agree across machines; normal lengths go through the normal CDF (libm).
 * Constructors return a new CSR that the caller frees with spmvp_csr_free, or NULL with a
 * one-line message in spmvp_last_error(): SPMVP_ERR_ARG for bad arguments, SPMVP_ERR_RANGE
 * when the matrix would not fit 32-bit indices, SPMVP_ERR_NOMEM.
 *
 * Row lengths (len_i, non-zeros of row i), for mean PNZ = pnz >= 1 and C = cols:
 *   fixed    len = pnz (Guo-Wang's benchmark matrices).
 *   uniform  len uniform on the integers pnz-w .. pnz+w with w = floor(pnz/2): mean pnz,
 *            sd = sqrt(w(w+1)/3) (about 0.289 pnz; pnz 8: 2.582, 32: 9.522, 256: 74.19).
 *            The lowest length, pnz-w = ceil(pnz/2), is at least 1.
 *   normal   len = round(pnz + sigma Z), Z standard normal, sigma = pnz/4, clamped to
 *            1 .. 2 pnz - 1 (pnz -+ (4 sigma - 1), an interval symmetric about pnz, so the
 *            mean stays exactly pnz; the mass clamped on each side is Q(4 - 2/pnz): 2.3e-4 at
 *            pnz 4, 3.2e-5 for large pnz). Rounding adds 1/12 to the variance and the clamp
 *            takes a little: sd = sqrt(sigma^2 + 1/12) less 0.15% at pnz 4, 0.04% at 8, 0.01%
 *            from 32 on (pnz 8: 2.0200, 32: 8.0044, 256: 63.9965, 3072: 767.95);
 *            spmvp_gen_length_moments gives it exactly.
 * The paper (seed 000) names the two distributions but not their spread: these keep every
 * length positive and the two spreads alike (sd 0.29 pnz and 0.25 pnz).
 * Every length is then clamped to at most C (a row holds distinct columns); only when
 * C < 2 pnz does this lower the mean, and spmvp_gen_length_moments accounts for it.
 *
 * Columns: len_i distinct columns drawn uniformly from 0 .. C-1, sorted. Values: uniform on
 * (-1, 1), never zero (odd multiples of 2^-52), exact in double, non-zero in float too. */
#ifndef SPMVP_GEN_H
#define SPMVP_GEN_H

#include "sparse.h"

/* Row-length distribution of a benchmark matrix (seed 000 §3.1): fixed PNZ (Guo-Wang), or
 * normal / uniform around the mean PNZ (spreads as documented above). */
typedef enum spmvp_dist { SPMVP_DIST_FIXED, SPMVP_DIST_NORMAL, SPMVP_DIST_UNIFORM, SPMVP_NDISTS } spmvp_dist;

/* "fixed", "normal", "uniform"; spmvp_dist_parse returns -1 for anything else. */
const char *spmvp_dist_name(spmvp_dist d);
int spmvp_dist_parse(const char *name);

#define SPMVP_GEN_SEED 1ULL /* the seed of a spec that names none */

/* Square benchmark matrix of seed 000 §3.1 (rows = S x I): rows x rows, row lengths by `dist`
 * around `pnz` as above, random distinct sorted columns. Identical to
 * spmvp_gen_random_rows(rows, rows, pnz, dist, seed). */
spmvp_csr *spmvp_gen_bench(long long rows, int pnz, spmvp_dist dist, unsigned long long seed);

/* rows x cols (rectangular allowed), row lengths by `dist` around `pnz` clamped to cols.
 * Row i draws its length and its columns from its own streams keyed by (seed, i), so a row
 * does not depend on the others. */
spmvp_csr *spmvp_gen_random_rows(long long rows, long long cols, int pnz, spmvp_dist dist,
                                 unsigned long long seed);

/* The row lengths spmvp_gen_random_rows(rows, cols, pnz, dist, seed) gives, into len (size
 * rows), without building the matrix. SPMVP_ERR_ARG on bad arguments, SPMVP_ERR_NOMEM. */
spmvp_status spmvp_gen_row_lengths(long long rows, long long cols, int pnz, spmvp_dist dist,
                                   unsigned long long seed, spmvp_idx *len);

/* The expected histogram of those row lengths: *hist (size *maxlen + 1, caller frees) counts
 * the rows of each length, each count the expectation rows x P(len = k) rounded up or down
 * so that they sum to rows (largest remainders). The PMF model (pmf_cal.h) uses it for the
 * calibration matrices without generating them. SPMVP_ERR_ARG, SPMVP_ERR_NOMEM. */
spmvp_status spmvp_gen_length_hist(long long rows, long long cols, int pnz, spmvp_dist dist,
                                   long long **hist, long long *maxlen);

/* Exact mean and standard deviation of one row's length (the distribution above, clamps
 * included) for `cols` columns. SPMVP_ERR_ARG on bad arguments. */
spmvp_status spmvp_gen_length_moments(long long cols, int pnz, spmvp_dist dist, double *mean,
                                      double *sd);

/* R-MAT graph (Chakrabarti, Zhan, Faloutsos 2004) with 2^scale vertices and
 * edge_factor x 2^scale edges: each edge descends `scale` levels of the adjacency matrix,
 * choosing the quadrant top-left, top-right, bottom-left, bottom-right with probabilities
 * a, b, c, 1-a-b-c (Graph500's are 0.57, 0.19, 0.19). Each edge counts 1.0; an edge drawn k
 * times is one entry of value k, so nnz <= edges and the values sum to the edge count.
 * Self-loops are kept (diagonal entries) and vertices are not relabelled: vertex 0 is the
 * densest row and column. 1 <= scale <= 30, edge_factor >= 1, a, b, c >= 0, a+b+c <= 1;
 * SPMVP_ERR_RANGE when the edges exceed 32-bit indices. */
spmvp_csr *spmvp_gen_rmat(int scale, int edge_factor, double a, double b, double c,
                          unsigned long long seed);

/* ---- named matrices ----
 * "laplace2d:N"                      5-point Laplacian on N x N (spmvp_stencil), N <= 100000
 * "laplace3d:N"                      7-point on N^3 ("laplace3d:100" is seed 003's pde100)
 * "laplace3d27:N"                    27-point on N^3
 * "random:ROWS[xCOLS]:PNZ:DIST[:SEED]" spmvp_gen_random_rows (square unless xCOLS is given)
 * "bench:ROWS:PNZ:DIST[:SEED]"       spmvp_gen_bench, the calibration matrices
 * "rmat:SCALE[:EDGEFACTOR[:SEED]]"   spmvp_gen_rmat with a, b, c = 0.57, 0.19, 0.19,
 *                                    edge factor 16 by default
 * "longrows:ROWS:SHORT:NLONG:LONG[:SEED]" ROWS x ROWS, NLONG rows of LONG entries (one in each
 *                                    of NLONG equal stretches of rows, placed by the seed), the
 *                                    others of SHORT; distinct sorted columns, one drawn
 *                                    uniformly from each of len equal strata of the columns
 * "band:ROWS:WIDTH"                  ROWS x ROWS, row i holds columns i-WIDTH .. i+WIDTH (clipped
 *                                    to 0 .. ROWS-1): ROWS (2 WIDTH + 1) - WIDTH (WIDTH + 1)
 *                                    entries, 0 <= WIDTH <= ROWS-1
 * "blockdiag:ROWS:BLOCK"             ROWS x ROWS, dense BLOCK x BLOCK blocks along the diagonal,
 *                                    the last one cut to ROWS % BLOCK when that is not 0,
 *                                    1 <= BLOCK <= ROWS
 * "blocks3d:N:B"                     the 27-point stencil on N^3 with B unknowns a grid point (3-D
 *                                    elasticity's pattern at B = 3): row p*B+a holds columns
 *                                    q*B+b for each of p's up to 27 neighbours q and every b < B,
 *                                    rows of up to 27 B in runs of 3 B; N^3 B rows, 1 <= B <= 64
 * "arrow:ROWS:WIDTH:K"               ROWS x ROWS, the band of WIDTH plus the last K rows and the
 *                                    last K columns dense (a bordered band: the coupling rows and
 *                                    columns of a KKT or circuit matrix), 0 <= K <= ROWS
 *   (band, blockdiag, blocks3d and arrow: the diagonal holds the row's length and the others -1,
 *   so the matrix is symmetric and strictly diagonally dominant, like the stencils.)
 * "powerlaw:ROWS:MIN:MAX[:SEED]"     ROWS x ROWS, row lengths of a Pareto law of shape 1.5
 *                                    (P(len > l) = (MIN / l)^1.5, mean 3 MIN before the cut)
 *                                    cut at MAX, columns as longrows' (one from each of len equal
 *                                    strata): heavy-tailed rows reading x uniformly, unlike
 *                                    rmat's, whose columns are as skewed as its rows;
 *                                    1 <= MIN <= MAX <= ROWS
 * "perm:[SEED:]SPEC"                 SPEC (any other generated spec, or a Matrix Market file)
 *                                    with rows and columns renumbered by one uniformly random
 *                                    permutation p (Fisher-Yates, keyed by SEED): A'[p(i)][p(j)]
 *                                    = A[i][j], so P A P^T, same row lengths, scattered columns
 *                                    (columns stay sorted within each row). A rectangular SPEC
 *                                    has its rows and its columns permuted independently. SEED is
 *                                    the first field when it is all digits and followed by ':'
 *                                    (no generated spec starts so; a file that does is written
 *                                    "./123:a.mtx"). SPEC cannot itself be a perm: (a
 *                                    permutation of a permutation is one permutation).
 * DIST is fixed, normal or uniform; numbers are plain decimal integers; SEED is 0 .. 2^64-1,
 * SPMVP_GEN_SEED by default. */
typedef enum spmvp_family {
    SPMVP_FAMILY_LAPLACE2D, SPMVP_FAMILY_LAPLACE3D, SPMVP_FAMILY_LAPLACE3D27,
    SPMVP_FAMILY_RANDOM, SPMVP_FAMILY_BENCH, SPMVP_FAMILY_RMAT, SPMVP_FAMILY_LONGROWS,
    SPMVP_FAMILY_BAND, SPMVP_FAMILY_BLOCKDIAG, SPMVP_FAMILY_PERM, SPMVP_FAMILY_BLOCKS3D,
    SPMVP_FAMILY_ARROW, SPMVP_FAMILY_POWERLAW
} spmvp_family;

#define SPMVP_GEN_SPEC_MAX 256 /* a spec's length limit, its terminating 0 included */

typedef struct spmvp_gen_spec {
    spmvp_family family;
    long long n;                  /* laplace*, blocks3d: grid points per dimension */
    long long rows, cols;         /* random, bench, longrows, band, blockdiag, arrow, powerlaw */
    long long nlong, longlen;     /* longrows: long rows and their length (pnz: the others');
                                     arrow: nlong = K; powerlaw: longlen = MAX (pnz: MIN) */
    long long width;              /* band, arrow: half-width; blockdiag: block size; blocks3d: B */
    int pnz;                      /* random, bench: mean row length */
    spmvp_dist dist;              /* random, bench */
    int scale, edge_factor;       /* rmat */
    unsigned long long seed;      /* random, bench, rmat, longrows, perm, powerlaw */
    int has_seed;                 /* 1 when the spec gave :SEED */
    char inner[SPMVP_GEN_SPEC_MAX]; /* perm: the permuted SPEC, read when built */
} spmvp_gen_spec;

/* 1 if spec starts with a family name and ':' ("rmat:..."), so names a generated matrix
 * rather than a file; 0 otherwise. */
int spmvp_gen_is_spec(const char *spec);
/* 1 if the family takes a seed (random, bench, rmat, longrows, perm, powerlaw). */
int spmvp_gen_family_seeded(spmvp_family f);
/* Parses spec into *out. SPMVP_ERR_ARG with a message naming the spec and the bad field:
 * "random:100:x:normal: PNZ must be an integer in 1..2147483647". */
spmvp_status spmvp_gen_parse(const char *spec, spmvp_gen_spec *out);
/* A seed as specs write it: a plain decimal integer in 0..2^64-1 into *out; 0 on success. */
int spmvp_gen_parse_seed(const char *s, unsigned long long *out);
/* Builds the matrix a parsed spec names into *out (NULL on failure, with a message). */
spmvp_status spmvp_gen_build(const spmvp_gen_spec *s, spmvp_csr **out);

/* ---- row-length statistics of any CSR ---- */
typedef struct spmvp_row_stats {
    double mean, sd;              /* mean and population standard deviation of row lengths */
    spmvp_idx min, max;           /* shortest and longest row (0 for a matrix with no rows) */
} spmvp_row_stats;

spmvp_row_stats spmvp_csr_row_stats(const spmvp_csr *A);

/* Reads a matrix named by `spec`: a Matrix Market file, or a generated matrix when spec starts
 * with a family name and ':' (gen.h above):
 *   "laplace2d:N" (5-point, N x N), "laplace3d:N" (7-point, N^3), "laplace3d27:N",
 *   "random:ROWS[xCOLS]:PNZ:DIST[:SEED]", "bench:ROWS:PNZ:DIST[:SEED]" (DIST fixed, normal or
 *   uniform), "rmat:SCALE[:EDGEFACTOR[:SEED]]", "longrows:ROWS:SHORT:NLONG:LONG[:SEED]",
 *   "band:ROWS:WIDTH", "blockdiag:ROWS:BLOCK", "blocks3d:N:B", "arrow:ROWS:WIDTH:K",
 *   "powerlaw:ROWS:MIN:MAX[:SEED]", "perm:[SEED:]SPEC".
 * A malformed spec is SPMVP_ERR_ARG with a message naming the spec and the field
 * ("random:100:x:normal: PNZ must be an integer in 1..2147483647"); a valid one too large for
 * 32-bit indices is SPMVP_ERR_RANGE. (A file whose name starts so is read as "./random:...".) */
spmvp_status spmvp_matrix_load(const char *spec, spmvp_csr **out);

#endif
