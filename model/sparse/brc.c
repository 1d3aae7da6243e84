/* brc.c: BRC, blocked row-column (seed 001: Ashari, Sedaghati, Eisenlohr, Sadayappan, JPDC 76,
 * 2015; only its abstract is at hand, so the layout details and the block-size model below are
 * ours), from and to CSR, and its device plan.
 *
 * Layout. Rows are sorted by decreasing length (stably) and grouped W to a row block, W the
 * warp width, so the rows of a warp have nearly equal lengths. Row block r, of longest row L_r,
 * is cut into ceil(L_r / B) tiles of B entries per row (the last one L_r - k*B), each
 * column-major (entry j of lane l at j*W + l), so a warp reads whole lines and every warp does
 * at most the same work, B steps: the abstract's "blocks with a constant number of non-zeros".
 * Padding fills a row block's rows to its longest row only (as SELL-W with sigma = all rows),
 * whatever B; it is column -1, which ends the row.
 *
 * Kernel (cl/brc.cl), one launch. spmv_brc_tiles: one work-item per (tile, lane), summing its
 * row's B entries of the tile. Row blocks of one tile (after sorting: all but the first few)
 * write y[perm[p]] at once; those of several tiles (a prefix of the blocks, L_r falling) leave
 * a partial sum per tile, and the block's last tile to finish (an integer counter per block)
 * adds them in tile order and writes y (deterministic; no float atomics). A block of more
 * than G tiles (spmvp_brc_group) sums in two levels: each group of G consecutive tiles is
 * counted and added by its last tile, the group sums by the block's last group, in order. A
 * row of 10^6 entries in 489 tiles (B = 64) had its last tile add 489 partials: 102 us on the
 * H100; 84 in two levels at that B, 60 at the model's B = 32 (docs/kernels-h100.md, stop 28).
 * The rows of empty row blocks (a suffix, no tiles) are zeroed by the same launch. (Until this
 * was measured it was a second launch, spmv_brc_combine, about 5 µs on NVIDIA's OpenCL; the
 * model's S below still prices that launch.)
 *
 * The block-size model (spmvp_brc_block_model). Time is counted in warp steps (one step: a
 * warp loads one slot row of a tile). With the sorted row blocks' longest rows L_r, taken from
 * the row-length histogram, and for a candidate B:
 *   n_t(B) = sum_r ceil(L_r / B)                  tiles
 *   n_m(B) = sum over r with L_r > B of the same  tiles that leave a partial sum
 *   work(B) = sum_r L_r + H*n_t + M*n_m           a warp stops a tile at its longest row, so
 *                                                 steps are sum_r L_r whatever B; each tile adds
 *                                                 H, each partial M
 *   T(B) = work(B)/P + min(B, L_max) + H + (n_m > 0 ? S + M*ceil(L_max / B) : 0)
 * (with two-level sums, past G tiles, 2S + M*(G + ceil(n / G)) for the longest block's n tiles)
 * i.e. Brent's bound: the work spread over P resident warps plus the critical path, the longest
 * tile (which a small B shortens: the load balance BRC is for) and, when any row block needs
 * the combine pass, its launch and the longest row's sum over its ceil(L_max / B) partials
 * (which a small B lengthens). A row of at least W max(B, 32) entries is a block of its own,
 * dealt across the W lanes (brc.h): ceil(l / W) steps in ceil(l / (B W)) tiles, each a partial,
 * and W lane sums after them. B is the power of two in 1..64 with the
 * least T; ties go to the smaller B. Constants: H = 4 steps per tile
 * (its loads of tile_block, tile_off and perm and its store of y, each a dependent access),
 * M = 2 (the partial's store and load), P = 8192 resident warps (an H100: 132 SMs x 64 warps),
 * S = 8 steps for the second launch (~4 us at ~0.5 us per dependent step). So a 7-point
 * stencil gets B = 8 (one tile per block, no combine pass) and a power-law graph a small B that
 * splits its long rows. scripts/gpu_brc_sweep.sh measures B = 1..64 against this choice. */
#include "brc.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "format.h"
#include "plan_parts.h"
#include "stats.h"
#include "work.h"

