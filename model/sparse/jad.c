/* jad.c: jagged diagonals (rows stably sorted by decreasing length) from and to CSR. */
#include "sparse.h"

#include <stdio.h>
#include <stdlib.h>

#include "format.h"
#include "plan_parts.h"
#include "work.h"

spmvp_jad *spmvp_jad_free(spmvp_jad *J)
{
    if (J) {
        free(J->perm);
        free(J->jdptr);
        free(J->colidx);
        free(J->val);
        free(J);
    }
    return NULL;
}

/* The one exit of spmvp_jad_from_csr: frees the scratch and, on failure, the result. */
static spmvp_jad *jad_done(spmvp_jad *J, spmvp_idx *scratch, int ok)
{
    free(scratch);
    if (ok)
        return J;
    spmvp_jad_free(J);
    spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a JAD matrix");
    return NULL;
}

/* Counting sort of the rows by length, longest first: O(nrows + ndiags), and stable, so rows
 * of equal length keep their order (and the kernel's reads of x stay in row order). */
spmvp_jad *spmvp_jad_from_csr(const spmvp_csr *A)
{
    spmvp_idx n = A->nrows, nd = spmvp_csr_max_row(A);
    spmvp_idx *next = calloc((size_t)nd + 1, sizeof *next); /* per row length */
    spmvp_jad *J = calloc(1, sizeof *J);
    if (!next || !J)
        return jad_done(J, next, 0);
    J->nrows = n;
    J->ncols = A->ncols;
    J->nnz = A->nnz;
    J->ndiags = nd;
    J->perm = malloc((n ? (size_t)n : 1) * sizeof *J->perm); /* never malloc(0) */
    J->jdptr = malloc(((size_t)nd + 1) * sizeof *J->jdptr);
    J->colidx = malloc((A->nnz ? (size_t)A->nnz : 1) * sizeof *J->colidx);
    J->val = malloc((A->nnz ? (size_t)A->nnz : 1) * sizeof *J->val);
    if (!J->perm || !J->jdptr || !J->colidx || !J->val)
        return jad_done(J, next, 0);
    for (spmvp_idx i = 0; i < n; i++)
        next[A->rowptr[i + 1] - A->rowptr[i]]++;
    /* next[L] becomes the first permuted position of the rows of length L, which is the number
     * of rows longer than L, which is also the length of diagonal L */
    spmvp_idx longer = 0;
    for (spmvp_idx L = nd; L >= 0; L--) {
        spmvp_idx c = next[L];
        next[L] = longer;
        longer += c;
    }
    J->jdptr[0] = 0;
    for (spmvp_idx d = 0; d < nd; d++)
        J->jdptr[d + 1] = J->jdptr[d] + next[d];
    for (spmvp_idx i = 0; i < n; i++)
        J->perm[next[A->rowptr[i + 1] - A->rowptr[i]]++] = i;
    /* entry d of permuted row p is at jdptr[d] + p; rows on OpenMP's threads (plan_parts.h) */
#pragma omp parallel for schedule(static) if (A->nnz >= SPMVP_PAR_MIN)
    for (spmvp_idx p = 0; p < n; p++) {
        spmvp_idx i = J->perm[p], start = A->rowptr[i];
        for (spmvp_idx d = 0; d < A->rowptr[i + 1] - start; d++) {
            J->colidx[J->jdptr[d] + p] = A->colidx[start + d];
            J->val[J->jdptr[d] + p] = A->val[start + d];
        }
    }
    return jad_done(J, next, 1);
}

/* Permuted row p has an entry in diagonal d exactly when p < the length of diagonal d. */
spmvp_csr *spmvp_jad_to_csr(const spmvp_jad *J)
{
    spmvp_csr *A = spmvp_csr_alloc(J->nrows, J->ncols, J->nnz);
    if (!A)
        return NULL;
    for (spmvp_idx d = 0; d < J->ndiags; d++)
        for (spmvp_idx p = 0; p < J->jdptr[d + 1] - J->jdptr[d]; p++)
            A->rowptr[J->perm[p] + 1]++;
    for (spmvp_idx i = 0; i < J->nrows; i++)
        A->rowptr[i + 1] += A->rowptr[i];
    for (spmvp_idx d = 0; d < J->ndiags; d++)
        for (spmvp_idx p = 0; p < J->jdptr[d + 1] - J->jdptr[d]; p++) {
            spmvp_idx out = A->rowptr[J->perm[p]] + d;
            A->colidx[out] = J->colidx[J->jdptr[d] + p];
            A->val[out] = J->val[J->jdptr[d] + p];
        }
    return A;
}

/* ---- the format ---- */

static void release_jad(void *J) { spmvp_jad_free(J); }

static spmvp_status plan_jad(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                             spmvp_plan *p)
{
    (void)m;
    spmvp_jad *J = spmvp_jad_from_csr(A);
    if (!J)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
    p->owned = J;
    p->release = release_jad;
    p->footprint = spmvp_jad_bytes(J, t->value_size);
    snprintf(p->params, sizeof p->params, "%d diagonals", (int)J->ndiags);
    int a = spmvp_plan_add_array(p, "JAD permutation", SPMVP_ARRAY_INDEX, J->perm, (size_t)J->nrows);
    spmvp_plan_add_array(p, "JAD diagonal pointers", SPMVP_ARRAY_INDEX, J->jdptr, (size_t)J->ndiags + 1);
    spmvp_plan_add_array(p, "JAD column indices", SPMVP_ARRAY_INDEX, J->colidx, (size_t)J->nnz);
    spmvp_plan_add_array(p, "JAD values", SPMVP_ARRAY_VALUE, J->val, (size_t)J->nnz);
    if (!J->nrows)
        return SPMVP_OK;
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "jad.cl", "spmv_jad", (size_t)J->nrows, t->wg_size);
    spmvp_plan_arg_int(l, A->nrows);
    spmvp_plan_arg_int(l, J->ndiags);
    for (int k = 0; k < 4; k++)
        spmvp_plan_arg_array(l, a + k);
    spmvp_plan_arg_x(l);
    spmvp_plan_arg_y(l);
    return SPMVP_OK;
}

/* Work (format.h): one work-item per permuted row, rows by decreasing length, so warp k takes
 * rows kW.. and runs as long as row kW, the longest of its rows; walked from the histogram of
 * row lengths, O(longest row). Diagonal d's length is the number of rows longer than d. */
static spmvp_status work_jad(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                             const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    (void)m;
    long long I = sizeof(spmvp_idx), vs = (long long)t->value_size;
    spmvp_lockstep l;
    w->slots = A->nnz;
    w->bytes = (long long)A->nrows * I + ((long long)s->max + 1) * I + (long long)A->nnz * (I + vs) +
               spmvp_work_vectors(A, t->value_size);
    w->critical_path = s->max;
    if (!A->nrows)
        return SPMVP_OK;
    spmvp_lockstep_init(&l, t->warp);
    for (long long L = s->max; L >= 0; L--)
        spmvp_lockstep_add(&l, s->hist[L], L);
    w->lockstep_entries = spmvp_lockstep_end(&l, spmvp_work_launch(w, A->nrows, t->wg_size));
    w->gather_lanes = 1; /* the rows sorted by length: the window is the matrix order's */
    return SPMVP_OK;
}

static const char *const jad_kernels[] = {"jad.cl", NULL};
const spmvp_format_desc spmvp_format_jad = {3, "jad", "JAD", NULL, NULL, plan_jad, NULL, work_jad,
                                            jad_kernels, 1};
