/* profile.c: device profiles in JSON (schema in devices/README.md): written with numbers that
 * read back bit for bit, read with every member checked and named in one-line errors. */
#define _POSIX_C_SOURCE 200809L /* gmtime_r */
#include "profile.h"

#include "model.h"
#include "profile_json.h"
#include "profile_training.h"
#include "setup_cost.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *prec_names[SPMVP_NPRECISIONS] = {"single", "double"};

const char *spmvp_precision_name(spmvp_precision p)
{
    return (p >= 0 && p < SPMVP_NPRECISIONS) ? prec_names[p] : "?";
}

int spmvp_precision_of(size_t value_size)
{
    return value_size == 4 ? SPMVP_PRECISION_SINGLE : value_size == 8 ? SPMVP_PRECISION_DOUBLE : -1;
}

int spmvp_digest_ok(const char *s)
{
    size_t n = strlen(s);
    return n > 0 && n < sizeof ((struct spmvp_kernel_record *)0)->digest &&
           strspn(s, "0123456789abcdef") == n;
}

spmvp_profile *spmvp_profile_new(void)
{
    spmvp_profile *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->schema_version = SPMVP_PROFILE_SCHEMA_VERSION;
    p->device.memory_bus_width_bits = -1;
    for (int i = 0; i < SPMVP_NPRECISIONS; i++) {
        p->prec[i].warmup = 5;
        p->prec[i].runs = 20;
    }
    for (int m = 0; m < spmvp_model_families(); m++) {
        const spmvp_model *d = spmvp_model_family(m);
        int fail = d->root_size && !(p->part[m] = calloc(1, d->root_size));
        for (int i = 0; i < SPMVP_NPRECISIONS; i++)
            fail |= d->prec_size && !(p->prec[i].part[m] = calloc(1, d->prec_size));
        if (fail)
            return spmvp_profile_free(p);
    }
    return p;
}

spmvp_profile *spmvp_profile_free(spmvp_profile *p)
{
    if (p) {
        for (int i = 0; i < SPMVP_NPRECISIONS; i++) {
            spmvp_calib_free(p->prec[i].calib);
            for (int m = 0; m < SPMVP_PROFILE_PARTS_MAX; m++) {
                const spmvp_model *d = spmvp_model_family(m);
                if (d && d->free_prec && p->prec[i].part[m])
                    d->free_prec(p->prec[i].part[m]);
                free(p->prec[i].part[m]);
            }
        }
        for (int m = 0; m < SPMVP_PROFILE_PARTS_MAX; m++)
            free(p->part[m]);
        free(p);
    }
    return NULL;
}

void *spmvp_profile_part(const spmvp_profile *p, const struct spmvp_model *m, int k)
{
    int i = spmvp_model_family_index(m);
    if (!p || i < 0 || k >= SPMVP_NPRECISIONS)
        return NULL;
    return k < 0 ? p->part[i] : p->prec[k].part[i];
}