#define MODEL_H 4.0    /* steps per tile */
#define MODEL_M 2.0    /* steps per partial sum */
#define MODEL_P 8192.0 /* resident warps */
#define MODEL_S 8.0    /* steps for the combine launch */

int spmvp_brc_rows_for_warp(unsigned warp)
{
    int w = 1;
    while ((unsigned)(2 * w) <= warp && w < 4096)
        w *= 2;
    return w;
}

spmvp_idx spmvp_brc_group(int64_t tiles)
{
    int64_t g = 32;
    while (g * g < tiles)
        g *= 2;
    return tiles > g ? (spmvp_idx)g : 0;
}

/* Tiles of the first row block, which holds the longest row (maxlen entries): a wide row's
 * ceil(maxlen / (B W)) (brc.h), else ceil(maxlen / B). Its count sets the group. */
static long long first_block_tiles(long long maxlen, long long W, long long B)
{
    return maxlen >= spmvp_brc_wide_min((spmvp_idx)W, (spmvp_idx)B) ? spmvp_ceil_div(maxlen, B * W)
                                                                    : spmvp_ceil_div(maxlen, B);
}

/* Partials on the longest path of a block of n tiles' sum: n, or in two levels its group's and
 * the groups' (brc.h). */
static long long sum_steps(long long n, long long G)
{
    return G && n > G ? G + spmvp_ceil_div(n, G) : n;
}

double spmvp_brc_model_time(const long long *hist, long long maxlen, long long nrows, unsigned W,
                            int B)
{
    long long pos = 0, sum_l = 0, nt = 0, nm = 0, wmin = spmvp_brc_wide_min((spmvp_idx)W, B);
    (void)nrows;
    if (W == 0 || B <= 0)
        return 0.0;
    /* the wide rows (brc.h): a block each, ceil(l / W) warp steps in tiles of B steps x W lanes,
     * every tile a partial sum */
    for (long long l = maxlen; l >= wmin && l > 0; l--) {
        long long tiles = spmvp_ceil_div(l, (long long)B * W);
        sum_l += hist[l] * spmvp_ceil_div(l, W);
        nt += hist[l] * tiles;
        nm += hist[l] * tiles;
    }
    /* the others: the rows of length l sit at sorted positions [pos, pos + hist[l]); the row
     * blocks that start there have longest row l */
    for (long long l = maxlen < wmin ? maxlen : wmin - 1; l > 0; l--) {
        long long blocks = spmvp_ceil_div(pos + hist[l], W) - spmvp_ceil_div(pos, W);
        pos += hist[l];
        sum_l += blocks * l;
        nt += blocks * spmvp_ceil_div(l, B);
        nm += l > B ? blocks * spmvp_ceil_div(l, B) : 0;
    }
    double work = (double)sum_l + MODEL_H * (double)nt + MODEL_M * (double)nm;
    int wide = maxlen >= wmin;
    double longest = wide ? (double)B : (double)(maxlen < B ? maxlen : B);
    /* the longest row's sum: its block's partials (in two levels past 32 tiles: a second
     * hand-over, another S), and a wide block's W lane sums */
    long long tiles0 = first_block_tiles(maxlen, W, B), G = spmvp_brc_group(tiles0);
    double combine = nm > 0 ? MODEL_S * (G ? 2 : 1) +
                                  MODEL_M * (double)(sum_steps(tiles0, G) + (wide ? W : 0))
                            : 0.0;
    return work / MODEL_P + longest + MODEL_H + combine;
}

int spmvp_brc_block_model(const long long *hist, long long maxlen, long long nrows, unsigned W)
{
    int best = 1;
    double best_t = 0.0;
    if (maxlen <= 0)
        return 1;
    for (int B = 1; B <= SPMVP_BRC_MAX_AUTO; B *= 2) {
        double t = spmvp_brc_model_time(hist, maxlen, nrows, W, B);
        if (B == 1 || t < best_t) {
            best = B;
            best_t = t;
        }
    }
    return best;
}

spmvp_brc *spmvp_brc_free(spmvp_brc *R)
{
    if (R) {
        free(R->perm);
        free(R->tile0);
        free(R->tile_block);
        free(R->tile_off);
        free(R->colidx);
        free(R->val);
        free(R->done);
        free(R->group0);
        free(R->group_done);
        free(R);
    }
    return NULL;
}

