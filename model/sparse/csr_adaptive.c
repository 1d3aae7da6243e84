/* csr_adaptive.c: CSR-adaptive (ours, after Greathouse & Daga, "Efficient Sparse Matrix-Vector
 * Multiplication on GPUs using the CSR Storage Format", SC'14, and its long-row extension):
 * the CSR arrays as they are, plus work-group blocks binning the rows by length, built here in
 * one pass over the row pointers (cl/csr_adaptive.cl runs them).
 *
 * Bins, with SHARE = WG x ITEMS entries (WG the work-group size, ITEMS 8, or 4 where the stream
 * blocks at 8 would be at most half full on a GPU whose local memory is L1's, unless
 * --adaptive-items; csr_adaptive.h):
 *  - short rows (length <= SHARE): consecutive rows are packed greedily into a stream block
 *    while the block holds at most SHARE entries and at most WG rows, and its longest row takes
 *    at most SPMVP_ADAPTIVE_SERIAL (32) serial adds in the reduction below (without that
 *    bound a block of 255 empty rows and one of 2,000 entries, common in a power-law graph,
 *    gives that row one work-item and 2,000 adds from local memory while the rest of the
 *    work-group waits: about 30 µs on the H100, where its loads take about 1). The work-group
 *    loads the block's entries into local memory with coalesced loads whatever the row lengths,
 *    then gives each row V work-items (V x rows <= WG): one per row for 7-point stencils, 32
 *    for rows of 300. A block whose rows get SPMVP_ADAPTIVE_DIRECT (32) work-items or more
 *    skips local memory: each row's V work-items read it from global memory, as CSR-vector.
 *    Such a block (8 rows or fewer at WG 256) is not bound to the share: it takes rows of up
 *    to a share each while they keep 32 work-items, so rows of 1,000 fill a work-group 8 at a
 *    time rather than 2 (stop 43: 0.78x the time on the H100; rows of 300, 6 -> 8 rows a
 *    block, unchanged). A matrix of 128 entries a row or more on average has direct blocks
 *    only (SPMVP_ADAPTIVE_DIRECT_MEAN, csr_adaptive.h): its program then declares no local
 *    memory for the stream path, and L1 keeps x (stop 46). Its rows all get 32 work-items, a
 *    constant of its program (-DADAPT_V), so its blocks hold wg / 32 rows of a share or less
 *    whatever their lengths, with no serial bound (stop 47).
 *    SHARE is the local memory a block needs (16 KiB in double at WG 256); 8 per work-item
 *    keeps 8 independent loads in flight per work-item, as COO's tiles do, where CSR-Adaptive's
 *    1024 entries for 256 work-items (4 each) was tuned for AMD's 64 KiB LDS.
 *    In double 4 was 0.94-0.96x the time of 8 on the H100's matrices above 10^6 non-zeros and
 *    1.1-1.3x below 10^5 (docs/data/h100-serial/), so 8 stays for both precisions, but where
 *    the blocks at 8 would use at most half the share (SPMVP_ADAPTIVE_LEAN_FILL: power-law
 *    graphs, whose blocks the serial bound ends early), which 4 then halves.
 *  - medium rows (SHARE < length <= 4 x SHARE): one work-group each (CSR-Vector over the whole
 *    work-group). A row of up to 4 shares costs one work-group at most 4 times a stream
 *    block's work and needs no second launch.
 *  - long rows (length > 4 x SHARE): cut into chunks of SHARE entries, one work-group each,
 *    so every work-group of the launch has at most one share (or a medium row) of work; each
 *    chunk's sum goes to a slot of partial sums, and the row's last chunk to finish (an
 *    integer counter per long row) adds the row's slots by a tree and writes y, in the same
 *    launch (deterministic: the slots are added in one order whichever chunk is last; no
 *    float atomics, unlike VectorL). A second launch for the sums cost about 5 µs on NVIDIA's
 *    OpenCL, the whole product of a small matrix with a long row.
 * Blocks are in row order, so neighbouring work-groups read neighbouring entries.
 * Device bytes: the CSR arrays, the blocks (3 indices per block), the long-row table (3 per
 * long row) and its counters (1 per long row) are uploaded and counted in the footprint; the partial sums are scratch
 * (one value per chunk), not counted, as COO's carries are not (test_format_table's rule). */
