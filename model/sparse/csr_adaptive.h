/* csr_adaptive.h: CSR-adaptive's host structures (internal to model/sparse and its tests): the
 * CSR arrays as they are, plus the work-group blocks that bin the rows by length
 * (csr_adaptive.c documents the bins; cl/csr_adaptive.cl runs them). */
#ifndef SPMVP_CSR_ADAPTIVE_H
#define SPMVP_CSR_ADAPTIVE_H

#include "sparse.h"

/* a stream block's entries per work-item, unless the mapping says or SPMVP_ADAPTIVE_LEAN_FILL
 * halves it (4 for every matrix in double was 0.94-0.96x the time of 8 above 10^6 non-zeros on
 * the H100 but 1.1-1.3x below 10^5: docs/data/h100-serial/) */
#define SPMVP_ADAPTIVE_ITEMS 8
/* Half as many entries per work-item where the stream blocks at SPMVP_ADAPTIVE_ITEMS fill at most
 * this part of their share on average. The program declares a whole share of local memory per
 * work-group, and on NVIDIA's GPUs local memory comes out of the L1 that keeps x (stop 45
 * measured declared but unused local memory at 1.26-1.51x the time, docs/kernels-h100.md).
 * Blocks that the serial bound or the row limit ends early (power-law graphs: R-MAT's fill
 * 0.29-0.35, soc-Slashdot0902's 0.41, cit-HepPh's 0.49) keep nearly the same rows at half the
 * share, so the half share halves the local memory and leaves the work as it was. Measured on
 * the H200 (stop 52, docs/data/h100-kernels/stop52/; 4 over 8): R-MAT 16-21 0.85-0.98 in double,
 * 0.93-0.98 in single; soc-Slashdot0902 0.87-0.92. Full blocks lose at half the share (rows a
 * block halve): pde100, fill 0.87, 1.03-1.10x; random rows of 12-20 (fill 0.99) within 2 %,
 * so they keep 8, as cage11 (fill 0.99) does, though its 4-item runs were faster (0.68-0.91 of
 * a 5-8 µs product, where two rounds of one call differ by p10 0.81 / p90 1.35). Where halving
 * also halves the long rows' chunks it cost 0.5-2 % (rows of 4 with 36 rows of 50,000); the
 * tridiagonal band of 1 M rows, the same blocks at half the share, ran 1.02x in double and
 * 0.85x in single (stop 52, call 7). Not a gain at every work-group size: at 512 in double
 * the half share costs R-MAT 1.02-1.24x (stop 52's sweep, stop 53's retrain of the H200 table,
 * docs/data/predictions/stop53/) while it saves 6-7 % in single; no measured cause separates
 * them, so the rule stays one rule, and the H200's training table holds each size's own
 * times. Only where spmvp_target's local_from_l1 says local memory is L1's: elsewhere
 * (PoCL's host memory, AMD's LDS) a share the blocks leave unused costs no cache, and halving
 * it only cuts long rows into more chunks. */
#define SPMVP_ADAPTIVE_LEAN_FILL 0.5
#define SPMVP_ADAPTIVE_LONG 4  /* a row longer than 4 shares is cut into chunks of one share */
/* a stream block's longest row takes at most 32 serial adds in its reduction (its V work-items
 * each sum ceil(length / V) products from local memory): the block ends before a row that
 * would pass it */
#define SPMVP_ADAPTIVE_SERIAL 32
/* a stream block whose rows get 32 work-items or more each (8 rows or fewer at WG 256) reads
 * them straight from global memory, CSR-vector's way, not through local memory (on the H100,
 * 2026-11-24: rows of 300 0.92-0.95x the time, the other large matrices of the A/B within
 * 1-2 % but the single-precision stencils 1.03x, on the path it does not take, since
 * reordered; 16 the same as 32, 8 1.05-1.12x slower on R-MAT and rows of 64:
 * docs/data/h100-coo-adaptive/). Such a block, not bound to the share of local memory, takes
 * up to 8 rows of a share or less each, more than a share in all (rows of 1,000 at WG 256:
 * 8 rows a block instead of 2, 0.78x the time on the H100, stop 43, docs/kernels-h100.md) */
