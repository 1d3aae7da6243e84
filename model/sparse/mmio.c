/* mmio.c: Matrix Market coordinate files (.mtx, .mtx.gz) to and from CSR.
 *
 * Choices, where the format or the brief left room:
 *  - Files are streamed through a 1 MiB window (mm_reader.c), never held whole: gzip is
 *    recognised by its magic bytes 1f 8b (not by the name) and inflated with gzread. A
 *    truncated or corrupt gzip stream is malformed input (SPMVP_ERR_PARSE); its message names
 *    the line of inflated text where the data broke off. What a file can make us allocate is
 *    decided by its size line, and checked against the host budget (budget.h) before anything
 *    is allocated; the text may not go on for more than 1 MiB of comments and blank lines
 *    after the last declared entry, nor have a line longer than 1 MiB (gzip bombs, /dev/zero).
 *  - Accepted: "matrix coordinate" with field real, integer or pattern (values 1.0) and symmetry
 *    general, symmetric or skew-symmetric. "array" and "complex"/"hermitian" are
 *    SPMVP_ERR_UNSUPPORTED; "pattern skew-symmetric" is invalid Matrix Market (SPMVP_ERR_PARSE).
 *    Banner words are case-insensitive, "%%MatrixMarket" included.
 *  - Symmetric files: every off-diagonal entry (i,j,v) also gives (j,i,v), or (j,i,-v) for
 *    skew-symmetric. Either triangle may be stored, but only one: off-diagonal entries in
 *    both triangles would be summed twice, so the first entry in the other triangle is an
 *    error naming its line. Duplicates are summed by spmvp_csr_from_triplets. A diagonal entry
 *    of a skew-symmetric file is an error.
 *  - All sizes >= 0 are valid, 0 x 0 and n x 0 included: they make a well-formed CSR, and refusing
 *    them is for the caller to decide. Rows are limited to SPMVP_IDX_MAX - 1 (rowptr has
 *    nrows+1 entries), columns and entries after expansion to SPMVP_IDX_MAX.
 *  - Comment lines (%) and blank lines are allowed anywhere after the banner, between entries
 *    too. Blanks are space, tab, CR (so CRLF files read), VT and FF. Lines are numbered from 1;
 *    "the file ends" errors name its last line.
 *  - Entry lines are strict: exactly "row col value" (real, integer) or "row col" (pattern);
 *    integer values must be integers; indices are plain digits ("+3" is non-numeric).
 *  - Values: a fast decimal parser (mm_number.c) whose results equal strtod's bit for bit;
 *    what it declines (more than 19 digits, large exponents, inf, nan, hex) goes to strtod on a
 *    copy of the token, so the C locale's '.' is assumed there. Underflow is taken as strtod
 *    gives it; NaN, Inf and values that overflow double (1e999) are errors naming the line,
 *    and so are duplicates whose sum overflows: no kernel result can be checked against them.
 *  - Lines ending in CR alone (classic Mac) are named as such, not as a malformed banner.
 *  - Speed (docs/parse-speed.md): one pass over the text, memchr for line ends, digits read 8
 *    bytes at a time where the compiler allows (HAVE_SWAR), entries kept as triplets sized from
 *    the size line (capped by what the text can hold, where its length is known, and grown as
 *    entries come otherwise), then spmvp_csr_from_triplets.
 *  - On failure *out is NULL and nothing is left allocated.
 *  - Two symbols outside sparse.h exist for tests only: spmvp_mm_entry_limit and
 *    spmvp_mm_fast_double. */
#include "sparse.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "budget.h"
#include "mm_number.h"
#include "mm_reader.h"

/* Not in sparse.h: the most entries a matrix may hold after symmetric expansion. Tests lower
 * it to reach the expansion check without a 16 GB file. */
size_t spmvp_mm_entry_limit = SPMVP_IDX_MAX;

int spmvp_mm_allow_nonfinite = 0;

enum { FIELD_REAL, FIELD_INTEGER, FIELD_PATTERN };
enum { SYM_GENERAL, SYM_SYMMETRIC, SYM_SKEW };

/* ---- messages ---- */