#include "csr_adaptive.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "work.h"

spmvp_csr_adaptive *spmvp_csr_adaptive_free(spmvp_csr_adaptive *B)
{
    if (B) {
        free(B->blocks);
        free(B->longrows);
        free(B->done);
        free(B);
    }
    return NULL;
}

/* Whether the rows [0, nrows) of row pointers rp hold SPMVP_ADAPTIVE_DIRECT_MEAN entries or
 * more on average: then every block is direct (csr_adaptive.h) */
static int direct_rows(const spmvp_idx *rp, spmvp_idx nrows)
{
    return nrows > 0 && rp[nrows] >= (long long)SPMVP_ADAPTIVE_DIRECT_MEAN * nrows;
}

int spmvp_csr_adaptive_direct_only(const spmvp_csr *A) { return direct_rows(A->rowptr, A->nrows); }

/* Whether every row of the rows [0, nrows) gets SPMVP_ADAPTIVE_DIRECT work-items in groups of
 * wg, as a constant of its program (the kernel's ADAPT_V): a direct-only matrix whose groups
 * hold that many */
static int direct_v_fixed(const spmvp_idx *rp, spmvp_idx nrows, long long wg)
{
    return direct_rows(rp, nrows) && wg >= SPMVP_ADAPTIVE_DIRECT;
}

spmvp_idx spmvp_csr_adaptive_stream_end(const spmvp_idx *rp, spmvp_idx nrows, spmvp_idx r0,
                                        long long wg, long long items, long long *widest,
                                        long long *per_row)
{
    const long long share = wg * items;
    const int direct = direct_rows(rp, nrows);
    long long m = rp[r0 + 1] - rp[r0], v = wg;
    spmvp_idx r = r0 + 1; /* the first row always fits: alone it has wg work-items */
    if (direct_v_fixed(rp, nrows, wg)) {
        /* every row SPMVP_ADAPTIVE_DIRECT work-items (the kernel's ADAPT_V), so a row's serial
         * steps do not depend on its block and no bound on them ends one: wg / 32 rows a block,
         * each of a share or less */
        while (r < nrows && (r + 1 - r0) * SPMVP_ADAPTIVE_DIRECT <= wg && rp[r + 1] - rp[r] <= share) {
            m = rp[r + 1] - rp[r] > m ? rp[r + 1] - rp[r] : m;
            r++;
        }
        *widest = m;
        *per_row = SPMVP_ADAPTIVE_DIRECT;
        return r;
    }
    /* a block of rows that get SPMVP_ADAPTIVE_DIRECT work-items each reads them from global
     * memory, not through the share of local memory: it may hold more entries than a share,
     * so that rows of 300 fill 8 x 32 work-items, not 6 (2,048 entries) */
    while (r < nrows && r - r0 < wg && rp[r + 1] - rp[r] <= share &&
           ((!direct && rp[r + 1] - rp[r0] <= share) || (r + 1 - r0) * SPMVP_ADAPTIVE_DIRECT <= wg)) {
        /* v, the work-items a row gets (the largest power of two with v x rows <= wg, as
         * cl/csr_adaptive.cl takes it), only shrinks as the block grows, so the walk stays one
         * step a row (a conversion that recomputed it for every row was 5x slower on the
         * H100's host) */
        long long len = rp[r + 1] - rp[r], mm = len > m ? len : m, vv = v;
        while (vv > 1 && vv * (r + 1 - r0) > wg)
            vv >>= 1;
        if (mm > SPMVP_ADAPTIVE_SERIAL * vv) /* ceil(mm / vv) serial adds */
            break;
        m = mm;
        v = vv;
        r++;
    }
    *widest = m;
    *per_row = v;
    return r;
}

/* spmvp_csr_adaptive_stream_v's rule, block by block, so that bin_rows' own walk decides it
 * too (a walk of its own made the conversion 1.6x slower) */
typedef struct stream_v_walk {
    long long vmin;    /* the least v of the stream blocks so far */
    long long longest; /* their longest row */
    int ok;            /* no medium or long row, no direct block but a last one of a share or less */
} stream_v_walk;

/* The block [r0, r1) whose rows get v work-items each and whose longest row has `widest`
 * entries, or a medium or long row (v = 0). */
