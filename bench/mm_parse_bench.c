/* mm_parse_bench.c: Matrix Market parsing speed of spmvp_mm_parse on one thread, in MB/s.
 *
 * Usage: mm_parse_bench [--n N] [--digits D] [--repeat R] [FILE]
 *   Without FILE it builds in memory the 3-D 7-point stencil on an N^3 grid (N=100: 6.9 M
 *   entries, about 240 MB of "real general" text) with values of D significant digits
 *   (default 14: "-1.2345678901234e-01"). With FILE (.mtx or .mtx.gz) it parses that file's
 *   text, decompressed in memory first so that only parsing is timed.
 *   Prints the best of R runs (default 3) of spmvp_mm_parse, which includes building the CSR,
 *   and, for comparison, the time of spmvp_csr_from_triplets alone on the same entries. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "sparse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* xorshift64*: reproducible values without rand()'s 31 bits */
static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t next_random(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545f4914f6cdd1du;
}

/* Appends one entry line; values in [-1, 1) with `digits` significant digits. */
static size_t put_entry(char *p, long i, long j, int digits)
{
    double v = (double)(next_random() >> 11) * 0x1p-52 - 1.0;
    return (size_t)sprintf(p, "%ld %ld %.*e\n", i, j, digits - 1, v);
}

/* Stencil text for an n^3 grid; *len its length. NULL if out of memory. */
static char *stencil_text(long n, int digits, size_t *len)
{
    long N = n * n * n;
    size_t nnz = (size_t)(7 * N - 6 * n * n);
    size_t cap = 128 + nnz * (size_t)(2 * 12 + digits + 10);
    char *text = malloc(cap), *p = text;
    if (!text)
        return NULL;
    p += sprintf(p,
                 "%%%%MatrixMarket matrix coordinate real general\n%% 7-point stencil %ld^3\n"
                 "%ld %ld %zu\n",
                 n, N, N, nnz);
    for (long z = 0; z < n; z++)
        for (long y = 0; y < n; y++)
            for (long x = 0; x < n; x++) {
                long r = (z * n + y) * n + x + 1; /* 1-based row, columns in increasing order */
                if (z > 0)
                    p += put_entry(p, r, r - n * n, digits);
                if (y > 0)
                    p += put_entry(p, r, r - n, digits);
                if (x > 0)
                    p += put_entry(p, r, r - 1, digits);
                p += put_entry(p, r, r, digits);
                if (x < n - 1)
                    p += put_entry(p, r, r + 1, digits);
                if (y < n - 1)
                    p += put_entry(p, r, r + n, digits);
                if (z < n - 1)
                    p += put_entry(p, r, r + n * n, digits);
            }
    *len = (size_t)(p - text);
    return text;
}

/* The file's bytes, gunzipped if compressed (gzread passes plain files through). */
static char *file_text(const char *path, size_t *len)
{
    gzFile g = gzopen(path, "rb");
    size_t cap = 1 << 24, n = 0;
    char *text = g ? malloc(cap) : NULL;
    int r;
    while (text && (r = gzread(g, text + n, (unsigned)(cap - n))) > 0) {
        n += (size_t)r;
        if (n == cap) {
            char *bigger = realloc(text, cap *= 2);
            if (!bigger)
                free(text);
            text = bigger;
        }
    }
    if (g)
        gzclose(g);
    *len = n;
    return text;
}

int main(int argc, char **argv)
{
    long n = 100;
    int digits = 14, repeat = 3;
    const char *path = NULL;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--n") && a + 1 < argc)
            n = atol(argv[++a]);
        else if (!strcmp(argv[a], "--digits") && a + 1 < argc)
            digits = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--repeat") && a + 1 < argc)
            repeat = atoi(argv[++a]);
        else if (argv[a][0] != '-' && !path)
            path = argv[a];
        else {
            fprintf(stderr, "usage: mm_parse_bench [--n N] [--digits D] [--repeat R] [FILE]\n");
            return 2;
        }
    }
    if (n < 2 || n > 1000 || digits < 1 || digits > 25 || repeat < 1) {
        fprintf(stderr, "mm_parse_bench: need 2 <= N <= 1000, 1 <= D <= 25, R >= 1\n");
        return 2;
    }
    size_t len = 0;
    double t0 = now();
    char *text = path ? file_text(path, &len) : stencil_text(n, digits, &len);
    if (!text) {
        fprintf(stderr, "mm_parse_bench: %s: cannot read or out of memory\n",
                path ? path : "stencil");
        return 1;
    }
    printf("input: %s, %.1f MB of text (prepared in %.2f s)\n",
           path ? path : "generated 7-point stencil", 1e-6 * (double)len, now() - t0);

    double best = 1e30;
    spmvp_csr *A = NULL;
    for (int r = 0; r < repeat; r++) {
        A = spmvp_csr_free(A);
        t0 = now();
        spmvp_status st = spmvp_mm_parse(path ? path : "stencil", text, len, &A);
        double t = now() - t0;
        if (st) {
            fprintf(stderr, "mm_parse_bench: %s\n", spmvp_last_error());
            free(text);
            return 1;
        }
        printf("run %d: %.3f s, %.0f MB/s\n", r + 1, t, 1e-6 * (double)len / t);
        if (t < best)
            best = t;
    }
    printf("matrix: %d x %d, %d entries\n", (int)A->nrows, (int)A->ncols, (int)A->nnz);
    printf("spmvp_mm_parse best of %d: %.3f s, %.0f MB/s, %.1f M entries/s\n", repeat, best,
           1e-6 * (double)len / best, 1e-6 * A->nnz / best);

    /* the assembly share: spmvp_csr_from_triplets alone on the same entries */
    size_t nnz = (size_t)A->nnz;
    spmvp_idx *ri = malloc((nnz ? nnz : 1) * sizeof *ri);
    if (ri) {
        for (spmvp_idx i = 0; i < A->nrows; i++)
            for (spmvp_idx p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
                ri[p] = i;
        t0 = now();
        spmvp_csr *B = spmvp_csr_from_triplets(A->nrows, A->ncols, nnz, ri, A->colidx, A->val);
        double t = now() - t0;
        printf("of which spmvp_csr_from_triplets alone: %.3f s\n", t);
        spmvp_csr_free(B);
        free(ri);
    }
    spmvp_csr_free(A);
    free(text);
    return 0;
}
