/* ellr.c: ELL-R / ELLG (seed 003 §2) from and to CSR, and its device plan.
 *
 * The layout is ELL's (spmvp_ell_from_csr: column-major, pitch aligned to 128 bytes and to the
 * work-group size) plus rowlen[i]: the kernel (cl/ellr.cl) loops j < rowlen[i] as seed 003's
 * listing does (its unrolled-by-2 loads included), one more coalesced load per row instead of
 * a column index per padding slot as plain ELL reads.
 *
 * Seed 003's PDE matrices (Tables 2-5) are spmvp's laplace3d:N (7-point stencil on an N^3
 * cube, Dirichlet boundary, no entries for boundary neighbours): pdeNN = laplace3d:NN, e.g.
 * pde05 = laplace3d:5 (125 rows, 725 non-zeros = 7*125 - 6*25), pde100 = laplace3d:100
 * (10^6 rows, 6,940,000 non-zeros); scripts/gpu_pde.sh runs pde05..pde100. */
#include "ellr.h"

#include <stdio.h>
#include <stdlib.h>

#include "format.h"
#include "work.h"

spmvp_ellr *spmvp_ellr_free(spmvp_ellr *R)
{
    if (R) {
        spmvp_ell_free(R->ell);
        free(R->rowlen);
        free(R);
    }
    return NULL;
}

spmvp_ellr *spmvp_ellr_from_csr(const spmvp_csr *A, spmvp_idx row_align)
{
    spmvp_ellr *R = calloc(1, sizeof *R);
    if (R)
        R->rowlen = malloc((A->nrows ? (size_t)A->nrows : 1) * sizeof *R->rowlen);
    if (!R || !R->rowlen) {
        spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for an ELL-R matrix of %d rows", (int)A->nrows);
        return spmvp_ellr_free(R);
    }
    R->ell = spmvp_ell_from_csr(A, row_align); /* its message is recorded on failure */
    if (!R->ell)
        return spmvp_ellr_free(R);
    for (spmvp_idx i = 0; i < A->nrows; i++)
        R->rowlen[i] = A->rowptr[i + 1] - A->rowptr[i];
    return R;
}

spmvp_csr *spmvp_ellr_to_csr(const spmvp_ellr *R)
{
    const spmvp_ell *E = R->ell;
    spmvp_idx nnz = 0;
    for (spmvp_idx i = 0; i < E->nrows; i++)
        nnz += R->rowlen[i];
    spmvp_csr *A = spmvp_csr_alloc(E->nrows, E->ncols, nnz);
    if (!A)
        return NULL;
    spmvp_idx out = 0;
    for (spmvp_idx i = 0; i < E->nrows; i++) {
        for (spmvp_idx j = 0; j < R->rowlen[i]; j++, out++) {
            size_t s = (size_t)j * (size_t)E->pitch + (size_t)i;
            A->colidx[out] = E->colidx[s];
            A->val[out] = E->val[s];
        }
        A->rowptr[i + 1] = out;
    }
    return A;
}

size_t spmvp_ellr_bytes(const spmvp_ellr *R, size_t vs)
{
    return spmvp_ell_bytes(R->ell, vs) + (size_t)R->ell->nrows * sizeof(spmvp_idx);
}

/* ---- the format ---- */

static void release_ellr(void *R) { spmvp_ellr_free(R); }

static spmvp_status plan_ellr(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                              spmvp_plan *p)
{
    (void)m;
    spmvp_ellr *R = spmvp_ellr_from_csr(A, (spmvp_idx)t->wg_size);
    if (!R)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s", spmvp_last_error());
    const spmvp_ell *E = R->ell;
    p->owned = R;
    p->release = release_ellr;
    p->footprint = spmvp_ellr_bytes(R, t->value_size);
    snprintf(p->params, sizeof p->params, "K=%d, pitch %d", (int)E->width, (int)E->pitch);
    size_t slots = (size_t)E->width * (size_t)E->pitch;
    int a = spmvp_plan_add_array(p, "ELL-R row lengths", SPMVP_ARRAY_INDEX, R->rowlen,
                                 (size_t)E->nrows);
    spmvp_plan_add_array(p, "ELL-R column indices", SPMVP_ARRAY_INDEX, E->colidx, slots);
    spmvp_plan_add_array(p, "ELL-R values", SPMVP_ARRAY_VALUE, E->val, slots);
    if (!E->nrows)
        return SPMVP_OK;
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "ellr.cl", "spmv_ellr", (size_t)E->nrows,
                                                 t->wg_size);
    spmvp_plan_arg_int(l, E->nrows);
    spmvp_plan_arg_int(l, E->pitch);
    for (int k = 0; k < 3; k++)
        spmvp_plan_arg_array(l, a + k);
    spmvp_plan_arg_x(l);
    spmvp_plan_arg_y(l);
    return SPMVP_OK;
}

/* Work (format.h): ELL's arrays and launch plus the row lengths array; but a work-item loops
 * exactly its row's length (cl/ellr.cl), so a warp runs to its longest row, where ELL's NVIDIA
 * loop runs the full width (since stop 30): the lock-step steps are counted again here. */
static spmvp_status work_ellr(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                              const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    spmvp_status st = spmvp_format_work(SPMVP_ELL, A, s, m, t, w);
    if (st)
        return st;
    w->bytes += (long long)A->nrows * (long long)sizeof(spmvp_idx);
    w->l2_pin = 0; /* ELL-R streams alone: pinned it lost on the H200 (ell.c's work_ell) */
    if (A->nrows && w->launches)
        w->lockstep_entries = spmvp_lockstep_rows(A, 1, t->warp, w->items[0]);
    return SPMVP_OK;
}

static const char *const ellr_kernels[] = {"ellr.cl", NULL};
const spmvp_format_desc spmvp_format_ellr = {3, "ellr", "ELL-R", NULL, NULL, plan_ellr, NULL,
                                             work_ellr, ellr_kernels, 1};
