/* calibrate.c: the benchmark grid of seed 000 §3.1, generated in memory and timed (eq. 5).
 *
 * Grid (full): CSR-V: I = 1..10, 15..50 step 5; PNZ = 4, 8, ..., 1024, 1536, 2048, 2560, 3072.
 * CSR-S, ELL, JAD: I = 1..10; PNZ = 4, 8, ..., 1024. Rows R = S x I (eq. 4) with S the strip
 * size: S_CSR-S = S_ELL = S_JAD = N_SM x N_T (eqs. 2-3); CSR-V with V work-items per row,
 * S = N_SM x N_T / V, which is eq. (1)'s N_SM x N_HW for the paper's half-warp V.
 * COO (ours): strips of non-zeros, S_COO = N_SM x N_T x chunk entries, I_nz = 1..10, the same
 * PNZ values, R = S_COO x I_nz / PNZ rows.
 * Quick (documented subset, for a first profile in about a minute): I = 1, 2, 4; PNZ = 4, 16,
 * 64 (CSR-V: I = 1, 4, 16 and PNZ 4, 16, 64, 256, 2048, so both of its segments exist on
 * GPUs whose work-group limit is 1024); CSR-V widths 1, 2 and the half-warp; 2 warm-ups and 5
 * timed runs unless given.
 * Every point with all three row-length distributions. A point above max_nnz non-zeros (default:
 * what a quarter of the max allocation holds, at most 2^24, which keeps a full calibration of
 * an H100 within minutes) is skipped with a note: on a large
 * GPU one strip is hundreds of thousands of rows, so the upper corner of the paper's grid does
 * not fit (or would take hours to generate). */
#include "calibrate.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "gen.h"

spmvp_calibrate_options spmvp_calibrate_defaults(size_t value_size)
{
    spmvp_calibrate_options o = {value_size, 0, 5, 20, 0, 20261122ull, 0};
    return o;
}

typedef struct job {
    long long rows;
    int pnz;
    spmvp_dist dist;
    spmvp_format format;
    int vector_width;
    int strips;
} job;

static int cmp_job(const void *a, const void *b)
{
    const job *x = a, *y = b;
    if (x->rows != y->rows) return x->rows < y->rows ? -1 : 1;
    if (x->pnz != y->pnz) return x->pnz < y->pnz ? -1 : 1;
    if (x->dist != y->dist) return (int)x->dist - (int)y->dist;
    if (x->format != y->format) return (int)x->format - (int)y->format;
    return x->vector_width - y->vector_width;
}

typedef struct job_list {
    job *v;
    size_t n, cap;
} job_list;

static int push(job_list *l, job j)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        job *g = realloc(l->v, cap * sizeof *g);
        if (!g)
            return -1;
        l->v = g;
        l->cap = cap;
    }
    l->v[l->n++] = j;
    return 0;
}

