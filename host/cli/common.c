/* common.c: helpers shared by the subcommands: errors, numbers, device opening, JSON. */
#define _POSIX_C_SOURCE 200809L /* stat */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *const spmvp_precision_choices[] = {"single", "double", NULL};

int spmvp_cli_error(int code, const char *fmt, ...)
{
    va_list ap;
    fputs("spmvp: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}

int spmvp_cli_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

spmvp_status spmvp_cli_open(const char *spec, const char *cl_dir, spmvp_context **ctx)
{
    spmvp_status st = spmvp_context_open(spec, ctx);
    if (!st)
        (*ctx)->cl_dir = cl_dir;
    return st;
}

cJSON *spmvp_json_doc(const char *command)
{
    cJSON *d = cJSON_CreateObject();
    cJSON_AddStringToObject(d, "schema", "spmvp-output");
    cJSON_AddNumberToObject(d, "schema_version", SPMVP_OUTPUT_SCHEMA_VERSION);
    cJSON_AddStringToObject(d, "spmvp_version", SPMVP_VERSION);
    cJSON_AddStringToObject(d, "command", command);
    return d;
}

cJSON *spmvp_json_matrix(const char *name, const spmvp_rowlen_stats *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddNumberToObject(o, "rows", (double)s->rows);
    cJSON_AddNumberToObject(o, "cols", (double)s->cols);
    cJSON_AddNumberToObject(o, "nnz", (double)s->nnz);
    cJSON_AddNumberToObject(o, "max_row_length", (double)s->max);
    cJSON_AddNumberToObject(o, "mean_row_length", s->mean);
    return o;
}

cJSON *spmvp_json_profile_device(const spmvp_profile *p, const char *path)
{
    cJSON *o = spmvp_profile_device_json(p);
    if (o) {
        cJSON_AddStringToObject(o, "source", "profile");
        cJSON_AddStringToObject(o, "profile", path);
    }
    return o;
}

void spmvp_json_add_number(cJSON *o, const char *key, double v)
{
    if (isfinite(v))
        cJSON_AddNumberToObject(o, key, v);
    else
        cJSON_AddNullToObject(o, key);
}

/* Prints a cJSON document on stdout followed by a newline; 1 on success. */
static int print_json(cJSON *doc)
{
    char *s = doc ? cJSON_Print(doc) : NULL;
    if (!s)
        return 0;
    puts(s);
    cJSON_free(s);
    return 1;
}

int spmvp_cli_emit_json(cJSON *doc)
{
    int ok = print_json(doc);
    cJSON_Delete(doc);
    return ok ? SPMVP_EXIT_OK : spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory printing JSON");
}

cJSON *spmvp_device_json(const spmvp_device_info *di)
{
    cJSON *o = cJSON_CreateObject();
    char id[32];
    cJSON_AddStringToObject(o, "source", "opencl");
    snprintf(id, sizeof id, "%d:%d", di->platform_index, di->device_index);
    cJSON_AddStringToObject(o, "id", id);
    cJSON_AddStringToObject(o, "platform", di->platform_name);
    cJSON_AddStringToObject(o, "name", di->name);
    cJSON_AddStringToObject(o, "vendor", di->vendor);
    cJSON_AddStringToObject(o, "driver", di->driver);
    cJSON_AddStringToObject(o, "opencl_version", di->version);
    cJSON_AddStringToObject(o, "type", di->type);
    cJSON_AddNumberToObject(o, "compute_units", di->compute_units);
    cJSON_AddNumberToObject(o, "max_work_group_size", (double)di->max_wg_size);
    cJSON_AddNumberToObject(o, "warp_size", di->warp_size);
    cJSON_AddStringToObject(o, "warp_size_source", di->warp_source ? di->warp_source : "");
    if (di->cc_major >= 0) {
        char cc[16];
        snprintf(cc, sizeof cc, "%d.%d", di->cc_major, di->cc_minor);
        cJSON_AddStringToObject(o, "compute_capability", cc);
    } else {
        cJSON_AddNullToObject(o, "compute_capability");
    }
    cJSON_AddNumberToObject(o, "local_mem_bytes", (double)di->local_mem);
    cJSON_AddNumberToObject(o, "global_mem_bytes", (double)di->global_mem);
    cJSON_AddNumberToObject(o, "max_alloc_bytes", (double)di->max_alloc);
    cJSON_AddNumberToObject(o, "cache_line_bytes", di->cache_line);
    cJSON_AddNumberToObject(o, "cache_bytes", (double)di->cache_size);
    cJSON_AddNumberToObject(o, "clock_mhz", di->clock_mhz);
    if (di->bus_width > 0)
        cJSON_AddNumberToObject(o, "memory_bus_width_bits", di->bus_width);
    else
        cJSON_AddNullToObject(o, "memory_bus_width_bits");
    cJSON_AddStringToObject(o, "memory_bus_width_source", di->bus_source ? di->bus_source : "");
    cJSON_AddBoolToObject(o, "fp64", di->fp64);
    cJSON_AddNumberToObject(o, "threads_per_compute_unit", di->threads_per_cu);
    cJSON_AddStringToObject(o, "threads_per_compute_unit_source", di->threads_source ? di->threads_source : "");
    cJSON_AddNumberToObject(o, "half_warps_per_compute_unit", di->half_warps_per_cu);
    cJSON_AddNumberToObject(o, "strip_csr_vector", (double)di->strip_csr_vector);
    cJSON_AddNumberToObject(o, "strip_csr_scalar", (double)di->strip_csr_scalar);
    cJSON_AddNumberToObject(o, "strip_ell", (double)di->strip_csr_scalar);
    cJSON_AddNumberToObject(o, "strip_jad", (double)di->strip_csr_scalar);
    return o;
}

/* One line on stderr naming the formats whose training rows in p ran other kernels than this
 * spmvp runs (kernel_digest.h): what the profile predicts for them, this spmvp may no longer
 * run. Silent for a profile that records no digests (trained before 2026-11-28). */
static void note_kernels(const spmvp_profile *p, const char *path)
{
    char names[256] = "";
    size_t len = 0;
    unsigned char stale[SPMVP_NFORMATS];
    spmvp_profile_stale_kernels(p, stale);
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        const struct spmvp_kernel_record *k = &p->training.kernels[f];
        if (!stale[f])
            continue;
        int w = snprintf(names + len, sizeof names - len, "%s%s (%lld of %lld rows)", len ? ", " : "",
                         spmvp_format_get((spmvp_format)f)->label, k->rows, k->of);
        if (w > 0 && (size_t)w < sizeof names - len)
            len += (size_t)w;
    }
    if (len)
        fprintf(stderr, "spmvp: note: %s was trained on other kernels than this spmvp's for %s: "
                "their predictions may be stale until a device trains them again\n", path, names);
}

spmvp_status spmvp_cli_load_profile(const char *path, size_t value_size, spmvp_profile **p,
                                    spmvp_predictor *pred)
{
    spmvp_status st = spmvp_profile_load(path, p);
    if (!st)
        note_kernels(*p, path);
    if (!st)
        st = spmvp_predictor_init(pred, *p, path, value_size);
    if (st)
        *p = spmvp_profile_free(*p);
    return st;
}

int spmvp_cli_parse_formats(const char *value, void *dest)
{
    spmvp_format_list_arg *l = dest;
    char buf[256], names[256];
    snprintf(buf, sizeof buf, "%s", value);
    l->n = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        int f = spmvp_format_parse(tok);
        if (f < 0 || l->n == SPMVP_NFORMATS) {
            spmvp_format_list(", ", names, sizeof names);
            spmvp_fail(SPMVP_ERR_ARG, "unknown format \"%s\" (%s)", tok, names);
            return -1;
        }
        l->formats[l->n++] = f;
    }
    if (!l->n) {
        spmvp_fail(SPMVP_ERR_ARG, "the list is empty");
        return -1;
    }
    return 0;
}

