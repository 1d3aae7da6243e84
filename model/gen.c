/* gen.c: benchmark matrices with fixed, uniform or normal row lengths, random rows, R-MAT
 * graphs, and the named specs (distributions and spreads are documented in gen.h). */
#include "gen.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "stencil.h"

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
static void rng_seed(rng *r, uint64_t x)
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

/* ---- row lengths ---- */

#define ALIAS_MAX 65536 /* normal lengths over more values than this use inversion */

typedef struct len_sampler {
    spmvp_dist dist;
    long long pnz;
    long long raw_lo, raw_hi; /* support of the distribution before the clamp to cols */
    long long lo, hi;         /* after it */
    double sigma;             /* normal: pnz/4 */
    size_t n;                 /* alias table entries (0: no table) */
    uint64_t *keep;           /* draw i keeps lo+i when its fraction is below keep[i] (size n) */
    uint32_t *alias;          /* else it is lo+alias[i] (size n) */
} len_sampler;

/* P(raw length <= k), before the clamp to cols */
static double raw_cdf(const len_sampler *ls, long long k)
{
    if (k < ls->raw_lo)
        return 0.0;
    if (k >= ls->raw_hi)
        return 1.0;
    if (ls->dist == SPMVP_DIST_UNIFORM)
        return (double)(k - ls->raw_lo + 1) / (double)(ls->raw_hi - ls->raw_lo + 1);
    return gsl_cdf_ugaussian_P(((double)k + 0.5 - (double)ls->pnz) / ls->sigma);
}

/* P(length = k) for lo <= k <= hi: the mass beyond cols is on hi */
static double pmf(const len_sampler *ls, long long k)
{
    return (k == ls->hi ? 1.0 : raw_cdf(ls, k)) - raw_cdf(ls, k - 1);
}

static spmvp_status check_rows_args(const char *what, long long rows, long long cols, int pnz,
                                    spmvp_dist dist)
{
    if (rows < 1 || rows >= SPMVP_IDX_MAX || cols < 1 || cols > SPMVP_IDX_MAX)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: %lld x %lld: rows must be in 1..%d and columns "
                          "in 1..%d", what, rows, cols, SPMVP_IDX_MAX - 1, SPMVP_IDX_MAX);
    if (pnz < 1)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: the mean row length %d must be at least 1", what, pnz);
    if ((int)dist < 0 || dist >= SPMVP_NDISTS)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: unknown row-length distribution %d", what, (int)dist);
    return SPMVP_OK;
}

static void sampler_free(len_sampler *ls)
{
    free(ls->keep);
    free(ls->alias);
}

/* Walker's alias table by Vose's method: O(n), one draw per sample. */
static spmvp_status build_alias(len_sampler *ls)
{
    size_t n = (size_t)(ls->hi - ls->lo + 1);
    double *p = malloc(n * sizeof *p);
    uint32_t *small = malloc(n * sizeof *small), *large = malloc(n * sizeof *large);
    ls->keep = malloc(n * sizeof *ls->keep);
    ls->alias = malloc(n * sizeof *ls->alias);
    spmvp_status st = SPMVP_OK;
    if (!p || !small || !large || !ls->keep || !ls->alias) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a row-length table of %zu entries", n);
        goto out;
    }
    size_t ns = 0, nl = 0;
    for (size_t i = 0; i < n; i++) {
        p[i] = pmf(ls, ls->lo + (long long)i) * (double)n;
        ls->alias[i] = (uint32_t)i;
        if (p[i] < 1.0)
            small[ns++] = (uint32_t)i;
        else
            large[nl++] = (uint32_t)i;
    }
    while (ns && nl) {
        uint32_t s = small[--ns], l = large[nl - 1];
        ls->keep[s] = p[s] > 0.0 ? (uint64_t)(p[s] * 0x1p64) : 0; /* 0 <= p[s] < 1 */
        ls->alias[s] = l;
        p[l] = (p[l] + p[s]) - 1.0;
        if (p[l] < 1.0) {
            nl--;
            small[ns++] = l;
        }
    }
    while (ns)
        ls->keep[small[--ns]] = UINT64_MAX; /* rounding left these just below 1 */
    while (nl)
        ls->keep[large[--nl]] = UINT64_MAX;
    ls->n = n;