#define SPMVP_ADAPTIVE_DIRECT 32
/* A matrix whose rows hold 128 entries or more on average (four rounds of a warp's 32
 * work-items) gets direct blocks only: its short rows go wg / SPMVP_ADAPTIVE_DIRECT to a block
 * whatever their entries, so that its program has no stream path and declares none of that
 * path's local memory, which NVIDIA's GPUs take from L1 (cl/csr_adaptive.cl's ADAPT_PATHS).
 * Staged, rows of 150-300 with scattered columns ran 1.5-2x CSR-vector's time in single
 * precision on the H200, x (160-200 KB) no longer held in L1; direct only, 0.66-0.93x the
 * staged time in single, 0.86-0.97x in double, the other matrices within 1 %
 * (docs/data/h100-kernels/stop46/, call 10). Shorter rows stay staged: a first try that made
 * every block direct from a first row of 64 entries ran a band of rows of 81 in 1.3-1.8x the
 * time, its x read in order needing no L1, and left programs of both paths (call 9).
 * Every row of such a matrix gets SPMVP_ADAPTIVE_DIRECT work-items, a constant of its program
 * (cl/csr_adaptive.cl's ADAPT_V), where the kernel otherwise computes them from the block's
 * rows: a constant loop stride and shuffle tree ran these matrices in 0.77-0.99x the time on
 * the H200 (stop 47, docs/data/h100-kernels/stop47/). Its blocks then take wg / 32 rows whatever
 * their lengths, with no serial bound: a row's steps no longer depend on its block. Rows of
 * more than 1,024 entries given a whole work-group each instead (as medium rows) ran 1.06-1.34x
 * slower on uniform random rows of 500-2,100. */
#define SPMVP_ADAPTIVE_DIRECT_MEAN 128

/* The end r1 > r0 of the stream block that starts at row r0 of the rows [0, nrows) of row
 * pointers rp, for work-groups of wg work-items taking `items` entries each (csr_adaptive.c's
 * bins; row r0 holds at most wg x items entries; where the rows hold
 * SPMVP_ADAPTIVE_DIRECT_MEAN entries or more on average and wg >= SPMVP_ADAPTIVE_DIRECT, a
 * block of up to wg / SPMVP_ADAPTIVE_DIRECT rows whatever their entries, each at most a share,
 * with per_row SPMVP_ADAPTIVE_DIRECT and no serial bound). *per_row
 * gets the work-items each of its rows gets (the largest power of two with
 * per_row x (r1 - r0) <= wg, as the kernel takes it) and *widest the entries of the block's
 * longest row (its serial adds in the reduction: that over *per_row, rounded up). */
spmvp_idx spmvp_csr_adaptive_stream_end(const spmvp_idx *rp, spmvp_idx nrows, spmvp_idx r0,
                                        long long wg, long long items, long long *widest,
                                        long long *per_row);

/* Whether A's short rows all go to direct blocks: its mean row length is
 * SPMVP_ADAPTIVE_DIRECT_MEAN or more. */
int spmvp_csr_adaptive_direct_only(const spmvp_csr *A);

/* The work-items a row gets in every block of a matrix whose blocks all go through local memory
 * (stream blocks only: no row over a share, no direct block but for a last one of a share or
 * less, which is then staged as well), as a constant of its program
 * (cl/csr_adaptive.cl's ADAPT_SV): the least v of its blocks, where its longest row then takes
 * at most SPMVP_ADAPTIVE_SERIAL serial adds; 0 where the kernel computes v block by block.
 * A block whose rows could have more work-items takes the constant: fewer, each summing more.
 * Rows [0, nrows) of row pointers rp, work-groups of wg work-items taking `items` entries each.
 * On the H200 a constant v ran stencils and bands (x read in order) in 0.85-0.94x the time,
 * random rows within 1 % (stop 47, docs/data/h100-kernels/stop47/); v = 1 wherever would have
 * cost rows of 64 with scattered columns 1.08x. */
