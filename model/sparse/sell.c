/* sell.c: SELL-C-sigma (seed 004; Kreutzer et al., SIAM J. Sci. Comput. 36(5), 2014) from and
 * to CSR, and its device plan. T work-items per sorted row (cl/sell.cl): work-item t of lane l
 * of chunk c reads cs[c] + j*C + l for j = t, t+T, ... < cl[c], so C consecutive work-items
 * read C consecutive slots (whole 128-byte lines when C = the warp width), each stops its row
 * at the first -1, the T partial sums of a row are added in local memory, and y is written in
 * the original row order through perm. T > 1 is ELLR-T's idea (Vázquez et al., Concurrency
 * Computat.: Pract. Exper. 23(8), 2011) on SELL's chunks: with one work-item per row a matrix of
 * 50,000 rows of 300 entries runs 50,000 work-items, too few to hide the latency of 300
 * dependent gathers each (244 µs on the H100 against 79 for cuSPARSE's sliced ELL).
 *
 * Defaults (the mapping's "auto"):
 *   C = the warp width (32 on NVIDIA, 64 on AMD, PoCL's preferred multiple on CPUs), taken
 *       at plan time from the target: Kreutzer et al.'s GPU choice, one chunk per warp, so a
 *       warp's loop runs to its own chunk's longest row and no further.
 *   sigma = 1 (no sorting) when the unsorted chunks pad by at most SELL_SORT_PADDING (10 %) of
 *       the non-zeros, else 128*C rows (4096 at C = 32). Unsorted, the plan finds perm to be
 *       the identity and the kernel writes y[p] without reading perm (on the H100 pde100 ran
 *       40.2 µs so against 42.3 through perm, double: perm is 4 bytes a row and its load
 *       delays each store). Sorting within a window makes a chunk's rows nearly equal in length;
 *       once a window holds many chunks (here 128) further widening removes little padding,
 *       while every row stays within sigma rows of its place, so the rows of one chunk still
 *       read nearby parts of x and write nearby parts of y. A multiple of C, so windows hold
 *       whole chunks. Since sigma needs the row order, not only the lengths, it is chosen at
 *       plan time (a mapping resolved from statistics alone does not name it). (Seed 004 ran
 *       C = 512, sigma = 2048 on every matrix; --sell-c and --sell-sigma reproduce that or
 *       sweep.)
 *   T = the largest power of two <= mean row length / SELL_T_ENTRIES (40), in [1, 8]: each
 *       work-item keeps at least 40 entries of its row, and C*T stays within a 256 work-item
 *       group at C = 32. Measured on the H100 (double, batch µs for T = 1/2/4/8): rows of 20
 *       195/192/190/190, of 40 74/79/78/77, of 64 42/44/57/59, of 128 65/62/89/-, of 300
 *       107/76/69/72, of 1000 309/164/106/90: several work-items a row pay only when each
 *       keeps about 40 entries or more. Short rows (stencils, graphs) keep T = 1, Kreutzer
 *       et al.'s kernel. Until 2026-11-24 (stop 28) the bound was 64 entries, which those
 *       points fit as well; rows of one length from 96 to 320 then showed it one T short
 *       (docs/data/h100-sell-t/: batch ns per 1,000 entries, single, x of 240 KB, for T =
 *       1/2/4/8: rows of 96 3.88/3.68/4.01/5.48, of 160 4.65/4.07/3.56/4.05, of 224
 *       5.65/4.64/3.69/4.08, of 320 7.40/5.50/3.95/3.57; the same best T in double and with x
 *       in the L1), 1.05-1.26x slower than the best T, and on the H200 T = 2 ran rows of 250
 *       1.15x slower than T = 4. Every point, old and new, has its best T (or one within 5 %)
 *       at the largest power of two <= mean / 40.
 *   column bits = 32. With --sell-idx 16 (where every entry's column is within
 *       SELL_IDX16_REACH, 32767, of its row) the device holds col - row as an int16_t
 *       (padding: INT16_MIN) and the kernel adds the row back, 2 bytes a slot instead of 4. The
 *       arrays are the traffic of a stencil's product (12 bytes an entry in double, 8 in
 *       single), so this takes a sixth (double) or a quarter (single) of its bytes away: the
 *       index compression of Kourtis, Goumas and Koziris's CSR-DU (2008) and Willcock and
 *       Lumsdaine's DCSR (2006) in its simplest form, one fixed width. Which side is faster
 *       depends on the device, so 16 is a variant (format.h), not the automatic choice:
 *       training measures it beside 32 and rank ranks both. On PoCL (2-core EPYC, pde60
 *       single) it is slower, 585 against 430 µs: the loop, not memory, bounds the product.
 *       On the H100, bound by memory, it is faster on every stencil measured: 0.85-0.91x the
 *       time on 3-D 7-point and 2-D 5-point stencils of 7-20 M non-zeros, 0.72-0.88x on one of
 *       2.4 M, 0.48x on a 27-point one whose matrix then fits the 50 MB L2
 *       (docs/data/h100-sell16). */
