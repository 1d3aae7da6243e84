/* hyb.c: hybrid ELL + COO (the first K entries of each row in ELL, the rest in COO). */
#include "sparse.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "format.h"
#include "plan_parts.h"
#include "work.h"

spmvp_hyb *spmvp_hyb_free(spmvp_hyb *H)
{
    if (H) {
        spmvp_ell_free(H->ell);
        spmvp_coo_free(H->coo);
        free(H);
    }
    return NULL;
}

/* From a histogram of row lengths, O(nrows + max row): walking K down from the longest row,
 * the rows with K or more entries accumulate until they reach ceil(nrows/3). -1 (with
 * SPMVP_ERR_NOMEM recorded) if the histogram cannot be allocated. */
spmvp_idx spmvp_hyb_width_from_hist(const long long *hist, long long maxlen, long long nrows)
{
    long long need = (nrows + 2) / 3, at_least = 0, K;
    for (K = maxlen; K > 0; K--) {
        at_least += hist[K];
        if (at_least >= need)
            break;
    }
    return (spmvp_idx)K;
}

spmvp_idx spmvp_hyb_default_width(const spmvp_csr *A)
{
    if (A->nnz == 0)
        return 0;
    spmvp_idx maxlen = spmvp_csr_max_row(A);
    long long *count = calloc((size_t)maxlen + 1, sizeof *count);
    if (!count) {
        spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a histogram of %d row lengths",
                   (int)maxlen + 1);
        return -1;
    }
    for (spmvp_idx i = 0; i < A->nrows; i++)
        count[A->rowptr[i + 1] - A->rowptr[i]]++;
    spmvp_idx K = spmvp_hyb_width_from_hist(count, maxlen, A->nrows);
    free(count);
    return K;
}

/* The first K entries of each row become the ELL part and the rest the COO part, each through
 * its own builder straight from A (one pitch rule, one COO layout, no copy of the halves). */
spmvp_hyb *spmvp_hyb_from_csr(const spmvp_csr *A, spmvp_idx K, spmvp_idx row_align)
{
    if (K < 0) {
        spmvp_fail(SPMVP_ERR_ARG, "HYB width %d is negative", (int)K);
        return NULL;
    }
    spmvp_hyb *H = calloc(1, sizeof *H);
    if (!H) {
        spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a HYB matrix with %d entries",
                   (int)A->nnz);
        return NULL;
    }
    /* the parts' messages are recorded on failure */
    if (!(H->ell = spmvp_ell_from_csr_head(A, K, row_align)) ||
        !(H->coo = spmvp_coo_from_csr_tail(A, H->ell->width)))
        return spmvp_hyb_free(H);
    return H;
}

/* The ELL part holds the first entries of each row and the COO part the rest, both in column
 * order, so each CSR row is its ELL entries followed by its COO entries. */
spmvp_csr *spmvp_hyb_to_csr(const spmvp_hyb *H)
{
    const spmvp_ell *E = H->ell;
    const spmvp_coo *C = H->coo;
    spmvp_csr *A = spmvp_csr_alloc(E->nrows, E->ncols, E->nnz + C->nnz);
    if (!A)
        return NULL;
    spmvp_idx out = 0, c = 0;
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
        for (; c < C->nnz && C->rowidx[c] == i; c++, out++) {
            A->colidx[out] = C->colidx[c];
            A->val[out] = C->val[c];
        }
    }
    A->rowptr[E->nrows] = out;
    return A;
}

/* ---- the format ---- */

static void release_hyb(void *H) { spmvp_hyb_free(H); }

static void resolve_hyb(const spmvp_rowlen_stats *s, unsigned warp, spmvp_mapping *m)
{
    (void)warp;
    if (m->hyb_width < 0) /* from the statistics' histogram: no second pass over the matrix */
        m->hyb_width = s->nnz ? (int)spmvp_hyb_width_from_hist(s->hist, s->max, s->rows) : 0;
}

static void label_hyb(const spmvp_mapping *m, char *buf, size_t size)
{
    snprintf(buf, size, "K=%d", m->hyb_width);
}

