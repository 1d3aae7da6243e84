/* gen_rmat.c: R-MAT power-law graphs (Chakrabarti, Zhan, Faloutsos 2004). */
#include "gen.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_rng.h"

/* LSD radix sort of n keys below 2^bits, 11 bits a pass (sequential reads, 2048 write streams);
 * tmp has room for n */
static void radix_sort64(uint64_t *x, uint64_t *tmp, size_t n, int bits)
{
    uint64_t *src = x, *dst = tmp;
    for (int shift = 0; shift < bits; shift += 11) {
        size_t count[2049] = {0};
        for (size_t i = 0; i < n; i++)
            count[((src[i] >> shift) & 2047) + 1]++;
        for (int b = 0; b < 2048; b++)
            count[b + 1] += count[b];
        for (size_t i = 0; i < n; i++)
            dst[count[(src[i] >> shift) & 2047]++] = src[i];
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != x)
        memcpy(x, src, n * sizeof *x);
}

/* Draws the edges as keys row * 2^scale + col, sorts them, and merges repeats. */
spmvp_status spmvp_gen_rmat_st(int scale, int edge_factor, double a, double b, double c,
                               unsigned long long seed, spmvp_csr **out)
{
    *out = NULL;
    if (scale < 1 || scale > 30 || edge_factor < 1)
        return spmvp_fail(SPMVP_ERR_ARG, "R-MAT: scale %d must be in 1..30 and edge factor %d "
                          "at least 1", scale, edge_factor);
    if (!(a >= 0 && b >= 0 && c >= 0 && a + b + c <= 1.0 + 1e-12))
        return spmvp_fail(SPMVP_ERR_ARG, "R-MAT: probabilities a=%g b=%g c=%g must be >= 0 "
                          "with a+b+c <= 1", a, b, c);
    long long n = 1LL << scale, edges = (long long)edge_factor << scale;
    if (edges > SPMVP_IDX_MAX)
        return spmvp_fail(SPMVP_ERR_RANGE, "R-MAT with %d x 2^%d edges: more than %d non-zeros "
                          "(32-bit indices)", edge_factor, scale, SPMVP_IDX_MAX);
    /* quadrant thresholds on a 32-bit draw u: top-left u < ta, top-right < tb, bottom-left < tc */
    uint64_t ta = (uint64_t)fmin(a * 0x1p32, 0x1p32), tb = (uint64_t)fmin((a + b) * 0x1p32, 0x1p32),
             tc = (uint64_t)fmin((a + b + c) * 0x1p32, 0x1p32);
    size_t ne = (size_t)edges;
    uint64_t *key = malloc(ne * sizeof *key), *tmp = malloc(ne * sizeof *tmp);
    if (!key || !tmp) {
        free(key);
        free(tmp);
        return spmvp_fail(SPMVP_ERR_NOMEM, "R-MAT: out of memory for %lld edges", edges);
    }
    rng r;
    rng_seed(&r, mix64(seed ^ SALT_RMAT));
    /* two levels per 64-bit draw; an odd scale drops the last level drawn (an R-MAT of
     * scale+1 levels without its last one is one of scale levels) */
    int odd = scale & 1;
    for (size_t e = 0; e < ne; e++) {
        uint64_t row = 0, col = 0;
        for (int lvl = 0; lvl < scale; lvl += 2) {
            uint64_t x = rng_next(&r), u = x >> 32, v = x & 0xffffffffu;
            row = row << 2 | (uint64_t)(u >= tb) << 1 | (v >= tb);
            col = col << 2 | (uint64_t)((u >= ta) ^ (u >= tb) ^ (u >= tc)) << 1 |
                  ((v >= ta) ^ (v >= tb) ^ (v >= tc));
        }
        key[e] = (row >> odd) << scale | col >> odd;
    }
    radix_sort64(key, tmp, ne, 2 * scale);
    free(tmp);
    size_t nnz = ne ? 1 : 0;
    for (size_t e = 1; e < ne; e++)
        nnz += key[e] != key[e - 1];
    spmvp_csr *A = spmvp_csr_alloc((spmvp_idx)n, (spmvp_idx)n, (spmvp_idx)nnz);
    if (!A) {
        free(key);
        return spmvp_fail(SPMVP_ERR_NOMEM, "R-MAT: out of memory for %zu entries", nnz);
    }
    /* each run of equal keys is one entry counting the edges */
    uint64_t mask = ((uint64_t)1 << scale) - 1;
    spmvp_idx k = 0;
    size_t e = 0;
    for (long long i = 0; i < n; i++) {
        A->rowptr[i] = k;
        for (; e < ne && (long long)(key[e] >> scale) == i; e++) {
            if (e && key[e] == key[e - 1]) {
                A->val[k - 1] += 1.0;
            } else {
                A->colidx[k] = (spmvp_idx)(key[e] & mask);
                A->val[k++] = 1.0;
            }
        }
    }
    A->rowptr[n] = k;
    free(key);
    *out = A;
    return SPMVP_OK;
}

spmvp_csr *spmvp_gen_rmat(int scale, int edge_factor, double a, double b, double c,
                          unsigned long long seed)
{
    spmvp_csr *A;
    spmvp_gen_rmat_st(scale, edge_factor, a, b, c, seed, &A);
    return A;
}
