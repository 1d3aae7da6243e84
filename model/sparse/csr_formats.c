/* csr_formats.c: CSR's two kernels as formats: CSR-scalar (one work-item per row) and
 * CSR-vector (VECTOR_WIDTH work-items per row, seed 000's CSR-V), which upload the CSR arrays
 * as they are. */
#include "format.h"
#include "work.h"

#include <stddef.h>
#include <stdio.h>

/* rowptr, colidx, val: the three arrays both kernels read (the plan borrows A's). */
static void add_csr_arrays(spmvp_plan *p, const spmvp_csr *A, size_t vs)
{
    spmvp_plan_add_array(p, "CSR row pointers", SPMVP_ARRAY_INDEX, A->rowptr, (size_t)A->nrows + 1);
    spmvp_plan_add_array(p, "CSR column indices", SPMVP_ARRAY_INDEX, A->colidx, (size_t)A->nnz);
    spmvp_plan_add_array(p, "CSR values", SPMVP_ARRAY_VALUE, A->val, (size_t)A->nnz);
    p->footprint = spmvp_csr_bytes(A, vs);
}

/* (nrows, rowptr, colidx, val, x, y): the arguments of both kernels */
static void add_csr_args(spmvp_plan_launch *l, const spmvp_csr *A)
{
    spmvp_plan_arg_int(l, A->nrows);
    for (int a = 0; a < 3; a++)
        spmvp_plan_arg_array(l, a);
    spmvp_plan_arg_x(l);
    spmvp_plan_arg_y(l);
}

/* 1 when CSR-scalar reads A 4 entries a load (cl/csr_scalar.cl says why): every row starts at
 * a multiple of 4 entries, the rows hold 8 or more on average, and none more than 4 times the
 * mean. On the H200 (docs/data/h100-kernels/stop57/, call 7) rows of 4 ran 0.87-1.10x, and
 * matrices whose few long rows set the time (a work-item's walk) up to 1.19x in single
 * precision, where rows of 8-480 ran 0.32-0.91x. O(rows). */
static int scalar_reads_by_4(const spmvp_csr *A)
{
    spmvp_idx longest = 0;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        if (A->rowptr[i] & 3)
            return 0;
        if (A->rowptr[i + 1] - A->rowptr[i] > longest)
            longest = A->rowptr[i + 1] - A->rowptr[i];
    }
    return !(A->rowptr[A->nrows] & 3) && A->nnz >= 8LL * A->nrows &&
           (long long)longest * A->nrows <= 4LL * A->nnz;
}

static spmvp_status plan_scalar(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                                spmvp_plan *p)
{
    (void)m;
    add_csr_arrays(p, A, t->value_size);
    if (!A->nrows)
        return SPMVP_OK;
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "csr_scalar.cl", "spmv_csr_scalar",
                                                 (size_t)A->nrows, t->wg_size);
    if (scalar_reads_by_4(A))
        snprintf(l->options, sizeof l->options, "-DSPMVP_SCALAR_VEC=4");
    add_csr_args(l, A);
    return SPMVP_OK;
}

static void resolve_vector(const spmvp_rowlen_stats *s, unsigned warp, spmvp_mapping *m)
{
    if (m->vector_width <= 0)
        m->vector_width = spmvp_vector_width_for_mean(s->rows ? (double)s->nnz / s->rows : 0.0, warp);
}

static void label_vector(const spmvp_mapping *m, char *buf, size_t size)
{
    snprintf(buf, size, "V=%d", m->vector_width);
}

static spmvp_status plan_vector(const spmvp_csr *A, const spmvp_mapping *m, const spmvp_target *t,
                                spmvp_plan *p)
{
    size_t wg = t->wg_size;
    add_csr_arrays(p, A, t->value_size);
    if (!A->nrows)
        return SPMVP_OK;
    int v = m->vector_width > 0 ? m->vector_width : spmvp_vector_width_auto(A, t->warp);
    if (v < 1 || (v & (v - 1)) || (size_t)v > wg)
        return spmvp_fail(SPMVP_ERR_ARG, "vector width %d is not a power of two up to "
                          "the work-group size %zu", v, wg);
    /* one partial sum per work-item in local memory, for the portable tree reduction (NVIDIA's
     * shuffles need none, but every device is held to the portable kernel's needs) */
    if (wg * t->value_size > t->local_mem)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "CSR-vector needs %zu bytes of local "
                          "memory, the device has %llu", wg * t->value_size, t->local_mem);
    snprintf(p->params, sizeof p->params, "V=%d", v);
    spmvp_plan_launch *l = spmvp_plan_add_launch(p, "csr_vector.cl", "spmv_csr_vector",
                                                 (size_t)A->nrows * (size_t)v, wg);
    snprintf(l->options, sizeof l->options, "-DVECTOR_WIDTH=%d -DWG_SIZE=%zu", v, wg);
    add_csr_args(l, A);
    return SPMVP_OK;
}

/* Work (format.h): the CSR arrays once; one work-item per row (scalar) takes the row's
 * entries in turn, so a warp runs as long as its longest row (seed 000's CSR-S); V work-items
 * per row (vector) take ceil(length / V) steps each, W/V rows to a warp. */
static void work_csr(const spmvp_csr *A, int v, const spmvp_target *t, spmvp_work *w)
{
    long long vs = (long long)t->value_size, I = sizeof(spmvp_idx);
    w->slots = A->nnz;
    w->bytes = ((long long)A->nrows + 1) * I + (long long)A->nnz * (I + vs) + spmvp_work_vectors(A, t->value_size);
    if (!A->nrows)
        return;
    long long items = spmvp_work_launch(w, (long long)A->nrows * v, t->wg_size);
    w->lockstep_entries = spmvp_lockstep_rows(A, v, t->warp, items);
    w->gather_lanes = v;
}

static spmvp_status work_scalar(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                                const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    (void)m;
    work_csr(A, 1, t, w);
    w->critical_path = s->max;
    return SPMVP_OK;
}

static spmvp_status work_vector(const spmvp_csr *A, const spmvp_rowlen_stats *s,
                                const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    int v = m->vector_width > 0 ? m->vector_width : spmvp_vector_width_auto(A, t->warp);
    if (v < 1 || (v & (v - 1)) || (size_t)v > t->wg_size)
        return spmvp_fail(SPMVP_ERR_ARG, "vector width %d is not a power of two up to "
                          "the work-group size %zu", v, t->wg_size);
    work_csr(A, v, t, w);
    w->critical_path = spmvp_ceil_div(s->max, v);
    return SPMVP_OK;
}

static const spmvp_mapping_param vector_params[] = {
    {"vector-width", "V", "CSR-vector work-items per row, a power of two",
     "largest power of two <= mean row length / 2, at most the warp",
     offsetof(spmvp_mapping, vector_width), 1, 1024, 1, 0},
    {NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0},
};

static const char *const scalar_kernels[] = {"csr_scalar.cl", NULL};
const spmvp_format_desc spmvp_format_csr_scalar = {
    3, "csr_scalar", "CSR-scalar", NULL, NULL, plan_scalar, NULL, work_scalar, scalar_kernels, 1,
};

static const char *const vector_kernels[] = {"csr_vector.cl", NULL};
const spmvp_format_desc spmvp_format_csr_vector = {
    3, "csr_vector", "CSR-vector", resolve_vector, label_vector, plan_vector, vector_params,
    work_vector, vector_kernels, 1,
};