void spmvp_profile_stamp(spmvp_profile *p, const char *spmvp_version)
{
    time_t now = time(NULL);
    struct tm tm;
    snprintf(p->spmvp_version, sizeof p->spmvp_version, "%s", spmvp_version ? spmvp_version : "");
    if (now != (time_t)-1 && gmtime_r(&now, &tm))
        strftime(p->created, sizeof p->created, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* ---- the fields of "device" and "microbench", for both directions ---- */

#define DEV(m, t) SPMVP_JSON_FIELD(spmvp_device_params, m, t)
static const spmvp_json_field device_fields[] = {
    DEV(name, SPMVP_JSON_STR), DEV(vendor, SPMVP_JSON_STR), DEV(platform, SPMVP_JSON_STR), DEV(driver, SPMVP_JSON_STR),
    DEV(opencl_version, SPMVP_JSON_STR), DEV(type, SPMVP_JSON_STR), DEV(compute_units, SPMVP_JSON_INT),
    DEV(max_work_group_size, SPMVP_JSON_LL), DEV(warp_size, SPMVP_JSON_INT),
    DEV(compute_capability, SPMVP_JSON_STR_NULL), DEV(local_mem_bytes, SPMVP_JSON_LL),
    DEV(global_mem_bytes, SPMVP_JSON_LL), DEV(max_alloc_bytes, SPMVP_JSON_LL), DEV(cache_line_bytes, SPMVP_JSON_INT),
    DEV(cache_bytes, SPMVP_JSON_LL), DEV(clock_mhz, SPMVP_JSON_INT), DEV(memory_bus_width_bits, SPMVP_JSON_INT_NULL),
    DEV(fp64, SPMVP_JSON_BOOL), DEV(threads_per_compute_unit, SPMVP_JSON_INT),
    DEV(half_warps_per_compute_unit, SPMVP_JSON_INT), DEV(strip_csr_vector, SPMVP_JSON_LL),
    DEV(strip_csr_scalar, SPMVP_JSON_LL),
};
#define MB(m, t) SPMVP_JSON_FIELD(spmvp_microbench_params, m, t)
static const spmvp_json_field microbench_fields[] = {
    MB(bytes, SPMVP_JSON_LL), MB(copy_gbs, SPMVP_JSON_DBL), MB(launch_us, SPMVP_JSON_DBL), MB(h2d_gbs, SPMVP_JSON_DBL),
};
#define NFIELDS(a) (sizeof a / sizeof a[0])

/* "device": its fields, then "l2_pin_bytes" where the device pins and "local_from_l1" where
 * its local memory comes out of L1 (absent: 0, as in profiles written before they were
 * recorded). */
static void write_device(spmvp_json_writer *w, cJSON *dev, const spmvp_device_params *d)
{
    spmvp_json_write_fields(w, dev, d, device_fields, NFIELDS(device_fields));
    if (d->l2_pin_bytes > 0)
        spmvp_json_add_int(w, dev, "l2_pin_bytes", d->l2_pin_bytes);
    if (d->local_from_l1)
        spmvp_json_add(w, dev, "local_from_l1", cJSON_CreateTrue());
}

static spmvp_status read_device(const spmvp_json_reader *r, const cJSON *dev, spmvp_device_params *d)
{
    SPMVP_TRY(spmvp_json_read_fields(r, dev, "device", d, device_fields, NFIELDS(device_fields)));
    d->l2_pin_bytes = 0;
    d->local_from_l1 = 0;
    if (cJSON_GetObjectItemCaseSensitive(dev, "local_from_l1"))
        SPMVP_TRY(spmvp_json_get_bool(r, dev, "device", "local_from_l1", &d->local_from_l1));
    if (!cJSON_GetObjectItemCaseSensitive(dev, "l2_pin_bytes"))
        return SPMVP_OK;
    return spmvp_json_get_int(r, dev, "device", "l2_pin_bytes", 0, SPMVP_JSON_MAX_EXACT, &d->l2_pin_bytes);
}

/* "microbench.gather": {"bytes": [...], "ggps": [...], "cache_bytes"}; nothing without a curve. */
static void write_gather(spmvp_json_writer *w, cJSON *mb, const spmvp_gather_curve *g)
{
    cJSON *o, *a;
    if (g->n < 1 || !(o = spmvp_json_add_object(w, mb, "gather")))
        return;
    if ((a = spmvp_json_add(w, o, "bytes", cJSON_CreateArray())))
        spmvp_json_add_numbers(w, a, g->bytes, g->n);
    if ((a = spmvp_json_add(w, o, "ggps", cJSON_CreateArray())))
        spmvp_json_add_numbers(w, a, g->ggps, g->n);
    spmvp_json_add_double(w, o, "cache_bytes", g->cache_bytes);
}

/* An absent "gather" is no curve (profiles trained before 2026-11-24); a present one has 1 to
 * SPMVP_GATHER_MAX_POINTS windows, increasing, each with a rate above 0. */
static spmvp_status read_gather(const spmvp_json_reader *r, const cJSON *mb, spmvp_gather_curve *g)
{
    const cJSON *o, *a;
    memset(g, 0, sizeof *g);
    if (!cJSON_GetObjectItemCaseSensitive(mb, "gather"))
        return SPMVP_OK;
    SPMVP_TRY(spmvp_json_get_object(r, mb, "microbench", "gather", &o));
    SPMVP_TRY(spmvp_json_get_array(r, o, "microbench.gather", "bytes", &a));
    int n = cJSON_GetArraySize(a);
    if (n < 1 || n > SPMVP_GATHER_MAX_POINTS)
        return spmvp_json_bad(r, "microbench.gather", "bytes", "expected 1 to %d windows, got %d",
                              SPMVP_GATHER_MAX_POINTS, n);
    SPMVP_TRY(spmvp_json_read_numbers(r, a, "microbench.gather.bytes", n, g->bytes));
    SPMVP_TRY(spmvp_json_get_array(r, o, "microbench.gather", "ggps", &a));
    SPMVP_TRY(spmvp_json_read_numbers(r, a, "microbench.gather.ggps", n, g->ggps));
    g->n = n;
    int at, bad = spmvp_gather_curve_check(g, &at);
    if (bad) {
        char el[48];
        snprintf(el, sizeof el, "%s[%d]", bad == 1 ? "bytes" : "ggps", at);
        g->n = 0; /* a curve read half-way prices nothing */
        return spmvp_json_bad(r, "microbench.gather", el, "%s", bad == 1 ? "windows must be above 0 "
                              "and increasing" : "a rate must be above 0");
    }
    return spmvp_json_get_double(r, o, "microbench.gather", "cache_bytes", SPMVP_JSON_NONNEG,
                                 &g->cache_bytes);
}

/* The eight elements of a calibration point, as named in messages and devices/README.md. */
static const char *point_names[8] = {"format", "distribution", "vector_width", "I",
                                     "PNZ",    "rows",         "nnz",          "time_us"};


/* A growing string, for the points block. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
    int oom;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    if (b->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->oom = 1;
            return;
        }
        if (b->s && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap : 4096;
        while (cap <= b->len + (size_t)n)
            cap *= 2;
        char *g = realloc(b->s, cap);
        if (!g) {
            b->oom = 1;
            return;
        }
        b->s = g;
        b->cap = cap;
    }
}

/* The points as one raw JSON array, one point per line (cJSON would put thousands on one
 * line), indented for its place at depth 3 of cJSON's tab-indented print. */
static void write_points(spmvp_json_writer *w, cJSON *obj, const spmvp_calib *c)
{
    sbuf b = {0};
    sb_printf(&b, "[");
    for (size_t i = 0; i < c->npoints; i++) {
        const spmvp_calib_point *q = &c->points[i];
        char t[40];
        spmvp_json_format_double(t, sizeof t, q->time_us);
        sb_printf(&b, "%s\n\t\t\t\t[\"%s\", \"%s\", %d, %d, %d, %lld, %lld, %s]", i ? "," : "",
                  spmvp_format_name(q->format), spmvp_dist_name(q->dist), q->vector_width,
                  q->strips, q->pnz, q->rows, q->nnz, t);
    }
    sb_printf(&b, c->npoints ? "\n\t\t\t]" : "]");
    if (b.oom)
        w->oom = 1;
    else
        spmvp_json_add_raw(w, obj, "points", b.s);
    free(b.s);
}

static void write_precision(spmvp_json_writer *w, cJSON *precs, spmvp_precision i, const spmvp_profile_precision *pp)
{
    cJSON *o = spmvp_json_add_object(w, precs, prec_names[i]);
    if (!o)
        return;
    cJSON *cal = spmvp_json_add_object(w, o, "calibration");
    if (cal) {
        spmvp_json_add_string(w, cal, "grid", pp->quick ? "quick" : "full");
        spmvp_json_add_int(w, cal, "warmup", pp->warmup);
        spmvp_json_add_int(w, cal, "runs", pp->runs);
    }
    for (int m = 0; m < spmvp_model_families(); m++) /* each model's part, in registry order */
        if (spmvp_model_family(m)->write_prec)
            spmvp_model_family(m)->write_prec(w, o, pp->calib, pp->part[m]);
    spmvp_training_write_prec(w, o, pp);
    spmvp_setup_write(w, o, pp->setup);
    write_points(w, o, pp->calib);
}

cJSON *spmvp_profile_device_json(const spmvp_profile *p)
{
    spmvp_json_writer w = {0};
    cJSON *dev = cJSON_CreateObject();
    if (dev)
        write_device(&w, dev, &p->device);
    if (w.oom) {
        cJSON_Delete(dev);
        return NULL;
    }
    return dev;
}

/* The unchecked JSON text of p (cJSON's allocator), or NULL when out of memory. */
static char *to_json(const spmvp_profile *p)
{
    spmvp_json_writer w = {0};
    cJSON *root = cJSON_CreateObject();
    if (!root)
        return NULL;
    spmvp_json_add_string(&w, root, "schema", SPMVP_PROFILE_SCHEMA);
    spmvp_json_add_int(&w, root, "schema_version", p->schema_version);
    cJSON *prov = spmvp_json_add_object(&w, root, "provenance");
    if (prov) {
        spmvp_json_add_string(&w, prov, "spmvp_version", p->spmvp_version);
        spmvp_json_add_string(&w, prov, "created", p->created);
        spmvp_json_add_string(&w, prov, "driver", p->device.driver);
    }
    cJSON *dev = spmvp_json_add_object(&w, root, "device");
    if (dev)
        write_device(&w, dev, &p->device);
    cJSON *mb = spmvp_json_add_object(&w, root, "microbench");
    if (mb) {
        spmvp_json_write_fields(&w, mb, &p->microbench, microbench_fields, NFIELDS(microbench_fields));
        write_gather(&w, mb, &p->microbench.gather);
    }
    for (int m = 0; m < spmvp_model_families(); m++)
        if (spmvp_model_family(m)->write_root)
            spmvp_model_family(m)->write_root(&w, root, p->part[m]);
    spmvp_training_write(&w, root, &p->training);
    cJSON *precs = spmvp_json_add_object(&w, root, "precisions");
    for (int i = 0; precs && i < SPMVP_NPRECISIONS; i++)
        if (p->prec[i].calib)
            write_precision(&w, precs, (spmvp_precision)i, &p->prec[i]);
    char *text = w.oom ? NULL : cJSON_Print(root);
    cJSON_Delete(root);
    return text;
}

/* cJSON's print indented with two spaces and "key": value: every raw tab in it is layout,
 * since tabs inside strings are printed as \t. Returns a malloc'd copy or NULL. */
static char *respace(const char *s)
{
    size_t tabs = 0, len = strlen(s);
    for (const char *c = s; *c; c++)
        tabs += *c == '\t';
    char *out = malloc(len + tabs + 1), *o = out;
    if (!out)
        return NULL;
    for (const char *c = s; *c; c++) {
        if (*c != '\t')
            *o++ = *c;
        else if (c > s && c[-1] == ':')
            *o++ = ' ';
        else {
            *o++ = ' ';
            *o++ = ' ';
        }
    }
    *o = 0;
    return out;
}

/* The JSON of p, checked by reading it back, in a malloc'd *out. */
static spmvp_status print_checked(const spmvp_profile *p, const char *name, char **out)
{
    *out = NULL;
    if (!p)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: no profile to write", name);
    char *text = to_json(p);
    if (!text)
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory writing the profile", name);
    spmvp_profile *back = NULL;
    spmvp_status st = spmvp_profile_parse(name, text, &back);
    spmvp_profile_free(back);
    if (st == SPMVP_OK) {
        *out = respace(text);
        if (!*out)
            st = spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory writing the profile", name);
    } else if (st == SPMVP_ERR_PARSE) {
        st = spmvp_fail(SPMVP_ERR_ARG, "%s (not written)", spmvp_last_error());
    }
    cJSON_free(text);
    return st;
}

spmvp_status spmvp_profile_print(const spmvp_profile *p, char **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_profile_print: no output pointer");
    return print_checked(p, "profile", out);
}

spmvp_status spmvp_profile_save(const spmvp_profile *p, const char *path)
{
    if (!path)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_profile_save: no path");
    char *text;
    spmvp_status st = print_checked(p, path, &text);
    if (st)
        return st;
    /* the text and its final newline, whole or not at all (atomic_file.h) */
    size_t len = strlen(text);
    char *buf = realloc(text, len + 2);
    if (!buf) {
        free(text);
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", path);
    }
    buf[len] = '\n';
    st = spmvp_atomic_write(path, buf, len + 1);
    free(buf);
    return st;
}

/* "YYYY-MM-DDTHH:MM:SSZ" with fields in range. */
static int is_iso8601_utc(const char *s)
{
    static const char pattern[] = "dddd-dd-ddTdd:dd:ddZ";
    if (strlen(s) != sizeof pattern - 1)
        return 0;
    for (size_t i = 0; pattern[i]; i++)
        if (pattern[i] == 'd' ? !(s[i] >= '0' && s[i] <= '9') : s[i] != pattern[i])
            return 0;
    int mo = (s[5] - '0') * 10 + s[6] - '0', d = (s[8] - '0') * 10 + s[9] - '0';
    int h = (s[11] - '0') * 10 + s[12] - '0', mi = (s[14] - '0') * 10 + s[15] - '0';
    int se = (s[17] - '0') * 10 + s[18] - '0';
    return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h <= 23 && mi <= 59 && se <= 60;
}

static spmvp_status read_provenance(const spmvp_json_reader *r, const cJSON *root, spmvp_profile *p,
                                    char *driver, size_t driver_size)
{
    const cJSON *o;
    SPMVP_TRY(spmvp_json_get_object(r, root, "", "provenance", &o));
    SPMVP_TRY(spmvp_json_get_string(r, o, "provenance", "spmvp_version", 0, p->spmvp_version, sizeof p->spmvp_version));
    SPMVP_TRY(spmvp_json_get_string(r, o, "provenance", "created", 0, p->created, sizeof p->created));
    if (!is_iso8601_utc(p->created))
        return spmvp_json_bad(r, "provenance", "created",
                   "expected an ISO 8601 UTC time like \"2025-01-31T12:00:00Z\", got \"%.40s\"", p->created);
    return spmvp_json_get_string(r, o, "provenance", "driver", 0, driver, driver_size);
}

static spmvp_status read_point(const spmvp_json_reader *r, const cJSON *a, const char *at, spmvp_calib_point *q)
{
    char el[160];
    long long v[5];
    if (!cJSON_IsArray(a))
        return spmvp_json_bad(r, at, "", "expected an array [format, distribution, vector_width, I, PNZ, "
                              "rows, nnz, time_us], got %s", spmvp_json_kind(a));
    if (cJSON_GetArraySize(a) != 8)
        return spmvp_json_bad(r, at, "", "expected 8 elements [format, distribution, vector_width, I, PNZ, "
                              "rows, nnz, time_us], got %d", cJSON_GetArraySize(a));
    const cJSON *e = a->child;
    snprintf(el, sizeof el, "%s[0] (%s)", at, point_names[0]);
    SPMVP_TRY(spmvp_json_read_format(r, e, el, "", &q->format));
    e = e->next;
    snprintf(el, sizeof el, "%s[1] (%s)", at, point_names[1]);
    SPMVP_TRY(spmvp_json_read_dist(r, e, el, "", &q->dist));
    for (int k = 0; k < 5; k++) {
        e = e->next;
        snprintf(el, sizeof el, "%s[%d] (%s)", at, k + 2, point_names[k + 2]);
        SPMVP_TRY(spmvp_json_check_int(r, e, el, "", 0, k < 3 ? INT32_MAX : SPMVP_JSON_MAX_EXACT, &v[k]));
    }
    q->vector_width = (int)v[0];
    q->strips = (int)v[1];
    q->pnz = (int)v[2];
    q->rows = v[3];
    q->nnz = v[4];
    e = e->next;
    snprintf(el, sizeof el, "%s[7] (%s)", at, point_names[7]);
    return spmvp_json_check_double(r, e, el, "", SPMVP_JSON_NONNEG, &q->time_us);
}

static spmvp_status read_precision(const spmvp_json_reader *r, const cJSON *o, const char *at,
                                   spmvp_profile_precision *pp)
{
    const cJSON *cal, *points, *it;
    char sub[96];
    if (!cJSON_IsObject(o))
        return spmvp_json_bad(r, at, "", "expected an object, got %s", spmvp_json_kind(o));
    SPMVP_TRY(spmvp_json_get_object(r, o, at, "calibration", &cal));
    snprintf(sub, sizeof sub, "%s.calibration", at);
    SPMVP_TRY(spmvp_json_member(r, cal, sub, "grid", &it));
    if (!cJSON_IsString(it) || !it->valuestring)
        return spmvp_json_bad(r, sub, "grid", "expected \"full\" or \"quick\", got %s", spmvp_json_kind(it));
    pp->quick = !strcmp(it->valuestring, "quick");
    if (!pp->quick && strcmp(it->valuestring, "full"))
        return spmvp_json_bad(r, sub, "grid", "expected \"full\" or \"quick\", got \"%.40s\"", it->valuestring);
    SPMVP_TRY(spmvp_json_get_int32(r, cal, sub, "warmup", 0, &pp->warmup));
    SPMVP_TRY(spmvp_json_get_int32(r, cal, sub, "runs", 1, &pp->runs));
    spmvp_calib *c = spmvp_calib_new();
    if (!c)
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", r->name);
    pp->calib = c; /* owned by the profile from here: freed with it on failure */
    for (int m = 0; m < spmvp_model_families(); m++) /* each model's part, then the points */
        if (spmvp_model_family(m)->read_prec)
            SPMVP_TRY(spmvp_model_family(m)->read_prec(r, o, at, c, pp->part[m]));
    SPMVP_TRY(spmvp_training_read_prec(r, o, at, pp));
    SPMVP_TRY(spmvp_setup_read(r, o, at, pp->setup));
    SPMVP_TRY(spmvp_json_get_array(r, o, at, "points", &points));
    int k = 0;
    for (const cJSON *a = points->child; a; a = a->next, k++) {
        char pat[128];
        spmvp_calib_point q;
        snprintf(pat, sizeof pat, "%s.points[%d]", at, k);
        SPMVP_TRY(read_point(r, a, pat, &q));
        if (spmvp_calib_add(c, &q))
            return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", r->name);
    }
    return SPMVP_OK;
}

static spmvp_status read_profile(const spmvp_json_reader *r, const cJSON *root, spmvp_profile *p)
{
    const cJSON *it, *o;
    long long v;
    char driver[sizeof p->device.driver];
    if (!cJSON_IsObject(root))
        return spmvp_fail(SPMVP_ERR_PARSE, "%s: expected a JSON object at the top, got %s",
                          r->name, spmvp_json_kind(root));
    SPMVP_TRY(spmvp_json_member(r, root, "", "schema", &it));
    if (!cJSON_IsString(it) || !it->valuestring)
        return spmvp_json_bad(r, "", "schema", "expected \"%s\", got %s", SPMVP_PROFILE_SCHEMA, spmvp_json_kind(it));
    if (strcmp(it->valuestring, SPMVP_PROFILE_SCHEMA))
        return spmvp_json_bad(r, "", "schema", "expected \"%s\", got \"%.40s\" (not an spmvp device profile)",
                   SPMVP_PROFILE_SCHEMA, it->valuestring);
    SPMVP_TRY(spmvp_json_get_int(r, root, "", "schema_version", 0, SPMVP_JSON_MAX_EXACT, &v));
    if (v != SPMVP_PROFILE_SCHEMA_VERSION)
        return spmvp_json_bad(r, "", "schema_version", "%lld is not supported (this spmvp reads %d)", v,
                   SPMVP_PROFILE_SCHEMA_VERSION);
    p->schema_version = (int)v;
    SPMVP_TRY(read_provenance(r, root, p, driver, sizeof driver));
    SPMVP_TRY(spmvp_json_get_object(r, root, "", "device", &o));
    SPMVP_TRY(read_device(r, o, &p->device));
    if (strcmp(driver, p->device.driver))
        return spmvp_json_bad(r, "provenance", "driver", "\"%.40s\" differs from device.driver \"%.40s\"",
                   driver, p->device.driver);
    SPMVP_TRY(spmvp_json_get_object(r, root, "", "microbench", &o));
    SPMVP_TRY(spmvp_json_read_fields(r, o, "microbench", &p->microbench, microbench_fields, NFIELDS(microbench_fields)));
    SPMVP_TRY(read_gather(r, o, &p->microbench.gather));
    for (int m = 0; m < spmvp_model_families(); m++)
        if (spmvp_model_family(m)->read_root)
            SPMVP_TRY(spmvp_model_family(m)->read_root(r, root, p->part[m]));
    SPMVP_TRY(spmvp_training_read(r, root, &p->training));
    SPMVP_TRY(spmvp_json_get_object(r, root, "", "precisions", &o));
    for (const cJSON *e = o->child; e; e = e->next) {
        int i;
        for (i = 0; i < SPMVP_NPRECISIONS; i++)
            if (!strcmp(e->string, prec_names[i]))
                break;
        if (i == SPMVP_NPRECISIONS)
            return spmvp_json_bad(r, "precisions", e->string, "unknown precision (expected single or double)");
        if (p->prec[i].calib)
            return spmvp_json_bad(r, "precisions", e->string, "given twice");
        char at[32];
        snprintf(at, sizeof at, "precisions.%s", prec_names[i]);
        SPMVP_TRY(read_precision(r, e, at, &p->prec[i]));
    }
    return SPMVP_OK;
}

spmvp_status spmvp_profile_parse(const char *name, const char *text, spmvp_profile **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_profile_parse: no output pointer");
    *out = NULL;
    spmvp_json_reader r = {name ? name : "profile"};
    if (!text)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: no text", r.name);
    const char *end = NULL;
    /* The length counts the terminating NUL: cJSON's require_null_terminated looks for it. */
    cJSON *root = cJSON_ParseWithLengthOpts(text, strlen(text) + 1, &end, 1);
    if (!root) {
        size_t at = (end && end >= text) ? (size_t)(end - text) : 0;
        return spmvp_fail(SPMVP_ERR_PARSE, "%s: not valid JSON near byte %zu", r.name, at);
    }
    spmvp_profile *p = spmvp_profile_new();
    if (!p) {
        cJSON_Delete(root);
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", r.name);
    }
    spmvp_status st = read_profile(&r, root, p);
    cJSON_Delete(root);
    if (st) {
        spmvp_profile_free(p);
        return st;
    }
    *out = p;
    return SPMVP_OK;
}

spmvp_status spmvp_profile_load(const char *path, spmvp_profile **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_profile_load: no output pointer");
    *out = NULL;
    if (!path)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_profile_load: no path");
    FILE *f = fopen(path, "rb");
    if (!f)
        return spmvp_fail(SPMVP_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    char *buf = NULL;
    size_t len = 0, cap = 0;
    spmvp_status st = SPMVP_OK;
    for (;;) {
        if (cap - len < 2) {
            size_t ncap = cap ? 2 * cap : 65536;
            char *g = realloc(buf, ncap);
            if (!g) {
                st = spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", path);
                break;
            }
            buf = g;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0) {
            if (ferror(f))
                st = spmvp_fail(SPMVP_ERR_IO, "%s: cannot read: %s", path, strerror(errno));
            break;
        }
    }
    fclose(f);
    if (st == SPMVP_OK) {
        buf[len] = 0;
        const char *nul = memchr(buf, 0, len);
        if (nul)
            st = spmvp_fail(SPMVP_ERR_PARSE, "%s: not valid JSON near byte %zu (a NUL byte)", path,
                            (size_t)(nul - buf));
        else
            st = spmvp_profile_parse(path, buf, out);
    }
    free(buf);
    return st;
}

const spmvp_calib *spmvp_profile_calib(const spmvp_profile *p, size_t value_size)
{
    int i = spmvp_precision_of(value_size);
    return (p && i >= 0) ? p->prec[i].calib : NULL;
}

spmvp_status spmvp_profile_require(const spmvp_profile *p, const char *path, size_t value_size,
                                   const spmvp_calib **out)
{
    const char *name = path ? path : "profile";
    int i = spmvp_precision_of(value_size);
    if (out)
        *out = NULL;
    if (!p || !out)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: no profile or no output pointer", name);
    if (i < 0)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: value size %zu: expected 4 (single) or 8 (double)",
                          name, value_size);
    if (p->prec[i].calib) {
        *out = p->prec[i].calib;
        return SPMVP_OK;
    }
    const char *other = p->prec[1 - i].calib ? prec_names[1 - i] : NULL;
    if (other)
        return spmvp_fail(SPMVP_ERR_UNSUPPORTED,
                          "%s: precisions.%s: missing (this profile was calibrated for %s precision only)",
                          name, prec_names[i], other);
    return spmvp_fail(SPMVP_ERR_UNSUPPORTED,
                      "%s: precisions.%s: missing (this profile holds no calibration)", name, prec_names[i]);
}