static spmvp_status plan_hyb(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                             spmvp_plan *p)
{
    int items;
    spmvp_status st = spmvp_coo_items(m, t, &items);
    if (st)
        return st;
    spmvp_idx K = m->hyb_width >= 0 ? m->hyb_width : spmvp_hyb_default_width(A);
    if (K < 0)
        return SPMVP_ERR_NOMEM; /* message recorded by spmvp_hyb_default_width */
    spmvp_hyb *H = spmvp_hyb_from_csr(A, K, (spmvp_idx)t->wg_size);
    if (!H)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
    p->owned = H;
    p->release = release_hyb;
    p->footprint = spmvp_hyb_bytes(H, t->value_size) + sizeof(spmvp_idx); /* + COO's counter */
    p->l2_pin = 1; /* both parts pinned as ELL and COO are (ell.c's work_ell) */
    snprintf(p->params, sizeof p->params, "K=%d, %d in COO", (int)H->ell->width, (int)H->coo->nnz);
    /* the ELL part writes every y[i] (0 for width 0), then the COO part adds */
    spmvp_plan_ell_part(p, H->ell, t->wg_size);
    static const spmvp_idx counter = 0; /* the COO part's one-launch counter, 0 between products */
    spmvp_plan_coo_part(p, H->coo, t->wg_size, items, t->compute_units, &counter, 0, 1);
    return SPMVP_OK;
}

static const spmvp_mapping_param hyb_params[] = {
    {"hyb-width", "K", "HYB's ELL width K (the first K entries of each row in ELL, the rest in COO)",
     "largest K reached by a third of the rows", offsetof(spmvp_mapping, hyb_width), 0,
     SPMVP_IDX_MAX, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0},
};

/* Work (format.h): the ELL part of width min(K, longest row), every row taking that many
 * steps (cl/ell.cl runs the full width on NVIDIA; ell.c's hook says why elsewhere too), then
 * the COO part's tiles over the sum of max(0, length - K) entries (which add to y, so no
 * zeroing launch). */
static spmvp_status work_hyb(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                             const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    int items;
    spmvp_status st = spmvp_coo_items(m, t, &items);
    if (st)
        return st;
    long long K = m->hyb_width >= 0 ? m->hyb_width
                  : (s->nnz ? spmvp_hyb_width_from_hist(s->hist, s->max, s->rows) : 0);
    long long width = K < s->max ? K : s->max, pitch = spmvp_ell_pitch(A->nrows, (spmvp_idx)t->wg_size);
    long long I = sizeof(spmvp_idx), vs = (long long)t->value_size, coo_nnz = 0;
    if (pitch > SPMVP_IDX_MAX || width * pitch > SPMVP_IDX_MAX)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "HYB's ELL part needs %lld slots, more than "
                          "32-bit indices allow", width * pitch);
    if (A->nrows) {
        spmvp_lockstep l;
        spmvp_lockstep_init(&l, t->warp);
        spmvp_lockstep_add(&l, A->nrows, width);
        for (spmvp_idx i = 0; i < A->nrows; i++) {
            long long len = A->rowptr[i + 1] - A->rowptr[i];
            coo_nnz += len > K ? len - K : 0;
        }
        w->lockstep_entries = spmvp_lockstep_end(&l, spmvp_work_launch(w, A->nrows, t->wg_size));
        w->gather_lanes = 1; /* the ELL part's; the COO part reads the rest in storage order */
    }
    w->l2_pin = 1;
    w->critical_path = width;
    long long scratch = spmvp_work_coo_part(w, coo_nnz, t->wg_size, items, t->warp);
    w->slots = width * pitch + coo_nnz;
    w->bytes = width * pitch * (I + vs) + (coo_nnz * (2 * I + vs) + I) +
               spmvp_work_vectors(A, t->value_size) + 2 * scratch * vs; /* I: COO's counter */
    return SPMVP_OK;
}

/* revision 2: pinned in part in L2 (stop 56); 3: from SPMVP_L2_PIN_FROM of the L2 (stop 57) */
static const char *const hyb_kernels[] = {"ell.cl", "coo.cl", NULL};
const spmvp_format_desc spmvp_format_hyb = {3, "hyb", "HYB", resolve_hyb, label_hyb, plan_hyb,
                                            hyb_params, work_hyb, hyb_kernels, 3};