#include "sell.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "budget.h"
#include "format.h"
#include "plan_parts.h"
#include "work.h"

spmvp_sell *spmvp_sell_free(spmvp_sell *S)
{
    if (S) {
        free(S->perm);
        free(S->cs);
        free(S->cl);
        free(S->colidx);
        free(S->val);
        free(S);
    }
    return NULL;
}

int spmvp_sell_c_for_warp(unsigned warp)
{
    int c = 1;
    while ((unsigned)(2 * c) <= warp && c < 4096)
        c *= 2;
    return c;
}

int spmvp_sell_sigma_for_c(int C) { return C > 0 ? 128 * C : 128; }

#define SELL_T_ENTRIES 40      /* entries a work-item keeps at least, for T > 1 (see the top) */
#define SELL_SORT_PADDING 0.10 /* sort only when unsorted chunks pad more than this x nnz */

int spmvp_sell_t_auto(double mean_len)
{
    int t = 1;
    while (t < 8 && mean_len >= 2.0 * t * SELL_T_ENTRIES)
        t *= 2;
    return t;
}

int spmvp_sell_t_fit(int t, int C, size_t wg)
{
    int f = 1;
    while (2 * f <= t && (size_t)C * (size_t)(2 * f) <= wg)
        f *= 2;
    return f;
}

typedef struct row_key { spmvp_idx len, row; } row_key;

/* longest first, then in row order: a stable sort through qsort */
static int by_length(const void *a, const void *b)
{
    const row_key *x = a, *y = b;
    if (x->len != y->len)
        return x->len > y->len ? -1 : 1;
    return (x->row > y->row) - (x->row < y->row);
}

/* The one exit of spmvp_sell_from_csr: frees the scratch and, on failure, the result. */
static spmvp_sell *sell_done(spmvp_sell *S, row_key *keys, int ok)
{
    free(keys);
    return ok ? S : spmvp_sell_free(S);
}