/* Counting sort of the rows, longest first, ties in row order (as JAD's): perm[0..n). */
static int sort_rows(const spmvp_csr *A, spmvp_idx *perm, spmvp_idx maxlen)
{
    spmvp_idx *next = calloc((size_t)maxlen + 1, sizeof *next);
    if (!next)
        return 0;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        next[A->rowptr[i + 1] - A->rowptr[i]]++;
    spmvp_idx longer = 0;
    for (spmvp_idx L = maxlen; L >= 0; L--) {
        spmvp_idx c = next[L];
        next[L] = longer;
        longer += c;
    }
    for (spmvp_idx i = 0; i < A->nrows; i++)
        perm[next[A->rowptr[i + 1] - A->rowptr[i]]++] = i;
    free(next);
    return 1;
}

spmvp_idx spmvp_brc_wide_min(spmvp_idx W, spmvp_idx B)
{
    int64_t m = (int64_t)W * (B > 32 ? B : 32);
    return m > SPMVP_IDX_MAX ? SPMVP_IDX_MAX : (spmvp_idx)m;
}

/* ceil(L / W) steps of a wide row, B a tile: tile k's height */
static spmvp_idx wide_height(int64_t L, int64_t W, int64_t B, int64_t k)
{
    int64_t rest = L - k * B * W, h = (rest + W - 1) / W;
    return (spmvp_idx)(h < B ? h : B);
}