/* Records "name:line: message" and returns s. */
static spmvp_status fail_at(const char *name, long line, spmvp_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static spmvp_status fail_at(const char *name, long line, spmvp_status s, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return spmvp_fail(s, "%s:%ld: %s", name, line > 0 ? line : 1, msg);
}

/* Printable copy of [s, e) for a message: at most 40 bytes, other bytes shown as '?'. */
static const char *show(char buf[48], const char *s, const char *e)
{
    size_t n = 0;
    for (; s < e && n < 40; s++)
        buf[n++] = (*s >= 0x20 && *s < 0x7f) ? *s : '?';
    if (s < e) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

/* ---- lines and tokens ---- */

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
static int is_digit(char c) { return (unsigned char)(c - '0') < 10; }

static const char *skip_blank(const char *p, const char *e)
{
    while (p < e && is_blank(*p))
        p++;
    return p;
}

static const char *token_end(const char *p, const char *e)
{
    while (p < e && !is_blank(*p))
        p++;
    return p;
}

typedef mm_reader parser;

/* Next line as [*b, *e), without its '\n'. 1: a line; 0: the end of the text; -1: an error,
 * recorded, its status in ps->st. */
static int next_line(parser *ps, const char **b, const char **e) { return spmvp_mm_next_line(ps, b, e); }

/* Splits [p, e) into at most max tokens; returns how many there are, up to max+1. */
static int split(const char *p, const char *e, const char **tb, const char **te, int max)
{
    int n = 0;
    for (p = skip_blank(p, e); p < e; p = skip_blank(p, e)) {
        if (n == max)
            return n + 1;
        tb[n] = p;
        p = token_end(p, e);
        te[n++] = p;
    }
    return n;
}

static int word_is(const char *s, const char *e, const char *word)
{
    for (; s < e && *word; s++, word++) {
        char c = (*s >= 'A' && *s <= 'Z') ? (char)(*s - 'A' + 'a') : *s;
        char w = (*word >= 'A' && *word <= 'Z') ? (char)(*word - 'A' + 'a') : *word;
        if (c != w)
            return 0;
    }
    return s == e && !*word;
}


/* strtod on a copy of the token at [s, e): the path for whatever fast_double declines. */
static spmvp_status slow_double(const char *name, long line, const char *s, const char *e,
                                double *out, const char **stop)
{
    char small[64], show_buf[48], *end;
    const char *t = token_end(s, e);
    size_t len = (size_t)(t - s);
    char *buf = len < sizeof small ? small : malloc(len + 1);
    if (!buf)
        return fail_at(name, line, SPMVP_ERR_NOMEM, "out of memory for a %zu-byte value", len);
    memcpy(buf, s, len);
    buf[len] = '\0';
    double v = strtod(buf, &end);
    int ok = len > 0 && end == buf + len;
    if (buf != small)
        free(buf);
    if (!ok)
        return fail_at(name, line, SPMVP_ERR_PARSE, "non-numeric value '%s'", show(show_buf, s, t));
    *out = v;
    *stop = t;
    return SPMVP_OK;
}

/* A 1-based index at *pp below n+1, stored 0-based; *pp moves past it. */
static spmvp_status read_index(const parser *ps, const char **pp, const char *e, const char *what,
                               spmvp_idx n, spmvp_idx *out)
{
    const char *s = *pp, *p = s, *t;
    uint64_t x = 0;
    char buf[48];
#ifdef HAVE_SWAR
    int k;
    if (e - p >= 8 && (k = swar_digits(p, &x)) < 8)
        p += k; /* indices of up to 7 digits: all of them */
    else
#endif
        for (x = 0; p < e && is_digit(*p) && p - s < 12; p++)
            x = x * 10 + (uint64_t)(*p - '0');
    if (p > s && (p == e || is_blank(*p))) {
        if (x >= 1 && x <= (uint64_t)n) {
            *out = (spmvp_idx)(x - 1);
            *pp = p;
            return SPMVP_OK;
        }
        t = p;
    } else {
        /* not plain digits: tell a negative or huge number from garbage */
        t = token_end(s, e);
        if (s == t)
            return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE, "missing %s index", what);
        const char *d = s + (*s == '-');
        while (d < t && is_digit(*d))
            d++;
        if (d < t || t - s == (*s == '-'))
            return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE, "non-numeric %s index '%s'", what,
                           show(buf, s, t));
    }
    if (n == 0)
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "%s index %s out of range: the matrix has no %ss", what, show(buf, s, t),
                       what);
    return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE, "%s index %s out of range 1..%d", what,
                   show(buf, s, t), (int)n);
}

