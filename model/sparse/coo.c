/* coo.c: coordinate format (sorted by row, then column) from and to CSR. */
#include "sparse.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "plan_parts.h"
#include "work.h"

spmvp_coo *spmvp_coo_free(spmvp_coo *C)
{
    if (C) {
        free(C->rowidx);
        free(C->colidx);
        free(C->val);
        free(C);
    }
    return NULL;
}

/* CSR order is already row-major with sorted columns: the tail's entries keep it. Rows are
 * counted, then written on OpenMP's threads (plan_parts.h), each row's entries by one. */
spmvp_coo *spmvp_coo_from_csr_tail(const spmvp_csr *A, spmvp_idx K)
{
    if (K < 0) {
        spmvp_fail(SPMVP_ERR_ARG, "COO tail after %d entries a row: negative", (int)K);
        return NULL;
    }
    spmvp_coo *C = calloc(1, sizeof *C);
    spmvp_idx *start = malloc(((size_t)A->nrows + 1) * sizeof *start); /* each row's first */
    if (!C || !start)
        goto fail;
    start[0] = 0;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        spmvp_idx len = A->rowptr[i + 1] - A->rowptr[i];
        start[i + 1] = start[i] + (len > K ? len - K : 0);
    }
    C->nrows = A->nrows;
    C->ncols = A->ncols;
    C->nnz = start[A->nrows];
    size_t n = C->nnz ? (size_t)C->nnz : 1; /* never malloc(0) */
    C->rowidx = malloc(n * sizeof *C->rowidx);
    C->colidx = malloc(n * sizeof *C->colidx);
    C->val = malloc(n * sizeof *C->val);
    if (!C->rowidx || !C->colidx || !C->val)
        goto fail;
#pragma omp parallel for schedule(static) if (C->nnz >= SPMVP_PAR_MIN)
    for (spmvp_idx i = 0; i < A->nrows; i++)
        for (spmvp_idx k = A->rowptr[i] + K, o = start[i]; k < A->rowptr[i + 1]; k++, o++) {
            C->rowidx[o] = i;
            C->colidx[o] = A->colidx[k];
            C->val[o] = A->val[k];
        }
    free(start);
    return C;
fail:
    free(start);
    spmvp_coo_free(C);
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a COO matrix with %lld entries", (long long)A->nnz);
    return NULL;
}

spmvp_coo *spmvp_coo_from_csr(const spmvp_csr *A) { return spmvp_coo_from_csr_tail(A, 0); }

/* Relies on the COO invariant (row-sorted, columns sorted within a row): the entries are
 * copied in order and only the row pointers are counted. */
spmvp_csr *spmvp_coo_to_csr(const spmvp_coo *C)
{
    spmvp_csr *A = spmvp_csr_alloc(C->nrows, C->ncols, C->nnz);
    if (!A)
        return NULL;
    for (spmvp_idx k = 0; k < C->nnz; k++)
        A->rowptr[C->rowidx[k] + 1]++;
    for (spmvp_idx i = 0; i < C->nrows; i++)
        A->rowptr[i + 1] += A->rowptr[i];
    memcpy(A->colidx, C->colidx, (size_t)C->nnz * sizeof *A->colidx);
    memcpy(A->val, C->val, (size_t)C->nnz * sizeof *A->val);
    return A;
}

