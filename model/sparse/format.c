/* format.c: the table of formats (one row each) and the device-plan helpers. */
#include "format.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The descriptors, each defined beside its conversion (csr_formats.c, ell.c, jad.c, coo.c,
 * hyb.c, csr_adaptive.c). The table's order is the spmvp_format ids'. */
extern const spmvp_format_desc spmvp_format_csr_scalar, spmvp_format_csr_vector,
    spmvp_format_ell, spmvp_format_jad, spmvp_format_coo, spmvp_format_hyb;
extern const spmvp_format_desc spmvp_format_ellr, spmvp_format_sell, spmvp_format_brc,
    spmvp_format_csr_adaptive;

static const spmvp_format_desc *const formats[SPMVP_NFORMATS] = {
    [SPMVP_CSR_SCALAR] = &spmvp_format_csr_scalar,
    [SPMVP_CSR_VECTOR] = &spmvp_format_csr_vector,
    [SPMVP_ELL] = &spmvp_format_ell,
    [SPMVP_JAD] = &spmvp_format_jad,
    [SPMVP_COO] = &spmvp_format_coo,
    [SPMVP_HYB] = &spmvp_format_hyb,
    [SPMVP_ELLR] = &spmvp_format_ellr, /* ellr.c */
    [SPMVP_SELL] = &spmvp_format_sell, /* sell.c */
    [SPMVP_BRC] = &spmvp_format_brc,   /* brc.c */
    [SPMVP_CSR_ADAPTIVE] = &spmvp_format_csr_adaptive, /* csr_adaptive.c */
};

spmvp_mapping spmvp_mapping_auto(void)
{
    spmvp_mapping m = {.hyb_width = -1}; /* every other member 0: auto */
    return m;
}

const spmvp_format_desc *spmvp_format_get(spmvp_format f)
{
    return (f >= 0 && f < SPMVP_NFORMATS) ? formats[f] : NULL;
}

const char *spmvp_format_name(spmvp_format f)
{
    const spmvp_format_desc *d = spmvp_format_get(f);
    return d ? d->name : "?";
}

int spmvp_format_parse(const char *name)
{
    for (int f = 0; name && f < SPMVP_NFORMATS; f++)
        if (!strcasecmp(name, formats[f]->name))
            return f;
    return -1;
}

void spmvp_format_list(const char *sep, char *buf, size_t size)
{
    size_t len = 0;
    if (!size)
        return;
    buf[0] = 0;
    for (int f = 0; f < SPMVP_NFORMATS && len < size; f++) {
        int k = snprintf(buf + len, size - len, "%s%s", f ? sep : "", formats[f]->name);
        len += k > 0 ? (size_t)k : 0;
    }
}

const spmvp_mapping_param *const *spmvp_mapping_params(size_t *n)
{
    /* collected once: the table is constant */
    static const spmvp_mapping_param *all[64];
    static size_t count = 0, done = 0;
    if (!done) {
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            for (const spmvp_mapping_param *p = formats[f]->params; p && p->name; p++) {
                size_t k = 0;
                while (k < count && strcmp(all[k]->name, p->name))
                    k++;
                if (k == count && count < sizeof all / sizeof all[0])
                    all[count++] = p;
            }
        done = 1;
    }
    *n = count;
    return all;
}

int *spmvp_mapping_value(spmvp_mapping *m, const spmvp_mapping_param *p)
{
    return (int *)((char *)m + p->offset);
}

void spmvp_format_resolve(spmvp_format f, const spmvp_rowlen_stats *s, unsigned warp,
                          spmvp_mapping *m)
{
    const spmvp_format_desc *d = spmvp_format_get(f);
    if (d && d->resolve)
        d->resolve(s, warp, m);
}

void spmvp_format_mapping_label(spmvp_format f, const spmvp_mapping *m, char *buf, size_t size)
{
    const spmvp_format_desc *d = spmvp_format_get(f);
    if (size)
        buf[0] = 0;
    if (d && d->mapping_label)
        d->mapping_label(m, buf, size);
}

spmvp_status spmvp_format_plan(spmvp_format f, const spmvp_csr *A, const spmvp_mapping *m,
                               const spmvp_target *t, spmvp_plan *out)
{
    const spmvp_format_desc *d = spmvp_format_get(f);
    memset(out, 0, sizeof *out);
    if (!d)
        return spmvp_fail(SPMVP_ERR_ARG, "unknown format %d", (int)f);
    spmvp_status st = d->plan(A, m, t, out);
    if (st)
        spmvp_plan_release(out);
    return st;
}

spmvp_status spmvp_format_work(spmvp_format f, const spmvp_csr *A, const spmvp_rowlen_stats *s,
                               const spmvp_mapping *m, const spmvp_target *t, spmvp_work *w)
{
    const spmvp_format_desc *d = spmvp_format_get(f);
    memset(w, 0, sizeof *w);
    if (!d || d->version < 2 || !d->work)
        return spmvp_fail(SPMVP_ERR_ARG, "format %s has no work model", spmvp_format_name(f));
    return d->work(A, s, m, t, w);
}