int spmvp_cli_parse_format(const char *value, void *dest)
{
    char names[256];
    int f = spmvp_format_parse(value);
    if (f < 0) {
        spmvp_format_list(", ", names, sizeof names);
        spmvp_fail(SPMVP_ERR_ARG, "unknown format \"%s\" (%s)", value, names);
        return -1;
    }
    *(int *)dest = f;
    return 0;
}

void spmvp_cli_format_names(char *buf, size_t size) { spmvp_format_list(", ", buf, size); }

int spmvp_cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) || stat(b, &sb))
        return 0; /* one does not exist: not the same */
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int spmvp_cli_refuse_input(const char *cmd, const char *out, const char *const *inputs, int n)
{
    for (int i = 0; i < n; i++)
        if (inputs[i] && spmvp_cli_same_file(inputs[i], out))
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "%s: the output %s is the input %s: write "
                                   "elsewhere (spmvp never writes over its inputs)", cmd, out, inputs[i]);
    return 0;
}


int spmvp_cli_rank_model(const spmvp_predictor *pred, const char *model, const char *profile,
                         int *rc)
{
    if (model) {
        int m = spmvp_model_parse(model);
        if (m < 0)
            return *rc = spmvp_cli_error(SPMVP_EXIT_USAGE, "--model: unknown model \"%s\"", model), -1;
        if (!spmvp_predictor_variant_has(pred, m))
            return *rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: model %s has no data at this "
                                         "precision (spmvp train)", profile, model), -1;
        return m;
    }
    int m = spmvp_rank_default_model(pred);
    if (m < 0)
        *rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: no trained model at %s precision: train one "
                              "with `spmvp train` (ranking needs a learned model)", profile,
                              spmvp_precision_name(pred->prec));
    return m;
}