out:
    free(p);
    free(small);
    free(large);
    if (st)
        sampler_free(ls);
    return st;
}

static spmvp_status sampler_init(len_sampler *ls, long long cols, int pnz, spmvp_dist dist,
                                 int table)
{
    memset(ls, 0, sizeof *ls);
    ls->dist = dist;
    ls->pnz = pnz;
    ls->sigma = pnz / 4.0;
    long long w = pnz / 2;
    switch (dist) {
    case SPMVP_DIST_UNIFORM:
        ls->raw_lo = pnz - w;
        ls->raw_hi = pnz + w;
        break;
    case SPMVP_DIST_NORMAL:
        ls->raw_lo = 1;
        ls->raw_hi = 2LL * pnz - 1;
        break;
    default:
        ls->raw_lo = ls->raw_hi = pnz;
        break;
    }
    ls->lo = ls->raw_lo < cols ? ls->raw_lo : cols;
    ls->hi = ls->raw_hi < cols ? ls->raw_hi : cols;
    if (table && dist == SPMVP_DIST_NORMAL && ls->hi > ls->lo && ls->hi - ls->lo < ALIAS_MAX)
        return build_alias(ls);
    return SPMVP_OK;
}

/* The length of row i: one 64-bit hash of (seed, i) decides it. */
static inline long long sample_len(const len_sampler *ls, uint64_t base, long long i)
{
    uint64_t r = mix64(base + GOLDEN * (uint64_t)(i + 1)), f;
    if (ls->lo == ls->hi)
        return ls->lo;
    if (ls->dist == SPMVP_DIST_UNIFORM) {
        long long k = ls->raw_lo + (long long)mul128(r, (uint64_t)(ls->raw_hi - ls->raw_lo + 1), &f);
        return k < ls->hi ? k : ls->hi;
    }
    if (ls->n) {
        uint64_t j = mul128(r, ls->n, &f);
        return ls->lo + (f < ls->keep[j] ? (long long)j : (long long)ls->alias[j]);
    }
    /* inversion: round(pnz + sigma * Phi^-1(u)), u in (0, 1) */
    double x = (double)ls->pnz + ls->sigma * gsl_cdf_ugaussian_Pinv(((double)(r >> 11) + 0.5) * 0x1p-53);
    if (x < (double)ls->lo)
        return ls->lo;
    if (x > (double)ls->hi)
        return ls->hi;
    return (long long)floor(x + 0.5);
}

spmvp_status spmvp_gen_row_lengths(long long rows, long long cols, int pnz, spmvp_dist dist,
                                   unsigned long long seed, spmvp_idx *len)
{
    len_sampler ls;
    spmvp_status st = check_rows_args("row lengths", rows, cols, pnz, dist);
    if (st || (st = sampler_init(&ls, cols, pnz, dist, 1)))
        return st;
    uint64_t base = mix64(seed ^ SALT_LENGTHS);
    for (long long i = 0; i < rows; i++)
        len[i] = (spmvp_idx)sample_len(&ls, base, i);
    sampler_free(&ls);
    return SPMVP_OK;
}

spmvp_status spmvp_gen_length_moments(long long cols, int pnz, spmvp_dist dist, double *mean,
                                      double *sd)
{
    len_sampler ls;
    spmvp_status st = check_rows_args("length moments", 1, cols, pnz, dist);
    if (st || (st = sampler_init(&ls, cols, pnz, dist, 0)))
        return st;
    double m = 0.0, v = 0.0;
    for (long long k = ls.lo; k <= ls.hi; k++)
        m += (double)k * pmf(&ls, k);
    for (long long k = ls.lo; k <= ls.hi; k++)
        v += ((double)k - m) * ((double)k - m) * pmf(&ls, k);
    *mean = m;
    *sd = sqrt(v);
    return SPMVP_OK;
}

