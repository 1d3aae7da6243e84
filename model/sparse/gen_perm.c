/* gen_perm.c: "perm:[SEED:]SPEC", a matrix renumbered by a random permutation: the same row
 * lengths and the same non-zeros, but neighbours in the matrix are no longer neighbours in
 * memory, so a stencil's gathers of x become scattered ones. Comparing a matrix with its
 * permutation separates what locality costs from what the row lengths cost. */
#include "gen.h"

#include <stdlib.h>

#include "budget.h"
#include "gen_rng.h"

#define SALT_PERM_ROWS 0x7065726d726f7721ULL
#define SALT_PERM_COLS 0x7065726d636f6c21ULL

/* order: a uniformly random permutation of 0..n-1 (Fisher-Yates, Knuth's Algorithm P);
 * where[order[k]] = k, its inverse. */
static void shuffle(spmvp_idx n, uint64_t key, spmvp_idx *order, spmvp_idx *where)
{
    rng r;
    rng_seed(&r, key);
    for (spmvp_idx i = 0; i < n; i++)
        order[i] = i;
    for (spmvp_idx i = n - 1; i > 0; i--) {
        spmvp_idx j = (spmvp_idx)rng_below(&r, (uint32_t)i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (spmvp_idx i = 0; i < n; i++)
        where[order[i]] = i;
}

typedef struct entry {
    spmvp_idx col;
    double val;
} entry;

static int by_col(const void *a, const void *b)
{
    spmvp_idx x = ((const entry *)a)->col, y = ((const entry *)b)->col;
    return (x > y) - (x < y);
}

/* Sorts row slice k0..k1-1 of B by column: insertion sort for the short rows most matrices
 * have, qsort through tmp (room for the longest row) for long ones. */
static void sort_row(spmvp_csr *B, spmvp_idx k0, spmvp_idx k1, entry *tmp)
{
    spmvp_idx *c = B->colidx;
    double *v = B->val;
    if (k1 - k0 <= 32) {
        for (spmvp_idx k = k0 + 1; k < k1; k++) {
            spmvp_idx ck = c[k], m = k;
            double vk = v[k];
            for (; m > k0 && c[m - 1] > ck; m--) {
                c[m] = c[m - 1];
                v[m] = v[m - 1];
            }
            c[m] = ck;
            v[m] = vk;
        }
        return;
    }
    for (spmvp_idx k = k0; k < k1; k++)
        tmp[k - k0] = (entry){c[k], v[k]};
    qsort(tmp, (size_t)(k1 - k0), sizeof *tmp, by_col);
    for (spmvp_idx k = k0; k < k1; k++) {
        c[k] = tmp[k - k0].col;
        v[k] = tmp[k - k0].val;
    }
}

spmvp_status spmvp_gen_perm_st(const spmvp_csr *A, unsigned long long seed, spmvp_csr **out)
{
    *out = NULL;
    int square = A->nrows == A->ncols;
    spmvp_idx longest = 0;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        if (A->rowptr[i + 1] - A->rowptr[i] > longest)
            longest = A->rowptr[i + 1] - A->rowptr[i];
    /* the copy and A live together, with the permutations (order and inverse, of the rows and,
     * when A is rectangular, of the columns) and the sort's room for one row */
    uint64_t perms = (uint64_t)A->nrows + (square ? 0 : (uint64_t)A->ncols);
    uint64_t need = spmvp_bytes_add(
        spmvp_bytes_mul(2, spmvp_csr_host_bytes((uint64_t)A->nrows, (uint64_t)A->nnz)),
        spmvp_bytes_add(spmvp_bytes_mul(perms, 2 * sizeof(spmvp_idx)),
                        spmvp_bytes_mul((uint64_t)longest, sizeof(entry))));
    spmvp_status st = spmvp_host_check("perm", "the matrix and its permuted copy", need);
    if (st)
        return st;
    spmvp_idx nr = A->nrows, nc = A->ncols;
    spmvp_idx *rorder = malloc(((size_t)nr + 1) * sizeof *rorder);
    spmvp_idx *rwhere = malloc(((size_t)nr + 1) * sizeof *rwhere);
    spmvp_idx *corder = square ? rorder : malloc(((size_t)nc + 1) * sizeof *corder);
    spmvp_idx *cwhere = square ? rwhere : malloc(((size_t)nc + 1) * sizeof *cwhere);
    entry *tmp = malloc(((size_t)longest + 1) * sizeof *tmp);
    spmvp_csr *B = NULL;
    if (!rorder || !rwhere || !corder || !cwhere || !tmp) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "perm: out of memory for the permutations");
        goto out;
    }
    if (!(B = spmvp_csr_alloc(nr, nc, A->nnz))) {
        st = SPMVP_ERR_NOMEM; /* the budget or malloc said why */
        goto out;
    }
    shuffle(nr, mix64(seed ^ SALT_PERM_ROWS), rorder, rwhere);
    if (!square)
        shuffle(nc, mix64(seed ^ SALT_PERM_COLS), corder, cwhere);
    /* new row r is old row rorder[r]; old column j becomes cwhere[j] */
    for (spmvp_idx r = 0; r < nr; r++) {
        spmvp_idx i = rorder[r], k = B->rowptr[r];
        for (spmvp_idx a = A->rowptr[i]; a < A->rowptr[i + 1]; a++, k++) {
            B->colidx[k] = cwhere[A->colidx[a]];
            B->val[k] = A->val[a];
        }
        B->rowptr[r + 1] = k;
        sort_row(B, B->rowptr[r], k, tmp);
    }
    *out = B;
    B = NULL;
    st = SPMVP_OK;
out:
    spmvp_csr_free(B);
    if (!square) {
        free(corder);
        free(cwhere);
    }
    free(rorder);
    free(rwhere);
    free(tmp);
    return st;
}
