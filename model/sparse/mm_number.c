/* mm_number.c: the Matrix Market reader's decimal parser, equal to strtod bit for bit on what
 * it accepts (mmio.c sends the rest to strtod). */
#include "mm_number.h"

#include <float.h>
#include <stdint.h>
#include <string.h>

static int is_digit(char c) { return (unsigned char)(c - '0') < 10; }

/* ---- numbers ---- */

/* 10^k, exact in double for k <= 22 (5^22 < 2^53). */
static const double exact_pow10[23] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* The double path needs double operations rounded once, to double (not so on 32-bit x87). */
#define DOUBLE_ROUNDS_ONCE (FLT_EVAL_METHOD == 0)

/* x87 extended precision (64-bit significand) lets 17-19 digit mantissas take a fast path too;
 * other targets keep the double-only path and strtod. */
#if (defined(__x86_64__) || defined(__i386__)) && LDBL_MANT_DIG == 64
#define HAVE_X87 1
/* 10^k, exact in long double for k <= 27 (5^27 < 2^64). */
static const long double exact_pow10l[28] = {
    1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,  1e7L,  1e8L,  1e9L,
    1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L,
    1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L,
};
#endif

/* Eight digits at a time: text is loaded 8 bytes at once into a little-endian word, first
 * character in the low byte. GCC and Clang only (byte order macro and __builtin_ctzll). */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HAVE_SWAR 1
#define BYTES(b) (UINT64_C(0x0101010101010101) * (b))

/* Value of 8 digit values d0..d7 held in the bytes of x (d0 lowest, most significant). */
static uint64_t swar_value(uint64_t x)
{
    x = (x * 10 + (x >> 8)) & UINT64_C(0x00ff00ff00ff00ff);   /* 16-bit lanes: d0d1, d2d3, .. */
    x = (x * 100 + (x >> 16)) & UINT64_C(0x0000ffff0000ffff); /* 32-bit lanes: d0..d3, d4..d7 */
    return (x & 0xffffffff) * 10000 + (x >> 32);
}

/* Number k (0..8) of leading decimal digits in the 8 bytes at p, *v their value. */
static int swar_digits(const char *p, uint64_t *v)
{
    uint64_t x;
    memcpy(&x, p, sizeof x);
    x ^= BYTES(0x30); /* digits become bytes 0..9 */
    /* a byte is not a digit if its high nibble is set, or adding 6 sets it (low nibble > 9);
     * carries only run towards later bytes, so the first non-digit is found right */
    uint64_t bad = (x | (x + BYTES(0x06))) & BYTES(0xf0);
    int k = bad ? __builtin_ctzll(bad) >> 3 : 8;
    *v = k ? swar_value(x << (64 - 8 * k)) : 0; /* shift in leading zeros, drop the rest */
    return k;
}
#endif

static const uint64_t pow10_u64[9] = {1,      10,      100,      1000,     10000,
                                      100000, 1000000, 10000000, 100000000};

/* Appends the digits at p to *m, counting them in *nd; NULL past 19 significant digits.
 * Callers skip leading zeros first, so every digit here counts. */
static const char *take_digits(const char *p, const char *e, uint64_t *m, int *nd)
{
#ifdef HAVE_SWAR
    while (e - p >= 8) {
        uint64_t v;
        int k = swar_digits(p, &v);
        if (k == 0)
            return p;
        if (*nd + k > 19)
            return NULL;
        *m = *m * pow10_u64[k] + v;
        *nd += k;
        p += k;
        if (k < 8)
            return p;
    }
#endif
    for (; p < e && is_digit(*p); p++) {
        if (*nd == 19)
            return NULL;
        *m = *m * 10 + (uint64_t)(*p - '0');
        (*nd)++;
    }
    return p;
}

/* Reads a decimal number [+-]digits[.digits][(e|E)[+-]digits] at [s, e) and returns where it
 * stopped, or NULL where it cannot promise strtod's correctly rounded result. The value is
 * m * 10^scale with m the significant digits, at most 19 of them (so m < 2^64):
 *  - m <= 2^53 and |scale| <= 22: m and 10^|scale| are exact doubles, and one IEEE multiply
 *    or divide rounds their exact product or quotient correctly.
 *  - x87, |scale| <= 27: m and 10^|scale| are exact long doubles; one operation rounds to 64
 *    bits (error <= 1/2 unit of the 64-bit significand), and rounding that to 53 bits is
 *    correct unless the 11 dropped bits lie within one unit of the halfway pattern 0x400,
 *    which goes to strtod.
 * Anything longer or larger also goes to strtod. */
const char *spmvp_mm_scan_double(const char *s, const char *e, double *out)
{
    const char *p = s, *digits;
    int neg = 0, nd = 0, seen;
    uint64_t m = 0;
    int64_t scale = 0;
    if (p < e && (*p == '-' || *p == '+'))
        neg = *p++ == '-';
    for (digits = p; p < e && *p == '0'; p++) /* leading zeros are not significant */
        ;
    if (!(p = take_digits(p, e, &m, &nd)))
        return NULL;
    seen = p > digits;
    if (p < e && *p == '.') {
        digits = ++p;
        if (m == 0)
            while (p < e && *p == '0')
                p++;
        if (!(p = take_digits(p, e, &m, &nd)))
            return NULL;
        scale = -(int64_t)(p - digits);
        seen |= p > digits;
    }
    if (!seen)
        return NULL;
    if (p < e && (*p == 'e' || *p == 'E')) {
        const char *x = p + 1;
        int eneg = 0;
        int64_t ex = 0;
        if (x < e && (*x == '-' || *x == '+'))
            eneg = *x++ == '-';
        if (x == e || !is_digit(*x))
            return NULL; /* "1e" is not a number; let strtod say so */
        for (; x < e && is_digit(*x); x++)
            if (ex < 100000)
                ex = ex * 10 + (*x - '0');
        scale += eneg ? -ex : ex;
        p = x;
    }
    double v;
    if (m == 0) {
        v = 0.0;
    } else if (DOUBLE_ROUNDS_ONCE && m <= (UINT64_C(1) << 53) && scale >= -22 && scale <= 22) {
        v = scale < 0 ? (double)m / exact_pow10[-scale] : (double)m * exact_pow10[scale];
    } else {
#ifdef HAVE_X87
        if (scale < -27 || scale > 27)
            return NULL;
        long double x = (long double)m;
        x = scale < 0 ? x / exact_pow10l[-scale] : x * exact_pow10l[scale];
        uint64_t sig;
        memcpy(&sig, &x, sizeof sig); /* the 64-bit significand of the 80-bit format */
        unsigned low = (unsigned)(sig & 0x7ff);
        if (low >= 0x3ff && low <= 0x401)
            return NULL;
        v = (double)x;
#else
        return NULL;
#endif
    }
    *out = neg ? -v : v;
    return p;
}

int spmvp_mm_fast_double(const char *s, size_t len, double *out)
{
    const char *end = spmvp_mm_scan_double(s, s + len, out);
    return end && end == s + len;
}
