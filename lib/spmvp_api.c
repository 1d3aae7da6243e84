/* spmvp_api.c: include/spmvp.h, libspmvp's C API for tuners, on the layers' public headers.
 * The layers' headers come first: spmvp.h's copy of the status codes then stays out. */
#include "spmvp_ocl.h"

#include "spmvp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *spmvp_version(void) { return SPMVP_VERSION; }

/* ---- matrices ---- */

struct spmvp_matrix {
    spmvp_csr csr;     /* what the layers see: the caller's arrays or the copies below */
    spmvp_idx *rowptr; /* 32-bit copy of 64-bit row pointers (size nrows+1), or NULL */
    spmvp_idx *colidx; /* 32-bit copy of 64-bit column indices (size nnz), or NULL */
    double *val;       /* double copy of float values (size nnz), or NULL */
};

/* What a matrix without entries points at, so that no layer sees a NULL array. */
static spmvp_idx no_idx[1];
static double no_val[1];

/* Element i of an int32 (wide 0) or int64 (wide 1) array. */
static int64_t at(const void *a, int wide, int64_t i)
{
    return wide ? ((const int64_t *)a)[i] : ((const int32_t *)a)[i];
}

/* Checks the caller's CSR (spmvp.h's rules) and sets *nnz; the first problem fails. */
static spmvp_status check_csr(const char *fn, int64_t nrows, int64_t ncols, const void *rowptr,
                              const void *colidx, int wide, const void *values, size_t value_size,
                              int64_t *nnz)
{
    if (nrows < 0 || ncols < 0)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: negative size %lld x %lld", fn, (long long)nrows,
                          (long long)ncols);
    if (nrows > SPMVP_IDX_MAX || ncols > SPMVP_IDX_MAX)
        return spmvp_fail(SPMVP_ERR_RANGE, "%s: size %lld x %lld above 32-bit indices (%d)", fn,
                          (long long)nrows, (long long)ncols, SPMVP_IDX_MAX);
    if (value_size != 4 && value_size != 8)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: value size %zu is neither 4 (float) nor 8 (double)",
                          fn, value_size);
    if (!rowptr)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: rowptr is NULL", fn);
    if (at(rowptr, wide, 0) != 0)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: rowptr[0] is %lld, not 0", fn,
                          (long long)at(rowptr, wide, 0));
    for (int64_t i = 0; i < nrows; i++)
        if (at(rowptr, wide, i + 1) < at(rowptr, wide, i))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: row %lld: rowptr[%lld] = %lld is below "
                              "rowptr[%lld] = %lld", fn, (long long)i, (long long)(i + 1),
                              (long long)at(rowptr, wide, i + 1), (long long)i,
                              (long long)at(rowptr, wide, i));
    *nnz = at(rowptr, wide, nrows);
    if (*nnz > SPMVP_IDX_MAX)
        return spmvp_fail(SPMVP_ERR_RANGE, "%s: %lld entries, above 32-bit indices (%d)", fn,
                          (long long)*nnz, SPMVP_IDX_MAX);
    if (*nnz > 0 && (!colidx || !values))
        return spmvp_fail(SPMVP_ERR_ARG, "%s: %s is NULL with %lld entries", fn,
                          colidx ? "values" : "colidx", (long long)*nnz);
    for (int64_t i = 0; i < nrows; i++)
        for (int64_t k = at(rowptr, wide, i); k < at(rowptr, wide, i + 1); k++) {
            int64_t c = at(colidx, wide, k);
            if (c < 0 || c >= ncols)
                return spmvp_fail(SPMVP_ERR_ARG, "%s: row %lld, entry %lld: column index %lld "
                                  "out of range [0, %lld)", fn, (long long)i, (long long)k,
                                  (long long)c, (long long)ncols);
            if (k > at(rowptr, wide, i) && c <= at(colidx, wide, k - 1))
                return spmvp_fail(SPMVP_ERR_ARG, "%s: row %lld, entry %lld: column index %lld "
                                  "after %lld (columns must increase within a row)", fn,
                                  (long long)i, (long long)k, (long long)c,
                                  (long long)at(colidx, wide, k - 1));
        }
    return SPMVP_OK;
}