spmvp_status spmvp_gen_length_hist(long long rows, long long cols, int pnz, spmvp_dist dist,
                                   long long **hist, long long *maxlen)
{
    len_sampler ls;
    *hist = NULL;
    *maxlen = -1;
    spmvp_status st = check_rows_args("length histogram", rows, cols, pnz, dist);
    if (st || (st = sampler_init(&ls, cols, pnz, dist, 0)))
        return st;
    size_t n = (size_t)(ls.hi + 1);
    long long *h = calloc(n, sizeof *h);
    double *rem = malloc(n * sizeof *rem);
    if (!h || !rem) {
        free(h);
        free(rem);
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a row-length histogram of %zu entries", n);
    }
    /* largest remainders: floor every expected count, then give the rows left over to the
     * lengths with the largest fractional parts (the earlier on ties), so the counts sum to
     * rows exactly and no count is more than one row away from its expectation */
    long long given = 0;
    for (long long k = ls.lo; k <= ls.hi; k++) {
        double e = pmf(&ls, k) * (double)rows;
        h[k] = (long long)floor(e);
        rem[k] = e - (double)h[k];
        given += h[k];
    }
    for (; given < rows; given++) {
        long long best = ls.lo;
        for (long long k = ls.lo; k <= ls.hi; k++)
            if (rem[k] > rem[best])
                best = k;
        h[best]++;
        rem[best] = -1.0;
    }
    free(rem);
    long long top = ls.hi;
    while (top > 0 && !h[top])
        top--;
    *hist = h;
    *maxlen = top;
    return SPMVP_OK;
}

/* ---- distinct sorted columns of one row ---- */

#define SHORT_MAX 16 /* sparse rows up to this long are placed by rank (short_row) */

typedef struct scratch {
    uint32_t *a, *b, *c; /* draws being sorted and merged (size cap each) */
    uint32_t *count;     /* bucket counts (size cap+1) */
    uint64_t *bits;      /* one bit per column, all clear between rows (size (cols+63)/64) */
} scratch;

enum { ROW_DENSE, ROW_SHORT, ROW_BITMAP, ROW_SPARSE };

/* How a row of len distinct columns out of cols is drawn; each costs O(len) expected. */
static int row_method(uint64_t len, uint64_t cols)
{
    if (4 * len > cols)
        return ROW_DENSE;
    if (len <= SHORT_MAX)
        return ROW_SHORT;
    if (cols <= 256 * len) /* the bitmap has at most 4 len words to scan */
        return ROW_BITMAP;
    return ROW_SPARSE;
}

static inline int ctz64(uint64_t b)
{
#if defined(__GNUC__)
    return __builtin_ctzll(b);
#else
    int n = 0;
    for (; !(b & 1); b >>= 1)
        n++;
    return n;
#endif
}

static void insertion_sort(uint32_t *x, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        uint32_t v = x[i];
        size_t j = i;
        for (; j > 0 && x[j - 1] > v; j--)
            x[j] = x[j - 1];
        x[j] = v;
    }
}

/* out = sorted x, for n >= 1 values uniform on 0..cols-1: one counting pass on the high bits
 * into at most n buckets, then an insertion sort of the nearly sorted result: O(n) expected. */
static void bucket_sort(const uint32_t *x, size_t n, uint32_t cols, uint32_t *out,
                        uint32_t *count)
{
    int shift = 0;
    while (((cols - 1) >> shift) + 1 > n)
        shift++;
    size_t nb = ((cols - 1) >> shift) + 1;
    memset(count, 0, (nb + 1) * sizeof *count);
    for (size_t i = 0; i < n; i++)
        count[(x[i] >> shift) + 1]++;
    for (size_t b = 0; b < nb; b++)
        count[b + 1] += count[b];
    for (size_t i = 0; i < n; i++)
        out[count[x[i] >> shift]++] = x[i];
    insertion_sort(out, n);
}

/* out = the distinct values of sorted x and sorted y (x already distinct) */
static size_t merge_unique(const uint32_t *x, size_t nx, const uint32_t *y, size_t ny,
                           uint32_t *out)
{
    size_t i = 0, j = 0, n = 0;
    while (i < nx || j < ny) {
        uint32_t v = (j >= ny || (i < nx && x[i] <= y[j])) ? x[i++] : y[j++];
        if (!n || out[n - 1] != v)
            out[n++] = v;
    }
    return n;
}

