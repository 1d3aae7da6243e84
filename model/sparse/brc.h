/* brc.h: BRC, blocked row-column (seed 001, Ashari et al. 2015, from its abstract): rows
 * sorted by length and grouped W to a row block (W = the warp width), so a warp gets rows of
 * nearly equal length; each row block cut along its rows into tiles of B entries per row (the
 * block size), so every warp does at most the same work, B steps. Layout, kernel and the model that
 * picks B are in brc.c.
 *
 * Ownership as in sparse.h: spmvp_brc_from_csr returns a new object freed by spmvp_brc_free
 * (which accepts NULL and returns NULL); NULL with the message in spmvp_last_error(). */
#ifndef SPMVP_BRC_H
#define SPMVP_BRC_H

#include "sparse.h"

typedef struct spmvp_brc {
    spmvp_idx nrows, ncols;
    spmvp_idx nnz;        /* real entries (padding excluded) */
    spmvp_idx W;          /* rows per row block (> 0): the warp width */
    spmvp_idx B;          /* entries per row in a tile (> 0): the block size */
    spmvp_idx nblocks;    /* row blocks: ceil(nrows / W) */
    spmvp_idx ntiles;     /* tiles: row block r has ceil(L_r / B), L_r its longest row */
    spmvp_idx nwide;      /* wide row blocks: blocks 0..nwide-1, one row each, of length at
                             least spmvp_brc_wide_min(W, B), its entries dealt across the
                             block's W lanes (entry e of tile k at tile_off[t] + e - k*B*W: lane
                             e % W, step e / W), so that a warp reads a long row whole; the
                             block's lane sums add up to its row. Always multi-tile blocks */
    spmvp_idx nmulti;     /* row blocks of two or more tiles (and the wide ones): blocks
                             0..nmulti-1 (L_r falls) */
    spmvp_idx nfull;      /* row blocks of one or more tiles: 0..nfull-1; the rest hold only
                             empty rows */
    spmvp_idx *perm;      /* perm[p] = original row of sorted row p, -1 for none: past the
                             rows, and lanes 1..W-1 of a wide block (size nblocks*W) */
    spmvp_idx *tile0;     /* first tile of row block r; tile0[nblocks] = ntiles (size nblocks+1) */
    spmvp_idx *tile_block; /* the row block of tile t (size ntiles) */
    spmvp_idx *tile_off;  /* first slot of tile t; tile_off[ntiles] = slots. Tile k of block r
                             holds h = min(B, L_r - k*B) entries per row: h*W slots (size
                             ntiles+1) */
    spmvp_idx *colidx;    /* entry k*B + j of sorted row r*W + l (tile t = tile0[r] + k) is at
                             tile_off[t] + j*W + l; -1 for padding, past a row's end
                             (size slots = W * sum_r L_r) */
    double *val;          /* values, 0 for padding (size slots) */
    spmvp_idx *done;      /* zeros (size nmulti): on the device, multi-tile block r's tiles
                             finished, which the kernel returns to 0 after each product */
    spmvp_idx group;      /* tiles a group (spmvp_brc_group): a block of more tiles sums them
                             in two levels, groups of `group` consecutive tiles, then the
                             groups; 0 when no block has more */
    spmvp_idx ngroups;    /* groups in all */
    spmvp_idx *group0;    /* first group of multi-tile block r, group0[nmulti] = ngroups (size
                             nmulti+1); a block of `group` tiles or fewer has none */
    spmvp_idx *group_done; /* zeros (size ngroups): the groups' counters, as done */
} spmvp_brc;

/* Tiles a group for a BRC whose longest block has `tiles` tiles: the least power of two from
 * 32 on whose square covers them (two levels of about sqrt(tiles) partials each), 0 when a
 * block of `tiles` needs none (32 or fewer). */
spmvp_idx spmvp_brc_group(int64_t tiles);

/* The shortest row a BRC of W rows a block and B steps a tile deals across a block's lanes:
 * W x max(B, 32), a row that fills a tile of W lanes with at least 32 steps each. In a block of
 * W rows such a row made its W - 1 shorter neighbours pad to its length and its one lane walk
 * it alone: two dense rows among rows of 5 entries ran 24x slower than CSR-adaptive on the H100
 * (docs/predictions-h100.md, stop 27). */
spmvp_idx spmvp_brc_wide_min(spmvp_idx W, spmvp_idx B);

/* BRC of A with row blocks of W > 0 rows and tiles of B > 0 entries per row (SPMVP_ERR_ARG
 * otherwise); rows sorted by decreasing length, ties in row order. SPMVP_ERR_RANGE when the
 * slots pass 32-bit indices. */
spmvp_brc *spmvp_brc_from_csr(const spmvp_csr *A, spmvp_idx W, spmvp_idx B);
spmvp_brc *spmvp_brc_free(spmvp_brc *R);
spmvp_csr *spmvp_brc_to_csr(const spmvp_brc *R);
/* Device bytes: perm, tile0, tile_block, tile_off, colidx and val (padding included), the
 * multi-tile blocks' and groups' counters, group0, x and y (the scratch of partial sums is the kernel's working
 * space, not counted). */
size_t spmvp_brc_bytes(const spmvp_brc *R, size_t value_size);

/* Partial sums a multi-tile block's last tile loads before it adds them (cl/brc.cl's
 * BRC_SUM_LOADS, given to it as a build option). */
#define SPMVP_BRC_SUM_LOADS 8

/* The model's block size (brc.c): B in 1, 2, 4, ..., SPMVP_BRC_MAX_AUTO minimising the
 * predicted time for row blocks of W rows, from the row-length histogram hist[0..maxlen] of
 * nrows rows. 1 for a matrix without entries. */
#define SPMVP_BRC_MAX_AUTO 64
int spmvp_brc_block_model(const long long *hist, long long maxlen, long long nrows, unsigned W);
/* The model's predicted time in warp steps (brc.c), for tests and the sweep's comparison. */
double spmvp_brc_model_time(const long long *hist, long long maxlen, long long nrows, unsigned W,
                            int B);
/* The row-block height for a warp width: the largest power of two <= warp (1 for 0). */
int spmvp_brc_rows_for_warp(unsigned warp);

#endif
