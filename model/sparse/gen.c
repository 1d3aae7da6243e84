/* gen.c: benchmark matrices with fixed, uniform or normal row lengths and random rows
 * (distributions and spreads are documented in gen.h). */
#include "gen.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "gen_rng.h"

static const char *dist_names[SPMVP_NDISTS] = {"fixed", "normal", "uniform"};

const char *spmvp_dist_name(spmvp_dist d)
{
    return (d >= 0 && d < SPMVP_NDISTS) ? dist_names[d] : "?";
}

int spmvp_dist_parse(const char *name)
{
    for (int d = 0; name && d < SPMVP_NDISTS; d++)
        if (!strcmp(name, dist_names[d]))
            return d;
    return -1;
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

spmvp_status spmvp_gen_random_rows_st(long long rows, long long cols, int pnz, spmvp_dist dist,
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
    spmvp_gen_random_rows_st(rows, cols, pnz, dist, seed, &A);
    return A;
}

spmvp_csr *spmvp_gen_bench(long long rows, int pnz, spmvp_dist dist, unsigned long long seed)
{
    return spmvp_gen_random_rows(rows, rows, pnz, dist, seed);
}