/* len < cols/256, len > SHORT_MAX: draw len, sort, drop repeats (len^2 / (2 cols) < len/512
 * expected), and draw the shortfall again, merging it in */
static void sparse_row(rng *r, uint32_t cols, size_t len, spmvp_idx *col, scratch *s)
{
    for (size_t i = 0; i < len; i++)
        s->a[i] = rng_below(r, cols);
    bucket_sort(s->a, len, cols, s->b, s->count);
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (!n || (uint32_t)col[n - 1] != s->b[i])
            col[n++] = (spmvp_idx)s->b[i];
    while (n < len) {
        size_t k = len - n;
        for (size_t i = 0; i < k; i++)
            s->a[i] = rng_below(r, cols);
        insertion_sort(s->a, k);
        for (size_t i = 0; i < n; i++)
            s->b[i] = (uint32_t)col[i];
        size_t m = merge_unique(s->b, n, s->a, k, s->c);
        for (size_t i = 0; i < m; i++)
            col[i] = (spmvp_idx)s->c[i];
        n = m;
    }
}

/* cols/256 <= len <= cols/4: set a bit per draw (drawing again on a set one), then read the
 * bits in order, clearing them */
static void bitmap_row(rng *r, uint32_t cols, size_t len, spmvp_idx *col, uint64_t *bits)
{
    for (size_t n = 0; n < len;) {
        uint32_t c = rng_below(r, cols);
        uint64_t m = UINT64_C(1) << (c & 63);
        n += !(bits[c >> 6] & m);
        bits[c >> 6] |= m;
    }
    size_t out = 0, nw = ((size_t)cols + 63) / 64;
    for (size_t w = 0; w < nw; w++) {
        uint64_t b = bits[w];
        bits[w] = 0;
        for (; b; b &= b - 1)
            col[out++] = (spmvp_idx)(w * 64 + (size_t)ctz64(b));
    }
}

/* len <= SHORT_MAX columns, len <= cols/4: draw them, then place each at its rank (the number
 * of draws below it), counted in blocks of 8 without data-dependent branches, which compilers
 * vectorise. Padding above every column leaves the ranks alone; a repeat is drawn again. */
static void short_row(rng *r, uint32_t cols, size_t len, spmvp_idx *col)
{
    uint32_t x[SHORT_MAX];
    size_t m = (len + 7) & ~(size_t)7;
    for (size_t i = 0; i < m; i++)
        x[i] = i < len ? rng_below(r, cols) : UINT32_MAX;
    for (size_t i = 0; i < len;) {
        uint32_t v = x[i], lt = 0, eq = 0;
        for (size_t b = 0; b < m; b += 8)
            for (size_t j = b; j < b + 8; j++) {
                lt += x[j] < v;
                eq += x[j] == v;
            }
        if (eq > 1) {
            x[i] = rng_below(r, cols); /* rare: len^2/(2 cols) repeats per row expected */
            i = 0;
            continue;
        }
        col[lt] = (spmvp_idx)v;
        i++;
    }
}

/* len > cols/4: selection sampling (Knuth's Algorithm S), O(cols) = O(len), in order */
static void dense_row(rng *r, uint32_t cols, size_t len, spmvp_idx *col)
{
    size_t need = len, out = 0;
    uint64_t lo;
    for (uint32_t j = 0; need; j++)
        if (mul128(rng_next(r), cols - j, &lo) < need) {
            col[out++] = (spmvp_idx)j;
            need--;
        }
}

static void scratch_free(scratch *s)
{
    free(s->a);
    free(s->b);
    free(s->c);
    free(s->count);
    free(s->bits);
}

/* Room for rows up to `longest` long; 0 or SPMVP_ERR_NOMEM. */
static spmvp_status scratch_init(scratch *s, size_t longest, size_t cols)
{
    memset(s, 0, sizeof *s);
    if (longest > SHORT_MAX) {
        s->a = malloc(longest * sizeof *s->a);
        s->b = malloc(longest * sizeof *s->b);
        s->c = malloc(longest * sizeof *s->c);
        s->count = malloc((longest + 1) * sizeof *s->count);
        if (!s->a || !s->b || !s->c || !s->count)
            goto fail;
    }
    if (longest > SHORT_MAX && cols <= 256 * (uint64_t)longest &&
        !(s->bits = calloc((cols + 63) / 64, sizeof *s->bits)))
        goto fail;
    return SPMVP_OK;
fail:
    scratch_free(s);
    return SPMVP_ERR_NOMEM;
}

