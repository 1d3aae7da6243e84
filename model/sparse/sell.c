/* sell.c: SELL-C-sigma (seed 004; Kreutzer et al., SIAM J. Sci. Comput. 36(5), 2014) from and
 * to CSR, and its device plan. One work-item per sorted row (cl/sell.cl): lane l of chunk c
 * reads cs[c] + j*C + l for j < cl[c], so a warp of C = warp-width work-items reads whole
 * 128-byte lines, stops its row at the first -1, and writes y in the original row order
 * through perm.
 *
 * Defaults (the mapping's "auto"):
 *   C = the warp width (32 on NVIDIA, 64 on AMD, PoCL's preferred multiple on CPUs), taken
 *       at plan time from the target: Kreutzer et al.'s GPU choice, one chunk per warp, so a
 *       warp's loop runs to its own chunk's longest row and no further.
 *   sigma = 128*C rows (4096 at C = 32). Sorting within a window makes a chunk's rows nearly
 *       equal in length; once a window holds many chunks (here 128) further widening removes
 *       little padding, while every row stays within sigma rows of its place, so the rows of
 *       one chunk still read nearby parts of x and write nearby parts of y. A multiple of C,
 *       so windows hold whole chunks. (Seed 004 ran C = 512, sigma = 2048 on every matrix;
 *       --sell-c and --sell-sigma reproduce that or sweep.) */
#include "sell.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "budget.h"
#include "format.h"
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
    for (spmvp_idx i = 0; i < n; i++)
        keys[i] = (row_key){A->rowptr[i + 1] - A->rowptr[i], i};
    for (int64_t w = 0; w < n; w += sigma) {
        int64_t end = w + sigma < n ? w + sigma : n;
        qsort(keys + w, (size_t)(end - w), sizeof *keys, by_length);
    }
    int64_t slots = 0;
    for (spmvp_idx c = 0; c < nchunks; c++) {
        spmvp_idx width = 0;
        for (int64_t p = (int64_t)c * C; p < n && p < (int64_t)(c + 1) * C; p++)
            width = keys[p].len > width ? keys[p].len : width;
        S->cs[c] = (spmvp_idx)slots;
        S->cl[c] = width;
        slots += (int64_t)width * C;
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
    for (int64_t s = 0; s < slots; s++) {
        S->colidx[s] = -1;
        S->val[s] = 0.0;
    }
    for (spmvp_idx p = 0; p < n; p++) {
        spmvp_idx i = keys[p].row, c = p / C, lane = p % C;
        S->perm[p] = i;
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++) {
            size_t s = (size_t)S->cs[c] + (size_t)(k - A->rowptr[i]) * (size_t)C + (size_t)lane;
            S->colidx[s] = A->colidx[k];
            S->val[s] = A->val[k];
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

static void release_sell(void *S) { spmvp_sell_free(S); }

static void resolve_sell(const spmvp_rowlen_stats *s, unsigned warp, spmvp_mapping *m)
{
    (void)s;
    if (m->sell_c <= 0)
        m->sell_c = spmvp_sell_c_for_warp(warp);
    if (m->sell_sigma <= 0)
        m->sell_sigma = spmvp_sell_sigma_for_c(m->sell_c);
}

static void label_sell(const spmvp_mapping *m, char *buf, size_t size)
{
    snprintf(buf, size, "C=%d, sigma=%d", m->sell_c, m->sell_sigma);
}

static spmvp_status plan_sell(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                              spmvp_plan *p)
{
    spmvp_mapping r = *m;
    resolve_sell(NULL, t->warp, &r);
    if (r.sell_c & (r.sell_c - 1))
        return spmvp_fail(SPMVP_ERR_ARG, "SELL-C-sigma chunk height %d is not a power of two",
                          r.sell_c);
    spmvp_sell *S = spmvp_sell_from_csr(A, r.sell_c, r.sell_sigma);
    if (!S)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
    p->owned = S;
    p->release = release_sell;
    p->footprint = spmvp_sell_bytes(S, t->value_size);
    size_t slots = (size_t)S->cs[S->nchunks];
    snprintf(p->params, sizeof p->params, "C=%d, sigma=%d, %.1f%% padding", r.sell_c, r.sell_sigma,
             slots ? 100.0 * (double)(slots - (size_t)S->nnz) / (double)slots : 0.0);
    int a = spmvp_plan_add_array(p, "SELL permutation", SPMVP_ARRAY_INDEX, S->perm, (size_t)S->nrows);
    spmvp_plan_add_array(p, "SELL chunk starts", SPMVP_ARRAY_INDEX, S->cs, (size_t)S->nchunks + 1);
    spmvp_plan_add_array(p, "SELL chunk lengths", SPMVP_ARRAY_INDEX, S->cl, (size_t)S->nchunks);
    spmvp_plan_add_array(p, "SELL column indices", SPMVP_ARRAY_INDEX, S->colidx, slots);
    spmvp_plan_add_array(p, "SELL values", SPMVP_ARRAY_VALUE, S->val, slots);
    if (!S->nrows)
        return SPMVP_OK;
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "sell.cl", "spmv_sell", (size_t)S->nrows,
                                                 t->wg_size);
    snprintf(l->options, sizeof l->options, "-DSELL_C=%d", r.sell_c);
    spmvp_plan_arg_int(l, S->nrows);
    for (int k = 0; k < 5; k++)
        spmvp_plan_arg_array(l, a + k);
    spmvp_plan_arg_x(l);
    spmvp_plan_arg_y(l);
    return SPMVP_OK;
}

/* Work (format.h): one work-item per sorted row, stopping at its own length; rows sorted by
 * decreasing length within windows of sigma, so a window's sorted lengths come from its
 * histogram (counting sort, O(sigma + the window's longest row)): a warp runs to its longest
 * row, and chunk c stores C x its longest row. The windows together cost O(rows + nnz) time and
 * one histogram of the longest row's size. */
static spmvp_status work_sell(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                              const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    spmvp_mapping r = *m;
    resolve_sell(NULL, t->warp, &r);
    if (r.sell_c & (r.sell_c - 1))
        return spmvp_fail(SPMVP_ERR_ARG, "SELL-C-sigma chunk height %d is not a power of two",
                          r.sell_c);
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
            spmvp_lockstep_add(&warps, hist[L], L);
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
    w->bytes = (long long)A->nrows * I + (2 * nchunks + 1) * I + w->slots * (I + (long long)t->value_size) +
               spmvp_work_vectors(A, t->value_size);
    w->critical_path = s->max;
    if (A->nrows)
        w->lockstep_entries = spmvp_lockstep_end(&warps, spmvp_work_launch(w, A->nrows, t->wg_size));
    return SPMVP_OK;
}

static const spmvp_mapping_param sell_params[] = {
    {"sell-c", "C", "SELL-C-sigma chunk height: rows per chunk, a power of two",
     "the warp / wavefront width", offsetof(spmvp_mapping, sell_c), 1, 4096, 1},
    {"sell-sigma", "S", "SELL-C-sigma sorting window: rows sorted by length within windows of S",
     "128 C, 4096 at C = 32", offsetof(spmvp_mapping, sell_sigma), 1, SPMVP_IDX_MAX, 0},
    {NULL, NULL, NULL, NULL, 0, 0, 0, 0},
};

const spmvp_format_desc spmvp_format_sell = {2, "sell", "SELL-C-sigma", resolve_sell, label_sell,
                                             plan_sell, sell_params, work_sell};