/* A value of an integer file: [+-]digits, exact as strtod would give it. */
static spmvp_status read_integer(const parser *ps, const char **pp, const char *e, double *out)
{
    const char *s = *pp, *p = s, *digits, *t;
    int neg = 0;
    uint64_t x = 0;
    char buf[48];
    if (p < e && (*p == '-' || *p == '+'))
        neg = *p++ == '-';
    for (digits = p; p < e && is_digit(*p) && p - digits < 18; p++)
        x = x * 10 + (uint64_t)(*p - '0');
    if (p > digits && (p == e || is_blank(*p))) {
        *out = neg ? -(double)x : (double)x; /* x < 10^18 < 2^63 converts correctly rounded */
        *pp = p;
        return SPMVP_OK;
    }
    t = token_end(s, e);
    for (p = digits; p < t && is_digit(*p); p++)
        ;
    if (p == t && t > digits) /* more than 18 digits */
        return slow_double(ps->name, ps->line, s, e, out, pp);
    return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE, "non-integer value '%s' (field is integer)",
                   show(buf, s, t));
}

/* One of the three sizes (what: "rows", ...) on the size line: digits, at most max. */
static spmvp_status read_size(const parser *ps, const char *s, const char *t, const char *what,
                              uint64_t max, uint64_t *out)
{
    const char *p = s + (*s == '-');
    uint64_t x = 0;
    int big = 0;
    char buf[48];
    for (; p < t && is_digit(*p); p++) {
        if (x > (UINT64_MAX - 9) / 10)
            big = 1;
        else
            x = x * 10 + (uint64_t)(*p - '0');
    }
    if (p < t || t - s == (*s == '-'))
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "non-numeric size '%s' on the size line", show(buf, s, t));
    if (*s == '-')
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE, "negative size %s on the size line",
                       show(buf, s, t));
    if (big || x > max)
        return fail_at(ps->name, ps->line, SPMVP_ERR_RANGE,
                       "%s %s exceed 32-bit indices (at most %llu)", show(buf, s, t), what,
                       (unsigned long long)max);
    *out = x;
    return SPMVP_OK;
}

/* ---- the header ---- */

static spmvp_status read_banner(parser *ps, int *field, int *sym)
{
    const char *b, *e, *tb[5], *te[5];
    char buf[48];
    int got = next_line(ps, &b, &e);
    if (got < 0)
        return ps->st;
    if (!got)
        return fail_at(ps->name, 1, SPMVP_ERR_PARSE, "empty file: missing %%%%MatrixMarket banner");
    const char *cr = memchr(b, '\r', (size_t)(e - b));
    if (cr && skip_blank(cr, e) != e) /* a CR with more text after it on the line */
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "lines end in CR alone (classic Mac line ends): they must end in LF or "
                       "CR LF (convert the file with: tr '\\r' '\\n')");
    int n = split(b, e, tb, te, 5);
    if (n == 0 || !word_is(tb[0], te[0], "%%MatrixMarket"))
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "missing %%%%MatrixMarket banner (the file must start with "
                       "'%%%%MatrixMarket matrix coordinate real general' or similar)");
    if (n < 5)
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "incomplete banner: expected '%%%%MatrixMarket matrix coordinate "
                       "<field> <symmetry>'");
    if (n > 5)
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "unexpected words after the symmetry in the banner");
    if (!word_is(tb[1], te[1], "matrix"))
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "unknown object '%s', expected 'matrix'", show(buf, tb[1], te[1]));
    if (word_is(tb[2], te[2], "array"))
        return fail_at(ps->name, ps->line, SPMVP_ERR_UNSUPPORTED,
                       "array (dense) format is not supported, only coordinate");
    if (!word_is(tb[2], te[2], "coordinate"))
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "unknown format '%s', expected 'coordinate'", show(buf, tb[2], te[2]));
    if (word_is(tb[3], te[3], "real"))
        *field = FIELD_REAL;
    else if (word_is(tb[3], te[3], "integer"))
        *field = FIELD_INTEGER;
    else if (word_is(tb[3], te[3], "pattern"))
        *field = FIELD_PATTERN;
    else if (word_is(tb[3], te[3], "complex"))
        return fail_at(ps->name, ps->line, SPMVP_ERR_UNSUPPORTED,
                       "complex field is not supported, only real, integer and pattern");
    else
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "unknown field '%s', expected real, integer or pattern",
                       show(buf, tb[3], te[3]));
    if (word_is(tb[4], te[4], "general"))
        *sym = SYM_GENERAL;
    else if (word_is(tb[4], te[4], "symmetric"))
        *sym = SYM_SYMMETRIC;
    else if (word_is(tb[4], te[4], "skew-symmetric"))
        *sym = SYM_SKEW;
    else if (word_is(tb[4], te[4], "hermitian"))
        return fail_at(ps->name, ps->line, SPMVP_ERR_UNSUPPORTED,
                       "hermitian symmetry is not supported (complex values)");
    else
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "unknown symmetry '%s', expected general, symmetric or skew-symmetric",
                       show(buf, tb[4], te[4]));
    if (*field == FIELD_PATTERN && *sym == SYM_SKEW)
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "a pattern matrix cannot be skew-symmetric");
    return SPMVP_OK;
}

