/* train_table.c: the training table in memory and as TSV (train_table.h). */
#include "train_table.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profile_json.h"

#define NFIXED 5                         /* matrix, family, precision, format, mapping */
#define NTIMES 5                         /* us, us_event, us_repeat, convert_us, upload_us */
#define NTIMES_V1 3                      /* the first tables have no setup times */
#define NFIELDS (NFIXED + SPMVP_FV_N + NTIMES + 1) /* ... and the kernel digest */

static const char *const fixed_names[NFIXED] = {"matrix", "family", "precision", "format", "mapping"};
static const char *const time_names[NTIMES] = {"us", "us_event", "us_repeat", "convert_us", "upload_us"};

spmvp_status spmvp_train_table_add(spmvp_train_table *t, const spmvp_train_row *r)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 256;
        spmvp_train_row *p = realloc(t->row, cap * sizeof *p);
        if (!p)
            return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for %zu training rows", cap);
        t->row = p;
        t->cap = cap;
    }
    t->row[t->n++] = *r;
    return SPMVP_OK;
}

void spmvp_train_table_free(spmvp_train_table *t)
{
    if (t) {
        free(t->row);
        memset(t, 0, sizeof *t);
    }
}

static int put_double(FILE *f, double v)
{
    char buf[40];
    if (isnan(v))
        snprintf(buf, sizeof buf, "nan");
    else
        spmvp_json_format_double(buf, sizeof buf, v);
    return fprintf(f, "\t%s", buf) < 0 ? -1 : 0;
}

int spmvp_train_table_write_header(FILE *f, const spmvp_train_table *t)
{
    int e = fprintf(f, "%s", SPMVP_TRAIN_MAGIC) < 0;
    if (t->device[0])
        e |= fprintf(f, "\tdevice=%s", t->device) < 0;
    for (int i = 0; i < t->gather.n; i++) {
        char b[40], g[40];
        spmvp_json_format_double(b, sizeof b, t->gather.bytes[i]);
        spmvp_json_format_double(g, sizeof g, t->gather.ggps[i]);
        e |= fprintf(f, "%s%s:%s", i ? "," : "\tgather=", b, g) < 0;
    }
    e |= fprintf(f, "\n%s", fixed_names[0]) < 0;
    for (int i = 1; i < NFIXED; i++)
        e |= fprintf(f, "\t%s", fixed_names[i]) < 0;
    for (int i = 0; i < SPMVP_FV_N; i++)
        e |= fprintf(f, "\t%s", spmvp_fv_names[i]) < 0;
    for (int i = 0; i < NTIMES; i++)
        e |= fprintf(f, "\t%s", time_names[i]) < 0;
    e |= fprintf(f, "\tkernel\n") < 0;
    return e ? -1 : 0;
}

int spmvp_train_table_write_row(FILE *f, const spmvp_train_row *r)
{
    int e = fprintf(f, "%s\t%s\t%s\t%s\t%s", r->matrix, r->family, spmvp_precision_name(r->prec),
                    spmvp_format_name(r->format), r->mapping) < 0;
    for (int i = 0; i < SPMVP_FV_N; i++)
        e |= put_double(f, r->x[i]);
    e |= put_double(f, r->us) | put_double(f, r->us_event) | put_double(f, r->us_repeat);
    e |= put_double(f, r->convert_us) | put_double(f, r->upload_us);
    e |= fprintf(f, "\t%s\n", r->kernel[0] ? r->kernel : "-") < 0;
    return e ? -1 : 0;
}

spmvp_status spmvp_train_table_save(const spmvp_train_table *t, const char *path)
{
    spmvp_atomic *a;
    SPMVP_TRY(spmvp_atomic_open(path, &a));
    FILE *f = fopen(a->tmp, "wb");
    int e = !f || spmvp_train_table_write_header(f, t);
    for (size_t i = 0; !e && i < t->n; i++)
        e = spmvp_train_table_write_row(f, &t->row[i]);
    int err = errno;
    if (f && fclose(f))
        e = 1, err = errno;
    if (e) {
        spmvp_atomic_abort(a);
        return spmvp_fail(SPMVP_ERR_IO, "%s: cannot write: %s", path, strerror(err));
    }
    return spmvp_atomic_commit(a);
}