spmvp_sell *spmvp_sell_from_csr(const spmvp_csr *A, spmvp_idx C, spmvp_idx sigma)
{
    if (C <= 0 || sigma <= 0) {
        spmvp_fail(SPMVP_ERR_ARG, "SELL-C-sigma needs C > 0 and sigma > 0 (C %d, sigma %d)",
                   (int)C, (int)sigma);
        return NULL;
    }
    spmvp_idx n = A->nrows;
    spmvp_idx nchunks = (spmvp_idx)(((int64_t)n + C - 1) / C);
    spmvp_sell *S = calloc(1, sizeof *S);
    row_key *keys = malloc((n ? (size_t)n : 1) * sizeof *keys);
    if (!S || !keys)
        goto nomem;
    S->nrows = n;
    S->ncols = A->ncols;
    S->nnz = A->nnz;
    S->C = C;
    S->sigma = sigma;
    S->nchunks = nchunks;
    S->perm = malloc((n ? (size_t)n : 1) * sizeof *S->perm);
    S->cs = malloc(((size_t)nchunks + 1) * sizeof *S->cs);
    S->cl = malloc((nchunks ? (size_t)nchunks : 1) * sizeof *S->cl);
    if (!S->perm || !S->cs || !S->cl)
        goto nomem;
    /* The rows' keys, each window's sort and each chunk's width on OpenMP's threads
     * (plan_parts.h): windows and chunks are apart, and (length, row) orders every window one
     * way, so the result is the same on any number of threads. On one thread the sorts cost
     * the H100's host 16 ns a row, the rest of the conversion 1.4 ns a slot (stop 39). */
#pragma omp parallel for schedule(static) if (n >= SPMVP_PAR_MIN)
    for (spmvp_idx i = 0; i < n; i++)
        keys[i] = (row_key){A->rowptr[i + 1] - A->rowptr[i], i};
    if (sigma > 1) {
        const int64_t nwin = ((int64_t)n + sigma - 1) / sigma;
#pragma omp parallel for schedule(dynamic, 1) if (n >= SPMVP_PAR_MIN)
        for (int64_t k = 0; k < nwin; k++) {
            const int64_t w = k * sigma, end = w + sigma < n ? w + sigma : n;
            qsort(keys + w, (size_t)(end - w), sizeof *keys, by_length);
        }
    }
#pragma omp parallel for schedule(static) if (n >= SPMVP_PAR_MIN)
    for (spmvp_idx c = 0; c < nchunks; c++) {
        spmvp_idx width = 0;
        for (int64_t p = (int64_t)c * C; p < n && p < (int64_t)(c + 1) * C; p++)
            width = keys[p].len > width ? keys[p].len : width;
        S->cl[c] = width;
    }
    int64_t slots = 0;
    for (spmvp_idx c = 0; c < nchunks; c++) {
        S->cs[c] = (spmvp_idx)slots;
        slots += (int64_t)S->cl[c] * C;
        if (slots > SPMVP_IDX_MAX) {
            spmvp_fail(SPMVP_ERR_RANGE, "SELL-C-sigma needs more than 2^31 slots (C %d), more "
                       "than 32-bit indices allow", (int)C);
            return sell_done(S, keys, 0);
        }
    }
    S->cs[nchunks] = (spmvp_idx)slots;
    if (spmvp_host_check(NULL, "SELL-C-sigma", spmvp_bytes_mul((uint64_t)slots, sizeof(spmvp_idx) + sizeof(double))))
        return sell_done(S, keys, 0);
    S->colidx = malloc((slots ? (size_t)slots : 1) * sizeof *S->colidx);
    S->val = malloc((slots ? (size_t)slots : 1) * sizeof *S->val);
    if (!S->colidx || !S->val)
        goto nomem;
#pragma omp parallel for schedule(static) if (n >= SPMVP_PAR_MIN)
    for (spmvp_idx p = 0; p < n; p++)
        S->perm[p] = keys[p].row;
    /* one pass, entries and padding: chunks on OpenMP's threads (plan_parts.h), each chunk's
     * slots written in order (slot j*C + lane of chunk c), the lanes past the rows padding */
#pragma omp parallel for schedule(dynamic, 64) if (slots >= SPMVP_PAR_MIN)
    for (spmvp_idx c = 0; c < nchunks; c++) {
        size_t s = (size_t)S->cs[c];
        for (spmvp_idx j = 0; j < S->cl[c]; j++)
            for (spmvp_idx lane = 0; lane < C; lane++, s++) {
                const int64_t p = (int64_t)c * C + lane;
                const spmvp_idx i = p < n ? keys[p].row : 0;
                if (p < n && j < keys[p].len) {
                    S->colidx[s] = A->colidx[A->rowptr[i] + j];
                    S->val[s] = A->val[A->rowptr[i] + j];
                } else {
                    S->colidx[s] = -1;
                    S->val[s] = 0.0;
                }
            }
    }
    return sell_done(S, keys, 1);
nomem:
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a SELL-C-sigma matrix of %d rows", (int)n);
    return sell_done(S, keys, 0);
}