/* ---- random rows and benchmark matrices ---- */

static spmvp_status random_rows(long long rows, long long cols, int pnz, spmvp_dist dist,
                                unsigned long long seed, spmvp_csr **out)
{
    len_sampler ls;
    *out = NULL;
    spmvp_status st = check_rows_args("random rows", rows, cols, pnz, dist);
    if (st || (st = sampler_init(&ls, cols, pnz, dist, 1)))
        return st;
    uint64_t base_len = mix64(seed ^ SALT_LENGTHS), base_col = mix64(seed ^ SALT_COLUMNS);
    long long nnz = 0, longest = 0;
    if (ls.lo * rows > SPMVP_IDX_MAX)
        goto too_many;
    for (long long i = 0; i < rows; i++) {
        long long l = sample_len(&ls, base_len, i);
        nnz += l;
        longest = l > longest ? l : longest;
        if (nnz > SPMVP_IDX_MAX)
            goto too_many;
    }
    spmvp_csr *A = spmvp_csr_alloc((spmvp_idx)rows, (spmvp_idx)cols, (spmvp_idx)nnz);
    if (!A) {
        sampler_free(&ls);
        return SPMVP_ERR_NOMEM;
    }
    spmvp_idx k = 0;
    for (long long i = 0; i < rows; i++) {
        A->rowptr[i] = k;
        k += (spmvp_idx)sample_len(&ls, base_len, i);
    }
    A->rowptr[rows] = k;
    /* Rows are independent (each has its own stream), so they are filled in parallel where
     * OpenMP is available, with scratch space per thread; the result does not depend on the
     * number of threads. */
    int failed = 0;
#ifdef _OPENMP
#pragma omp parallel reduction(| : failed)
#endif
    {
        scratch s;
        if (scratch_init(&s, (size_t)longest, (size_t)cols)) {
            failed = 1;
        } else {
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1024)
#endif
            for (long long i = 0; i < rows; i++) {
                size_t len = (size_t)(A->rowptr[i + 1] - A->rowptr[i]);
                spmvp_idx *col = A->colidx + A->rowptr[i];
                double *val = A->val + A->rowptr[i];
                rng r;
                rng_seed(&r, base_col + 4 * GOLDEN * (uint64_t)i);
                switch (row_method(len, (uint64_t)cols)) {
                case ROW_DENSE:
                    dense_row(&r, (uint32_t)cols, len, col);
                    break;
                case ROW_SHORT:
                    short_row(&r, (uint32_t)cols, len, col);
                    break;
                case ROW_BITMAP:
                    bitmap_row(&r, (uint32_t)cols, len, col, s.bits);
                    break;
                default:
                    sparse_row(&r, (uint32_t)cols, len, col, &s);
                }
                for (size_t j = 0; j < len; j++)
                    val[j] = rng_value(&r);
            }
            scratch_free(&s);
        }
    }
    sampler_free(&ls);
    if (failed) {
        spmvp_csr_free(A);
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for a %lld x %lld matrix with %lld "
                          "non-zeros", rows, cols, nnz);
    }
    *out = A;
    return SPMVP_OK;
too_many:
    sampler_free(&ls);
    return spmvp_fail(SPMVP_ERR_RANGE, "%lld x %lld with mean row length %d: more than %d "
                      "non-zeros (32-bit indices)", rows, cols, pnz, SPMVP_IDX_MAX);
}

spmvp_csr *spmvp_gen_random_rows(long long rows, long long cols, int pnz, spmvp_dist dist,
                                 unsigned long long seed)
{
    spmvp_csr *A;
    random_rows(rows, cols, pnz, dist, seed, &A);
    return A;
}

