/* profile_json.c: the JSON reading and writing helpers of device profiles (profile_json.h). */
#include "profile_json.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shortest of %.15g, %.16g, %.17g that reads back as v (so -0 stays "-0"); "null" for a
 * non-finite v, which the check after printing then names. */
void spmvp_json_format_double(char *buf, size_t size, double v)
{
    if (!buf || !size)
        return;
    if (!isfinite(v)) {
        snprintf(buf, size, "null");
        return;
    }
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buf, size, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

cJSON *spmvp_json_add(spmvp_json_writer *w, cJSON *obj, const char *key, cJSON *item)
{
    if (!item || !cJSON_AddItemToObject(obj, key, item)) {
        cJSON_Delete(item);
        w->oom = 1;
        return NULL;
    }
    return item;
}

cJSON *spmvp_json_append(spmvp_json_writer *w, cJSON *arr, cJSON *item)
{
    if (!item || !cJSON_AddItemToArray(arr, item)) {
        cJSON_Delete(item);
        w->oom = 1;
        return NULL;
    }
    return item;
}

void spmvp_json_add_raw(spmvp_json_writer *w, cJSON *obj, const char *key, const char *raw)
{
    spmvp_json_add(w, obj, key, cJSON_CreateRaw(raw));
}

void spmvp_json_add_double(spmvp_json_writer *w, cJSON *obj, const char *key, double v)
{
    char buf[40];
    spmvp_json_format_double(buf, sizeof buf, v);
    spmvp_json_add_raw(w, obj, key, buf);
}

void spmvp_json_add_int(spmvp_json_writer *w, cJSON *obj, const char *key, long long v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", v);
    spmvp_json_add_raw(w, obj, key, buf);
}

void spmvp_json_add_string(spmvp_json_writer *w, cJSON *obj, const char *key, const char *s)
{
    spmvp_json_add(w, obj, key, cJSON_CreateString(s));
}

cJSON *spmvp_json_add_object(spmvp_json_writer *w, cJSON *obj, const char *key)
{
    return spmvp_json_add(w, obj, key, cJSON_CreateObject());
}

void spmvp_json_write_fields(spmvp_json_writer *w, cJSON *obj, const void *base, const spmvp_json_field *f, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *at = (const char *)base + f[i].offset;
        int iv;
        long long llv;
        double dv;
        switch (f[i].type) {
        case SPMVP_JSON_STR:
        case SPMVP_JSON_STR_NULL:
            if (f[i].type == SPMVP_JSON_STR_NULL && !*at)
                spmvp_json_add(w, obj, f[i].key, cJSON_CreateNull());
            else
                spmvp_json_add_string(w, obj, f[i].key, at);
            break;
        case SPMVP_JSON_INT:
        case SPMVP_JSON_INT_NULL:
            memcpy(&iv, at, sizeof iv);
            if (f[i].type == SPMVP_JSON_INT_NULL && iv < 0)
                spmvp_json_add(w, obj, f[i].key, cJSON_CreateNull());
            else
                spmvp_json_add_int(w, obj, f[i].key, iv);
            break;
        case SPMVP_JSON_LL:
            memcpy(&llv, at, sizeof llv);
            spmvp_json_add_int(w, obj, f[i].key, llv);
            break;
        case SPMVP_JSON_BOOL:
            memcpy(&iv, at, sizeof iv);
            spmvp_json_add(w, obj, f[i].key, cJSON_CreateBool(iv != 0));
            break;
        case SPMVP_JSON_DBL:
            memcpy(&dv, at, sizeof dv);
            spmvp_json_add_double(w, obj, f[i].key, dv);
            break;
        }
    }
}

spmvp_status spmvp_json_bad(const spmvp_json_reader *r, const char *prefix, const char *key, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *dot = (*prefix && *key && *key != '[') ? "." : "";
    return spmvp_fail(SPMVP_ERR_PARSE, "%s: %s%s%s: %s", r->name, prefix, dot, key, msg);
}

