/* ell.c: ELLPACK (column-major, padded to an aligned pitch) from and to CSR. */
#include "sparse.h"

#include <stdio.h>
#include <stdlib.h>

#include "budget.h"
#include "format.h"
#include "plan_parts.h"
#include "work.h"

spmvp_ell *spmvp_ell_free(spmvp_ell *E)
{
    if (E) {
        free(E->colidx);
        free(E->val);
        free(E);
    }
    return NULL;
}

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* nrows rounded up to a multiple of lcm(row_align, 32): each column then starts on a
 * work-group boundary and on 128 bytes (32 elements of 4 or 8 bytes). In int64 because
 * a large row_align can take it past 32 bits. */
static int64_t ell_pitch(spmvp_idx nrows, spmvp_idx row_align)
{
    int64_t a = (int64_t)row_align / gcd64(row_align, 32) * 32;
    return ((int64_t)nrows + a - 1) / a * a;
}

/* Entry j < K of row i goes to [j*pitch + i], so that consecutive work-items (rows) read
 * consecutive addresses; padding is colidx -1 (whose value and x the kernel skips) and val 0. */
spmvp_ell *spmvp_ell_from_csr_head(const spmvp_csr *A, spmvp_idx K, spmvp_idx row_align)
{
    if (row_align <= 0) {
        spmvp_fail(SPMVP_ERR_ARG, "ELL row alignment %d is not positive", (int)row_align);
        return NULL;
    }
    if (K < 0) {
        spmvp_fail(SPMVP_ERR_ARG, "ELL width %d is negative", (int)K);
        return NULL;
    }
    int64_t width = spmvp_csr_max_row(A);
    width = width < K ? width : K;
    int64_t pitch = ell_pitch(A->nrows, row_align);
    if (pitch > SPMVP_IDX_MAX) {
        spmvp_fail(SPMVP_ERR_RANGE,
                   "ELL pitch %lld (%d rows aligned to %d) is more than 32-bit indices allow",
                   (long long)pitch, (int)A->nrows, (int)row_align);
        return NULL;
    }
    int64_t slots = width * pitch; /* both below 2^31: no int64 overflow */
    if (slots > SPMVP_IDX_MAX) {
        spmvp_fail(SPMVP_ERR_RANGE,
                   "ELL needs %lld slots (%lld padded rows x width %d), more than 32-bit "
                   "indices allow",
                   (long long)slots, (long long)pitch, (int)width);
        return NULL;
    }
    /* padding can make ELL a hundred times the CSR: asked of the host budget first */
    if (spmvp_host_check(NULL, "ELL", spmvp_bytes_mul((uint64_t)slots, sizeof(spmvp_idx) + sizeof(double))))
        return NULL;
    size_t n = slots ? (size_t)slots : 1; /* never malloc(0) */
    spmvp_ell *E = calloc(1, sizeof *E);
    if (!E)
        goto fail;
    E->nrows = A->nrows;
    E->ncols = A->ncols;
    E->width = (spmvp_idx)width;
    E->pitch = (spmvp_idx)pitch;
    E->colidx = malloc(n * sizeof *E->colidx);
    E->val = malloc(n * sizeof *E->val);
    if (!E->colidx || !E->val)
        goto fail;
    /* one pass, entries and padding: blocks of ELL_BLOCK rows, column by column, so that a
     * block writes whole lines of each column (the pitch is a multiple of 32 elements) and no
     * two threads write one line */
    enum { ELL_BLOCK = 64 };
    const int64_t nblocks = (pitch + ELL_BLOCK - 1) / ELL_BLOCK;
    spmvp_idx nnz = 0;
#pragma omp parallel for schedule(static) reduction(+ : nnz) if (slots >= SPMVP_PAR_MIN)
    for (int64_t b = 0; b < nblocks; b++) {
        const int64_t i0 = b * ELL_BLOCK, i1 = i0 + ELL_BLOCK < pitch ? i0 + ELL_BLOCK : pitch;
        for (int64_t j = 0; j < width; j++)
            for (int64_t i = i0; i < i1; i++) {
                const size_t s = (size_t)j * (size_t)pitch + (size_t)i;
                const spmvp_idx k0 = i < A->nrows ? A->rowptr[i] : 0;
                if (i < A->nrows && j < A->rowptr[i + 1] - k0) {
                    E->colidx[s] = A->colidx[k0 + j];
                    E->val[s] = A->val[k0 + j];
                    nnz++;
                } else {
                    E->colidx[s] = -1;
                    E->val[s] = 0.0;
                }
            }
    }
    E->nnz = nnz;
    return E;
fail:
    spmvp_ell_free(E);
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for an ELL matrix of %lld slots",
               (long long)slots);
    return NULL;
}

spmvp_ell *spmvp_ell_from_csr(const spmvp_csr *A, spmvp_idx row_align)
{
    return spmvp_ell_from_csr_head(A, SPMVP_IDX_MAX, row_align);
}