spmvp_csr *spmvp_sell_to_csr(const spmvp_sell *S)
{
    spmvp_csr *A = spmvp_csr_alloc(S->nrows, S->ncols, S->nnz);
    if (!A)
        return NULL;
    /* lengths first, by original row; then the entries */
    for (spmvp_idx pass = 0; pass < 2; pass++) {
        for (spmvp_idx p = 0; p < S->nrows; p++) {
            spmvp_idx c = p / S->C, lane = p % S->C, i = S->perm[p], out = A->rowptr[i];
            for (spmvp_idx j = 0; j < S->cl[c]; j++) {
                size_t s = (size_t)S->cs[c] + (size_t)j * (size_t)S->C + (size_t)lane;
                if (S->colidx[s] < 0)
                    break;
                if (pass == 0) {
                    A->rowptr[i + 1]++;
                } else {
                    A->colidx[out + j] = S->colidx[s];
                    A->val[out + j] = S->val[s];
                }
            }
        }
        for (spmvp_idx i = 0; pass == 0 && i < S->nrows; i++)
            A->rowptr[i + 1] += A->rowptr[i];
    }
    return A;
}

size_t spmvp_sell_bytes(const spmvp_sell *S, size_t vs)
{
    size_t I = sizeof(spmvp_idx);
    return (size_t)S->nrows * I + ((size_t)S->nchunks * 2 + 1) * I +
           (size_t)S->cs[S->nchunks] * (I + vs) + ((size_t)S->nrows + (size_t)S->ncols) * vs;
}

/* ---- the format ---- */

/* What a SELL plan owns: the matrix and, with 16-bit columns, their offsets from the rows. */
typedef struct sell_owned {
    spmvp_sell *S;
    int16_t *off16;
} sell_owned;

static void release_sell(void *o)
{
    sell_owned *w = o;
    if (w) {
        spmvp_sell_free(w->S);
        free(w->off16);
        free(w);
    }
}

#define SELL_IDX16_REACH 32767 /* the largest |column - row| an int16_t holds (INT16_MIN: padding) */

/* The column bits a plan runs: 32 unless 16 is asked for (bits; 0 is auto, 32), and 16 only
 * where every column of A is within SELL_IDX16_REACH of its row: SPMVP_ERR_UNSUITABLE
 * otherwise, SPMVP_ERR_ARG for other values. O(nnz) when 16 is asked for. */
static spmvp_status sell_idx_bits(const spmvp_csr *A, int bits, int *out)
{
    if (bits != 0 && bits != 16 && bits != 32)
        return spmvp_fail(SPMVP_ERR_ARG, "SELL-C-sigma column bits must be 16 or 32, not %d", bits);
    *out = 32;
    if (bits != 16)
        return SPMVP_OK;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++) {
            long long d = (long long)A->colidx[k] - i;
            if (d < -SELL_IDX16_REACH || d > SELL_IDX16_REACH)
                return spmvp_fail(SPMVP_ERR_UNSUITABLE, "SELL-C-sigma with 16-bit columns needs "
                                  "every column within %d of its row; row %d has column %d",
                                  SELL_IDX16_REACH, (int)i, (int)A->colidx[k]);
        }
    *out = 16;
    return SPMVP_OK;
}

/* sigma needs the row order (sell_mapping chooses it) and T the mean row length: without them
 * each stays auto (0). */
static void resolve_sell(const spmvp_rowlen_stats *s, unsigned warp, spmvp_mapping *m)
{
    if (m->sell_c <= 0)
        m->sell_c = spmvp_sell_c_for_warp(warp);
    if (m->sell_t <= 0 && s)
        m->sell_t = spmvp_sell_t_auto(s->mean);
}

/* "C=32, T=1": sigma only when set (auto is decided by the plan, which names it in params) */
static void label_sell(const spmvp_mapping *m, char *buf, size_t size)
{
    char sigma[24] = "", t[16] = "auto";
    if (m->sell_sigma > 0)
        snprintf(sigma, sizeof sigma, ", sigma=%d", m->sell_sigma);
    if (m->sell_t > 0)
        snprintf(t, sizeof t, "%d", m->sell_t);
    snprintf(buf, size, "C=%d%s, T=%s%s", m->sell_c, sigma, t, m->sell_idx == 16 ? ", idx=16" : "");
}