int spmvp_vector_width_for_mean(double mean, unsigned warp)
{
    int v = 1;
    while ((unsigned)(2 * v) <= warp && 2 * v <= mean / 2)
        v *= 2;
    return v;
}

int spmvp_vector_width_auto(const spmvp_csr *A, unsigned warp)
{
    return spmvp_vector_width_for_mean(A->nrows ? (double)A->nnz / A->nrows : 0.0, warp);
}

/* ---- plans ---- */

int spmvp_plan_add_array(spmvp_plan *p, const char *what, spmvp_array_kind kind, const void *host,
                         size_t n)
{
    spmvp_plan_array *a = &p->array[p->narrays];
    a->what = what;
    a->kind = kind;
    a->host = host;
    a->n = n;
    return p->narrays++;
}

spmvp_plan_launch *spmvp_plan_add_launch(spmvp_plan *p, const char *file, const char *kernel,
                                         size_t items, size_t wg)
{
    spmvp_plan_launch *l = &p->launch[p->nlaunches++];
    memset(l, 0, sizeof *l);
    l->file = file;
    l->kernel = kernel;
    l->items = wg ? (items + wg - 1) / wg * wg : items;
    return l;
}

static void add_arg(spmvp_plan_launch *l, spmvp_arg_kind kind, int value)
{
    l->arg[l->nargs].kind = kind;
    l->arg[l->nargs].value = value;
    l->nargs++;
}

void spmvp_plan_arg_int(spmvp_plan_launch *l, long long v) { add_arg(l, SPMVP_ARG_INT, (int)v); }
void spmvp_plan_arg_array(spmvp_plan_launch *l, int array) { add_arg(l, SPMVP_ARG_ARRAY, array); }
void spmvp_plan_arg_x(spmvp_plan_launch *l) { add_arg(l, SPMVP_ARG_X, 0); }
void spmvp_plan_arg_y(spmvp_plan_launch *l) { add_arg(l, SPMVP_ARG_Y, 0); }

void spmvp_plan_release(spmvp_plan *p)
{
    if (p->release && p->owned)
        p->release(p->owned);
    memset(p, 0, sizeof *p);
}

size_t spmvp_plan_array_elem(const spmvp_plan_array *a, size_t value_size)
{
    return a->kind == SPMVP_ARRAY_INDEX     ? sizeof(spmvp_idx)
           : a->kind == SPMVP_ARRAY_INDEX16 ? sizeof(int16_t)
                                            : value_size;
}

/* The bytes of one array on the device, or SPMVP_ERR_UNSUITABLE past size_t or max_bytes. */
static spmvp_status array_bytes(const spmvp_plan_array *a, size_t value_size,
                                unsigned long long max_bytes, size_t *bytes)
{
    size_t elem = spmvp_plan_array_elem(a, value_size);
    if (a->n > (SIZE_MAX - SPMVP_PLAN_ALIGN) / elem)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s needs %zu x %zu bytes, more than size_t "
                          "holds", a->what, a->n, elem);
    *bytes = a->n * elem;
    if (*bytes > max_bytes)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "%s needs %zu bytes, above the device's max "
                          "allocation of %llu bytes", a->what, *bytes, max_bytes);
    return SPMVP_OK;
}

spmvp_status spmvp_plan_pack(const spmvp_plan *p, size_t value_size, unsigned long long max_bytes,
                             spmvp_plan_layout *out)
{
    spmvp_plan_layout L = {{0}, {0}, 0};
    size_t end = 0; /* the end of the slots so far, a multiple of SPMVP_PLAN_ALIGN */
    memset(out, 0, sizeof *out);
    if (value_size != 4 && value_size != 8)
        return spmvp_fail(SPMVP_ERR_ARG, "value size %zu, not 4 or 8", value_size);
    for (int i = 0; i < p->narrays; i++) {
        size_t bytes = 0;
        spmvp_status st = array_bytes(&p->array[i], value_size, max_bytes, &bytes);
        if (st)
            return st;
        /* an empty array's slot is one line: distinct offsets, nothing ever read there */
        size_t slot = (bytes ? bytes + SPMVP_PLAN_ALIGN - 1 : SPMVP_PLAN_ALIGN) /
                      SPMVP_PLAN_ALIGN * SPMVP_PLAN_ALIGN; /* no overflow: array_bytes */
        if (end > SIZE_MAX - slot)
            return spmvp_fail(SPMVP_ERR_UNSUITABLE, "the format's %d arrays need more bytes "
                              "than size_t holds", p->narrays);
        L.offset[i] = end;
        L.bytes[i] = bytes;
        end += slot;
    }
    if (end > max_bytes)
        return spmvp_fail(SPMVP_ERR_UNSUITABLE, "the format's %d arrays need %zu bytes in one "
                          "buffer, above the device's max allocation of %llu bytes", p->narrays,
                          end, max_bytes);
    L.total = end;
    *out = L;
    return SPMVP_OK;
}

void spmvp_narrow_values(float *f, const double *a, size_t n)
{
#pragma omp parallel for schedule(static) if (n >= SPMVP_NARROW_PAR_MIN)
    for (size_t i = 0; i < n; i++)
        f[i] = (float)a[i];
}
