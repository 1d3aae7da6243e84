/* profile_json.h: the JSON helpers that the profile envelope (profile.c) and each model's part
 * of the profile (model_*.c) read and write with; internal to model/predict.
 *
 * Writing: numbers go in as raw text (spmvp_json_format_double: the shortest form that reads
 * back bit for bit), so a profile written and read again is the same profile. A writer
 * records allocation failures (w->oom) instead of returning them at every call.
 * Reading: every check fails with one line "NAME: json.path: problem" through spmvp_fail()
 * (SPMVP_ERR_PARSE), NAME the file, so messages name the member at fault.
 * Ownership: nothing here allocates what the caller must free, except that items added with
 * spmvp_json_add belong to the object they were added to (deleted on failure). */
#ifndef SPMVP_PROFILE_JSON_H
#define SPMVP_PROFILE_JSON_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "spmvp_sparse.h"

#define SPMVP_JSON_MAX_EXACT 9007199254740992LL /* 2^53: larger integers do not survive a double */

/* Returns from the calling function when x (an spmvp_status) is not SPMVP_OK. */
#define SPMVP_TRY(x)                                                                           \
    do {                                                                                       \
        spmvp_status st_ = (x);                                                                \
        if (st_)                                                                               \
            return st_;                                                                        \
    } while (0)

/* ---- writing ---- */

typedef struct spmvp_json_writer {
    int oom; /* an allocation failed somewhere */
} spmvp_json_writer;

/* The shortest of %.15g, %.16g, %.17g that reads back as v (so -0 stays "-0"); "null" for a
 * non-finite v, which the check after printing then names. */
void spmvp_json_format_double(char *buf, size_t size, double v);
/* Adds item to obj under key and returns it; NULL (item deleted, w->oom set) on failure. */
cJSON *spmvp_json_add(spmvp_json_writer *w, cJSON *obj, const char *key, cJSON *item);
/* Adds item to the array arr and returns it; NULL (deleted, w->oom set) on failure. */
cJSON *spmvp_json_append(spmvp_json_writer *w, cJSON *arr, cJSON *item);
void spmvp_json_add_raw(spmvp_json_writer *w, cJSON *obj, const char *key, const char *raw);
void spmvp_json_add_double(spmvp_json_writer *w, cJSON *obj, const char *key, double v);
void spmvp_json_add_int(spmvp_json_writer *w, cJSON *obj, const char *key, long long v);
void spmvp_json_add_string(spmvp_json_writer *w, cJSON *obj, const char *key, const char *s);
/* A new empty object under key, or NULL on failure. */
cJSON *spmvp_json_add_object(spmvp_json_writer *w, cJSON *obj, const char *key);

/* ---- tables of plain struct members, for both directions ---- */

enum spmvp_json_ftype {
    SPMVP_JSON_STR,      /* string */
    SPMVP_JSON_STR_NULL, /* string, "" written as null */
    SPMVP_JSON_INT,      /* int >= 0 */
    SPMVP_JSON_INT_NULL, /* int >= 0, -1 written as null */
    SPMVP_JSON_LL,       /* long long in 0..2^53 */
    SPMVP_JSON_BOOL,     /* int 0/1 as false/true */
    SPMVP_JSON_DBL       /* finite double >= 0 */
};

typedef struct spmvp_json_field {
    const char *key; /* the JSON key and the member's name */
    enum spmvp_json_ftype type;
    size_t offset, size;
} spmvp_json_field;

#define SPMVP_JSON_FIELD(S, m, t) {#m, t, offsetof(S, m), sizeof(((S *)0)->m)}

void spmvp_json_write_fields(spmvp_json_writer *w, cJSON *obj, const void *base,
                             const spmvp_json_field *f, size_t n);

/* ---- reading ---- */

typedef struct spmvp_json_reader {
    const char *name; /* the file, first in every message */
} spmvp_json_reader;

/* Fails with "NAME: PREFIX.KEY: message"; KEY may be "[i]" (no dot) or "" (PREFIX alone).
 * Returns SPMVP_ERR_PARSE. */