static void stream_v_block(stream_v_walk *w, const spmvp_idx *rp, spmvp_idx nrows, spmvp_idx r0,
                           spmvp_idx r1, long long v, long long widest, long long share)
{
    if (v == 0 || (v >= SPMVP_ADAPTIVE_DIRECT && (r1 < nrows || r0 == 0 || rp[r1] - rp[r0] > share)))
        w->ok = 0;
    else if (v < w->vmin)
        w->vmin = v;
    w->longest = widest > w->longest ? widest : w->longest;
}

/* The constant: vmin, where the longest row keeps the serial bound with it. */
static int stream_v_end(const stream_v_walk *w, spmvp_idx nrows)
{
    return w->ok && nrows > 0 && w->longest <= SPMVP_ADAPTIVE_SERIAL * w->vmin ? (int)w->vmin : 0;
}

int spmvp_csr_adaptive_stream_v(const spmvp_idx *rp, spmvp_idx nrows, long long wg, long long items)
{
    stream_v_walk w = {wg, 0, 1};
    for (spmvp_idx r = 0; r < nrows && w.ok;) {
        long long widest = 0, v = 0;
        spmvp_idx r1 = r + 1; /* a medium or long row: a whole work-group's path */
        if (rp[r + 1] - rp[r] <= wg * items)
            r1 = spmvp_csr_adaptive_stream_end(rp, nrows, r, wg, items, &widest, &v);
        stream_v_block(&w, rp, nrows, r, r1, v, widest, wg * items);
        r = r1;
    }
    return stream_v_end(&w, nrows);
}

/* One pass over the rows: counts the blocks, long rows and slots into B, and fills the arrays
 * when they are allocated; and B's stream_v. */
static void bin_rows(const spmvp_csr *A, spmvp_csr_adaptive *B)
{
    const spmvp_idx *rp = A->rowptr;
    const long long share = B->share, longest = share * SPMVP_ADAPTIVE_LONG;
    spmvp_idx nb = 0, nl = 0, ns = 0;
    long long staged = 0, staged_entries = 0;
    int paths = 0;
    stream_v_walk sv = {B->wg, 0, 1};
#define BLOCK(a, b, c)                                                                         \
    do {                                                                                       \
        if (B->blocks) {                                                                       \
            B->blocks[3 * nb] = (a);                                                           \
            B->blocks[3 * nb + 1] = (b);                                                       \
            B->blocks[3 * nb + 2] = (c);                                                       \
        }                                                                                      \
        nb++;                                                                                  \
    } while (0)
    for (spmvp_idx r = 0; r < A->nrows;) {
        long long len = rp[r + 1] - rp[r];
        if (len > longest) { /* long: chunks of one share, then the row's slots */
            spmvp_idx first = ns;
            for (long long k = rp[r]; k < rp[r + 1]; k += share)
                BLOCK((spmvp_idx)k, (spmvp_idx)(k + share < rp[r + 1] ? k + share : rp[r + 1]), ns++);
            if (B->longrows) {
                B->longrows[3 * nl] = r;
                B->longrows[3 * nl + 1] = first;
                B->longrows[3 * nl + 2] = ns;
            }
            nl++;
            r++;
            paths |= SPMVP_ADAPTIVE_PATH_WHOLE;
            sv.ok = 0;
        } else if (len > share) { /* medium: one work-group */
            BLOCK(r, r + 1, -1);
            r++;
            paths |= SPMVP_ADAPTIVE_PATH_WHOLE;
            sv.ok = 0;
        } else { /* short: as many rows as fit one share and one work-group */
            spmvp_idx r0 = r;
            long long widest, v;
            r = spmvp_csr_adaptive_stream_end(rp, A->nrows, r0, B->wg, share / B->wg, &widest, &v);
            BLOCK(r0, r, -1);
            /* the kernel's test: rows x SPMVP_ADAPTIVE_DIRECT <= wg, the same as v >= it */
            paths |= v >= SPMVP_ADAPTIVE_DIRECT ? SPMVP_ADAPTIVE_PATH_DIRECT : SPMVP_ADAPTIVE_PATH_STAGED;
            if (v < SPMVP_ADAPTIVE_DIRECT) {
                staged++;
                staged_entries += rp[r] - rp[r0];
            }
            if (sv.ok)
                stream_v_block(&sv, rp, A->nrows, r0, r, v, widest, share);
        }
    }
#undef BLOCK
    B->stream_v = stream_v_end(&sv, A->nrows);
    if (B->stream_v) /* with a constant v, a last block of a few rows is staged too */
        paths = SPMVP_ADAPTIVE_PATH_STAGED;
    B->paths = paths;
    B->nblocks = nb;
    B->nlong = nl;
    B->nslots = ns;
    B->staged_blocks = staged;
    B->staged_entries = staged_entries;
}