/* ---- the format ----
 *
 * The kernels (cl/coo.cl) reduce tiles of TILE = WG x ITEMS entries, one work-group each (or
 * a few persistent work-groups per compute unit on GPUs, below), and
 * pass the partial sums of each tile's first and last rows up a tree of levels (2 carries per
 * tile, a level per TILE/2-fold shrink) until one tile holds the whole level. That last level
 * is reduced by the last work-group of the launch before it (one launch fewer: on the H100
 * 0.67-0.85x the time of 0.5-2 M-entry matrices, 0.98-0.99x on the GPU-scale set,
 * docs/data/h100-coo-adaptive/). Putting every level in one launch, through a hand-over per
 * tile, was tried and was slower (the same page).
 * ITEMS, entries per work-item: 4 unless the mapping says (--coo-items), at most 32 (a
 * work-item holds its entries in registers). Measured on the H100 (docs/kernels-h100.md)
 * first with the tile staged in local memory (double, batch µs for ITEMS 1 / 2 / 4 / 8 / 12):
 * R-MAT scale 20 219 / 165 / 164 / 273 / 271, 1 M short rows with 36 of 50,000
 * 90 / 70 / 70 / 115 / 116, wide rows 197 / 149 / 149 / 243 / 237, pde100 95 / 67 / 62 / 67 / 71;
 * the kernel now keeps the entries in registers, read as 4-wide vectors (cl/coo.cl).
 * Local memory holds only the scan, WG x (4 + value size) bytes and a little (with persistent
 * groups each work-item's last row too, 4 bytes more a work-item): the plan refuses a device
 * with less. The tile is kept at 64 entries or more so that each level shrinks its sequence at
 * least 32-fold. */

/* What a COO plan owns: the row indices, and aux = [the one-launch counter (0), the empty
 * rows]. Its column indices and values are A's own (CSR's order is COO's): C borrows them, as
 * the plan of CSR does, so that converting writes only the rows (a third of the bytes). */
typedef struct coo_owned {
    spmvp_coo C;
    spmvp_idx *aux;
} coo_owned;

static void release_coo(void *o)
{
    coo_owned *w = o;
    if (w) {
        free(w->C.rowidx);
        free(w->aux);
        free(w);
    }
}

/* Local memory of one work-group of cl/coo.cl: the scan's flags and sums, the tile's ends and
 * the one-launch tail's flag; with persistent groups (cus > 0: COO_PERSISTENT) also the
 * work-items' last rows and the tile's first, which a group a tile reads from rowidx instead. */
static unsigned long long coo_local_bytes(size_t wg, size_t vs, unsigned cus)
{
    unsigned long long heads = cus ? (wg + 1) * sizeof(spmvp_idx) : 0;
    return (unsigned long long)wg * (4 + vs) + heads + 2 * vs + 4;
}

spmvp_status spmvp_coo_items(const spmvp_mapping *m, const spmvp_target *t, int *items)
{
    int it = m->coo_items > 0 ? m->coo_items : SPMVP_COO_ITEMS;
    while ((size_t)it * t->wg_size < 64)
        it *= 2;
    unsigned long long need = coo_local_bytes(t->wg_size, t->value_size, t->compute_units);
    if (need > t->local_mem)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "COO in groups of %zu needs %llu bytes of local "
                          "memory, the device has %llu", t->wg_size, need, t->local_mem);
    *items = it;
    return SPMVP_OK;
}

/* Length of level L's sequence (level 0: the entries) and its tiles. */
static size_t ntiles_of(size_t len, size_t tile) { return (len + tile - 1) / tile; }

/* Persistent work-groups (cl/coo.cl): the tiles' launch has at most COO_RESIDENT work-items a
 * compute unit, each group taking tiles g, g + groups, ... and loading the next tile while it
 * reduces one. Measured on the H100 at 256 x 4 (docs/kernels-h100.md, stop 36; groups a
 * compute unit: time against a group a tile): 4 groups 0.84-0.92 on the 7- and 27-point
 * stencils, 1.00-1.04 on R-MAT, random and long rows; 8 groups 0.87-0.97;
 * 3 groups 1.03-1.07x the time of 4 on the stencils.
 * A work-group a tile is kept where the host gives no compute units (CPUs: PoCL measured
 * no faster), and with it stop 35's kernel (no -DCOO_PERSISTENT: cl/coo.cl). */
#define COO_RESIDENT 1024
static size_t coo_groups_per_cu(size_t wg) { return wg < COO_RESIDENT ? COO_RESIDENT / wg : 1; }