/* The automatic window (see the top): 1 when the unsorted chunks pad their rows (each row to
 * its chunk's longest) by at most SELL_SORT_PADDING of the non-zeros, else 128*C. The last
 * chunk's lanes past the rows are not counted: sorting would not remove them. O(rows). */
static int sell_sigma_auto(const spmvp_csr *A, int C)
{
    long long slots = 0;
    for (long long c0 = 0; c0 < A->nrows; c0 += C) {
        long long top = 0, rows = 0;
        for (long long i = c0; i < c0 + C && i < A->nrows; i++, rows++) {
            long long len = A->rowptr[i + 1] - A->rowptr[i];
            top = len > top ? len : top;
        }
        slots += top * rows;
    }
    return (double)(slots - A->nnz) <= SELL_SORT_PADDING * (double)A->nnz ? 1
                                                                          : spmvp_sell_sigma_for_c(C);
}

/* Whether the kernels keep part of the matrix in L2 (the plan's and the work's l2_pin): where
 * they stream, C >= 32 (cl/sell.cl). On the H100 0.92x the time of streaming alone above the
 * L2, 0.78-0.80 on stencils and bands (docs/data/h100-pin/). */
static int sell_pins(const spmvp_mapping *r) { return r->sell_c >= 32; }

/* Whether the kernel reads 16-bit columns in half lines shared by two warps (T > 1, C < 64;
 * cl/sell.cl): it loads them plainly, and the plan pins nothing, so that the column array
 * stays in L2 while the values stream past it (measured on the H200 against a pinned fraction
 * of both arrays: 0.58-0.86x the time on bands, block-diagonal and random rows of 1,000;
 * docs/data/h100-kernels/stop46/). The work model keeps l2_pin: part of the matrix, the
 * columns now, stays in L2 as the pinned part did, and the profiles' features stay valid. */
static int sell_half_line_columns(const spmvp_mapping *r, int bits)
{
    return bits == 16 && r->sell_t > 1 && r->sell_c < 64;
}

/* The mapping a plan or a work count runs: C resolved, sigma from A's row order and T from A's
 * mean row length when auto, T then fitted to the work-group. SPMVP_ERR_ARG for a C or T not a power of two. */
static spmvp_status sell_mapping(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                                 spmvp_mapping *r)
{
    *r = *m;
    resolve_sell(NULL, t->warp, r);
    if (r->sell_c & (r->sell_c - 1))
        return spmvp_fail(SPMVP_ERR_ARG, "SELL-C-sigma chunk height %d is not a power of two",
                          r->sell_c);
    if (r->sell_t > 0 && (r->sell_t & (r->sell_t - 1)))
        return spmvp_fail(SPMVP_ERR_ARG, "SELL-C-sigma work-items per row %d is not a power of "
                          "two", r->sell_t);
    if (r->sell_sigma <= 0)
        r->sell_sigma = sell_sigma_auto(A, r->sell_c);
    if (r->sell_t <= 0)
        r->sell_t = spmvp_sell_t_auto(A->nrows ? (double)A->nnz / (double)A->nrows : 0.0);
    r->sell_t = spmvp_sell_t_fit(r->sell_t, r->sell_c, t->wg_size);
    return SPMVP_OK;
}