double spmvp_csr_adaptive_fill(const spmvp_csr_adaptive *B)
{
    return B->staged_blocks ? (double)B->staged_entries / ((double)B->staged_blocks * (double)B->share) : 1.0;
}

/* B's counts of A's blocks (bin_rows without arrays) for work-groups of wg and a share of
 * `share` entries. */
static void count_blocks(const spmvp_csr *A, spmvp_idx wg, spmvp_idx share, spmvp_csr_adaptive *B)
{
    B->nrows = A->nrows;
    B->wg = wg;
    B->share = share;
    bin_rows(A, B);
}

/* Whether blocks of B's share would use at most SPMVP_ADAPTIVE_LEAN_FILL of it and half as many
 * entries a work-item (at least 1) take their place (csr_adaptive.h). */
static int lean_halves(const spmvp_csr_adaptive *B)
{
    return B->share / B->wg > 1 && spmvp_csr_adaptive_fill(B) <= SPMVP_ADAPTIVE_LEAN_FILL;
}

spmvp_csr_adaptive *spmvp_csr_adaptive_from_csr(const spmvp_csr *A, spmvp_idx wg, spmvp_idx items)
{
    return spmvp_csr_adaptive_from_csr_lean(A, wg, items, 0);
}

spmvp_csr_adaptive *spmvp_csr_adaptive_from_csr_lean(const spmvp_csr *A, spmvp_idx wg, spmvp_idx items,
                                                     int lean)
{
    if (wg < 1 || items < 1) {
        spmvp_fail(SPMVP_ERR_ARG, "CSR-adaptive needs a positive work-group size and items, "
                   "not %d and %d", (int)wg, (int)items);
        return NULL;
    }
    if ((long long)wg * items * SPMVP_ADAPTIVE_LONG > SPMVP_IDX_MAX) {
        spmvp_fail(SPMVP_ERR_RANGE, "CSR-adaptive share of %d x %d entries passes 32-bit "
                   "indices", (int)wg, (int)items);
        return NULL;
    }
    spmvp_csr_adaptive *B = calloc(1, sizeof *B);
    if (!B)
        goto nomem;
    count_blocks(A, wg, wg * items, B);
    if (lean && lean_halves(B)) /* count again at half the share: a third pass only here */
        count_blocks(A, wg, B->share / 2, B);
    B->blocks = malloc(((size_t)B->nblocks * 3 + 1) * sizeof *B->blocks);
    B->longrows = malloc(((size_t)B->nlong * 3 + 1) * sizeof *B->longrows);
    B->done = calloc((size_t)B->nlong + 1, sizeof *B->done);
    if (!B->blocks || !B->longrows || !B->done)
        goto nomem;
    bin_rows(A, B); /* fill */
    return B;
nomem:
    spmvp_csr_adaptive_free(B);
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for CSR-adaptive blocks of %d rows", (int)A->nrows);
    return NULL;
}

static double entries_sum(const spmvp_csr *A, spmvp_idx k0, spmvp_idx k1, const double *x)
{
    double s = 0.0;
    for (spmvp_idx k = k0; k < k1; k++)
        s += A->val[k] * x[A->colidx[k]];
    return s;
}

void spmvp_csr_adaptive_spmv(const spmvp_csr_adaptive *B, const spmvp_csr *A, const double *x,
                             double *y)
{
    double *partial = malloc(((size_t)B->nslots + 1) * sizeof *partial);
    if (!partial)
        return;
    for (spmvp_idx b = 0; b < B->nblocks; b++) {
        const spmvp_idx *d = B->blocks + 3 * (size_t)b;
        if (d[2] >= 0)
            partial[d[2]] = entries_sum(A, d[0], d[1], x);
        else
            for (spmvp_idx r = d[0]; r < d[1]; r++)
                y[r] = entries_sum(A, A->rowptr[r], A->rowptr[r + 1], x);
    }
    for (spmvp_idx j = 0; j < B->nlong; j++) {
        const spmvp_idx *l = B->longrows + 3 * (size_t)j;
        double s = 0.0;
        for (spmvp_idx p = l[1]; p < l[2]; p++)
            s += partial[p];
        y[l[0]] = s;
    }
    free(partial);
}