/* "rows columns entries", after any comment or blank lines. */
static spmvp_status read_sizes(parser *ps, int sym, uint64_t *m, uint64_t *n, uint64_t *nnz)
{
    const char *b, *e, *tb[3], *te[3];
    spmvp_status st;
    do {
        int got = next_line(ps, &b, &e);
        if (got < 0)
            return ps->st;
        if (!got)
            return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                           "missing size line '<rows> <columns> <entries>': the file ends here");
        b = skip_blank(b, e);
    } while (b == e || *b == '%');
    int k = split(b, e, tb, te, 3);
    if (k != 3)
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "size line has %s%d fields, expected 3: <rows> <columns> <entries>",
                       k > 3 ? "more than " : "", k > 3 ? 3 : k);
    if ((st = read_size(ps, tb[0], te[0], "rows", SPMVP_IDX_MAX - 1, m)) ||
        (st = read_size(ps, tb[1], te[1], "columns", SPMVP_IDX_MAX, n)) ||
        (st = read_size(ps, tb[2], te[2], "entries", spmvp_mm_entry_limit, nnz)))
        return st;
    if (sym != SYM_GENERAL && *m != *n)
        return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                       "a %s matrix must be square, not %llu x %llu",
                       sym == SYM_SKEW ? "skew-symmetric" : "symmetric", (unsigned long long)*m,
                       (unsigned long long)*n);
    return SPMVP_OK;
}

/* ---- entries ---- */

#define MM_TRAILER_MAX (1u << 20) /* bytes of comments and blank lines after the last entry */

typedef struct triplets {
    spmvp_idx nrows;    /* of the matrix, for the budget of its expansion */
    size_t n, cap;      /* entries held, room for */
    spmvp_idx *ri, *ci; /* 0-based row and column indices (size cap) */
    double *v;          /* values (size cap) */
} triplets;

static void triplets_free(triplets *T)
{
    free(T->ri);
    free(T->ci);
    free(T->v);
}

static int triplets_reserve(triplets *T, size_t cap)
{
    spmvp_idx *ri = realloc(T->ri, (cap ? cap : 1) * sizeof *ri);
    if (ri)
        T->ri = ri;
    spmvp_idx *ci = realloc(T->ci, (cap ? cap : 1) * sizeof *ci);
    if (ci)
        T->ci = ci;
    double *v = realloc(T->v, (cap ? cap : 1) * sizeof *v);
    if (v)
        T->v = v;
    if (!ri || !ci || !v)
        return 0;
    T->cap = cap;
    return 1;
}