static spmvp_status plan_sell(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                              spmvp_plan *p)
{
    spmvp_mapping r;
    int bits;
    spmvp_status st = sell_mapping(A, m, t, &r);
    if (st || (st = sell_idx_bits(A, r.sell_idx, &bits)))
        return st;
    sell_owned *w = calloc(1, sizeof *w);
    if (!w)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a SELL-C-sigma plan");
    if (!(w->S = spmvp_sell_from_csr(A, r.sell_c, r.sell_sigma))) {
        release_sell(w);
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
    }
    spmvp_sell *S = w->S;
    size_t slots = (size_t)S->cs[S->nchunks];
    if (bits == 16) {
        w->off16 = malloc((slots ? slots : 1) * sizeof *w->off16);
        if (!w->off16) {
            release_sell(w);
            return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for %zu SELL-C-sigma column offsets", slots);
        }
        /* padding, the last chunk's lanes past the rows too; then the entries of each sorted
         * row q, rows on OpenMP's threads as in the conversion */
#pragma omp parallel for schedule(static) if (slots >= SPMVP_PAR_MIN)
        for (size_t k = 0; k < slots; k++)
            w->off16[k] = INT16_MIN;
#pragma omp parallel for schedule(static) if (slots >= SPMVP_PAR_MIN)
        for (spmvp_idx q = 0; q < S->nrows; q++) {
            spmvp_idx c = q / S->C, lane = q % S->C;
            for (spmvp_idx j = 0; j < S->cl[c]; j++) {
                size_t k = (size_t)S->cs[c] + (size_t)j * (size_t)S->C + (size_t)lane;
                if (S->colidx[k] >= 0)
                    w->off16[k] = (int16_t)(S->colidx[k] - S->perm[q]);
            }
        }
    }
    p->owned = w;
    p->release = release_sell;
    p->footprint = spmvp_sell_bytes(S, t->value_size) - (bits == 16 ? slots * 2 : 0);
    p->l2_pin = sell_pins(&r) && !sell_half_line_columns(&r, bits);
    snprintf(p->params, sizeof p->params, "C=%d, sigma=%d, T=%d, %d-bit columns, %.1f%% padding",
             r.sell_c, r.sell_sigma, r.sell_t, bits,
             slots ? 100.0 * (double)(slots - (size_t)S->nnz) / (double)slots : 0.0);
    int a = spmvp_plan_add_array(p, "SELL permutation", SPMVP_ARRAY_INDEX, S->perm, (size_t)S->nrows);
    spmvp_plan_add_array(p, "SELL chunk starts", SPMVP_ARRAY_INDEX, S->cs, (size_t)S->nchunks + 1);
    spmvp_plan_add_array(p, "SELL chunk lengths", SPMVP_ARRAY_INDEX, S->cl, (size_t)S->nchunks);
    if (bits == 16)
        spmvp_plan_add_array(p, "SELL column offsets", SPMVP_ARRAY_INDEX16, w->off16, slots);
    else
        spmvp_plan_add_array(p, "SELL column indices", SPMVP_ARRAY_INDEX, S->colidx, slots);
    spmvp_plan_add_array(p, "SELL values", SPMVP_ARRAY_VALUE, S->val, slots);
    if (!S->nrows)
        return SPMVP_OK;
    /* whole chunks of C*T work-items: the last chunk's lanes past the rows idle, but every
     * work-item of a row's group exists for the reduction */
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "sell.cl", "spmv_sell",
                                                 (size_t)S->nchunks * (size_t)r.sell_c * (size_t)r.sell_t,
                                                 t->wg_size);
    int sorted = 0;
    for (spmvp_idx q = 0; q < S->nrows && !sorted; q++)
        sorted = S->perm[q] != q;
    snprintf(l->options, sizeof l->options, "-DSELL_C=%d -DSELL_T=%d -DSELL_PERM=%d%s -DWG_SIZE=%zu",
             r.sell_c, r.sell_t, sorted, bits == 16 ? " -DSELL_IDX16" : "", t->wg_size);
    spmvp_plan_arg_int(l, S->nrows);
    for (int k = 0; k < 5; k++)
        spmvp_plan_arg_array(l, a + k);
    spmvp_plan_arg_x(l);
    spmvp_plan_arg_y(l);
    return SPMVP_OK;
}

/* Work (format.h): T work-items per sorted row, each stopping at its share of the row's length;
 * rows sorted by decreasing length within windows of sigma, so a window's sorted lengths come
 * from its histogram (counting sort, O(sigma + the window's longest row)): a warp runs to its
 * longest row's ceil(len/T), and chunk c stores C x its longest row. Counted as T copies of one
 * work-item per row (a warp holds C lanes of one t when C >= the warp width, as by default).
 * The windows together cost O(rows + nnz) time and one histogram of the longest row's size. */