void spmvp_plan_coo_part(spmvp_plan *p, const spmvp_coo *C, size_t wg, int items, unsigned cus,
                         const spmvp_idx *aux, spmvp_idx nempty, int add)
{
    size_t tile = wg * (size_t)items, len = (size_t)C->nnz, scratch = 0;
    int one = spmvp_coo_one_launch((long long)len, (long long)tile);
    for (size_t l = len; ntiles_of(l, tile) > 1; l = 2 * ntiles_of(l, tile))
        scratch += 2 * ntiles_of(l, tile);
    int a = spmvp_plan_add_array(p, "COO row indices", SPMVP_ARRAY_INDEX, C->rowidx, (size_t)C->nnz);
    spmvp_plan_add_array(p, "COO column indices", SPMVP_ARRAY_INDEX, C->colidx, (size_t)C->nnz);
    spmvp_plan_add_array(p, "COO values", SPMVP_ARRAY_VALUE, C->val, (size_t)C->nnz);
    spmvp_plan_add_array(p, "COO carries", SPMVP_ARRAY_SCRATCH, NULL, scratch);
    /* an index array the kernel also writes: the counter returns to 0 after every product */
    spmvp_plan_add_array(p, "COO counter and empty rows", SPMVP_ARRAY_INDEX, aux, 1 + (size_t)nempty);
    if (!len)
        return;
    char opts[96];
    snprintf(opts, sizeof opts, "-DWG_SIZE=%zu -DITEMS=%d%s%s%s%s", wg, items, add ? " -DCOO_ADD" : "",
             one ? " -DCOO_ONE_LAUNCH" : "", nempty ? " -DCOO_EMPTY" : "", cus ? " -DCOO_PERSISTENT" : "");
    /* level 0: the entries, tile by tile (and level 1 when one) */
    size_t groups = ntiles_of(len, tile);
    if (cus > 0 && groups > cus * coo_groups_per_cu(wg))
        groups = cus * coo_groups_per_cu(wg);
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "coo.cl", "spmv_coo_tiles", groups * wg, wg);
    snprintf(l->options, sizeof l->options, "%s", opts);
    spmvp_plan_arg_int(l, C->nnz);
    for (int k = 0; k < 3; k++)
        spmvp_plan_arg_array(l, a + k);
    spmvp_plan_arg_x(l);
    spmvp_plan_arg_y(l);
    spmvp_plan_arg_array(l, a + 3);
    spmvp_plan_arg_int(l, nempty);
    spmvp_plan_arg_array(l, a + 4);
    if (one)
        return;
    /* levels 1, 2, ...: the carries of the level below, until a level is one tile; the level
     * whose carries are one tile reduces them itself (fold), and is the last launch */
    size_t in_off = 0;
    for (int level = 1; ntiles_of(len, tile) > 1; level++) {
        size_t n = 2 * ntiles_of(len, tile);
        int fold = spmvp_coo_one_launch((long long)n, (long long)tile);
        l = spmvp_plan_add_launch(p, "coo.cl", "spmv_coo_carries", ntiles_of(n, tile) * wg, wg);
        snprintf(l->options, sizeof l->options, "%s", opts);
        spmvp_plan_arg_int(l, C->nnz);
        spmvp_plan_arg_int(l, level);
        spmvp_plan_arg_int(l, (long long)in_off);
        spmvp_plan_arg_int(l, (long long)(in_off + n));
        spmvp_plan_arg_array(l, a);
        spmvp_plan_arg_array(l, a + 3);
        spmvp_plan_arg_y(l);
        spmvp_plan_arg_int(l, fold);
        spmvp_plan_arg_array(l, a + 4);
        in_off += n;
        len = n;
        if (fold)
            break;
    }
}

static spmvp_status plan_coo(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                             spmvp_plan *p)
{
    int items;
    spmvp_status st = spmvp_coo_items(m, t, &items);
    if (st)
        return st;
    spmvp_idx nempty = 0;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        nempty += A->rowptr[i + 1] == A->rowptr[i];
    coo_owned *w = calloc(1, sizeof *w);
    if (w)
        w->aux = calloc(1 + (size_t)nempty, sizeof *w->aux);
    if (!w || !w->aux) {
        release_coo(w);
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for COO's list of %d empty rows", (int)nempty);
    }
    for (spmvp_idx i = 0, e = 1; i < A->nrows; i++)
        if (A->rowptr[i + 1] == A->rowptr[i])
            w->aux[e++] = i;
    w->C = (spmvp_coo){A->nrows, A->ncols, A->nnz, NULL, A->colidx, A->val};
    if (!(w->C.rowidx = malloc((A->nnz ? (size_t)A->nnz : 1) * sizeof *w->C.rowidx))) {
        release_coo(w);
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "out of memory for COO's %lld row indices",
                          (long long)A->nnz);
    }