spmvp_brc *spmvp_brc_from_csr(const spmvp_csr *A, spmvp_idx W, spmvp_idx B)
{
    if (W <= 0 || B <= 0) {
        spmvp_fail(SPMVP_ERR_ARG, "BRC needs W > 0 and B > 0 (W %d, B %d)", (int)W, (int)B);
        return NULL;
    }
    spmvp_idx maxlen = spmvp_csr_max_row(A), wmin = spmvp_brc_wide_min(W, B);
    spmvp_brc *R = calloc(1, sizeof *R);
    spmvp_idx *order = malloc(((size_t)A->nrows + 1) * sizeof *order), *len = NULL;
    if (!R || !order || !sort_rows(A, order, maxlen))
        goto nomem;
    /* the rows long enough to be dealt across a block's lanes: a prefix of the sorted rows */
    int64_t nwide = 0;
    while (nwide < A->nrows && A->rowptr[order[nwide] + 1] - A->rowptr[order[nwide]] >= wmin)
        nwide++;
    int64_t nblocks = nwide + ((int64_t)A->nrows - nwide + W - 1) / W, padded = nblocks * W;
    if (padded > SPMVP_IDX_MAX) {
        spmvp_fail(SPMVP_ERR_RANGE, "BRC of %d rows in blocks of %d passes 32-bit indices",
                   (int)A->nrows, (int)W);
        goto fail;
    }
    len = malloc(((size_t)padded + 1) * sizeof *len); /* length of the row at position p */
    R->nrows = A->nrows;
    R->ncols = A->ncols;
    R->nnz = A->nnz;
    R->W = W;
    R->B = B;
    R->nblocks = (spmvp_idx)nblocks;
    R->nwide = (spmvp_idx)nwide;
    R->perm = malloc(((size_t)padded + 1) * sizeof *R->perm);
    R->tile0 = malloc(((size_t)nblocks + 1) * sizeof *R->tile0);
    if (!len || !R->perm || !R->tile0)
        goto nomem;
    for (int64_t p = 0; p < padded; p++) {
        int64_t q = p < nwide * W ? (p % W ? -1 : p / W) : nwide + (p - nwide * W);
        R->perm[p] = q >= 0 && q < A->nrows ? order[q] : -1;
        spmvp_idx i = R->perm[p];
        len[p] = i < 0 ? 0 : A->rowptr[i + 1] - A->rowptr[i];
    }
    int64_t ntiles = 0, slots = 0;
    for (int64_t r = 0; r < nblocks; r++) {
        int64_t L = len[r * W]; /* the block's first row is its longest */
        R->tile0[r] = (spmvp_idx)ntiles;
        if (r < nwide) {
            for (int64_t k = 0; k * B * W < L; k++, ntiles++)
                slots += (int64_t)wide_height(L, W, B, k) * W;
            R->nmulti++; /* always summed by the last tile, across the lanes */
        } else {
            ntiles += (L + B - 1) / B;
            slots += L * W;
            R->nmulti += L > B;
        }
        R->nfull += L > 0;
        if (slots > SPMVP_IDX_MAX || ntiles > SPMVP_IDX_MAX) {
            spmvp_fail(SPMVP_ERR_RANGE, "BRC needs more than 2^31 slots (W %d), more than "
                       "32-bit indices allow", (int)W);
            goto fail;
        }
    }
    R->tile0[nblocks] = (spmvp_idx)ntiles;
    R->ntiles = (spmvp_idx)ntiles;
    R->group = spmvp_brc_group(nblocks ? R->tile0[1] : 0); /* block 0 has the most tiles */
    if (!(R->done = calloc((size_t)R->nmulti + 1, sizeof *R->done)) ||
        !(R->group0 = malloc(((size_t)R->nmulti + 1) * sizeof *R->group0)))
        goto nomem;
    int64_t ngroups = 0;
    for (spmvp_idx r = 0; r < R->nmulti; r++) {
        spmvp_idx n = R->tile0[r + 1] - R->tile0[r];
        R->group0[r] = (spmvp_idx)ngroups;
        ngroups += R->group && n > R->group ? spmvp_ceil_div(n, R->group) : 0;
    }
    R->group0[R->nmulti] = (spmvp_idx)ngroups; /* fewer than ntiles: fits */
    R->ngroups = (spmvp_idx)ngroups;
    if (!(R->group_done = calloc((size_t)ngroups + 1, sizeof *R->group_done)))
        goto nomem;
    if (spmvp_host_check(NULL, "BRC", spmvp_bytes_mul((uint64_t)slots, sizeof(spmvp_idx) + sizeof(double))))
        goto fail;
    R->tile_block = malloc((ntiles ? (size_t)ntiles : 1) * sizeof *R->tile_block);
    R->tile_off = malloc(((size_t)ntiles + 1) * sizeof *R->tile_off);
    R->colidx = malloc((slots ? (size_t)slots : 1) * sizeof *R->colidx);
    R->val = malloc((slots ? (size_t)slots : 1) * sizeof *R->val);
    if (!R->tile_block || !R->tile_off || !R->colidx || !R->val)
        goto nomem;
    spmvp_idx off = 0;
    for (int64_t r = 0; r < nblocks; r++)
        for (spmvp_idx t = R->tile0[r], k = 0; t < R->tile0[r + 1]; t++, k++) {
            spmvp_idx rest = len[r * W] - k * B;
            R->tile_block[t] = (spmvp_idx)r;
            R->tile_off[t] = off;
            off += (r < nwide ? wide_height(len[r * W], W, B, k) : rest < B ? rest : B) * W;
        }
    R->tile_off[ntiles] = off;
    /* the padding first, then the sorted rows, both on OpenMP's threads (plan_parts.h): a
     * thread's range of the padding is first touched on its core, and each row writes only its
     * own slots */
#pragma omp parallel for schedule(static) if (slots >= SPMVP_PAR_MIN)
    for (int64_t s = 0; s < slots; s++) {
        R->colidx[s] = -1;
        R->val[s] = 0.0;
    }
#pragma omp parallel for schedule(static) if (slots >= SPMVP_PAR_MIN)
    for (int64_t p = 0; p < padded; p++) {
        spmvp_idx i = R->perm[p];
        if (i < 0)
            continue;
        spmvp_idx start = A->rowptr[i], t0 = R->tile0[p / W];
        for (spmvp_idx e = 0; e < len[p]; e++) {
            size_t s = p / W < nwide
                           ? (size_t)R->tile_off[t0 + e / (B * W)] + (size_t)(e % (B * W))
                           : (size_t)R->tile_off[t0 + e / B] + (size_t)(e % B) * (size_t)W +
                                 (size_t)(p % W);
            R->colidx[s] = A->colidx[start + e];
            R->val[s] = A->val[start + e];
        }
    }
    free(order);
    free(len);
    return R;
nomem:
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a BRC matrix of %d rows", (int)A->nrows);
fail:
    free(order);
    free(len);
    return spmvp_brc_free(R);
}