/* spmvp_matrix_from_csr32 and _csr64: check, then borrow what fits the layers, copy the rest. */
static spmvp_status matrix_from_csr(const char *fn, int64_t nrows, int64_t ncols,
                                    const void *rowptr, const void *colidx, int wide,
                                    const void *values, size_t value_size, spmvp_matrix **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: out is NULL", fn);
    *out = NULL;
    int64_t nnz = 0;
    spmvp_status st = check_csr(fn, nrows, ncols, rowptr, colidx, wide, values, value_size, &nnz);
    if (st)
        return st;
    uint64_t copy = 0; /* bytes of the copies, checked against the host budget first */
    if (wide)
        copy = spmvp_bytes_mul((uint64_t)nrows + 1 + (uint64_t)nnz, sizeof(spmvp_idx));
    if (value_size == 4)
        copy = spmvp_bytes_add(copy, spmvp_bytes_mul((uint64_t)nnz, sizeof(double)));
    if (copy && (st = spmvp_host_check(fn, "copy of the matrix", copy)))
        return st;
    spmvp_matrix *A = calloc(1, sizeof *A);
    if (!A)
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", fn);
    A->csr.nrows = (spmvp_idx)nrows;
    A->csr.ncols = (spmvp_idx)ncols;
    A->csr.nnz = (spmvp_idx)nnz;
    A->csr.rowptr = (spmvp_idx *)rowptr; /* the layers only read a const spmvp_csr */
    A->csr.colidx = nnz ? (spmvp_idx *)colidx : no_idx;
    A->csr.val = nnz ? (double *)values : no_val;
    if (wide) {
        A->rowptr = malloc(((size_t)nrows + 1) * sizeof *A->rowptr);
        A->colidx = malloc(((size_t)nnz + 1) * sizeof *A->colidx);
        if (!A->rowptr || !A->colidx)
            goto nomem;
        for (int64_t i = 0; i <= nrows; i++)
            A->rowptr[i] = (spmvp_idx)at(rowptr, 1, i);
        for (int64_t k = 0; k < nnz; k++)
            A->colidx[k] = (spmvp_idx)at(colidx, 1, k);
        A->csr.rowptr = A->rowptr;
        A->csr.colidx = A->colidx;
    }
    if (value_size == 4 && nnz) {
        if (!(A->val = malloc((size_t)nnz * sizeof *A->val)))
            goto nomem;
        for (int64_t k = 0; k < nnz; k++)
            A->val[k] = ((const float *)values)[k];
        A->csr.val = A->val;
    }
    *out = A;
    return SPMVP_OK;
nomem:
    spmvp_matrix_free(A);
    return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", fn);
}

spmvp_status spmvp_matrix_from_csr32(int64_t nrows, int64_t ncols, const int32_t *rowptr,
                                     const int32_t *colidx, const void *values,
                                     size_t value_size, spmvp_matrix **out)
{
    return matrix_from_csr("spmvp_matrix_from_csr32", nrows, ncols, rowptr, colidx, 0, values,
                           value_size, out);
}

spmvp_status spmvp_matrix_from_csr64(int64_t nrows, int64_t ncols, const int64_t *rowptr,
                                     const int64_t *colidx, const void *values,
                                     size_t value_size, spmvp_matrix **out)
{
    return matrix_from_csr("spmvp_matrix_from_csr64", nrows, ncols, rowptr, colidx, 1, values,
                           value_size, out);
}

spmvp_matrix *spmvp_matrix_free(spmvp_matrix *A)
{
    if (A) {
        free(A->rowptr);
        free(A->colidx);
        free(A->val);
        free(A);
    }
    return NULL;
}

int64_t spmvp_matrix_rows(const spmvp_matrix *A) { return A ? A->csr.nrows : -1; }
int64_t spmvp_matrix_cols(const spmvp_matrix *A) { return A ? A->csr.ncols : -1; }
int64_t spmvp_matrix_nnz(const spmvp_matrix *A) { return A ? A->csr.nnz : -1; }

/* ---- predictions ---- */

spmvp_status spmvp_profile_open(const char *path, spmvp_profile **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_profile_open: out is NULL");
    *out = NULL;
    if (!path)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_profile_open: path is NULL");
    return spmvp_profile_load(path, out);
}

