/* gen_rng.h: the generators' random numbers (internal to model/sparse/gen*.c): splitmix64
 * keys one stream per row and purpose, xoshiro256** draws from it, so a matrix depends on its
 * seed alone, not on the number of threads. Also the status-returning builders that the named
 * specs (gen_spec.c) call. */
#ifndef SPMVP_GEN_RNG_H
#define SPMVP_GEN_RNG_H

#include <stdint.h>

#include "gen.h"

/* ---- random numbers: splitmix64 keys the streams, xoshiro256** draws from them ---- */

#define GOLDEN 0x9e3779b97f4a7c15ULL      /* splitmix64's increment */
#define SALT_LENGTHS 0x6c656e6774687321ULL /* separate the streams of one seed */
#define SALT_COLUMNS 0x636f6c756d6e7321ULL
#define SALT_RMAT 0x726d61742d726d21ULL

/* splitmix64's output function (Steele, Lea, Flood 2014): a bijection with full avalanche */
static inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

typedef struct rng {
    uint64_t s[4]; /* xoshiro256** state, never all zero */
} rng;

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* xoshiro256** (Blackman, Vigna 2018) */
static inline uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

/* The stream whose state is the next four splitmix64 outputs after state x. */
static inline void rng_seed(rng *r, uint64_t x)
{
    for (int j = 0; j < 4; j++)
        r->s[j] = mix64(x += GOLDEN);
}

/* a*b = hi*2^64 + *lo; returns hi */
static inline uint64_t mul128(uint64_t a, uint64_t b, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    u128 p = (u128)a * b;
    *lo = (uint64_t)p;
    return (uint64_t)(p >> 64);
#else
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = (mid << 32) | (uint32_t)p00;
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

/* uniform on 0 .. range-1, 1 <= range < 2^32, unbiased (Lemire 2019) */
static inline uint32_t rng_below(rng *r, uint32_t range)
{
    uint64_t m = (rng_next(r) >> 32) * range;
    if ((uint32_t)m < range) {
        uint32_t t = (0u - range) % range;
        while ((uint32_t)m < t)
            m = (rng_next(r) >> 32) * range;
    }
    return (uint32_t)(m >> 32);
}

/* uniform on (-1, 1), never 0: an odd multiple of 2^-52, exact in double */
static inline double rng_value(rng *r)
{
    int64_t m = (int64_t)(((rng_next(r) >> 12) << 1) | 1) - (INT64_C(1) << 52);
    return (double)m * 0x1p-52;
}


/* The builders behind spmvp_gen_random_rows and spmvp_gen_rmat, returning their status (gen.c,
 * gen_rmat.c); *out is NULL on failure. */
spmvp_status spmvp_gen_random_rows_st(long long rows, long long cols, int pnz, spmvp_dist dist,
                                      unsigned long long seed, spmvp_csr **out);
spmvp_status spmvp_gen_rmat_st(int scale, int edge_factor, double a, double b, double c,
                               unsigned long long seed, spmvp_csr **out);
/* rows x rows: nlong rows of longlen entries, one in each of nlong equal stretches of rows at
 * a place the seed picks, the others of shortlen; columns stratified uniform (gen_longrows.c). */
spmvp_status spmvp_gen_longrows_st(long long rows, int shortlen, long long nlong, long long longlen,
                                   unsigned long long seed, spmvp_csr **out);
/* rows x rows band of half-width width, and block-diagonal with dense blocks of size block
 * (gen_band.c). */
spmvp_status spmvp_gen_band_st(long long rows, long long width, spmvp_csr **out);
spmvp_status spmvp_gen_blockdiag_st(long long rows, long long block, spmvp_csr **out);
spmvp_status spmvp_gen_blocks3d_st(long long n, long long b, spmvp_csr **out); /* gen_coupled.c */
spmvp_status spmvp_gen_arrow_st(long long rows, long long width, long long k, spmvp_csr **out);
spmvp_status spmvp_gen_powerlaw_st(long long rows, long long minlen, long long maxlen,
                                   unsigned long long seed, spmvp_csr **out); /* gen_longrows.c */
/* A copy of A renumbered by a random permutation keyed by seed: P A P^T when A is square, rows
 * and columns permuted independently when not; columns sorted in each row (gen_perm.c). */
spmvp_status spmvp_gen_perm_st(const spmvp_csr *A, unsigned long long seed, spmvp_csr **out);

#endif