spmvp_status spmvp_json_bad(const spmvp_json_reader *r, const char *prefix, const char *key,
                            const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* How a value reads in "expected X, got Y": "null", "a number", "an object", ... */
const char *spmvp_json_kind(const cJSON *it);

/* The member key of obj in *out; "missing" when absent. */
spmvp_status spmvp_json_member(const spmvp_json_reader *r, const cJSON *obj, const char *prefix,
                               const char *key, const cJSON **out);
spmvp_status spmvp_json_get_object(const spmvp_json_reader *r, const cJSON *obj,
                                   const char *prefix, const char *key, const cJSON **out);
spmvp_status spmvp_json_get_array(const spmvp_json_reader *r, const cJSON *obj,
                                  const char *prefix, const char *key, const cJSON **out);
/* A string item copied into buf[size]; null reads "" when nullable. */
spmvp_status spmvp_json_check_string(const spmvp_json_reader *r, const cJSON *it,
                                     const char *prefix, const char *key, int nullable, char *buf,
                                     size_t size);
spmvp_status spmvp_json_get_string(const spmvp_json_reader *r, const cJSON *obj,
                                   const char *prefix, const char *key, int nullable, char *buf,
                                   size_t size);
/* An integer item in lo..hi. */
spmvp_status spmvp_json_check_int(const spmvp_json_reader *r, const cJSON *it, const char *prefix,
                                  const char *key, long long lo, long long hi, long long *out);
spmvp_status spmvp_json_get_int(const spmvp_json_reader *r, const cJSON *obj, const char *prefix,
                                const char *key, long long lo, long long hi, long long *out);
/* spmvp_json_get_int into an int in lo..INT32_MAX. */
spmvp_status spmvp_json_get_int32(const spmvp_json_reader *r, const cJSON *obj,
                                  const char *prefix, const char *key, long long lo, int *out);

#define SPMVP_JSON_MAX_MAGNITUDE 1e30 /* far above any profile number (times in µs, rates in
                                         * Hz or B/s); 1e308 is refused */

/* The sign a number must have: any finite value, at least 0, above 0. */
enum { SPMVP_JSON_ANY, SPMVP_JSON_NONNEG, SPMVP_JSON_POSITIVE };
spmvp_status spmvp_json_check_double(const spmvp_json_reader *r, const cJSON *it,
                                     const char *prefix, const char *key, int sign, double *out);
spmvp_status spmvp_json_get_double(const spmvp_json_reader *r, const cJSON *obj,
                                   const char *prefix, const char *key, int sign, double *out);
spmvp_status spmvp_json_get_bool(const spmvp_json_reader *r, const cJSON *obj, const char *prefix,
                                 const char *key, int *out);
/* A format or distribution name item ("unknown format \"elll\""). */
spmvp_status spmvp_json_read_format(const spmvp_json_reader *r, const cJSON *it,
                                    const char *prefix, const char *key, spmvp_format *out);
spmvp_status spmvp_json_read_dist(const spmvp_json_reader *r, const cJSON *it, const char *prefix,
                                  const char *key, spmvp_dist *out);
/* For the object obj[key] keyed by format names ({"csr_vector": {...}, ...}), calls read with
 * each member's object, its JSON path ("at.key.format") and its format; absent: no call, no
 * error. "unknown format", "format given twice" or "expected an object" name the member at
 * fault. */
typedef spmvp_status (*spmvp_json_format_reader)(const spmvp_json_reader *r, const cJSON *item,
                                                 const char *path, spmvp_format f, void *ctx);
spmvp_status spmvp_json_read_per_format(const spmvp_json_reader *r, const cJSON *obj,
                                        const char *at, const char *key,
                                        spmvp_json_format_reader read, void *ctx);
/* The n numbers v as raw items (bit for bit) appended to the array arr; arr. */
cJSON *spmvp_json_add_numbers(spmvp_json_writer *w, cJSON *arr, const double *v, int n);
/* Exactly n finite numbers of the array item arr (at: its JSON path) into v. */
spmvp_status spmvp_json_read_numbers(const spmvp_json_reader *r, const cJSON *arr, const char *at,
                                     int n, double *v);
spmvp_status spmvp_json_read_fields(const spmvp_json_reader *r, const cJSON *obj,
                                    const char *prefix, void *base, const spmvp_json_field *f,
                                    size_t n);

#endif