struct spmvp_estimate {
    int model;                         /* the trusted model's id, -1: none predicts */
    int best;                          /* its pick (a format id), -1: none */
    double us[SPMVP_NFORMATS];         /* its µs per format, NaN where it has none */
    char params[SPMVP_NFORMATS][64];   /* each format's mapping parameters as predicted */
};

spmvp_status spmvp_predict(const spmvp_profile *p, size_t value_size, const spmvp_matrix *A,
                           spmvp_estimate **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_predict: out is NULL");
    *out = NULL;
    if (!p || !A)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_predict: %s is NULL", p ? "the matrix" : "the profile");
    if (value_size != 4 && value_size != 8)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_predict: value size %zu is neither 4 nor 8",
                          value_size);
    spmvp_predictor pred;
    spmvp_status st = spmvp_predictor_init(&pred, p, NULL, value_size);
    if (st)
        return st;
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(&A->csr);
    spmvp_estimate *e = calloc(1, sizeof *e);
    spmvp_prediction pr;
    if (!s || !e)
        st = spmvp_fail(SPMVP_ERR_NOMEM, "spmvp_predict: out of memory");
    else
        st = spmvp_predict_all(&pred, &A->csr, s, &pr);
    if (!st) {
        e->model = pr.trusted;
        e->best = pr.trusted >= 0 ? pr.best[pr.trusted] : -1;
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            e->us[f] = pr.trusted >= 0 ? pr.us[f][pr.trusted] : NAN;
            spmvp_format_mapping_label((spmvp_format)f, &pr.map, e->params[f], sizeof e->params[f]);
        }
        *out = e;
        e = NULL;
    }
    free(e);
    spmvp_rowlen_stats_free(s);
    spmvp_predictor_release(&pred);
    return st;
}

spmvp_estimate *spmvp_estimate_free(spmvp_estimate *e)
{
    free(e);
    return NULL;
}

int spmvp_estimate_count(const spmvp_estimate *e) { return e ? SPMVP_NFORMATS : 0; }

static int in_range(const spmvp_estimate *e, int i) { return e && i >= 0 && i < SPMVP_NFORMATS; }

const char *spmvp_estimate_format(const spmvp_estimate *e, int i)
{
    return in_range(e, i) ? spmvp_format_name((spmvp_format)i) : NULL;
}

const char *spmvp_estimate_params(const spmvp_estimate *e, int i)
{
    return in_range(e, i) ? e->params[i] : NULL;
}

double spmvp_estimate_us(const spmvp_estimate *e, int i) { return in_range(e, i) ? e->us[i] : NAN; }
int spmvp_estimate_best(const spmvp_estimate *e) { return e ? e->best : -1; }

const char *spmvp_estimate_model(const spmvp_estimate *e)
{
    return e && e->model >= 0 ? spmvp_model_name(e->model) : NULL;
}

/* ---- features ---- */

/* Table 1's members in the order of spmvp_feature_name (the training tables' names). */
static const char *const feature_names[] = {"nRows", "nnz", "minNnz", "maxNnz", "modeNnz",
                                            "medianNnz", "minDist", "maxDist", "bandwidth",
                                            "dispersion", "density", "cols"};
#define NFEATURES ((int)(sizeof feature_names / sizeof feature_names[0]))

int spmvp_feature_count(void) { return NFEATURES; }

const char *spmvp_feature_name(int k) { return k >= 0 && k < NFEATURES ? feature_names[k] : NULL; }