/* Splits line at tabs into at most max fields (in place); the count. */
static int split(char *line, char **field, int max)
{
    int n = 0;
    for (char *p = line; n < max;) {
        field[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

static spmvp_status parse_double(const char *path, long line, int i, const char *name,
                                 const char *s, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    if (end == s || *end || errno == ERANGE)
        return spmvp_fail(SPMVP_ERR_PARSE, "%s:%ld: field %d (%s): not a number \"%.40s\"", path,
                          line, i + 1, name, s);
    return SPMVP_OK;
}

static spmvp_status copy_text(const char *path, long line, int i, const char *s, char *dst,
                              size_t size)
{
    if (!*s || strlen(s) >= size)
        return spmvp_fail(SPMVP_ERR_PARSE, "%s:%ld: field %d (%s): %s", path, line, i + 1,
                          fixed_names[i], *s ? "too long" : "empty");
    memcpy(dst, s, strlen(s) + 1);
    return SPMVP_OK;
}

/* A digest as written: 1..15 hex digits, or "-" (not recorded: kernel[0] = 0). */
static spmvp_status parse_kernel(const char *path, long line, int i, const char *s, char *kernel)
{
    kernel[0] = '\0';
    if (!strcmp(s, "-"))
        return SPMVP_OK;
    if (!spmvp_digest_ok(s))
        return spmvp_fail(SPMVP_ERR_PARSE, "%s:%ld: field %d (kernel): \"%.20s\" is not a digest "
                          "(hex digits) or \"-\"", path, line, i + 1, s);
    memcpy(kernel, s, strlen(s) + 1);
    return SPMVP_OK;
}

/* One row of a table of ntimes time columns (NTIMES, or NTIMES_V1 without setup times), and
 * the kernel digest's when `kernel` is 1. */
static spmvp_status parse_row(const char *path, long line, char *text, int ntimes, int kernel,
                              spmvp_train_row *r)
{
    char *field[NFIELDS + 1];
    int n = split(text, field, NFIELDS + 1), want = NFIXED + SPMVP_FV_N + ntimes + kernel;
    if (n != want)
        return spmvp_fail(SPMVP_ERR_PARSE, "%s:%ld: %d fields, expected %d", path, line, n, want);
    memset(r, 0, sizeof *r);
    SPMVP_TRY(copy_text(path, line, 0, field[0], r->matrix, sizeof r->matrix));
    SPMVP_TRY(copy_text(path, line, 1, field[1], r->family, sizeof r->family));
    SPMVP_TRY(copy_text(path, line, 4, field[4], r->mapping, sizeof r->mapping));
    int k = !strcmp(field[2], "single") ? 0 : !strcmp(field[2], "double") ? 1 : -1;
    if (k < 0)
        return spmvp_fail(SPMVP_ERR_PARSE, "%s:%ld: field 3 (precision): \"%.20s\" is not single "
                          "or double", path, line, field[2]);
    r->prec = (spmvp_precision)k;
    int f = spmvp_format_parse(field[3]);
    if (f < 0)
        return spmvp_fail(SPMVP_ERR_PARSE, "%s:%ld: field 4 (format): unknown format \"%.20s\"",
                          path, line, field[3]);
    r->format = (spmvp_format)f;
    for (int i = 0; i < SPMVP_FV_N; i++)
        SPMVP_TRY(parse_double(path, line, NFIXED + i, spmvp_fv_names[i], field[NFIXED + i], &r->x[i]));
    double *times[NTIMES] = {&r->us, &r->us_event, &r->us_repeat, &r->convert_us, &r->upload_us};
    r->convert_us = r->upload_us = NAN;
    for (int i = 0; i < ntimes; i++)
        SPMVP_TRY(parse_double(path, line, NFIXED + SPMVP_FV_N + i, time_names[i],
                               field[NFIXED + SPMVP_FV_N + i], times[i]));
    if (!(r->us > 0) || !isfinite(r->us))
        return spmvp_fail(SPMVP_ERR_PARSE, "%s:%ld: field %d (us): a time must be above 0", path,
                          line, NFIXED + SPMVP_FV_N + 1);
    if (kernel)
        return parse_kernel(path, line, want - 1, field[want - 1], r->kernel);
    return SPMVP_OK;
}

/* The gather curve of a first line, "B:R,B:R,..." (at most SPMVP_GATHER_MAX_POINTS windows
 * that spmvp_gather_curve_check accepts). */
static spmvp_status parse_gather(const char *path, char *text, spmvp_gather_curve *g)
{
    memset(g, 0, sizeof *g);
    int bad = 0, at = 0;
    for (char *p = text, *next; p && !bad; p = next) {
        next = strchr(p, ',');
        if (next)
            *next++ = '\0';
        char *colon = strchr(p, ':'), *end;
        at = g->n;
        bad = !colon || g->n == SPMVP_GATHER_MAX_POINTS;
        if (!bad) {
            *colon = '\0';
            g->bytes[g->n] = strtod(p, &end);
            bad = end == p || *end;
            g->ggps[g->n] = strtod(colon + 1, &end);
            bad |= end == colon + 1 || *end;
            g->n += !bad;
        }
    }
    /* the first window at fault, in order: one the check refuses before one not parsed */
    int before;
    if (spmvp_gather_curve_check(g, &before))
        bad = 1, at = before;
    if (bad) {
        memset(g, 0, sizeof *g);
        return spmvp_fail(SPMVP_ERR_PARSE, "%s:1: gather: window %d is not BYTES:RATE with "
                          "windows increasing and rates above 0 (at most %d)", path, at + 1,
                          SPMVP_GATHER_MAX_POINTS);
    }
    return SPMVP_OK;
}

/* The first line after the magic: tab-separated KEY=VALUE (device=, gather=; others are
 * ignored, for tables of later versions). */
static spmvp_status parse_first_line(const char *path, char *rest, spmvp_train_table *t)
{
    for (char *p = rest; p && *p;) {
        char *next = strchr(++p, '\t'); /* p was at a tab */
        if (next)
            *next = '\0';
        if (!strncmp(p, "device=", 7))
            snprintf(t->device, sizeof t->device, "%s", p + 7);
        else if (!strncmp(p, "gather=", 7))
            SPMVP_TRY(parse_gather(path, p + 7, &t->gather));
        if (next)
            *next = '\t'; /* the next pass steps over it */
        p = next;
    }
    return SPMVP_OK;
}

/* Reads one line into *buf (grown as needed); its length, 0 at the end, -1 out of memory.
 * *newline says whether it ended in '\n' (removed). */
static long read_line(FILE *f, char **buf, size_t *cap, int *newline)
{
    size_t n = 0;
    int c;
    *newline = 0;
    while ((c = getc(f)) != EOF) {
        if (n + 2 > *cap) {
            size_t nc = *cap ? 2 * *cap : 1024;
            char *p = realloc(*buf, nc);
            if (!p)
                return -1;
            *buf = p;
            *cap = nc;
        }
        if (c == '\n') {
            *newline = 1;
            break;
        }
        (*buf)[n++] = (char)c;
    }
    if (n || *newline)
        (*buf)[n] = '\0';
    return (long)n + *newline;
}

spmvp_status spmvp_train_table_read(const char *path, spmvp_train_table *t, int *dropped)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return spmvp_fail(SPMVP_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    char *buf = NULL;
    size_t cap = 0;
    long line = 0, len;
    int nl, ntimes = NTIMES, kernel = 1;
    spmvp_status st = SPMVP_OK;
    if (dropped)
        *dropped = 0;
    while (!st && (len = read_line(f, &buf, &cap, &nl)) > 0) {
        line++;
        if (line == 1) {
            size_t m = strlen(SPMVP_TRAIN_MAGIC);
            if (strncmp(buf, SPMVP_TRAIN_MAGIC, m) || (buf[m] && buf[m] != '\t'))
                st = spmvp_fail(SPMVP_ERR_PARSE, "%s:1: not a training table (the first line "
                                "is not \"%s\")", path, SPMVP_TRAIN_MAGIC);
            else
                st = parse_first_line(path, buf + m, t);
            continue;
        }
        if (line == 2) {
            char *field[NFIELDS + 1];
            int n = split(buf, field, NFIELDS + 1);
            ntimes = n == NFIXED + SPMVP_FV_N + NTIMES_V1 ? NTIMES_V1 : NTIMES;
            kernel = n == NFIXED + SPMVP_FV_N + NTIMES + 1;
            t->all_columns = ntimes == NTIMES && kernel;
            for (int i = 0; !st && i < NFIXED + SPMVP_FV_N + ntimes + kernel; i++) {
                const char *want = i < NFIXED ? fixed_names[i]
                                   : i < NFIXED + SPMVP_FV_N ? spmvp_fv_names[i - NFIXED]
                                   : i < NFIXED + SPMVP_FV_N + ntimes ? time_names[i - NFIXED - SPMVP_FV_N]
                                                                      : "kernel";
                if (i >= n || strcmp(field[i], want))
                    st = spmvp_fail(SPMVP_ERR_PARSE, "%s:2: column %d is \"%.30s\", expected "
                                    "\"%s\" (a table of another spmvp version?)", path, i + 1,
                                    i < n ? field[i] : "", want);
            }
            continue;
        }
        if (!nl) { /* an interrupted last write */
            if (dropped)
                (*dropped)++;
            break;
        }
        spmvp_train_row r;
        if (!(st = parse_row(path, line, buf, ntimes, kernel, &r)))
            st = spmvp_train_table_add(t, &r);
    }
    if (!st && len < 0)
        st = spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory for a line", path);
    if (!st && ferror(f))
        st = spmvp_fail(SPMVP_ERR_IO, "%s: read error", path);
    if (!st && line < 2)
        st = spmvp_fail(SPMVP_ERR_PARSE, "%s:%ld: not a training table (no header)", path, line + 1);
    free(buf);
    fclose(f);
    return st;
}

long spmvp_train_table_find(const spmvp_train_table *t, const char *matrix, spmvp_precision k,
                            spmvp_format f, const char *mapping)
{
    for (size_t i = 0; i < t->n; i++) {
        const spmvp_train_row *r = &t->row[i];
        if (r->prec == k && r->format == f && !strcmp(r->matrix, matrix) && !strcmp(r->mapping, mapping))
            return (long)i;
    }
    return -1;
}

static const spmvp_train_table *sort_table; /* qsort has no context argument */

static int by_matrix(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    const spmvp_train_row *x = &sort_table->row[i], *y = &sort_table->row[j];
    int c = strcmp(x->matrix, y->matrix);
    if (!c)
        c = (int)x->prec - (int)y->prec;
    return c ? c : (i > j) - (i < j);
}

void spmvp_train_table_sort_by_matrix(const spmvp_train_table *t, size_t *idx, size_t n)
{
    sort_table = t;
    qsort(idx, n, sizeof *idx, by_matrix);
}

spmvp_status spmvp_train_table_families(const spmvp_train_table *t, const char ***family,
                                        int *n, int *fam_of)
{
    const char **fam = malloc((t->n ? t->n : 1) * sizeof *fam);
    *family = NULL;
    *n = 0;
    if (!fam)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the families");
    int k = 0;
    for (size_t i = 0; i < t->n; i++) {
        int j = 0;
        while (j < k && strcmp(fam[j], t->row[i].family))
            j++;
        if (j == k)
            fam[k++] = t->row[i].family;
        if (fam_of)
            fam_of[i] = j;
    }
    *family = fam;
    *n = k;
    return SPMVP_OK;
}

void spmvp_train_table_kernels(const spmvp_train_table *t, struct spmvp_kernel_record *out)
{
    enum { MAXD = 32 }; /* distinct digests counted per format: a table holds a few sessions' */
    memset(out, 0, SPMVP_NFORMATS * sizeof *out);
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        struct spmvp_kernel_record d[MAXD];
        int nd = 0;
        for (size_t i = 0; i < t->n; i++) {
            const spmvp_train_row *r = &t->row[i];
            if ((int)r->format != f)
                continue;
            out[f].of++;
            if (!r->kernel[0])
                continue;
            int j = 0;
            while (j < nd && strcmp(d[j].digest, r->kernel))
                j++;
            if (j == nd && nd < MAXD) {
                snprintf(d[nd].digest, sizeof d[nd].digest, "%s", r->kernel);
                d[nd++].rows = 0;
            }
            if (j < nd)
                d[j].rows++;
        }
        for (int j = 0; j < nd; j++) /* the first to lead keeps a tie */
            if (d[j].rows > out[f].rows) {
                memcpy(out[f].digest, d[j].digest, sizeof out[f].digest);
                out[f].rows = d[j].rows;
            }
    }
}