static spmvp_status work_sell(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                              const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    spmvp_mapping r;
    int bits;
    spmvp_status st = sell_mapping(A, m, t, &r);
    if (st || (st = sell_idx_bits(A, r.sell_idx, &bits)))
        return st;
    long long T = r.sell_t;
    if (spmvp_host_check(NULL, "SELL-C-sigma work", spmvp_bytes_mul((uint64_t)s->max + 1, sizeof(long long))))
        return SPMVP_ERR_NOMEM;
    long long *hist = calloc((size_t)s->max + 1, sizeof *hist);
    if (!hist)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a histogram of %lld row lengths",
                          s->max + 1);
    spmvp_lockstep warps, chunks;
    spmvp_lockstep_init(&warps, t->warp);
    spmvp_lockstep_init(&chunks, (unsigned)r.sell_c);
    for (long long w0 = 0; w0 < A->nrows; w0 += r.sell_sigma) {
        long long end = w0 + r.sell_sigma < A->nrows ? w0 + r.sell_sigma : A->nrows, top = 0;
        for (long long i = w0; i < end; i++) {
            long long len = A->rowptr[i + 1] - A->rowptr[i];
            hist[len]++;
            top = len > top ? len : top;
        }
        for (long long L = top; L >= 0; L--) {
            spmvp_lockstep_add(&warps, hist[L], spmvp_ceil_div(L, T));
            spmvp_lockstep_add(&chunks, hist[L], L);
            hist[L] = 0;
        }
    }
    free(hist);
    long long nchunks = spmvp_ceil_div(A->nrows, r.sell_c), I = sizeof(spmvp_idx);
    w->slots = spmvp_lockstep_end(&chunks, A->nrows); /* C x the sum of the chunks' longest rows */
    if (w->slots > SPMVP_IDX_MAX)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "SELL-C-sigma needs more than 2^31 slots (C %d), "
                          "more than 32-bit indices allow", r.sell_c);
    w->bytes = (long long)A->nrows * I + (2 * nchunks + 1) * I +
               w->slots * (bits / 8 + (long long)t->value_size) + spmvp_work_vectors(A, t->value_size);
    w->critical_path = spmvp_ceil_div(s->max, T);
    w->l2_pin = sell_pins(&r);
    if (A->nrows) {
        long long launched = spmvp_work_launch(w, nchunks * r.sell_c * T, t->wg_size);
        w->lockstep_entries = T * spmvp_lockstep_end(&warps, launched / T);
        w->gather_lanes = T;
    }
    return SPMVP_OK;
}

static const spmvp_mapping_param sell_params[] = {
    {"sell-c", "C", "SELL-C-sigma chunk height: rows per chunk, a power of two",
     "the warp / wavefront width", offsetof(spmvp_mapping, sell_c), 1, 4096, 1, 0},
    {"sell-sigma", "S", "SELL-C-sigma sorting window: rows sorted by length within windows of S",
     "1 when unsorted chunks pad <= 10 % of the entries, else 128 C", offsetof(spmvp_mapping, sell_sigma), 1, SPMVP_IDX_MAX, 0, 0},
    {"sell-t", "T", "SELL-C-sigma work-items per row, a power of two (at most work-group / C)",
     "largest power of two <= mean row length / 40, in [1, 8]", offsetof(spmvp_mapping, sell_t), 1,
     1024, 1, 0},
    {"sell-idx", "B", "SELL-C-sigma column bits on the device: 16 (offsets from the row) or 32",
     "32 (16, for matrices whose columns are all within 32767 of their rows, is ranked too)",
     offsetof(spmvp_mapping, sell_idx), 16, 32, 1, 16},
    {NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0},
};

/* revision 2: pinned from SPMVP_L2_PIN_FROM of the L2 (stop 57; before, from the L2) */
static const char *const sell_kernels[] = {"sell.cl", NULL};
const spmvp_format_desc spmvp_format_sell = {3, "sell", "SELL-C-sigma", resolve_sell, label_sell,
                                             plan_sell, sell_params, work_sell, sell_kernels, 2};