/* Entry e of sorted row p, in its block's tiles; a row ends at its first -1. */
static spmvp_idx entry_slot(const spmvp_brc *R, spmvp_idx p, spmvp_idx e)
{
    spmvp_idx r = p / R->W;
    if (r < R->nwide) { /* lane 0's row, dealt across the lanes; the other lanes hold none */
        int64_t BW = (int64_t)R->B * R->W;
        spmvp_idx t = R->tile0[r] + (spmvp_idx)(e / BW), e2 = (spmvp_idx)(e % BW);
        if (p % R->W || t >= R->tile0[r + 1] || e2 >= R->tile_off[t + 1] - R->tile_off[t])
            return -1;
        spmvp_idx s = R->tile_off[t] + e2;
        return R->colidx[s] < 0 ? -1 : s;
    }
    spmvp_idx t = R->tile0[r] + e / R->B;
    if (t >= R->tile0[r + 1] || (e % R->B) * R->W >= R->tile_off[t + 1] - R->tile_off[t])
        return -1;
    spmvp_idx s = R->tile_off[t] + (e % R->B) * R->W + p % R->W;
    return R->colidx[s] < 0 ? -1 : s;
}

spmvp_csr *spmvp_brc_to_csr(const spmvp_brc *R)
{
    spmvp_csr *A = spmvp_csr_alloc(R->nrows, R->ncols, R->nnz);
    if (!A)
        return NULL;
    /* every position that holds a row: wide blocks leave lanes 1..W-1 without one */
    spmvp_idx npos = R->nblocks * R->W;
    for (spmvp_idx p = 0; p < npos; p++) {
        spmvp_idx e = 0;
        if (R->perm[p] < 0)
            continue;
        while (entry_slot(R, p, e) >= 0)
            e++;
        A->rowptr[R->perm[p] + 1] = e;
    }
    for (spmvp_idx i = 0; i < R->nrows; i++)
        A->rowptr[i + 1] += A->rowptr[i];
    for (spmvp_idx p = 0; p < npos; p++) {
        if (R->perm[p] < 0)
            continue;
        spmvp_idx out = A->rowptr[R->perm[p]], s;
        for (spmvp_idx e = 0; (s = entry_slot(R, p, e)) >= 0; e++) {
            A->colidx[out + e] = R->colidx[s];
            A->val[out + e] = R->val[s];
        }
    }
    return A;
}

size_t spmvp_brc_bytes(const spmvp_brc *R, size_t vs)
{
    size_t I = sizeof(spmvp_idx), slots = (size_t)R->tile_off[R->ntiles];
    return (size_t)R->nblocks * (size_t)R->W * I + ((size_t)R->nblocks + 1) * I +
           ((size_t)R->ntiles * 2 + 1) * I + slots * (I + vs) + (size_t)R->nmulti * I +
           ((size_t)R->nmulti + 1 + (size_t)R->ngroups) * I +
           ((size_t)R->nrows + (size_t)R->ncols) * vs;
}

/* ---- the format ---- */

static void release_brc(void *R) { spmvp_brc_free(R); }

static void resolve_brc(const spmvp_rowlen_stats *s, unsigned warp, spmvp_mapping *m)
{
    if (m->brc_block <= 0)
        m->brc_block = spmvp_brc_block_model(s->hist, s->max, s->rows,
                                             (unsigned)spmvp_brc_rows_for_warp(warp));
}

static void label_brc(const spmvp_mapping *m, char *buf, size_t size)
{
    snprintf(buf, size, "B=%d", m->brc_block);
}

/* The one launch (see the top of this file): at least one tile's worth of work-items, so that a
 * matrix of empty rows still zeroes them; none for a matrix without rows. */