/* How a value reads in "expected X, got Y". */
const char *spmvp_json_kind(const cJSON *it)
{
    if (cJSON_IsNull(it)) return "null";
    if (cJSON_IsTrue(it)) return "true";
    if (cJSON_IsFalse(it)) return "false";
    if (cJSON_IsNumber(it)) return "a number";
    if (cJSON_IsString(it)) return "a string";
    if (cJSON_IsArray(it)) return "an array";
    if (cJSON_IsObject(it)) return "an object";
    return "something else";
}

spmvp_status spmvp_json_member(const spmvp_json_reader *r, const cJSON *obj, const char *prefix, const char *key,
                               const cJSON **out)
{
    *out = cJSON_GetObjectItemCaseSensitive(obj, key);
    return *out ? SPMVP_OK : spmvp_json_bad(r, prefix, key, "missing");
}

spmvp_status spmvp_json_get_object(const spmvp_json_reader *r, const cJSON *obj, const char *prefix,
                                   const char *key, const cJSON **out)
{
    SPMVP_TRY(spmvp_json_member(r, obj, prefix, key, out));
    return cJSON_IsObject(*out) ? SPMVP_OK : spmvp_json_bad(r, prefix, key, "expected an object, got %s", spmvp_json_kind(*out));
}

spmvp_status spmvp_json_get_array(const spmvp_json_reader *r, const cJSON *obj, const char *prefix,
                                  const char *key, const cJSON **out)
{
    SPMVP_TRY(spmvp_json_member(r, obj, prefix, key, out));
    return cJSON_IsArray(*out) ? SPMVP_OK : spmvp_json_bad(r, prefix, key, "expected an array, got %s", spmvp_json_kind(*out));
}

/* A string item copied into buf[size]; null reads "" when nullable. */
spmvp_status spmvp_json_check_string(const spmvp_json_reader *r, const cJSON *it, const char *prefix,
                                     const char *key, int nullable, char *buf, size_t size)
{
    if (nullable && cJSON_IsNull(it)) {
        buf[0] = 0;
        return SPMVP_OK;
    }
    if (!cJSON_IsString(it) || !it->valuestring)
        return spmvp_json_bad(r, prefix, key, "expected a string%s, got %s", nullable ? " or null" : "", spmvp_json_kind(it));
    size_t len = strlen(it->valuestring);
    if (len >= size)
        return spmvp_json_bad(r, prefix, key, "longer than %zu bytes", size - 1);
    memcpy(buf, it->valuestring, len + 1);
    return SPMVP_OK;
}

spmvp_status spmvp_json_get_string(const spmvp_json_reader *r, const cJSON *obj, const char *prefix,
                                   const char *key, int nullable, char *buf, size_t size)
{
    const cJSON *it;
    SPMVP_TRY(spmvp_json_member(r, obj, prefix, key, &it));
    return spmvp_json_check_string(r, it, prefix, key, nullable, buf, size);
}

/* An integer item in lo..hi. */
spmvp_status spmvp_json_check_int(const spmvp_json_reader *r, const cJSON *it, const char *prefix,
                                  const char *key, long long lo, long long hi, long long *out)
{
    if (!cJSON_IsNumber(it))
        return spmvp_json_bad(r, prefix, key, "expected an integer, got %s", spmvp_json_kind(it));
    double d = it->valuedouble;
    if (!isfinite(d) || d != floor(d))
        return spmvp_json_bad(r, prefix, key, "expected an integer, got %.15g", d);
    if (d < (double)lo)
        return spmvp_json_bad(r, prefix, key, "must be at least %lld, got %.15g", lo, d);
    if (d > (double)hi)
        return spmvp_json_bad(r, prefix, key, "must be at most %lld, got %.15g", hi, d);
    *out = (long long)d;
    return SPMVP_OK;
}

spmvp_status spmvp_json_get_int(const spmvp_json_reader *r, const cJSON *obj, const char *prefix,
                                const char *key, long long lo, long long hi, long long *out)
{
    const cJSON *it;
    SPMVP_TRY(spmvp_json_member(r, obj, prefix, key, &it));
    return spmvp_json_check_int(r, it, prefix, key, lo, hi, out);
}

/* get_int into an int in lo..INT_MAX. */
spmvp_status spmvp_json_get_int32(const spmvp_json_reader *r, const cJSON *obj, const char *prefix,
                                  const char *key, long long lo, int *out)
{
    long long v = 0; /* set on success; the compiler cannot see spmvp_json_bad never returns 0 */
    SPMVP_TRY(spmvp_json_get_int(r, obj, prefix, key, lo, INT32_MAX, &v));
    *out = (int)v;
    return SPMVP_OK;
}