spmvp_csr *spmvp_gen_bench(long long rows, int pnz, spmvp_dist dist, unsigned long long seed)
{
    return spmvp_gen_random_rows(rows, rows, pnz, dist, seed);
}

/* ---- R-MAT ---- */

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
static spmvp_status rmat(int scale, int edge_factor, double a, double b, double c,
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
    rmat(scale, edge_factor, a, b, c, seed, &A);
    return A;
}

/* ---- named specs ---- */

static const struct {
    const char *name;
    spmvp_family family;
    const char *syntax;
} families[] = {
    {"laplace2d", SPMVP_FAMILY_LAPLACE2D, "laplace2d:N"},
    {"laplace3d", SPMVP_FAMILY_LAPLACE3D, "laplace3d:N"},
    {"laplace3d27", SPMVP_FAMILY_LAPLACE3D27, "laplace3d27:N"},
    {"random", SPMVP_FAMILY_RANDOM, "random:ROWS[xCOLS]:PNZ:DIST[:SEED]"},
    {"bench", SPMVP_FAMILY_BENCH, "bench:ROWS:PNZ:DIST[:SEED]"},
    {"rmat", SPMVP_FAMILY_RMAT, "rmat:SCALE[:EDGEFACTOR[:SEED]]"},
};
#define NFAMILIES (sizeof families / sizeof families[0])

static int find_family(const char *spec)
{
    for (size_t i = 0; i < NFAMILIES; i++) {
        size_t l = strlen(families[i].name);
        if (!strncmp(spec, families[i].name, l) && spec[l] == ':')
            return (int)i;
    }
    return -1;
}

int spmvp_gen_is_spec(const char *spec) { return spec && find_family(spec) >= 0; }

int spmvp_gen_family_seeded(spmvp_family f)
{
    return f == SPMVP_FAMILY_RANDOM || f == SPMVP_FAMILY_BENCH || f == SPMVP_FAMILY_RMAT;
}

/* a whole plain decimal integer in lo..hi */
static int parse_ll(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int spmvp_gen_parse_seed(const char *s, unsigned long long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

spmvp_status spmvp_gen_parse(const char *spec, spmvp_gen_spec *out)
{
    char buf[256], *field[8];
    int nf = 0;
    long long v;
    memset(out, 0, sizeof *out);
    out->seed = SPMVP_GEN_SEED;
    int fi = find_family(spec);
    if (fi < 0)
        return spmvp_fail(SPMVP_ERR_ARG, "%.200s: not a generated matrix (laplace2d:, laplace3d:, "
                          "laplace3d27:, random:, bench:, rmat:)", spec);
    const char *syntax = families[fi].syntax;
    if (strlen(spec) >= sizeof buf)
        return spmvp_fail(SPMVP_ERR_ARG, "%.60s...: too long for %s", spec, syntax);
    strcpy(buf, spec + strlen(families[fi].name) + 1);
    for (char *p = buf;; p++) {
        if (nf == 8)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: too many fields for %s", spec, syntax);
        field[nf++] = p;
        p = strchr(p, ':');
        if (!p)
            break;
        *p = '\0';
    }
    out->family = families[fi].family;
    switch (out->family) {
    case SPMVP_FAMILY_LAPLACE2D:
    case SPMVP_FAMILY_LAPLACE3D:
    case SPMVP_FAMILY_LAPLACE3D27:
        if (nf != 1)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        if (parse_ll(field[0], 1, 100000, &out->n))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: the grid size N must be an integer in 1..100000", spec);
        return SPMVP_OK;
    case SPMVP_FAMILY_RANDOM:
    case SPMVP_FAMILY_BENCH: {
        if (nf < 3 || nf > 4)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        char *x = out->family == SPMVP_FAMILY_RANDOM ? strchr(field[0], 'x') : NULL;
        if (x)
            *x = '\0';
        if (parse_ll(field[0], 1, SPMVP_IDX_MAX - 1, &out->rows))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: ROWS must be an integer in 1..%d", spec,
                              SPMVP_IDX_MAX - 1);
        out->cols = out->rows;
        if (x && parse_ll(x + 1, 1, SPMVP_IDX_MAX, &out->cols))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: COLS must be an integer in 1..%d", spec,
                              SPMVP_IDX_MAX);
        if (parse_ll(field[1], 1, SPMVP_IDX_MAX, &v))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: PNZ must be an integer in 1..%d", spec,
                              SPMVP_IDX_MAX);
        out->pnz = (int)v;
        int d = spmvp_dist_parse(field[2]);
        if (d < 0)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: DIST must be fixed, normal or uniform, not "
                              "\"%s\"", spec, field[2]);
        out->dist = (spmvp_dist)d;
        if (nf == 4 && spmvp_gen_parse_seed(field[3], &out->seed))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: SEED must be an integer in 0..%llu", spec,
                              (unsigned long long)UINT64_MAX);
        out->has_seed = nf == 4;
        return SPMVP_OK;
    }
    case SPMVP_FAMILY_RMAT:
        if (nf > 3)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        if (parse_ll(field[0], 1, 30, &v))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: SCALE must be an integer in 1..30", spec);
        out->scale = (int)v;
        out->edge_factor = 16;
        if (nf >= 2) {
            if (parse_ll(field[1], 1, SPMVP_IDX_MAX, &v))
                return spmvp_fail(SPMVP_ERR_ARG, "%s: EDGEFACTOR must be an integer in 1..%d",
                                  spec, SPMVP_IDX_MAX);
            out->edge_factor = (int)v;
        }
        if (nf == 3 && spmvp_gen_parse_seed(field[2], &out->seed))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: SEED must be an integer in 0..%llu", spec,
                              (unsigned long long)UINT64_MAX);
        out->has_seed = nf == 3;
        return SPMVP_OK;
    }
    return spmvp_fail(SPMVP_ERR_ARG, "%s: unknown family", spec);
}