spmvp_status spmvp_matrix_features(const spmvp_matrix *A, double *out)
{
    if (!A || !out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_matrix_features: %s is NULL", A ? "out" : "the matrix");
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(&A->csr);
    if (!s)
        return spmvp_fail(SPMVP_ERR_NOMEM, "spmvp_matrix_features: out of memory");
    spmvp_table1 t;
    spmvp_table1_compute(&A->csr, s, &t);
    spmvp_rowlen_stats_free(s);
    const double v[] = {(double)t.rows, (double)t.nnz, (double)t.min_nnz, (double)t.max_nnz,
                        (double)t.mode_nnz, t.median_nnz, (double)t.min_dist, (double)t.max_dist,
                        (double)t.bandwidth, t.dispersion, t.density, (double)t.cols};
    _Static_assert(sizeof v / sizeof v[0] == NFEATURES, "a value per feature name");
    memcpy(out, v, sizeof v);
    return SPMVP_OK;
}

/* ---- ranking ---- */

struct spmvp_ranking {
    int model, n;
    spmvp_rank_entry *e; /* owned */
    unsigned char stale[SPMVP_NFORMATS]; /* the profile's rows ran other kernels (kernel_digest.h) */
};

spmvp_status spmvp_rank(const spmvp_profile *p, size_t value_size, const spmvp_matrix *A,
                        spmvp_ranking **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_rank: out is NULL");
    *out = NULL;
    if (!p || !A)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_rank: %s is NULL", p ? "the matrix" : "the profile");
    if (value_size != 4 && value_size != 8)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_rank: value size %zu is neither 4 nor 8",
                          value_size);
    spmvp_predictor pred;
    spmvp_status st = spmvp_predictor_init(&pred, p, NULL, value_size);
    if (st)
        return st;
    spmvp_ranking *r = calloc(1, sizeof *r);
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(&A->csr);
    if (!r || !s)
        st = spmvp_fail(SPMVP_ERR_NOMEM, "spmvp_rank: out of memory");
    else if ((r->model = spmvp_rank_default_model(&pred)) < 0)
        st = spmvp_fail(SPMVP_ERR_UNSUPPORTED, "spmvp_rank: the profile has no trained model at "
                        "%s precision (spmvp train)", spmvp_precision_name(pred.prec));
    else
        st = spmvp_rank_configs(&pred, r->model, &A->csr, s, &r->e, &r->n, NULL, NULL);
    if (!st)
        spmvp_profile_stale_kernels(p, r->stale);
    if (!st) {
        *out = r;
        r = NULL;
    }
    spmvp_ranking_free(r);
    spmvp_rowlen_stats_free(s);
    spmvp_predictor_release(&pred);
    return st;
}

spmvp_ranking *spmvp_ranking_free(spmvp_ranking *r)
{
    if (r) {
        free(r->e);
        free(r);
    }
    return NULL;
}

int spmvp_ranking_count(const spmvp_ranking *r) { return r ? r->n : 0; }

static const spmvp_rank_entry *entry(const spmvp_ranking *r, int i)
{
    return r && i >= 0 && i < r->n ? &r->e[i] : NULL;
}

const char *spmvp_ranking_format(const spmvp_ranking *r, int i)
{
    return entry(r, i) ? spmvp_format_name(entry(r, i)->config.format) : NULL;
}

const char *spmvp_ranking_mapping(const spmvp_ranking *r, int i)
{
    return entry(r, i) ? entry(r, i)->mapping : NULL;
}

double spmvp_ranking_us(const spmvp_ranking *r, int i) { return entry(r, i) ? entry(r, i)->us : NAN; }
double spmvp_ranking_low_us(const spmvp_ranking *r, int i) { return entry(r, i) ? entry(r, i)->lo : NAN; }
double spmvp_ranking_high_us(const spmvp_ranking *r, int i) { return entry(r, i) ? entry(r, i)->hi : NAN; }
int spmvp_ranking_tie(const spmvp_ranking *r, int i) { return entry(r, i) ? entry(r, i)->tie : 0; }

const char *spmvp_ranking_model(const spmvp_ranking *r)
{
    return r ? spmvp_model_name(r->model) : NULL;
}

int spmvp_ranking_stale(const spmvp_ranking *r, int i)
{
    const spmvp_rank_entry *x = entry(r, i);
    return x && (unsigned)x->config.format < SPMVP_NFORMATS ? r->stale[x->config.format] : 0;
}

double spmvp_ranking_setup_us(const spmvp_ranking *r, int i)
{
    return entry(r, i) ? entry(r, i)->convert_us + entry(r, i)->upload_us : NAN;
}

int spmvp_advise(const spmvp_ranking *r, long long products)
{
    spmvp_advice a;
    if (!r || spmvp_advise_ranked(r->e, r->n, products, &a))
        return -1;
    return a.best;
}

double spmvp_ranking_break_even(const spmvp_ranking *r, int i)
{
    if (!entry(r, i))
        return NAN;
    int c = spmvp_advise_csr_baseline(r->e, r->n);
    if (c < 0)
        return NAN;
    return c == i ? 0 : spmvp_advise_break_even(&r->e[i], &r->e[c]);
}