#pragma omp parallel for schedule(static) if (A->nnz >= SPMVP_PAR_MIN)
    for (spmvp_idx i = 0; i < A->nrows; i++)
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
            w->C.rowidx[k] = i;
    p->owned = w;
    p->release = release_coo;
    p->l2_pin = 1; /* from SPMVP_L2_PIN_FROM of the L2 (host/ocl/spmv.c) */
    p->footprint = spmvp_coo_bytes(&w->C, t->value_size) + (1 + (size_t)nempty) * sizeof(spmvp_idx);
    snprintf(p->params, sizeof p->params, "%d entries per work-item", items);
    /* every row with entries is stored once by the kernels and the empty rows are zeroed by the
     * tiles' launch; a matrix without entries has no tiles: y = 0 by a launch of its own */
    if (A->nrows && !A->nnz) {
        spmvp_plan_launch *l = spmvp_plan_add_launch(p, "coo.cl", "spmv_zero", (size_t)A->nrows, t->wg_size);
        snprintf(l->options, sizeof l->options, "-DWG_SIZE=%zu -DITEMS=%d", t->wg_size, items);
        spmvp_plan_arg_int(l, A->nrows);
        spmvp_plan_arg_y(l);
    }
    spmvp_plan_coo_part(p, &w->C, t->wg_size, items, t->compute_units, w->aux, nempty, 0);
    return SPMVP_OK;
}

static const spmvp_mapping_param coo_params[] = {
    {"coo-items", "N", "COO entries per work-item of a tile (COO, and HYB's COO part); a "
     "work-group reduces WG x N consecutive entries", "4",
     offsetof(spmvp_mapping, coo_items), 1, 32, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0},
};

/* Work (format.h): the tiles and the levels of carries (spmvp_work_coo_part; the last level in
 * the launch before it), each work-item ITEMS steps a level whatever the rows: COO's lock
 * step is its tiles, not its rows. The counter and the empty rows' list are read once (the
 * tiles zero those rows); a matrix with no entries is one launch that zeroes y. */
static spmvp_status work_coo(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                             const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    int items;
    spmvp_status st = spmvp_coo_items(m, t, &items);
    if (st)
        return st;
    long long vs = (long long)t->value_size;
    if (A->nrows && !A->nnz) {
        spmvp_lockstep l;
        spmvp_lockstep_init(&l, t->warp);
        spmvp_lockstep_add(&l, A->nrows, 0);
        spmvp_lockstep_end(&l, spmvp_work_launch(w, A->nrows, t->wg_size));
    }
    long long scratch = spmvp_work_coo_part(w, A->nnz, t->wg_size, items, t->warp), nempty = 0;
    if (s->min == 0)
        for (spmvp_idx i = 0; i < A->nrows; i++)
            nempty += A->rowptr[i + 1] == A->rowptr[i];
    w->slots = A->nnz;
    w->l2_pin = 1;
    w->bytes = (long long)A->nnz * (2 * (long long)sizeof(spmvp_idx) + vs) +
               spmvp_work_vectors(A, t->value_size) + 2 * scratch * vs +
               (1 + nempty) * (long long)sizeof(spmvp_idx);
    return SPMVP_OK;
}

/* revision 2: pinned from SPMVP_L2_PIN_FROM of the L2 (stop 57; before, from the L2) */
static const char *const coo_kernels[] = {"coo.cl", NULL};
const spmvp_format_desc spmvp_format_coo = {3, "coo", "COO", NULL, NULL, plan_coo, coo_params,
                                            work_coo, coo_kernels, 2};