spmvp_status spmvp_gen_build(const spmvp_gen_spec *s, spmvp_csr **out)
{
    static const int points[] = {5, 7, 27};
    *out = NULL;
    switch (s->family) {
    case SPMVP_FAMILY_LAPLACE2D:
    case SPMVP_FAMILY_LAPLACE3D:
    case SPMVP_FAMILY_LAPLACE3D27: {
        int p = points[s->family - SPMVP_FAMILY_LAPLACE2D];
        long long n = s->n, nz = p == 5 ? 1 : n;
        if (n < 1 || n > 100000)
            return spmvp_fail(SPMVP_ERR_ARG, "stencil grid size %lld is not in 1..100000", n);
        if (n * n * nz >= SPMVP_IDX_MAX || n * n * nz * p > SPMVP_IDX_MAX)
            return spmvp_fail(SPMVP_ERR_RANGE, "a %d-point stencil on %lld points needs more "
                              "than 32-bit indices", p, n * n * nz);
        *out = spmvp_stencil((spmvp_idx)n, (spmvp_idx)n, (spmvp_idx)nz, p);
        return *out ? SPMVP_OK : SPMVP_ERR_NOMEM;
    }
    case SPMVP_FAMILY_RANDOM:
        return random_rows(s->rows, s->cols, s->pnz, s->dist, s->seed, out);
    case SPMVP_FAMILY_BENCH:
        return random_rows(s->rows, s->rows, s->pnz, s->dist, s->seed, out);
    case SPMVP_FAMILY_RMAT:
        return rmat(s->scale, s->edge_factor, 0.57, 0.19, 0.19, s->seed, out);
    }
    return spmvp_fail(SPMVP_ERR_ARG, "unknown matrix family %d", (int)s->family);
}

/* ---- statistics ---- */

spmvp_row_stats spmvp_csr_row_stats(const spmvp_csr *A)
{
    spmvp_row_stats st = {0.0, 0.0, 0, 0};
    if (A->nrows < 1)
        return st;
    st.mean = (double)A->nnz / A->nrows;
    st.min = SPMVP_IDX_MAX;
    double ss = 0.0;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        spmvp_idx l = A->rowptr[i + 1] - A->rowptr[i];
        st.min = l < st.min ? l : st.min;
        st.max = l > st.max ? l : st.max;
        ss += (l - st.mean) * (l - st.mean);
    }
    st.sd = sqrt(ss / A->nrows);
    return st;
}