int spmvp_csr_adaptive_stream_v(const spmvp_idx *rp, spmvp_idx nrows, long long wg, long long items);

/* Blocks of an n-row CSR for work-groups of wg work-items and a share of `share` entries. */
typedef struct spmvp_csr_adaptive {
    spmvp_idx nrows;     /* rows of the matrix */
    spmvp_idx share;     /* entries of a stream block at most, = work-group size x items */
    spmvp_idx wg;        /* work-items per work-group: rows of a stream block at most */
    spmvp_idx nblocks;   /* work-groups of the main launch */
    spmvp_idx *blocks;   /* 3 per block (size 3*nblocks): rows [r0, r1) and -1 for a stream or
                            vector block; entries [k0, k1) and its slot >= 0 in the partial
                            sums for a chunk of a long row */
    spmvp_idx nlong;     /* rows longer than SPMVP_ADAPTIVE_LONG shares */
    spmvp_idx *longrows; /* 3 per long row (size 3*nlong): row, first and end slot */
    spmvp_idx *done;     /* per long row, zeros (size nlong): on the device the count of its
                            chunks finished, which the kernel returns to 0 after each product */
    spmvp_idx nslots;    /* partial sums of the chunks (scratch on the device) */
    int paths;           /* the kernel's paths the blocks take, SPMVP_ADAPTIVE_PATH_* or'ed */
    int stream_v;        /* spmvp_csr_adaptive_stream_v: every block's v, or 0 */
    long long staged_blocks, staged_entries; /* the stream blocks that go through local memory
                                                (v below SPMVP_ADAPTIVE_DIRECT) and their entries:
                                                their mean fill, SPMVP_ADAPTIVE_LEAN_FILL's */
} spmvp_csr_adaptive;

/* The kernel's paths (cl/csr_adaptive.cl's ADAPT_PATHS): a stream block through local memory,
 * a direct stream block (its rows get SPMVP_ADAPTIVE_DIRECT work-items or more each), and a
 * row over whole work-groups (a medium row, or the chunks of a long row). The program is
 * built with only the paths a matrix's blocks take: a program without the stream path declares
 * no local memory, and NVIDIA's GPUs give that memory to the L1 cache instead (stop 45: wide
 * rows 0.65-0.81x the time on the H200; cl/csr_adaptive.cl). */
enum {
    SPMVP_ADAPTIVE_PATH_STAGED = 1,
    SPMVP_ADAPTIVE_PATH_DIRECT = 2,
    SPMVP_ADAPTIVE_PATH_WHOLE = 4
};

/* The blocks of A for work-groups of wg (> 0) work-items taking `items` (> 0) entries each in
 * stream blocks; O(nrows + chunks). NULL on failure (SPMVP_ERR_NOMEM or SPMVP_ERR_RANGE when
 * the share passes 32 bits). */
spmvp_csr_adaptive *spmvp_csr_adaptive_from_csr(const spmvp_csr *A, spmvp_idx wg, spmvp_idx items);
/* The same, and where lean is set and the stream blocks at `items` would fill at most
 * SPMVP_ADAPTIVE_LEAN_FILL of their share, the blocks at half the items (B->share / wg says
 * which): the count at `items` is then a pass more, the only cost of the rule. */
spmvp_csr_adaptive *spmvp_csr_adaptive_from_csr_lean(const spmvp_csr *A, spmvp_idx wg, spmvp_idx items,
                                                     int lean);
/* The mean fill of B's stream blocks that go through local memory: their entries over their
 * shares; 1 without one. */
double spmvp_csr_adaptive_fill(const spmvp_csr_adaptive *B);
spmvp_csr_adaptive *spmvp_csr_adaptive_free(spmvp_csr_adaptive *B);
/* y = A*x through the blocks, as the kernels walk them: stream and vector blocks write their
 * rows, chunks fill their partial sums, long rows write the sum of theirs. A row no block
 * covers is left as it was (tests fill y with NaN first). B must be A's. */
void spmvp_csr_adaptive_spmv(const spmvp_csr_adaptive *B, const spmvp_csr *A, const double *x,
                             double *y);

#endif
