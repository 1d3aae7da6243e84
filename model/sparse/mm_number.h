/* mm_number.h: the fast decimal parser of the Matrix Market reader (internal to model/sparse
 * and its tests). */
#ifndef SPMVP_MM_NUMBER_H
#define SPMVP_MM_NUMBER_H

#include <stddef.h>

/* Parses a decimal number at s (before e) whose value equals strtod's bit for bit: digits with
 * an optional sign, point and exponent, at most 19 significant digits (27 with x87) and a
 * small exponent. Returns the end of the number, or NULL when it declines (the caller falls
 * back to strtod). */
const char *spmvp_mm_scan_double(const char *s, const char *e, double *out);

/* The same on all of s[0..len): 1 and *out set if it accepts it whole, else 0 (for tests
 * comparing it with strtod). */
int spmvp_mm_fast_double(const char *s, size_t len, double *out);

#endif