cJSON *spmvp_json_ranked_doc(const char *command, const char *name, const spmvp_csr *A,
                             const spmvp_predictor *pred, const char *profile, int model)
{
    cJSON *doc = spmvp_json_doc(command);
    cJSON *mo = cJSON_AddObjectToObject(doc, "matrix");
    cJSON_AddStringToObject(mo, "name", name);
    cJSON_AddNumberToObject(mo, "rows", A->nrows);
    cJSON_AddNumberToObject(mo, "cols", A->ncols);
    cJSON_AddNumberToObject(mo, "nnz", (double)A->nnz);
    cJSON_AddItemToObject(doc, "profile_device", spmvp_json_profile_device(pred->profile, profile));
    cJSON_AddStringToObject(doc, "precision", spmvp_precision_name(pred->prec));
    cJSON_AddStringToObject(doc, "model", spmvp_model_name(model));
    return doc;
}

int spmvp_cli_rank(const char *profile, const char *model, const char *matrix, spmvp_csr *A,
                   size_t value_size, spmvp_cli_ranked *out)
{
    int rc = SPMVP_EXIT_OK;
    memset(out, 0, sizeof *out);
    out->A = A;
    if (spmvp_cli_load_profile(profile, value_size, &out->profile, &out->pred))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    if ((out->model = spmvp_cli_rank_model(&out->pred, model, profile, &rc)) < 0)
        return rc;
    if (!A && spmvp_matrix_load(matrix, &out->A))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    out->own_A = !A;
    if (!(out->s = spmvp_rowlen_stats_from_csr(out->A)) ||
        spmvp_rank_configs(&out->pred, out->model, out->A, out->s, &out->e, &out->n,
                           &out->features_us, &out->predict_us))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", out->s ? spmvp_last_error() : "out of memory");
    return SPMVP_EXIT_OK;
}

void spmvp_cli_ranked_release(spmvp_cli_ranked *r)
{
    free(r->e);
    spmvp_rowlen_stats_free(r->s);
    if (r->own_A)
        spmvp_csr_free(r->A);
    spmvp_predictor_release(&r->pred);
    spmvp_profile_free(r->profile);
    memset(r, 0, sizeof *r);
}