/* ---- the format ---- */

static void release_adaptive(void *B) { spmvp_csr_adaptive_free(B); }

/* Local memory of a work-group: the stream block's products, the reduction tree and the
 * block's row starts (cl/csr_adaptive.cl's lval, red and lrow). */
static unsigned long long adaptive_local_bytes(size_t wg, int items, size_t vs)
{
    return ((unsigned long long)wg * (unsigned long long)items + wg) * vs +
           ((unsigned long long)wg + 1) * sizeof(spmvp_idx);
}

/* Entries per work-item of a stream block: the mapping's, else SPMVP_ADAPTIVE_ITEMS halved
 * until the work-group's local memory fits. */
static int adaptive_items(const spmvp_mapping *m, const spmvp_target *t)
{
    if (m->adaptive_items > 0)
        return m->adaptive_items;
    int items = SPMVP_ADAPTIVE_ITEMS;
    while (items > 1 && adaptive_local_bytes(t->wg_size, items, t->value_size) > t->local_mem)
        items /= 2;
    return items;
}

/* Whether the items may be halved where the stream blocks would use at most
 * SPMVP_ADAPTIVE_LEAN_FILL of their share (csr_adaptive.h): a device whose local memory comes
 * out of L1, at the default items, not a mapping's. */
static int lean_allowed(const spmvp_mapping *m, const spmvp_target *t, int items)
{
    return t->local_from_l1 && m->adaptive_items <= 0 && items == SPMVP_ADAPTIVE_ITEMS;
}