/* A finite number item; at least 0 when nonneg, above 0 when positive. */
spmvp_status spmvp_json_check_double(const spmvp_json_reader *r, const cJSON *it, const char *prefix,
                                     const char *key, int sign, double *out)
{
    if (!cJSON_IsNumber(it))
        return spmvp_json_bad(r, prefix, key, "expected a number, got %s", spmvp_json_kind(it));
    double d = it->valuedouble;
    if (!isfinite(d))
        return spmvp_json_bad(r, prefix, key, "expected a finite number, got %.15g", d);
    /* every number of a profile (µs, GB/s, Hz, coefficients) lies far inside this: beyond it a
     * prediction would overflow to an infinite or meaningless time */
    if (fabs(d) > SPMVP_JSON_MAX_MAGNITUDE)
        return spmvp_json_bad(r, prefix, key, "%.15g is outside the sane range of +-%g", d,
                              SPMVP_JSON_MAX_MAGNITUDE);
    if (sign == SPMVP_JSON_NONNEG && d < 0)
        return spmvp_json_bad(r, prefix, key, "must not be negative, got %.15g", d);
    if (sign == SPMVP_JSON_POSITIVE && !(d > 0))
        return spmvp_json_bad(r, prefix, key, "must be positive, got %.15g", d);
    *out = d;
    return SPMVP_OK;
}

spmvp_status spmvp_json_get_double(const spmvp_json_reader *r, const cJSON *obj, const char *prefix,
                                   const char *key, int sign, double *out)
{
    const cJSON *it;
    SPMVP_TRY(spmvp_json_member(r, obj, prefix, key, &it));
    return spmvp_json_check_double(r, it, prefix, key, sign, out);
}

spmvp_status spmvp_json_get_bool(const spmvp_json_reader *r, const cJSON *obj, const char *prefix,
                                 const char *key, int *out)
{
    const cJSON *it;
    SPMVP_TRY(spmvp_json_member(r, obj, prefix, key, &it));
    if (!cJSON_IsBool(it))
        return spmvp_json_bad(r, prefix, key, "expected true or false, got %s", spmvp_json_kind(it));
    *out = cJSON_IsTrue(it);
    return SPMVP_OK;
}

spmvp_status spmvp_json_read_format(const spmvp_json_reader *r, const cJSON *it, const char *prefix,
                                    const char *key, spmvp_format *out)
{
    if (!cJSON_IsString(it) || !it->valuestring)
        return spmvp_json_bad(r, prefix, key, "expected a format name, got %s", spmvp_json_kind(it));
    int f = spmvp_format_parse(it->valuestring);
    if (f < 0)
        return spmvp_json_bad(r, prefix, key, "unknown format \"%.40s\"", it->valuestring);
    *out = (spmvp_format)f;
    return SPMVP_OK;
}

spmvp_status spmvp_json_read_dist(const spmvp_json_reader *r, const cJSON *it, const char *prefix,
                                  const char *key, spmvp_dist *out)
{
    if (!cJSON_IsString(it) || !it->valuestring)
        return spmvp_json_bad(r, prefix, key, "expected a distribution name, got %s", spmvp_json_kind(it));
    int d = spmvp_dist_parse(it->valuestring);
    if (d < 0)
        return spmvp_json_bad(r, prefix, key, "unknown distribution \"%.40s\"", it->valuestring);
    *out = (spmvp_dist)d;
    return SPMVP_OK;
}