/* The nnz entry lines, then nothing but comments and blank lines. */
static spmvp_status read_entries(parser *ps, int field, int sym, spmvp_idx m, spmvp_idx n,
                                 size_t nnz, long size_line, triplets *T)
{
    int tri = 0;       /* triangle of the first off-diagonal entry: 0 none, 1 lower, 2 upper */
    long tri_line = 0; /* and its line */
    const char *b, *e, *p;
    char buf[48];
    spmvp_status st;
    while (T->n < nnz) {
        int got = next_line(ps, &b, &e);
        if (got < 0)
            return ps->st;
        if (!got)
            return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                           "file ends after %zu of the %zu entries declared on line %ld", T->n, nnz,
                           size_line);
        p = skip_blank(b, e);
        if (p == e || *p == '%')
            continue;
        spmvp_idx i, j;
        double v = 1.0;
        if ((st = read_index(ps, &p, e, "row", m, &i)))
            return st;
        p = skip_blank(p, e);
        if ((st = read_index(ps, &p, e, "column", n, &j)))
            return st;
        if (field != FIELD_PATTERN) {
            p = skip_blank(p, e);
            if (p == e)
                return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE, "missing value (field is %s)",
                               field == FIELD_REAL ? "real" : "integer");
            if (field == FIELD_INTEGER) {
                if ((st = read_integer(ps, &p, e, &v)))
                    return st;
            } else {
                const char *q = spmvp_mm_scan_double(p, e, &v);
                if (q && (q == e || is_blank(*q)))
                    p = q;
                else if ((st = slow_double(ps->name, ps->line, p, e, &v, &p)))
                    return st;
            }
            if (!isfinite(v) && !spmvp_mm_allow_nonfinite) { /* only strtod's path gives these: inf, nan, 1e999 */
                const char *s0 = skip_blank(b, e);
                for (int f = 0; f < 2; f++) /* to the value token, the third */
                    s0 = skip_blank(token_end(s0, e), e);
                return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                               "value '%s' is not a finite double (NaN, Inf and magnitudes "
                               "above 1.8e308 are refused)", show(buf, s0, token_end(s0, e)));
            }
        }
        if ((p = skip_blank(p, e)) != e)
            return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE, "unexpected '%s' after the %s",
                           show(buf, p, token_end(p, e)),
                           field == FIELD_PATTERN ? "column index (field is pattern)" : "value");
        if (sym == SYM_SKEW && i == j)
            return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                           "diagonal entry (%d,%d) in a skew-symmetric matrix", (int)i + 1,
                           (int)j + 1);
        if (sym != SYM_GENERAL && i != j) {
            int t = i > j ? 1 : 2; /* lower, upper */
            if (!tri) {
                tri = t;
                tri_line = ps->line;
            } else if (t != tri) {
                return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                               "entry (%d,%d) is in the %s triangle, but line %ld has one in the "
                               "%s: a %s file stores one triangle only", (int)i + 1, (int)j + 1,
                               t == 1 ? "lower" : "upper", tri_line, t == 1 ? "upper" : "lower",
                               sym == SYM_SKEW ? "skew-symmetric" : "symmetric");
            }
        }
        /* grown as entries come when the size of the text is unknown (gzip) */
        if (T->n == T->cap && !triplets_reserve(T, T->cap < nnz / 2 ? 2 * T->cap : nnz))
            return fail_at(ps->name, ps->line, SPMVP_ERR_NOMEM, "out of memory for %zu entries",
                           nnz);
        T->ri[T->n] = i;
        T->ci[T->n] = j;
        T->v[T->n++] = v;
    }
    /* then comments and blank lines only, and not forever (a stream of "%\n" or "\n") */
    size_t trailer = 0;
    int got;
    while ((got = next_line(ps, &b, &e)) > 0) {
        p = skip_blank(b, e);
        if (p != e && *p != '%')
            return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                           "more entries than the %zu declared on line %ld", nnz, size_line);
        if ((trailer += (size_t)(e - b) + 1) > MM_TRAILER_MAX)
            return fail_at(ps->name, ps->line, SPMVP_ERR_PARSE,
                           "the text goes on for more than 1 MiB after the last of the %zu "
                           "entries declared on line %ld", nnz, size_line);
    }
    return got < 0 ? ps->st : SPMVP_OK;
}

/* Checks the peak of reading a matrix of m rows and nnz entries against the host budget:
 * the triplets, the CSR they become and its assembly scratch (csr.c). */
static spmvp_status host_check(const char *name, long line, uint64_t m, uint64_t nnz,
                               const char *what)
{
    uint64_t need = spmvp_bytes_add(spmvp_bytes_mul(nnz, 2 * sizeof(spmvp_idx) + sizeof(double)),
                                    spmvp_csr_from_triplets_bytes(m, nnz));
    char where[1024];
    snprintf(where, sizeof where, "%s:%ld", name, line > 0 ? line : 1);
    return spmvp_host_check(where, what, need);
}

