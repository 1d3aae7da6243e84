/* calibrate.c: times on a device the points the models' training plans list (model.h's
 * plan hooks; seed 000's grid for the strip models, model_strip.c), each benchmark matrix
 * generated in memory once for every point that needs it, mean of the timed runs (eq. 5). */
#include "calibrate.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "progress.h"
#include "spmvp_sparse.h"
#include "spmvp_predict.h"

spmvp_calibrate_options spmvp_calibrate_defaults(size_t value_size)
{
    spmvp_calibrate_options o = {value_size, 0, 5, 20, 0, 20261122ull, 0};
    return o;
}

/* Timing order: by matrix (rows, PNZ, distribution), so each is generated once. */
static int cmp_point(const void *a, const void *b)
{
    const spmvp_calib_point *x = a, *y = b;
    if (x->rows != y->rows) return x->rows < y->rows ? -1 : 1;
    if (x->pnz != y->pnz) return x->pnz < y->pnz ? -1 : 1;
    if (x->dist != y->dist) return (int)x->dist - (int)y->dist;
    if (x->format != y->format) return (int)x->format - (int)y->format;
    return x->vector_width - y->vector_width;
}

static int same_matrix(const spmvp_calib_point *x, const spmvp_calib_point *y)
{
    return x->rows == y->rows && x->pnz == y->pnz && x->dist == y->dist;
}

spmvp_status spmvp_calibrate(spmvp_context *ctx, const spmvp_calibrate_options *opt,
                             spmvp_calib *c, FILE *notes, int *skipped)
{
    spmvp_device_params dp;
    spmvp_plan_options po = {opt->value_size, opt->quick, opt->max_nnz};
    spmvp_calib *plan = spmvp_calib_new();
    spmvp_status st = plan ? SPMVP_OK : SPMVP_ERR_NOMEM;
    spmvp_device_params_fill(&ctx->info, &dp);
    *skipped = 0;
    for (int i = 0; i < spmvp_model_families() && !st; i++)
        if (spmvp_model_family(i)->plan)
            st = spmvp_model_family(i)->plan(&dp, &po, plan, notes, skipped);
    if (st) {
        spmvp_calib_free(plan);
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory planning the calibration grid");
    }
    const spmvp_calib_point *v = plan->points;
    size_t n = plan->npoints;
    qsort(plan->points, n, sizeof *plan->points, cmp_point);

    spmvp_progress bar = spmvp_progress_start(opt->progress ? stderr : notes, "points", n);
    spmvp_csr *A = NULL;
    for (size_t k = 0; k < n && !st; k++) {
        const spmvp_calib_point *j = &v[k];
        if (k == 0 || !same_matrix(j, &v[k - 1])) {
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
        spmvp_bench_options bo = {.spmv = spmvp_spmv_defaults(opt->value_size), .warmup = opt->warmup,
                                   .runs = opt->runs, .skip_verify = 1};
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
                fprintf(notes, "spmvp: note: skipped %s I=%d PNZ=%d %s: %s\n", spmvp_format_name(j->format),
                        j->strips, j->pnz, spmvp_dist_name(j->dist), r.note);
        }
        spmvp_progress_step(&bar, k + 1);
    }
    spmvp_csr_free(A);
    spmvp_calib_free(plan);
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
    p->l2_pin_bytes = (long long)di->pin_l2_bytes;
    p->local_from_l1 = di->local_from_l1;
    p->clock_mhz = (int)di->clock_mhz;
    p->memory_bus_width_bits = di->bus_width > 0 ? di->bus_width : -1;
    p->fp64 = di->fp64;
    p->threads_per_compute_unit = (int)di->threads_per_cu;
    p->half_warps_per_compute_unit = (int)di->half_warps_per_cu;
    p->strip_csr_vector = (long long)di->strip_csr_vector;
    p->strip_csr_scalar = (long long)di->strip_csr_scalar;
}