/* ---- products on an OpenCL device ---- */

struct spmvp_device {
    spmvp_context *ctx; /* context, queue and program cache (owned) */
};

struct spmvp_product {
    spmvp_spmv *s;      /* the matrix on the device (owned; borrows the device's context) */
    size_t nrows, ncols, value_size;
    spmvp_context *ctx; /* the device's (borrowed) */
    cl_mem t;           /* A*x before alpha and beta (spmvp_product_run_cl; owned, or NULL) */
    spmvp_blas *blas;   /* axpby (owned, or NULL) */
};

spmvp_status spmvp_device_open(const char *spec, spmvp_device **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_device_open: out is NULL");
    *out = NULL;
    spmvp_device *d = calloc(1, sizeof *d);
    if (!d)
        return spmvp_fail(SPMVP_ERR_NOMEM, "spmvp_device_open: out of memory");
    spmvp_status st = spmvp_context_open(spec, &d->ctx);
    if (st)
        free(d);
    else
        *out = d;
    return st;
}

spmvp_device *spmvp_device_free(spmvp_device *d)
{
    if (d) {
        spmvp_context_free(d->ctx);
        free(d);
    }
    return NULL;
}

const char *spmvp_device_name(const spmvp_device *d) { return d ? d->ctx->info.name : ""; }

spmvp_status spmvp_device_pin_staging(spmvp_device *d, double *pin_ms)
{
    if (pin_ms)
        *pin_ms = 0;
    if (!d)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_device_pin_staging: the device is NULL");
    const double before = d->ctx->stage_us;
    spmvp_status st = spmvp_stage_reserve(d->ctx);
    if (pin_ms)
        *pin_ms = (d->ctx->stage_us - before) / 1e3;
    return st;
}

spmvp_status spmvp_device_from_cl(cl_context context, cl_command_queue queue, spmvp_device **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_device_from_cl: out is NULL");
    *out = NULL;
    if (!context || !queue)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_device_from_cl: the %s is NULL",
                          context ? "queue" : "context");
    spmvp_device *d = calloc(1, sizeof *d);
    if (!d)
        return spmvp_fail(SPMVP_ERR_NOMEM, "spmvp_device_from_cl: out of memory");
    spmvp_status st = spmvp_context_wrap(context, queue, &d->ctx);
    if (st) {
        free(d);
        return spmvp_fail(st, "spmvp_device_from_cl: %s", spmvp_last_error());
    }
    *out = d;
    return SPMVP_OK;
}

static spmvp_status product_create(spmvp_device *d, const spmvp_matrix *A, spmvp_format f,
                                   spmvp_mapping map, size_t value_size, spmvp_product **out);

spmvp_status spmvp_product_create(spmvp_device *d, const spmvp_matrix *A, const char *format,
                                  size_t value_size, spmvp_product **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_create: out is NULL");
    *out = NULL;
    if (!d || !A || !format)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_create: %s is NULL",
                          !d ? "the device" : !A ? "the matrix" : "the format");
    int f = spmvp_format_parse(format);
    if (f < 0) {
        char names[256];
        spmvp_format_list(", ", names, sizeof names);
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_create: unknown format \"%s\" (%s)",
                          format, names);
    }
    return product_create(d, A, (spmvp_format)f, spmvp_mapping_auto(), value_size, out);
}

spmvp_status spmvp_product_create_ranked(spmvp_device *d, const spmvp_matrix *A,
                                         const spmvp_ranking *r, int i, size_t value_size,
                                         spmvp_product **out)
{
    if (!out)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_create_ranked: out is NULL");
    *out = NULL;
    if (!d || !A || !r)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_create_ranked: %s is NULL",
                          !d ? "the device" : !A ? "the matrix" : "the ranking");
    if (!entry(r, i))
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_create_ranked: configuration %d is out "
                          "of range 0..%d", i, r->n - 1);
    return product_create(d, A, r->e[i].config.format, r->e[i].config.map, value_size, out);
}