static spmvp_status plan_adaptive(const spmvp_csr *A, const spmvp_mapping *m,
                                  const spmvp_target *t, spmvp_plan *p)
{
    size_t wg = t->wg_size;
    int items = adaptive_items(m, t);
    if (wg & (wg - 1))
        return spmvp_fail(SPMVP_ERR_ARG, "CSR-adaptive needs a power-of-two work-group size, "
                          "not %zu", wg);
    if (adaptive_local_bytes(wg, items, t->value_size) > t->local_mem)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "CSR-adaptive with %d entries per work-item in "
                          "groups of %zu needs %llu bytes of local memory, the device has %llu",
                          items, wg, adaptive_local_bytes(wg, items, t->value_size), t->local_mem);
    spmvp_csr_adaptive *B = spmvp_csr_adaptive_from_csr_lean(A, (spmvp_idx)wg, items, lean_allowed(m, t, items));
    if (!B)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
    items = (int)(B->share / B->wg); /* halved where the blocks are lean */
    p->owned = B;
    p->release = release_adaptive;
    /* the plan borrows A's arrays: bench keeps A alive while the plan runs */
    int a = spmvp_plan_add_array(p, "CSR row pointers", SPMVP_ARRAY_INDEX, A->rowptr, (size_t)A->nrows + 1);
    spmvp_plan_add_array(p, "CSR column indices", SPMVP_ARRAY_INDEX, A->colidx, (size_t)A->nnz);
    spmvp_plan_add_array(p, "CSR values", SPMVP_ARRAY_VALUE, A->val, (size_t)A->nnz);
    spmvp_plan_add_array(p, "CSR-adaptive blocks", SPMVP_ARRAY_INDEX, B->blocks, 3 * (size_t)B->nblocks);
    spmvp_plan_add_array(p, "CSR-adaptive long rows", SPMVP_ARRAY_INDEX, B->longrows, 3 * (size_t)B->nlong);
    spmvp_plan_add_array(p, "CSR-adaptive partial sums", SPMVP_ARRAY_SCRATCH, NULL, (size_t)B->nslots);
    /* an index array the kernel also writes: each counter returns to 0 after every product */
    spmvp_plan_add_array(p, "CSR-adaptive long-row counters", SPMVP_ARRAY_INDEX, B->done, (size_t)B->nlong);
    p->footprint = spmvp_csr_bytes(A, t->value_size) +
                   (3 * (size_t)B->nblocks + 4 * (size_t)B->nlong) * sizeof(spmvp_idx);
    /* the paths its program is built with (csr_adaptive.h; bit k is path_names[k]), so that a
     * bench line says which */
    static const char *const path_names[] = {"stream", "direct", "whole-group"};
    char paths[40] = "";
    for (int k = 0; k < 3; k++)
        if (B->paths & (1 << k))
            snprintf(paths + strlen(paths), sizeof paths - strlen(paths), "%s%s", paths[0] ? "+" : "",
                     path_names[k]);
    snprintf(p->params, sizeof p->params, "%d entries per work-item, %d blocks (%s), %d long rows",
             items, (int)B->nblocks, paths, (int)B->nlong);
    if (!B->nblocks)
        return SPMVP_OK;
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "csr_adaptive.cl", "spmv_csr_adaptive",
                                                 (size_t)B->nblocks * wg, wg);
    snprintf(l->options, sizeof l->options, "-DWG_SIZE=%zu -DITEMS=%d -DADAPT_DIRECT_V=%d -DADAPT_PATHS=%d",
             wg, items, SPMVP_ADAPTIVE_DIRECT, B->paths);
    /* a direct-only matrix's rows all get SPMVP_ADAPTIVE_DIRECT work-items (stream_end): the
     * kernel's v a constant */
    if (direct_v_fixed(A->rowptr, A->nrows, (long long)wg))
        snprintf(l->options + strlen(l->options), sizeof l->options - strlen(l->options), " -DADAPT_V=%d",
                 SPMVP_ADAPTIVE_DIRECT);
    else if (B->stream_v) /* and a stream-only matrix's, where it keeps the serial bound */
        snprintf(l->options + strlen(l->options), sizeof l->options - strlen(l->options), " -DADAPT_SV=%d",
                 B->stream_v);
    for (int k = 0; k < 4; k++)
        spmvp_plan_arg_array(l, a + k);
    spmvp_plan_arg_x(l);
    spmvp_plan_arg_y(l);
    spmvp_plan_arg_array(l, a + 5);
    spmvp_plan_arg_int(l, B->nlong);
    spmvp_plan_arg_array(l, a + 4);
    spmvp_plan_arg_array(l, a + 6);
    return SPMVP_OK;
}

/* A work-group of wg work-items striding over n entries (cl/csr_adaptive.cl: the stream
 * block's loads, range_sum, the long rows' partial sums): work-item j takes ceil((n - j) / wg)
 * steps, so warp k, from work-item kW on, takes ceil((n - kW) / wg) at most. */
static void group_steps(spmvp_lockstep *l, long long n, long long wg)
{
    long long W = (long long)l->warp;
    for (long long k = 0; k * W < wg; k++) {
        long long lanes = wg - k * W < W ? wg - k * W : W;
        spmvp_lockstep_add(l, lanes, n > k * W ? spmvp_ceil_div(n - k * W, wg) : 0);
    }
}

/* Work (format.h): the blocks bin_rows makes, walked without storing them; in each
 * work-group the work-items stride over the block's entries, then in a stream block each row's
 * V work-items sum its products from local memory, ceil(length / V) serial steps for the
 * block's longest row (V = the largest power of two with V x rows <= WG, as the kernel takes
 * it). Those sums are on the critical path, which SPMVP_ADAPTIVE_SERIAL bounds to 32 steps
 * (before it, a block of 200 short rows and one of 2,628 entries gave that row 2 work-items and
 * 1,314 serial adds, about 20 µs on the H100, where the load rounds take 8). A long row's last
 * chunk then strides over the row's partial sums, in the same launch. */