/* Adds (j,i,v), or (j,i,-v) for skew, for every off-diagonal (i,j,v). */
static spmvp_status expand(const char *name, long size_line, int sym, triplets *T)
{
    size_t off = 0, n = T->n;
    for (size_t k = 0; k < n; k++)
        off += T->ri[k] != T->ci[k];
    if (off > spmvp_mm_entry_limit - n)
        return fail_at(name, size_line, SPMVP_ERR_RANGE,
                       "symmetric expansion gives %zu entries, more than 32-bit indices "
                       "allow (%zu)", n + off, spmvp_mm_entry_limit);
    spmvp_status st = host_check(name, size_line, T->nrows, n + off, "its symmetric expansion");
    if (st)
        return st;
    if (!triplets_reserve(T, n + off))
        return fail_at(name, size_line, SPMVP_ERR_NOMEM, "out of memory expanding to %zu entries",
                       n + off);
    for (size_t k = 0; k < n; k++) {
        if (T->ri[k] != T->ci[k]) {
            T->ri[T->n] = T->ci[k];
            T->ci[T->n] = T->ri[k];
            T->v[T->n++] = sym == SYM_SKEW ? -T->v[k] : T->v[k];
        }
    }
    return SPMVP_OK;
}

static spmvp_status check_sums(const char *name, long size_line, const spmvp_csr *A);

/* The whole text of ps into a new CSR in *out. */
static spmvp_status parse(parser *ps, spmvp_csr **out)
{
    const char *name = ps->name;
    triplets T = {0, 0, 0, NULL, NULL, NULL};
    int field = FIELD_REAL, sym = SYM_GENERAL;
    uint64_t m, n, nnz;
    spmvp_status st;
    if ((st = read_banner(ps, &field, &sym)) || (st = read_sizes(ps, sym, &m, &n, &nnz)))
        return st;
    long size_line = ps->line;
    T.nrows = (spmvp_idx)m;
    /* An entry line takes at least 3 bytes ("1 1") and a '\n' before the next one, so where
     * the length of the rest of the text is known it holds at most (rest+1)/4 entries: a size
     * line promising more cannot make us allocate more than the text could fill. Otherwise
     * (gzip) the triplets start small and grow as entries come. */
    size_t cap = (size_t)nnz;
    if (ps->left ? cap > ps->left / 4 + 1 : cap > (1u << 16))
        cap = ps->left ? (size_t)(ps->left / 4 + 1) : (1u << 16);
    if ((st = host_check(name, size_line, m, ps->left ? cap : nnz, "the matrix")))
        return st;
    if (!triplets_reserve(&T, cap)) {
        st = fail_at(name, size_line, SPMVP_ERR_NOMEM, "out of memory for %zu entries", cap);
        goto done;
    }
    st = read_entries(ps, field, sym, (spmvp_idx)m, (spmvp_idx)n, (size_t)nnz, size_line, &T);
    if (!st && sym != SYM_GENERAL)
        st = expand(name, size_line, sym, &T);
    if (!st) {
        *out = spmvp_csr_from_triplets((spmvp_idx)m, (spmvp_idx)n, T.n, T.ri, T.ci, T.v);
        if (!*out) {
            char msg[1024];
            snprintf(msg, sizeof msg, "%s", spmvp_last_error());
            st = spmvp_fail(T.n > (size_t)SPMVP_IDX_MAX ? SPMVP_ERR_RANGE : SPMVP_ERR_NOMEM,
                            "%s: %s", name, msg);
        }
    }
    if (!st && !spmvp_mm_allow_nonfinite)
        st = check_sums(name, size_line, *out);
    if (st)
        *out = spmvp_csr_free(*out);
done:
    triplets_free(&T);
    return st;
}

/* Duplicates summed to a non-finite value (1e308 + 1e308): as unusable as an Inf in the text. */
static spmvp_status check_sums(const char *name, long size_line, const spmvp_csr *A)
{
    for (spmvp_idx i = 0; i < A->nrows; i++)
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
            if (!isfinite(A->val[k]))
                return fail_at(name, size_line, SPMVP_ERR_PARSE, "the entries at (%d,%d) sum to "
                               "%g: duplicates overflow double", (int)i + 1,
                               (int)A->colidx[k] + 1, A->val[k]);
    return SPMVP_OK;
}

spmvp_status spmvp_mm_parse(const char *name, const char *text, size_t len, spmvp_csr **out)
{
    if (!out || (!text && len))
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_mm_parse: NULL text or output");
    *out = NULL;
    parser ps;
    spmvp_mm_reader_memory(&ps, name ? name : "(memory)", text ? text : "", len);
    return parse(&ps, out);
}

spmvp_status spmvp_mm_read(const char *path, spmvp_csr **out)
{
    if (!out || !path)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_mm_read: NULL path or output");
    *out = NULL;
    parser ps;
    spmvp_status st = spmvp_mm_reader_open(&ps, path);
    if (!st)
        st = parse(&ps, out);
    spmvp_mm_reader_close(&ps);
    return st;
}