static const int full_i[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
static const int full_iv[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 35, 40, 45, 50};
static const int full_p[] = {4, 8, 16, 32, 64, 128, 256, 512, 1024};
static const int full_pv[] = {4, 8, 16, 32, 64, 128, 256, 512, 1024, 1536, 2048, 2560, 3072};
static const int quick_i[] = {1, 2, 4};
static const int quick_iv[] = {1, 4, 16};
static const int quick_p[] = {4, 16, 64};
static const int quick_pv[] = {4, 16, 64, 256, 2048};
#define N(a) (sizeof a / sizeof a[0])

/* Adds the jobs of one format (and width) over a grid of I and PNZ, all distributions. */
static int add_grid(job_list *l, spmvp_format f, int v, long long strip, int coo, const int *is,
                    size_t ni, const int *ps, size_t np, long long max_nnz, int *skipped, FILE *notes)
{
    for (size_t a = 0; a < ni; a++)
        for (size_t b = 0; b < np; b++) {
            long long rows = coo ? strip * is[a] / ps[b] : strip * is[a];
            long long nnz = rows * ps[b];
            if (rows < 1 || nnz > max_nnz) {
                (*skipped)++;
                if (notes)
                    fprintf(notes, "skipped %s V=%d I=%d PNZ=%d: %lld non-zeros, above the limit "
                            "of %lld\n", spmvp_format_name(f), v, is[a], ps[b], nnz, max_nnz);
                continue;
            }
            for (int d = 0; d < SPMVP_NDISTS; d++)
                if (push(l, (job){rows, ps[b], (spmvp_dist)d, f, v, is[a]}))
                    return -1;
        }
    return 0;
}

static void progress(int done, int total, time_t start)
{
    double el = difftime(time(NULL), start);
    double rem = done ? el * (total - done) / done : 0;
    int w = 30, fill = total ? w * done / total : w;
    fprintf(stderr, "\r[%.*s%*s] %d/%d points, %.0f s elapsed, ~%.0f s left ", fill,
            "##############################", w - fill, "", done, total, el, rem);
    if (done == total)
        fputc('\n', stderr);
}

spmvp_status spmvp_calibrate(spmvp_context *ctx, const spmvp_calibrate_options *opt,
                             spmvp_calib *c, FILE *notes, int *skipped)
{
    const spmvp_device_info *di = &ctx->info;
    long long nt = (long long)di->compute_units * di->threads_per_cu; /* N_SM x N_T */
    long long max_nnz = opt->max_nnz;
    size_t per_nnz = 4 + opt->value_size;
    if (max_nnz <= 0) {
        max_nnz = (long long)(di->max_alloc / 4 / per_nnz);
        if (max_nnz > (1ll << 24))
            max_nnz = 1ll << 24;
    }
    job_list l = {0};
    *skipped = 0;
    spmvp_status st = SPMVP_OK;
    int q = opt->quick;
    const int *is = q ? quick_i : full_i, *iv = q ? quick_iv : full_iv;
    const int *ps = q ? quick_p : full_p, *pv = q ? quick_pv : full_pv;
    size_t nis = q ? N(quick_i) : N(full_i), niv = q ? N(quick_iv) : N(full_iv);
    size_t nps = q ? N(quick_p) : N(full_p), npv = q ? N(quick_pv) : N(full_pv);
    int fail = 0;
    fail |= add_grid(&l, SPMVP_CSR_SCALAR, 0, nt, 0, is, nis, ps, nps, max_nnz, skipped, notes);
    fail |= add_grid(&l, SPMVP_ELL, 0, nt, 0, is, nis, ps, nps, max_nnz, skipped, notes);
    fail |= add_grid(&l, SPMVP_JAD, 0, nt, 0, is, nis, ps, nps, max_nnz, skipped, notes);
    fail |= add_grid(&l, SPMVP_COO, 0, nt * 8, 1, is, nis, ps, nps, max_nnz, skipped, notes);
    unsigned half = di->warp_size >= 2 ? di->warp_size / 2 : 1;
    for (unsigned v = 1; v <= di->warp_size; v *= 2) {
        if (q && !(v == 1 || v == 2 || v == half))
            continue;
        fail |= add_grid(&l, SPMVP_CSR_VECTOR, (int)v, nt / v, 0, iv, niv, pv, npv, max_nnz, skipped, notes);
    }
    if (fail) {
        free(l.v);
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory planning the calibration grid");
    }
    qsort(l.v, l.n, sizeof *l.v, cmp_job);

    time_t start = time(NULL);
    spmvp_csr *A = NULL;
    for (size_t k = 0; k < l.n && !st; k++) {
        job *j = &l.v[k];
        if (k == 0 || cmp_job(&(job){j->rows, j->pnz, j->dist, 0, 0, 0},
                              &(job){l.v[k - 1].rows, l.v[k - 1].pnz, l.v[k - 1].dist, 0, 0, 0})) {
            A = spmvp_csr_free(A);
            /* the seed depends on the matrix, not on its place in the grid */
            unsigned long long seed = opt->seed ^ ((unsigned long long)j->rows * 1000003ull +
                                                   (unsigned long long)j->pnz * 131ull + j->dist);
            A = spmvp_gen_bench(j->rows, j->pnz, j->dist, seed);
            if (!A) {
                st = spmvp_fail(SPMVP_ERR_NOMEM, "generating %lld x %lld with PNZ %d: %s",
                                j->rows, j->rows, j->pnz, spmvp_last_error());
                break;
            }
        }
        spmvp_bench_options bo = {spmvp_spmv_defaults(opt->value_size), opt->warmup, opt->runs, 0, 1};
        bo.spmv.map.vector_width = j->vector_width;
        spmvp_bench_result r;
        st = spmvp_bench_format(ctx, A, j->format, &bo, &r);
        if (!st && r.state == SPMVP_BENCH_OK) {
            spmvp_calib_point p = {j->format, j->dist, j->vector_width, j->strips, j->pnz,
                                   A->nrows, A->nnz, r.mean_us};
            st = spmvp_calib_add(c, &p);
        } else if (!st) {
            (*skipped)++;
            if (notes)
                fprintf(notes, "skipped %s I=%d PNZ=%d %s: %s\n", spmvp_format_name(j->format),
                        j->strips, j->pnz, spmvp_dist_name(j->dist), r.note);
        }
        if (opt->progress)
            progress((int)k + 1, (int)l.n, start);
        else if (notes && (k + 1) % (l.n / 20 + 1) == 0) /* a log line every 5 % */
            fprintf(notes, "progress: %zu/%zu points, %.0f s\n", k + 1, l.n, difftime(time(NULL), start));
    }
    spmvp_csr_free(A);
    free(l.v);
    return st;
}

void spmvp_device_params_fill(const spmvp_device_info *di, spmvp_device_params *p)
{
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", di->name);
    snprintf(p->vendor, sizeof p->vendor, "%s", di->vendor);
    snprintf(p->platform, sizeof p->platform, "%s", di->platform_name);
    snprintf(p->driver, sizeof p->driver, "%s", di->driver);
    snprintf(p->opencl_version, sizeof p->opencl_version, "%s", di->version);
    snprintf(p->type, sizeof p->type, "%s", di->type);
    if (di->cc_major >= 0)
        snprintf(p->compute_capability, sizeof p->compute_capability, "%d.%d", di->cc_major, di->cc_minor);
    p->compute_units = (int)di->compute_units;
    p->max_work_group_size = (long long)di->max_wg_size;
    p->warp_size = (int)di->warp_size;
    p->local_mem_bytes = (long long)di->local_mem;
    p->global_mem_bytes = (long long)di->global_mem;
    p->max_alloc_bytes = (long long)di->max_alloc;
    p->cache_line_bytes = (int)di->cache_line;
    p->cache_bytes = (long long)di->cache_size;
    p->clock_mhz = (int)di->clock_mhz;
    p->memory_bus_width_bits = di->bus_width > 0 ? di->bus_width : -1;
    p->fp64 = di->fp64;
    p->threads_per_compute_unit = (int)di->threads_per_cu;
    p->half_warps_per_compute_unit = (int)di->half_warps_per_cu;
    p->strip_csr_vector = (long long)di->strip_csr_vector;
    p->strip_csr_scalar = (long long)di->strip_csr_scalar;
}
