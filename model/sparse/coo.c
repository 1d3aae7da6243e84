/* coo.c: coordinate format (sorted by row, then column) from and to CSR. */
#include "sparse.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "plan_parts.h"

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

/* CSR order is already row-major with sorted columns: only the row indices are new. */
spmvp_coo *spmvp_coo_from_csr(const spmvp_csr *A)
{
    size_t n = A->nnz ? (size_t)A->nnz : 1; /* never malloc(0) */
    spmvp_coo *C = calloc(1, sizeof *C);
    if (!C)
        goto fail;
    C->nrows = A->nrows;
    C->ncols = A->ncols;
    C->nnz = A->nnz;
    C->rowidx = malloc(n * sizeof *C->rowidx);
    C->colidx = malloc(n * sizeof *C->colidx);
    C->val = malloc(n * sizeof *C->val);
    if (!C->rowidx || !C->colidx || !C->val)
        goto fail;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
            C->rowidx[k] = i;
    memcpy(C->colidx, A->colidx, (size_t)A->nnz * sizeof *C->colidx);
    memcpy(C->val, A->val, (size_t)A->nnz * sizeof *C->val);
    return C;
fail:
    spmvp_coo_free(C);
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a COO matrix with %d entries", (int)A->nnz);
    return NULL;
}

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

/* ---- the format ---- */

static void release_coo(void *C) { spmvp_coo_free(C); }

void spmvp_plan_coo_part(spmvp_plan *p, const spmvp_coo *C, size_t wg, int chunk)
{
    size_t nchunks = C->nnz ? ((size_t)C->nnz + (size_t)chunk - 1) / (size_t)chunk : 0;
    int a = spmvp_plan_add_array(p, "COO row indices", SPMVP_ARRAY_INDEX, C->rowidx, (size_t)C->nnz);
    spmvp_plan_add_array(p, "COO column indices", SPMVP_ARRAY_INDEX, C->colidx, (size_t)C->nnz);
    spmvp_plan_add_array(p, "COO values", SPMVP_ARRAY_VALUE, C->val, (size_t)C->nnz);
    spmvp_plan_add_array(p, "COO head sums", SPMVP_ARRAY_SCRATCH, NULL, nchunks);
    spmvp_plan_add_array(p, "COO tail sums", SPMVP_ARRAY_SCRATCH, NULL, nchunks);
    if (!nchunks)
        return;
    /* pass 1: each work-item sums its chunk and leaves the partial sums of its first and last
     * rows; pass 2 adds them in order (cl/coo.cl) */
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "coo.cl", "spmv_coo_chunks", nchunks, wg);
    spmvp_plan_arg_int(l, C->nnz);
    spmvp_plan_arg_int(l, chunk);
    for (int k = 0; k < 3; k++)
        spmvp_plan_arg_array(l, a + k);
    spmvp_plan_arg_x(l);
    spmvp_plan_arg_y(l);
    spmvp_plan_arg_array(l, a + 3);
    spmvp_plan_arg_array(l, a + 4);
    l = spmvp_plan_add_launch(p, "coo.cl", "spmv_coo_carry", nchunks, wg);
    spmvp_plan_arg_int(l, C->nnz);
    spmvp_plan_arg_int(l, chunk);
    spmvp_plan_arg_array(l, a);
    spmvp_plan_arg_y(l);
    spmvp_plan_arg_array(l, a + 3);
    spmvp_plan_arg_array(l, a + 4);
}

static spmvp_status plan_coo(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                             spmvp_plan *p)
{
    spmvp_coo *C = spmvp_coo_from_csr(A);
    if (!C)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
    p->owned = C;
    p->release = release_coo;
    p->footprint = spmvp_coo_bytes(C, t->value_size);
    int chunk = m->coo_chunk > 0 ? m->coo_chunk : SPMVP_COO_CHUNK;
    snprintf(p->params, sizeof p->params, "chunk %d", chunk);
    /* y = 0 first: the COO passes add into y */
    if (A->nrows > 0) {
        spmvp_plan_launch *l = spmvp_plan_add_launch(p, "coo.cl", "spmv_zero", (size_t)A->nrows, t->wg_size);
        spmvp_plan_arg_int(l, A->nrows);
        spmvp_plan_arg_y(l);
    }
    spmvp_plan_coo_part(p, C, t->wg_size, chunk);
    return SPMVP_OK;
}

static const spmvp_mapping_param coo_params[] = {
    {"coo-chunk", "C", "COO entries per work-item in the first pass (COO, and HYB's COO part)",
     "8", offsetof(spmvp_mapping, coo_chunk), 1, 1 << 20, 0},
    {NULL, NULL, NULL, NULL, 0, 0, 0, 0},
};

static void resolve_coo(const spmvp_rowlen_stats *s, unsigned warp, spmvp_mapping *m)
{
    (void)s;
    (void)warp;
    if (m->coo_chunk <= 0)
        m->coo_chunk = SPMVP_COO_CHUNK;
}

const spmvp_format_desc spmvp_format_coo = {1, "coo", "COO", resolve_coo, NULL, plan_coo, coo_params};