/* A product of A in format f under mapping map (its automatic members resolved from A). */
static spmvp_status product_create(spmvp_device *d, const spmvp_matrix *A, spmvp_format f,
                                   spmvp_mapping map, size_t value_size, spmvp_product **out)
{
    if (value_size != 4 && value_size != 8)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_create: value size %zu is neither 4 "
                          "nor 8", value_size);
    spmvp_product *p = calloc(1, sizeof *p);
    if (!p)
        return spmvp_fail(SPMVP_ERR_NOMEM, "spmvp_product_create: out of memory");
    spmvp_spmv_options opt = {value_size, map};
    spmvp_status st = spmvp_spmv_create(d->ctx, &A->csr, f, &opt, &p->s);
    if (st) {
        free(p);
        return st;
    }
    p->nrows = (size_t)A->csr.nrows;
    p->ncols = (size_t)A->csr.ncols;
    p->value_size = value_size;
    p->ctx = d->ctx;
    *out = p;
    return SPMVP_OK;
}

spmvp_product *spmvp_product_free(spmvp_product *p)
{
    if (p) {
        spmvp_spmv_free(p->s);
        spmvp_blas_free(p->blas);
        if (p->t)
            clReleaseMemObject(p->t);
        free(p);
    }
    return NULL;
}

spmvp_status spmvp_product_run(spmvp_product *p, const double *x, double *y)
{
    if (!p)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_run: the product is NULL");
    if ((!x && p->ncols) || (!y && p->nrows))
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_run: %s is NULL", !x && p->ncols ? "x" : "y");
    spmvp_status st = spmvp_spmv_set_x(p->s, x);
    if (!st)
        st = spmvp_spmv_enqueue(p->s, NULL, NULL);
    if (!st && p->nrows)
        st = spmvp_spmv_get_y(p->s, y);
    return st;
}

const char *spmvp_product_params(const spmvp_product *p) { return p ? spmvp_spmv_params(p->s) : ""; }

/* Whether buffer m holds at least `bytes` in context c; else the failure. */
static spmvp_status check_buffer(cl_mem m, cl_context c, size_t bytes, const char *what)
{
    cl_context mc = NULL;
    size_t size = 0;
    if (clGetMemObjectInfo(m, CL_MEM_CONTEXT, sizeof mc, &mc, NULL) != CL_SUCCESS ||
        clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof size, &size, NULL) != CL_SUCCESS)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_run_cl: %s is not a valid buffer", what);
    if (mc != c)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_run_cl: %s belongs to another context", what);
    if (size < bytes)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_run_cl: %s has %zu bytes, the product "
                          "needs %zu", what, size, bytes);
    return SPMVP_OK;
}

spmvp_status spmvp_product_run_cl(spmvp_product *p, double alpha, cl_mem x, double beta, cl_mem y)
{
    spmvp_status st = SPMVP_OK;
    if (!p)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_run_cl: the product is NULL");
    if (!isfinite(alpha) || !isfinite(beta))
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_run_cl: alpha %g and beta %g must be finite",
                          alpha, beta);
    if (!p->nrows) /* y is empty: nothing to compute */
        return SPMVP_OK;
    if ((!x && p->ncols) || !y)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_run_cl: %s is NULL", !y ? "y" : "x");
    if (x && x == y)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_product_run_cl: x and y are the same buffer");
    cl_context c = p->ctx->context;
    if ((p->ncols && (st = check_buffer(x, c, p->ncols * p->value_size, "x"))) ||
        (st = check_buffer(y, c, p->nrows * p->value_size, "y")))
        return st;
    if (alpha == 1.0 && beta == 0.0) /* the plain product, straight into y */
        return spmvp_spmv_enqueue_on(p->s, x, y, NULL, NULL);
    if (!p->t) {
        cl_int err = CL_SUCCESS;
        p->t = clCreateBuffer(c, CL_MEM_READ_WRITE, p->nrows * p->value_size, NULL, &err);
        if (err != CL_SUCCESS) {
            p->t = NULL;
            return spmvp_fail(err, "spmvp_product_run_cl: a temporary of %zu bytes: OpenCL error %d",
                              p->nrows * p->value_size, (int)err);
        }
    }
    if (!p->blas && (st = spmvp_blas_create(p->ctx, p->value_size, &p->blas)))
        return st;
    if (!(st = spmvp_spmv_enqueue_on(p->s, x, p->t, NULL, NULL)))
        st = spmvp_blas_axpby(p->blas, (spmvp_idx)p->nrows, alpha, p->t, beta, y);
    return st;
}