static void add_launch(spmvp_plan *p, const spmvp_brc *R, int a, size_t wg)
{
    spmvp_idx W = R->W, multi_tiles = R->tile0[R->nmulti];
    size_t empty_rows = (size_t)(R->nblocks - R->nfull) * (size_t)W;
    if (!R->nrows)
        return;
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "brc.cl", "spmv_brc_tiles",
                                                 (size_t)(R->ntiles ? R->ntiles : 1) * (size_t)W, wg);
    snprintf(l->options, sizeof l->options,
             "-DBRC_W=%d -DBRC_B=%d -DWG_SIZE=%zu -DBRC_SUM_LOADS=%d%s%s%s", (int)W, (int)R->B, wg,
             SPMVP_BRC_SUM_LOADS, R->nmulti ? " -DBRC_MULTI" : "",
             empty_rows ? " -DBRC_EMPTY" : "", R->nwide ? " -DBRC_WIDE" : "");
    if (R->ngroups) {
        size_t n = strlen(l->options);
        snprintf(l->options + n, sizeof l->options - n, " -DBRC_GROUP=%d", (int)R->group);
    }
    spmvp_plan_arg_int(l, R->ntiles);
    spmvp_plan_arg_int(l, multi_tiles);
    spmvp_plan_arg_array(l, a + 2); /* tile_block */
    spmvp_plan_arg_array(l, a + 3); /* tile_off */
    spmvp_plan_arg_array(l, a);     /* perm */
    spmvp_plan_arg_array(l, a + 4); /* colidx */
    spmvp_plan_arg_array(l, a + 5); /* val */
    spmvp_plan_arg_x(l);
    spmvp_plan_arg_y(l);
    spmvp_plan_arg_array(l, a + 6); /* partial sums */
    spmvp_plan_arg_array(l, a + 1); /* tile0 */
    spmvp_plan_arg_array(l, a + 7); /* counters */
    spmvp_plan_arg_int(l, (long long)R->nfull * W);
    spmvp_plan_arg_int(l, (long long)empty_rows);
    spmvp_plan_arg_int(l, R->nwide);
    spmvp_plan_arg_array(l, a + 8);  /* group0 */
    spmvp_plan_arg_array(l, a + 9);  /* groups' partial sums */
    spmvp_plan_arg_array(l, a + 10); /* groups' counters */
}

/* The one launch's tiles hand over within a work-group (cl/brc.cl: a tile's W lanes meet at
 * its barrier), so a work-group holds whole row blocks. The plan and the work hook both ask. */
static spmvp_status check_wg(const spmvp_target *t, int W)
{
    if (t->wg_size % (size_t)W)
        return spmvp_fail(SPMVP_ERR_ARG, "BRC needs a work-group of whole row blocks: %zu is not "
                          "a multiple of %d", t->wg_size, W);
    return SPMVP_OK;
}