static spmvp_status work_adaptive(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                                  const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    (void)s;
    long long wg = (long long)t->wg_size;
    int items = adaptive_items(m, t);
    if (wg & (wg - 1))
        return spmvp_fail(SPMVP_ERR_ARG, "CSR-adaptive needs a power-of-two work-group size, "
                          "not %lld", wg);
    if (adaptive_local_bytes(t->wg_size, items, t->value_size) > t->local_mem)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "CSR-adaptive with %d entries per work-item in "
                          "groups of %lld needs %llu bytes of local memory, the device has %llu",
                          items, wg, adaptive_local_bytes(t->wg_size, items, t->value_size), t->local_mem);
    if (lean_allowed(m, t, items)) { /* the plan's choice, from the same count of the blocks */
        spmvp_csr_adaptive c = {0};
        count_blocks(A, (spmvp_idx)wg, (spmvp_idx)(wg * items), &c);
        items = lean_halves(&c) ? items / 2 : items;
    }
    const spmvp_idx *rp = A->rowptr;
    const long long share = wg * items, longest = share * SPMVP_ADAPTIVE_LONG;
    long long nblocks = 0, nlong = 0, nslots = 0, main_path = 0, long_path = 0;
    spmvp_lockstep l;
    spmvp_lockstep_init(&l, t->warp);
    const long long stream_v = spmvp_csr_adaptive_stream_v(rp, A->nrows, wg, items);
    for (spmvp_idx r = 0; r < A->nrows;) { /* bin_rows' walk */
        long long len = rp[r + 1] - rp[r], n, sum_path = 0; /* sum_path: a stream block's */
        if (len > longest) {
            long long chunks = spmvp_ceil_div(len, share);
            for (long long c = 0; c < chunks; c++, nblocks++)
                group_steps(&l, c + 1 < chunks ? share : len - c * share, wg);
            group_steps(&l, chunks, wg); /* the last chunk's group sums the row's slots */
            long_path = spmvp_ceil_div(chunks, wg) > long_path ? spmvp_ceil_div(chunks, wg) : long_path;
            nslots += chunks;
            nlong++;
            n = share;
            r++;
        } else if (len > share) {
            n = len;
            r++;
            group_steps(&l, n, wg);
            nblocks++;
        } else {
            spmvp_idx r0 = r;
            long long v, widest;
            r = spmvp_csr_adaptive_stream_end(rp, A->nrows, r0, wg, items, &widest, &v);
            n = rp[r] - rp[r0];
            /* the block's longest row over its v, or over the program's constant */
            sum_path = spmvp_ceil_div(widest, stream_v ? stream_v : v);
            if (v >= SPMVP_ADAPTIVE_DIRECT && !stream_v) { /* each row's v work-items stride over it */
                for (spmvp_idx i = r0; i < r; i++)
                    spmvp_lockstep_add(&l, v, spmvp_ceil_div(rp[i + 1] - rp[i], v));
                spmvp_lockstep_add(&l, wg - v * (r - r0), 0);
                n = 0; /* no loads into local memory first: the sums are the loads */
            } else {
                group_steps(&l, n, wg);
            }
            nblocks++;
        }
        long long path = spmvp_ceil_div(n, wg) + sum_path;
        main_path = path > main_path ? path : main_path;
    }
    long long I = sizeof(spmvp_idx), vs = (long long)t->value_size;
    w->slots = A->nnz;
    w->bytes = ((long long)A->nrows + 1) * I + (long long)A->nnz * (I + vs) + spmvp_work_vectors(A, t->value_size) +
               (3 * nblocks + 4 * nlong) * I + 2 * nslots * vs;
    w->critical_path = main_path + long_path;
    if (nblocks) /* the long rows' sums run as extra work-groups' worth of the same launch */
        w->lockstep_entries += spmvp_lockstep_end(&l, spmvp_work_launch(w, nblocks * wg, t->wg_size) + nlong * wg);
    return SPMVP_OK;
}

static const spmvp_mapping_param adaptive_params[] = {
    {"adaptive-items", "N", "CSR-adaptive entries per work-item: a stream block holds up to "
     "WG x N entries; rows longer than 4 x WG x N are split into chunks of WG x N",
     "8; 4 where the stream blocks at 8 fill at most half their share on average and local "
     "memory comes out of L1 (NVIDIA); fewer where local memory is short",
     offsetof(spmvp_mapping, adaptive_items), 1, 256, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0},
};

static const char *const adaptive_kernels[] = {"csr_adaptive.cl", NULL};
const spmvp_format_desc spmvp_format_csr_adaptive = {
    3, "csr_adaptive", "CSR-adaptive", NULL, NULL, plan_adaptive, adaptive_params, work_adaptive,
    adaptive_kernels, 1,
};