/* A row ends at its first -1, as in the kernel. */
spmvp_csr *spmvp_ell_to_csr(const spmvp_ell *E)
{
    spmvp_csr *A = spmvp_csr_alloc(E->nrows, E->ncols, E->nnz);
    if (!A)
        return NULL;
    spmvp_idx out = 0;
    for (spmvp_idx i = 0; i < E->nrows; i++) {
        A->rowptr[i] = out;
        for (spmvp_idx j = 0; j < E->width; j++) {
            size_t s = (size_t)j * (size_t)E->pitch + (size_t)i;
            if (E->colidx[s] < 0)
                break;
            A->colidx[out] = E->colidx[s];
            A->val[out] = E->val[s];
            out++;
        }
    }
    A->rowptr[E->nrows] = out;
    return A;
}

/* ---- the format ---- */

static void release_ell(void *E) { spmvp_ell_free(E); }

void spmvp_plan_ell_part(spmvp_plan *p, const spmvp_ell *E, size_t wg)
{
    size_t slots = (size_t)E->width * (size_t)E->pitch;
    int a = spmvp_plan_add_array(p, "ELL column indices", SPMVP_ARRAY_INDEX, E->colidx, slots);
    spmvp_plan_add_array(p, "ELL values", SPMVP_ARRAY_VALUE, E->val, slots);
    if (!E->nrows)
        return;
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "ell.cl", "spmv_ell", (size_t)E->nrows, wg);
    spmvp_plan_arg_int(l, E->nrows);
    spmvp_plan_arg_int(l, E->width);
    spmvp_plan_arg_int(l, E->pitch);
    spmvp_plan_arg_array(l, a);
    spmvp_plan_arg_array(l, a + 1);
    spmvp_plan_arg_x(l);
    spmvp_plan_arg_y(l);
}

/* The pitch is a multiple of the work-group size, so every work-group reads whole columns. */
static spmvp_status plan_ell(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                             spmvp_plan *p)
{
    (void)m;
    spmvp_ell *E = spmvp_ell_from_csr(A, (spmvp_idx)t->wg_size);
    if (!E)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
    p->owned = E;
    p->release = release_ell;
    p->footprint = spmvp_ell_bytes(E, t->value_size);
    p->l2_pin = 1; /* from SPMVP_L2_PIN_FROM of the L2 (host/ocl/spmv.c); work_ell says why */
    snprintf(p->params, sizeof p->params, "K=%d", (int)E->width);
    spmvp_plan_ell_part(p, E, t->wg_size);
    return SPMVP_OK;
}

long long spmvp_ell_pitch(spmvp_idx nrows, spmvp_idx row_align)
{
    return ell_pitch(nrows, row_align);
}

/* Work (format.h): one work-item per row, every row running the full width (cl/ell.cl reads
 * each slot's column and skips the padding's value and x, since stop 30): width lock-step
 * steps a row, and the arrays hold width x pitch slots. That is the NVIDIA kernel's loop; on
 * other devices it stops at the row's end, and this count overstates a padded row's steps:
 * their learned models are fitted on the feature as it is (the target says no vendor).
 *
 * From 80 % of the L2 (format.h's SPMVP_L2_PIN_FROM, stop 57) part of the matrix is kept there
 * (l2_pin, prelude.cl's SPMVP_PIN): a warp reads whole lines of a column, as SELL's do at
 * C >= 32. On the H200 (stop 56,
 * docs/data/h100-kernels/stop56/) ELL took 0.930x its streamed time and HYB 0.937x over 13
 * matrices above the L2 (0.73-0.88 on stencils and block-diagonal matrices, 1.05 at worst).
 * ELL-R, whose work starts from this one, lost (1.052x, rows of 300 in single 1.42x) and
 * keeps streaming alone (ellr.c). */
static spmvp_status work_ell(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                             const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    (void)m;
    long long pitch = ell_pitch(A->nrows, (spmvp_idx)t->wg_size), width = s->max;
    if (pitch > SPMVP_IDX_MAX || width * pitch > SPMVP_IDX_MAX)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "ELL needs %lld slots, more than 32-bit indices "
                          "allow", width * pitch);
    spmvp_lockstep l;
    w->slots = width * pitch;
    w->bytes = w->slots * (long long)(sizeof(spmvp_idx) + t->value_size) + spmvp_work_vectors(A, t->value_size);
    w->critical_path = width;
    if (!A->nrows)
        return SPMVP_OK;
    spmvp_lockstep_init(&l, t->warp);
    spmvp_lockstep_add(&l, A->nrows, width);
    w->lockstep_entries = spmvp_lockstep_end(&l, spmvp_work_launch(w, A->nrows, t->wg_size));
    w->gather_lanes = 1; /* ELL-R's too (its work is ELL's, ellr.c) */
    w->l2_pin = 1;
    return SPMVP_OK;
}

/* version 2: with its work hook; revision 2: pinned in part in L2 (stop 56); 3: from
 * SPMVP_L2_PIN_FROM of the L2 (stop 57) */
static const char *const ell_kernels[] = {"ell.cl", NULL};
const spmvp_format_desc spmvp_format_ell = {3, "ell", "ELL", NULL, NULL, plan_ell, NULL, work_ell,
                                            ell_kernels, 3};