static spmvp_status plan_brc(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                             spmvp_plan *p)
{
    int W = spmvp_brc_rows_for_warp(t->warp), B = m->brc_block;
    spmvp_status st = check_wg(t, W);
    if (st)
        return st;
    if (B <= 0) {
        spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
        if (!s)
            return SPMVP_ERR_NOMEM; /* message recorded */
        B = spmvp_brc_block_model(s->hist, s->max, s->rows, (unsigned)W);
        spmvp_rowlen_stats_free(s);
    }
    spmvp_brc *R = spmvp_brc_from_csr(A, W, B);
    if (!R)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
    p->owned = R;
    p->release = release_brc;
    p->footprint = spmvp_brc_bytes(R, t->value_size);
    size_t slots = (size_t)R->tile_off[R->ntiles];
    snprintf(p->params, sizeof p->params, "B=%d, W=%d, %d tiles, %.1f%% padding", B, W,
             (int)R->ntiles, slots ? 100.0 * (double)(slots - (size_t)R->nnz) / (double)slots : 0.0);
    int a = spmvp_plan_add_array(p, "BRC permutation", SPMVP_ARRAY_INDEX, R->perm,
                                 (size_t)R->nblocks * (size_t)W);
    spmvp_plan_add_array(p, "BRC first tiles", SPMVP_ARRAY_INDEX, R->tile0, (size_t)R->nblocks + 1);
    spmvp_plan_add_array(p, "BRC tile blocks", SPMVP_ARRAY_INDEX, R->tile_block, (size_t)R->ntiles);
    spmvp_plan_add_array(p, "BRC tile offsets", SPMVP_ARRAY_INDEX, R->tile_off, (size_t)R->ntiles + 1);
    spmvp_plan_add_array(p, "BRC column indices", SPMVP_ARRAY_INDEX, R->colidx, slots);
    spmvp_plan_add_array(p, "BRC values", SPMVP_ARRAY_VALUE, R->val, slots);
    spmvp_plan_add_array(p, "BRC partial sums", SPMVP_ARRAY_SCRATCH, NULL,
                         (size_t)R->tile0[R->nmulti] * (size_t)W);
    /* an index array the kernel also writes: each counter returns to 0 after every product */
    spmvp_plan_add_array(p, "BRC block counters", SPMVP_ARRAY_INDEX, R->done, (size_t)R->nmulti);
    spmvp_plan_add_array(p, "BRC first groups", SPMVP_ARRAY_INDEX, R->group0, (size_t)R->nmulti + 1);
    spmvp_plan_add_array(p, "BRC group partial sums", SPMVP_ARRAY_SCRATCH, NULL,
                         (size_t)R->ngroups * (size_t)W);
    spmvp_plan_add_array(p, "BRC group counters", SPMVP_ARRAY_INDEX, R->group_done, (size_t)R->ngroups);
    add_launch(p, R, a, t->wg_size);
    return SPMVP_OK;
}

/* Work (format.h), from the histogram of row lengths (the rows sorted by decreasing length,
 * as the layout sorts them): row block r of W rows has longest row L_r, the length at sorted
 * position rW, and ceil(L_r / B) tiles; in tile k, lane l takes min(B, max(0, len_l - kB))
 * steps, lane 0 the most, h = min(B, L_r - kB). The last tile of a multi-tile block then
 * takes, per row, one step per tile of the block (past spmvp_brc_group's G tiles: each
 * group's last tile G steps, then the block's last ceil(n / G); counted so although the kernel loads
 * SPMVP_BRC_SUM_LOADS partials at a time: a step per SPMVP_BRC_SUM_LOADS tiles cut the H100's
 * held-out error by 0.2-0.6 points but picked within 5 % on 59-60 % of its matrices instead of
 * 60-64 %, 2026-11-23, docs/predictions-h100.md); the rows of empty blocks are zeroed by a
 * grid-stride loop (not counted). With W the warp width (a power of two), a warp is one tile,
 * so its lock step is W x h. */
/* The sums of `blocks` row blocks of n tiles each (of W lanes), G tiles a group, into cl; the
 * groups they make are added to *groups. */
static void add_sums(spmvp_lockstep *cl, long long blocks, long long W, long long n, long long G,
                     long long *groups)
{
    if (G && n > G) {
        long long g = spmvp_ceil_div(n, G);
        spmvp_lockstep_add(cl, blocks * g * W, G);
        spmvp_lockstep_add(cl, blocks * W, g);
        *groups += blocks * g;
    } else
        spmvp_lockstep_add(cl, blocks * W, n);
}