spmvp_status spmvp_json_read_fields(const spmvp_json_reader *r, const cJSON *obj, const char *prefix, void *base,
                                    const spmvp_json_field *f, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *at = (char *)base + f[i].offset;
        const cJSON *it;
        long long v = 0; /* set before use; gcc cannot see that spmvp_json_bad() never returns 0 */
        int iv;
        double d = 0;
        SPMVP_TRY(spmvp_json_member(r, obj, prefix, f[i].key, &it));
        switch (f[i].type) {
        case SPMVP_JSON_STR:
        case SPMVP_JSON_STR_NULL:
            SPMVP_TRY(spmvp_json_check_string(r, it, prefix, f[i].key, f[i].type == SPMVP_JSON_STR_NULL, at, f[i].size));
            break;
        case SPMVP_JSON_INT:
        case SPMVP_JSON_INT_NULL:
            if (f[i].type == SPMVP_JSON_INT_NULL && cJSON_IsNull(it)) {
                v = -1;
            } else if (f[i].type == SPMVP_JSON_INT_NULL && !cJSON_IsNumber(it)) {
                return spmvp_json_bad(r, prefix, f[i].key, "expected an integer or null, got %s", spmvp_json_kind(it));
            } else {
                SPMVP_TRY(spmvp_json_check_int(r, it, prefix, f[i].key, 0, INT32_MAX, &v));
            }
            iv = (int)v;
            memcpy(at, &iv, sizeof iv);
            break;
        case SPMVP_JSON_LL:
            SPMVP_TRY(spmvp_json_check_int(r, it, prefix, f[i].key, 0, SPMVP_JSON_MAX_EXACT, &v));
            memcpy(at, &v, sizeof v);
            break;
        case SPMVP_JSON_BOOL:
            if (!cJSON_IsBool(it))
                return spmvp_json_bad(r, prefix, f[i].key, "expected true or false, got %s", spmvp_json_kind(it));
            iv = cJSON_IsTrue(it);
            memcpy(at, &iv, sizeof iv);
            break;
        case SPMVP_JSON_DBL:
            SPMVP_TRY(spmvp_json_check_double(r, it, prefix, f[i].key, SPMVP_JSON_NONNEG, &d));
            memcpy(at, &d, sizeof d);
            break;
        }
    }
    return SPMVP_OK;
}


spmvp_status spmvp_json_read_per_format(const spmvp_json_reader *r, const cJSON *obj,
                                        const char *at, const char *key,
                                        spmvp_json_format_reader read, void *ctx)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!o)
        return SPMVP_OK;
    if (!cJSON_IsObject(o))
        return spmvp_json_bad(r, at, key, "expected an object, got %s", spmvp_json_kind(o));
    char sub[160], fat[224];
    unsigned char seen[SPMVP_NFORMATS] = {0};
    snprintf(sub, sizeof sub, "%s.%s", at, key);
    for (const cJSON *e = o->child; e; e = e->next) {
        int f = spmvp_format_parse(e->string);
        if (f < 0)
            return spmvp_json_bad(r, sub, e->string, "unknown format");
        if (seen[f]++) /* "ELL" and "ell" name one format */
            return spmvp_json_bad(r, sub, e->string, "format given twice");
        snprintf(fat, sizeof fat, "%s.%s", sub, e->string);
        if (!cJSON_IsObject(e))
            return spmvp_json_bad(r, fat, "", "expected an object, got %s", spmvp_json_kind(e));
        SPMVP_TRY(read(r, e, fat, (spmvp_format)f, ctx));
    }
    return SPMVP_OK;
}

cJSON *spmvp_json_add_numbers(spmvp_json_writer *w, cJSON *arr, const double *v, int n)
{
    char buf[40];
    for (int i = 0; i < n; i++) {
        spmvp_json_format_double(buf, sizeof buf, v[i]);
        spmvp_json_append(w, arr, cJSON_CreateRaw(buf));
    }
    return arr;
}

spmvp_status spmvp_json_read_numbers(const spmvp_json_reader *r, const cJSON *arr, const char *at,
                                     int n, double *v)
{
    char el[300];
    if (!cJSON_IsArray(arr))
        return spmvp_json_bad(r, at, "", "expected an array, got %s", spmvp_json_kind(arr));
    int i = 0;
    for (const cJSON *e = arr->child; e; e = e->next, i++) {
        double d;
        snprintf(el, sizeof el, "%s[%d]", at, i);
        SPMVP_TRY(spmvp_json_check_double(r, e, el, "", SPMVP_JSON_ANY, &d));
        if (i < n)
            v[i] = d;
    }
    if (i != n)
        return spmvp_json_bad(r, at, "", "expected %d numbers, got %d", n, i);
    return SPMVP_OK;
}
