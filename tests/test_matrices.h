/* test_matrices.h: small matrices of known structure that the format tests share (included by
 * one test executable each: its functions are static). */
#ifndef SPMVP_TEST_MATRICES_H
#define SPMVP_TEST_MATRICES_H

#include <stdint.h>
#include <stdlib.h>

#include "sparse.h"

static uint32_t lcg_state;
static uint32_t lcg(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state >> 8;
}

/* Row i has len[i] entries in consecutive columns from a row-dependent offset, with distinct
 * values (and an explicit zero now and then, which every format must keep). */
static spmvp_csr *csr_from_lengths(spmvp_idx nrows, spmvp_idx ncols, const spmvp_idx *len)
{
    spmvp_idx nnz = 0;
    for (spmvp_idx i = 0; i < nrows; i++)
        nnz += len[i];
    spmvp_csr *A = spmvp_csr_alloc(nrows, ncols, nnz);
    if (!A)
        return NULL;
    spmvp_idx k = 0;
    for (spmvp_idx i = 0; i < nrows; i++) {
        spmvp_idx offset = (spmvp_idx)((7 * (int64_t)i) % (ncols - len[i] + 1));
        for (spmvp_idx j = 0; j < len[i]; j++, k++) {
            A->colidx[k] = offset + j;
            A->val[k] = k % 11 == 5 ? 0.0 : 1.0 + i + j / 64.0;
        }
        A->rowptr[i + 1] = k;
    }
    return A;
}

/* Up to maxlen random entries per row (duplicates are summed by the triplet builder). */
static spmvp_csr *random_csr(spmvp_idx nrows, spmvp_idx ncols, spmvp_idx maxlen, uint32_t seed)
{
    lcg_state = seed;
    size_t cap = (size_t)nrows * (size_t)maxlen + 1, n = 0;
    spmvp_idx *ri = malloc(cap * sizeof *ri), *ci = malloc(cap * sizeof *ci);
    double *v = malloc(cap * sizeof *v);
    spmvp_csr *A = NULL;
    if (ri && ci && v) {
        for (spmvp_idx i = 0; i < nrows; i++) {
            spmvp_idx len = (spmvp_idx)(lcg() % ((uint32_t)maxlen + 1));
            for (spmvp_idx j = 0; j < len; j++, n++) {
                ri[n] = i;
                ci[n] = (spmvp_idx)(lcg() % (uint32_t)ncols);
                v[n] = lcg() % 10 == 0 ? 0.0 : ((double)(lcg() % 2001) - 1000.0) / 64.0;
            }
        }
        A = spmvp_csr_from_triplets(nrows, ncols, n, ri, ci, v);
    }
    free(ri);
    free(ci);
    free(v);
    return A;
}

static spmvp_idx row_len(const spmvp_csr *A, spmvp_idx i)
{
    return A->rowptr[i + 1] - A->rowptr[i];
}

/* A product to check a layout against: x with values of both signs and several exponents, ref
 * = A*x by CSR, y for the layout's product (one spare slot each, so empty matrices allocate). */
struct product {
    double *x, *ref, *y;
    size_t ybytes;
};

static int product_begin(struct product *P, const spmvp_csr *A)
{
    P->x = malloc(((size_t)A->ncols + 1) * sizeof *P->x);
    P->ref = malloc(((size_t)A->nrows + 1) * sizeof *P->ref);
    P->y = malloc(((size_t)A->nrows + 1) * sizeof *P->y);
    P->ybytes = (size_t)A->nrows * sizeof *P->y;
    if (!P->x || !P->ref || !P->y)
        return 0;
    lcg_state = 12345;
    for (spmvp_idx j = 0; j < A->ncols; j++)
        P->x[j] = ((double)(lcg() % 1999) - 999.0) / 128.0;
    spmvp_csr_spmv(A, P->x, P->ref);
    return 1;
}

static void product_end(struct product *P)
{
    free(P->x);
    free(P->ref);
    free(P->y);
}

#endif