static spmvp_status work_brc(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                             const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    long long W = spmvp_brc_rows_for_warp(t->warp), B = m->brc_block;
    spmvp_status st = check_wg(t, (int)W);
    if (st)
        return st;
    if (B <= 0)
        B = spmvp_brc_block_model(s->hist, s->max, s->rows, (unsigned)W);
    long long ntiles = 0, multi_tiles = 0, sum_l = 0, wide_slots = 0, nwide = 0;
    long long nmulti = 0, pos = 0, tile_steps = 0, combine_steps = 0, ngroups = 0;
    long long wmin = spmvp_brc_wide_min((spmvp_idx)W, (spmvp_idx)B);
    long long G = spmvp_brc_group(first_block_tiles(s->max, W, B));
    spmvp_lockstep tl, cl;
    spmvp_lockstep_init(&tl, t->warp);
    spmvp_lockstep_init(&cl, t->warp);
    /* the wide rows (brc.h): a block each, dealt across its W lanes, ceil(L / W) steps in tiles
     * of B; summed by the last tile, which then adds the W lanes' sums (W steps) */
    for (long long L = s->max; L >= wmin && L > 0; L--) {
        long long rows = s->hist[L], tiles = spmvp_ceil_div(L, B * W);
        if (!rows)
            continue;
        nwide += rows;
        for (long long k = 0; k < tiles; k++) {
            long long h = spmvp_ceil_div(L - k * B * W, W);
            h = h < B ? h : B;
            spmvp_lockstep_add(&tl, rows * W, h);
            wide_slots += rows * W * h;
        }
        ntiles += rows * tiles;
        nmulti += rows;
        multi_tiles += rows * tiles;
        add_sums(&cl, rows, W, tiles, G, &ngroups);
        spmvp_lockstep_add(&cl, rows, W);
        if (sum_steps(tiles, G) + W > combine_steps)
            combine_steps = sum_steps(tiles, G) + W;
        tile_steps = tile_steps ? tile_steps : (L < B * W ? spmvp_ceil_div(L, W) : B);
    }
    long long nblocks = nwide + spmvp_ceil_div(A->nrows - nwide, W);
    for (long long L = wmin - 1 < s->max ? wmin - 1 : s->max; L > 0; L--) {
        /* blocks that start among the rows of length L */
        long long blocks = spmvp_ceil_div(pos + s->hist[L], W) - spmvp_ceil_div(pos, W);
        long long tiles = spmvp_ceil_div(L, B);
        pos += s->hist[L];
        sum_l += blocks * L;
        ntiles += blocks * tiles;
        /* each tile: W work-items, lane 0 the longest; a warp narrower than W would split a
         * tile, which the warp widths spmvp meets (powers of two, W = warp) do not */
        for (long long k = 0; k < tiles; k++)
            spmvp_lockstep_add(&tl, blocks * W, L - k * B < B ? L - k * B : B);
        if (tiles > 1) {
            nmulti += blocks;
            multi_tiles += blocks * tiles;
            add_sums(&cl, blocks, W, tiles, G, &ngroups);
            if (sum_steps(tiles, G) > combine_steps)
                combine_steps = sum_steps(tiles, G);
        }
        tile_steps = tile_steps ? tile_steps : (L < B ? L : B);
    }
    long long I = sizeof(spmvp_idx), vs = (long long)t->value_size;
    w->slots = W * sum_l + wide_slots;
    if (nblocks * W > SPMVP_IDX_MAX || w->slots > SPMVP_IDX_MAX)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "BRC needs more than 2^31 slots (W %lld), more "
                          "than 32-bit indices allow", W);
    w->bytes = nblocks * W * I + (nblocks + 1) * I + (2 * ntiles + 1) * I + w->slots * (I + vs) +
               nmulti * I + (nmulti + 1 + ngroups) * I + spmvp_work_vectors(A, t->value_size) +
               2 * (multi_tiles + ngroups) * W * vs;
    w->critical_path = tile_steps + combine_steps;
    if (A->nrows) { /* one launch: the tiles, then in it the sums of the multi-tile blocks (cl) */
        long long launched = spmvp_work_launch(w, (ntiles ? ntiles : 1) * W, t->wg_size);
        w->lockstep_entries += spmvp_lockstep_end(&tl, launched);
        w->lockstep_entries += spmvp_lockstep_end(&cl, (nmulti + ngroups) * W);
        /* a lane a row, in lock-step, when every row is one tile; tiles of one row at different
         * offsets run at once otherwise, and their gathers are spread as storage order's */
        w->gather_lanes = multi_tiles ? 0 : 1;
    }
    return SPMVP_OK;
}

static const spmvp_mapping_param brc_params[] = {
    {"brc-block", "B", "BRC block size: entries per row in a tile of warp-width rows",
     "model/sparse/brc.c's model, a power of two in 1..64", offsetof(spmvp_mapping, brc_block),
     1, 4096, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0},
};

static const char *const brc_kernels[] = {"brc.cl", NULL};
const spmvp_format_desc spmvp_format_brc = {3, "brc", "BRC", resolve_brc, label_brc, plan_brc,
                                            brc_params, work_brc, brc_kernels, 1};
