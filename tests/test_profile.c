/* test_profile.c: device profiles (model/predict/profile.c): round trip, the shipped example, and
 * malformed profiles rejected with their field named. */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include "pmf_cal.h"
#include "pmf_hw.h"
#include "profile.h"
#include "test.h"

#include <dirent.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DATA SPMVP_SOURCE_DIR "/tests/data/profiles/"

/* ---- helpers ---- */

static int bits_equal(double a, double b) { return !memcmp(&a, &b, sizeof a); }

static int one_line(const char *msg) { return *msg && !strchr(msg, '\n'); }

static int starts_with(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

/* A fresh name in /tmp; the file mkstemp made is removed so callers choose what to write. */
static void temp_name(char *buf, size_t size)
{
    snprintf(buf, size, "/tmp/spmvp_test_profile_XXXXXX");
    int fd = mkstemp(buf);
    if (fd >= 0) {
        close(fd);
        remove(buf);
    }
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    if (f && !fseek(f, 0, SEEK_END)) {
        long size = ftell(f);
        rewind(f);
        buf = malloc(size > 0 ? (size_t)size + 1 : 1);
        size_t got = fread(buf, 1, size > 0 ? (size_t)size : 0, f);
        buf[got] = 0;
    }
    if (f)
        fclose(f);
    return buf;
}

static spmvp_calib_point point(spmvp_format f, spmvp_dist d, int V, int I, int pnz, long long rows,
                               long long nnz, double t)
{
    spmvp_calib_point q = {f, d, V, I, pnz, rows, nnz, t};
    return q;
}

/* A profile using every field, with awkward strings and doubles that only print exactly with
 * 17 digits, both precisions, both model kinds. */
static spmvp_profile *full_profile(void)
{
    spmvp_profile *p = spmvp_profile_new();
    spmvp_device_params *d = &p->device;
    snprintf(p->spmvp_version, sizeof p->spmvp_version, "0.1.0-test");
    snprintf(p->created, sizeof p->created, "2025-01-31T23:59:60Z");
    snprintf(d->name, sizeof d->name, "Quote \" backslash \\ tab \t \xc3\xa9 \x01 end");
    snprintf(d->vendor, sizeof d->vendor, "NVIDIA Corporation");
    snprintf(d->platform, sizeof d->platform, "NVIDIA CUDA");
    snprintf(d->driver, sizeof d->driver, "550.54.15");
    snprintf(d->opencl_version, sizeof d->opencl_version, "OpenCL 3.0 CUDA");
    snprintf(d->type, sizeof d->type, "GPU");
    snprintf(d->compute_capability, sizeof d->compute_capability, "9.0");
    d->compute_units = 132;
    d->max_work_group_size = 1024;
    d->warp_size = 32;
    d->local_mem_bytes = 49152;
    d->global_mem_bytes = 84942979072LL;
    d->max_alloc_bytes = 9007199254740992LL; /* 2^53: the largest exact */
    d->cache_line_bytes = 128;
    d->cache_bytes = 52428800;
    d->clock_mhz = 1980;
    d->memory_bus_width_bits = 5120;
    d->fp64 = 1;
    d->threads_per_compute_unit = 2048;
    d->half_warps_per_compute_unit = 128;
    d->strip_csr_vector = 16896;
    d->strip_csr_scalar = 270336;
    d->l2_pin_bytes = 52428800;
    d->local_from_l1 = 1;
    p->microbench.bytes = 268435456;
    p->microbench.copy_gbs = 2851.123456789012345;
    p->microbench.launch_us = 0.1;
    p->microbench.h2d_gbs = 1.0 / 3.0;
    p->microbench.gather.n = 3;
    for (int i = 0; i < 3; i++) {
        p->microbench.gather.bytes[i] = 16384.0 * (1 << (4 * i));
        p->microbench.gather.ggps[i] = 580.0 / (1.0 + i / 3.0);
    }
    p->microbench.gather.cache_bytes = 16384.0 * 16;

    for (int i = 0; i < SPMVP_NPRECISIONS; i++) {
        spmvp_calib *c = spmvp_calib_new();
        p->prec[i].calib = c;
        p->prec[i].quick = i == SPMVP_PRECISION_SINGLE;
        p->prec[i].warmup = 3 + i;
        p->prec[i].runs = 17 + i;
        spmvp_calib_add(c, &(spmvp_calib_point){0});
        spmvp_calib_add(c, &(spmvp_calib_point){SPMVP_CSR_SCALAR, SPMVP_DIST_FIXED, 0, 1, 4, 270336,
                                                1081344, 12.345678901234567});
        spmvp_calib_add(c, &(spmvp_calib_point){SPMVP_CSR_VECTOR, SPMVP_DIST_NORMAL, 32, 50, 3072,
                                                844800, 2595225600LL, 1e-300});
        spmvp_calib_add(c, &(spmvp_calib_point){SPMVP_COO, SPMVP_DIST_UNIFORM, 0, 10, 1024, 1, 1,
                                                /* the largest a profile holds (profile_json.h),
                                                   17 digits to print exactly */
                                                9.9999999999999996e29});
        spmvp_calib_add(c, &(spmvp_calib_point){SPMVP_JAD, SPMVP_DIST_UNIFORM, 0, 7, 8, 3, 9007199254740992LL,
                                                4.9406564584124654e-324 /* smallest denormal */});
        for (int k = 0; k < 300; k++) /* enough that the points block grows its buffer */
            spmvp_calib_add(c, &(spmvp_calib_point){SPMVP_ELL, (spmvp_dist)(k % 3), 0, 1 + k % 10,
                                                    4 * (k + 1), 270336 * (1 + k % 10),
                                                    270336LL * (1 + k % 10) * 4 * (k + 1),
                                                    (k + 1) * 0.1 + i / 7.0});
        c->nmodels = 3;
        c->models = calloc(3, sizeof *c->models);
        spmvp_strip_model *m = &c->models[0];
        m->format = SPMVP_ELL;
        m->dist = SPMVP_DIST_NORMAL;
        m->strip = 270336;
        m->npoints = 40;
        m->A = -0.0;
        m->B = 1.0 / 7.0;
        m->p = -123456.789e-10;
        m->q = 6.02214076e23;
        m->P1 = 4;
        m = &c->models[1];
        m->format = SPMVP_CSR_VECTOR;
        m->dist = SPMVP_DIST_UNIFORM;
        m->vector_width = 16;
        m->strip = 33792;
        m->npoints = 120;
        m->split = 1024;
        m->I1 = 8;
        m->seg[0] = (struct spmvp_csrv_segment){1, 64, 0.1, 0.2, 0.3, -0.4, 14.5 + i};
        m->seg[1] = (struct spmvp_csrv_segment){1, 2048, 1e-9, 2e9, 3.0, 4.0, 1.0 / 3.0};
        m = &c->models[2];
        m->format = SPMVP_CSR_VECTOR;
        m->dist = SPMVP_DIST_FIXED;
        m->vector_width = 2;
        m->strip = 270336;
        m->npoints = 30;
        m->split = 1024;
        m->I1 = 1;
        m->seg[0] = (struct spmvp_csrv_segment){1, 8, 1, 2, 3, 4, 5};
        m->seg[1].valid = 0; /* no points above the split: its numbers stay 0 */
    }
    return p;
}

static int same_model(const spmvp_strip_model *a, const spmvp_strip_model *b)
{
    int same = a->format == b->format && a->dist == b->dist && a->vector_width == b->vector_width &&
               a->strip == b->strip && a->npoints == b->npoints && bits_equal(a->A, b->A) &&
               bits_equal(a->B, b->B) && bits_equal(a->p, b->p) && bits_equal(a->q, b->q) &&
               a->P1 == b->P1 && a->split == b->split && a->I1 == b->I1;
    for (int s = 0; s < 2; s++) {
        const struct spmvp_csrv_segment *x = &a->seg[s], *y = &b->seg[s];
        same = same && x->valid == y->valid && x->PE == y->PE && bits_equal(x->m, y->m) &&
               bits_equal(x->n, y->n) && bits_equal(x->p, y->p) && bits_equal(x->q, y->q) &&
               bits_equal(x->t0, y->t0);
    }
    return same;
}

static int same_point(const spmvp_calib_point *a, const spmvp_calib_point *b)
{
    return a->format == b->format && a->dist == b->dist && a->vector_width == b->vector_width &&
           a->strips == b->strips && a->pnz == b->pnz && a->rows == b->rows && a->nnz == b->nnz &&
           bits_equal(a->time_us, b->time_us);
}

/* The "pmf_hardware" of a and b: presence, the 12 parameters bit for bit, the sources. */
static void check_same_pmf(const spmvp_profile_pmf *a, const spmvp_profile_pmf *b)
{
    CHECK(a->present == b->present);
    if (!a->present || !b->present)
        return;
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++) {
        CHECK_MSG(bits_equal(spmvp_pmf_param_get(&a->hw, i), spmvp_pmf_param_get(&b->hw, i)),
                  "pmf_hardware.%s: %.17g vs %.17g", spmvp_pmf_param_name(i),
                  spmvp_pmf_param_get(&a->hw, i), spmvp_pmf_param_get(&b->hw, i));
        CHECK_MSG(!strcmp(a->source[i], b->source[i]), "pmf_hardware.sources.%s: \"%s\" vs \"%s\"",
                  spmvp_pmf_param_name(i), a->source[i], b->source[i]);
    }
    CHECK(a->hw.W == b->hw.W);
}

/* The fitted PMF coefficients: a fitted format bit for bit, one not fitted stays invalid. */
static void check_same_pmf_fit(const spmvp_pmf_cal *a, const spmvp_pmf_cal *b, const char *prec)
{
    CHECK_MSG(bits_equal(a->launch_us, b->launch_us), "%s pmf_fit.launch_us: %.17g vs %.17g", prec,
              a->launch_us, b->launch_us);
    for (int f = SPMVP_PMF_COO; f <= SPMVP_PMF_ELL; f++) {
        const spmvp_pmf_cal_coef *x = &a->f[f], *y = &b->f[f];
        const char *name = spmvp_pmf_format_name((spmvp_pmf_format)f);
        CHECK_MSG(x->valid == y->valid, "%s pmf_fit.%s: valid %d vs %d", prec, name, x->valid, y->valid);
        if (!x->valid)
            continue;
        CHECK_MSG(x->npoints == y->npoints && bits_equal(x->t0_us, y->t0_us) && bits_equal(x->mem, y->mem) &&
                      bits_equal(x->ops, y->ops) && bits_equal(x->row_us, y->row_us) &&
                      bits_equal(x->rms_rel, y->rms_rel),
                  "%s pmf_fit.%s differs", prec, name);
    }
}

/* Every field of a and b equal, doubles bit for bit. */
static void check_same_profile(const spmvp_profile *a, const spmvp_profile *b)
{
    const spmvp_device_params *x = &a->device, *y = &b->device;
    CHECK(a->schema_version == b->schema_version);
    CHECK(!strcmp(a->spmvp_version, b->spmvp_version));
    CHECK(!strcmp(a->created, b->created));
    CHECK(!strcmp(x->name, y->name));
    CHECK(!strcmp(x->vendor, y->vendor));
    CHECK(!strcmp(x->platform, y->platform));
    CHECK(!strcmp(x->driver, y->driver));
    CHECK(!strcmp(x->opencl_version, y->opencl_version));
    CHECK(!strcmp(x->type, y->type));
    CHECK(!strcmp(x->compute_capability, y->compute_capability));
    CHECK(x->compute_units == y->compute_units);
    CHECK(x->max_work_group_size == y->max_work_group_size);
    CHECK(x->warp_size == y->warp_size);
    CHECK(x->local_mem_bytes == y->local_mem_bytes);
    CHECK(x->global_mem_bytes == y->global_mem_bytes);
    CHECK(x->max_alloc_bytes == y->max_alloc_bytes);
    CHECK(x->cache_line_bytes == y->cache_line_bytes);
    CHECK(x->cache_bytes == y->cache_bytes);
    CHECK(x->clock_mhz == y->clock_mhz);
    CHECK(x->memory_bus_width_bits == y->memory_bus_width_bits);
    CHECK(x->fp64 == y->fp64);
    CHECK(x->threads_per_compute_unit == y->threads_per_compute_unit);
    CHECK(x->half_warps_per_compute_unit == y->half_warps_per_compute_unit);
    CHECK(x->strip_csr_vector == y->strip_csr_vector);
    CHECK(x->strip_csr_scalar == y->strip_csr_scalar);
    CHECK(x->l2_pin_bytes == y->l2_pin_bytes);
    CHECK(x->local_from_l1 == y->local_from_l1);
    CHECK(a->microbench.bytes == b->microbench.bytes);
    CHECK(bits_equal(a->microbench.copy_gbs, b->microbench.copy_gbs));
    CHECK(bits_equal(a->microbench.launch_us, b->microbench.launch_us));
    CHECK(bits_equal(a->microbench.h2d_gbs, b->microbench.h2d_gbs));
    CHECK(a->microbench.gather.n == b->microbench.gather.n);
    for (int i = 0; i < a->microbench.gather.n; i++)
        CHECK(bits_equal(a->microbench.gather.bytes[i], b->microbench.gather.bytes[i]) &&
              bits_equal(a->microbench.gather.ggps[i], b->microbench.gather.ggps[i]));
    CHECK(bits_equal(a->microbench.gather.cache_bytes, b->microbench.gather.cache_bytes));
    check_same_pmf(spmvp_profile_pmf_part(a), spmvp_profile_pmf_part(b));
    for (int i = 0; i < SPMVP_NPRECISIONS; i++) {
        const spmvp_profile_precision *pa = &a->prec[i], *pb = &b->prec[i];
        CHECK(!pa->calib == !pb->calib);
        if (pa->calib && pb->calib)
            check_same_pmf_fit(spmvp_profile_pmf_fit(a, i), spmvp_profile_pmf_fit(b, i), spmvp_precision_name((spmvp_precision)i));
        if (!pa->calib || !pb->calib)
            continue;
        CHECK(pa->quick == pb->quick && pa->warmup == pb->warmup && pa->runs == pb->runs);
        CHECK(pa->calib->npoints == pb->calib->npoints);
        CHECK(pa->calib->nmodels == pb->calib->nmodels);
        for (size_t k = 0; k < pa->calib->npoints && k < pb->calib->npoints; k++)
            CHECK_MSG(same_point(&pa->calib->points[k], &pb->calib->points[k]), "%s point %zu",
                      spmvp_precision_name((spmvp_precision)i), k);
        for (size_t k = 0; k < pa->calib->nmodels && k < pb->calib->nmodels; k++)
            CHECK_MSG(same_model(&pa->calib->models[k], &pb->calib->models[k]), "%s model %zu",
                      spmvp_precision_name((spmvp_precision)i), k);
    }
}

/* ---- round trip ---- */

static void save_then_load_should_give_every_field_back_bit_for_bit(void)
{
    char path[64];
    temp_name(path, sizeof path);
    spmvp_profile *p = full_profile(), *q = NULL;
    CHECK_MSG(spmvp_profile_save(p, path) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK_MSG(spmvp_profile_load(path, &q) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK(q != NULL);
    if (q)
        check_same_profile(p, q);
    /* -0 keeps its sign; the invalid segment reads as zeros */
    CHECK(q && signbit(q->prec[1].calib->models[0].A));
    CHECK(q && !q->prec[1].calib->models[2].seg[1].valid && q->prec[1].calib->models[2].seg[1].t0 == 0);
    char tmp[80];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    CHECK(access(tmp, F_OK) != 0); /* the temporary was renamed away */
    remove(path);
    spmvp_profile_free(p);
    spmvp_profile_free(q);
}

static void print_of_a_loaded_profile_should_equal_the_saved_text(void)
{
    char path[64];
    temp_name(path, sizeof path);
    spmvp_profile *p = full_profile(), *q = NULL;
    char *text = NULL, *again = NULL;
    CHECK(spmvp_profile_save(p, path) == SPMVP_OK);
    char *file = slurp(path);
    CHECK(spmvp_profile_load(path, &q) == SPMVP_OK);
    CHECK(q && spmvp_profile_print(q, &again) == SPMVP_OK);
    CHECK(spmvp_profile_print(p, &text) == SPMVP_OK);
    CHECK(file && text && again);
    if (file && text && again) {
        size_t n = strlen(text);
        CHECK(!strncmp(file, text, n) && !strcmp(file + n, "\n")); /* the file adds a newline */
        CHECK(!strcmp(text, again));
        /* points one per line, as arrays */
        CHECK(strstr(text, "\n        [\"csr_scalar\", \"fixed\", 0, 1, 4, 270336, 1081344, 12.345678901234567],") != NULL);
        CHECK(strstr(text, "\"memory_bus_width_bits\": 5120") != NULL);
    }
    free(file);
    free(text);
    free(again);
    remove(path);
    spmvp_profile_free(p);
    spmvp_profile_free(q);
}

static void unknown_values_should_be_written_as_null_and_read_back(void)
{
    spmvp_profile *p = spmvp_profile_new(), *q = NULL;
    char *text = NULL;
    spmvp_profile_stamp(p, "9.9.9");
    CHECK(p->device.memory_bus_width_bits == -1 && p->device.compute_capability[0] == 0);
    CHECK(strlen(p->created) == 20 && p->created[10] == 'T' && p->created[19] == 'Z');
    CHECK(spmvp_profile_print(p, &text) == SPMVP_OK);
    CHECK(text && strstr(text, "\"memory_bus_width_bits\": null"));
    CHECK(text && strstr(text, "\"compute_capability\": null"));
    CHECK(text && strstr(text, "\"precisions\": {\n  }"));
    CHECK(text && spmvp_profile_parse("mem", text, &q) == SPMVP_OK);
    if (q)
        check_same_profile(p, q);
    CHECK(q && !spmvp_profile_calib(q, 4) && !spmvp_profile_calib(q, 8));
    free(text);
    spmvp_profile_free(p);
    spmvp_profile_free(q);
}

/* full_profile() with seed 002's parameters (doubles that need 17 digits, notes on some) and
 * the calibrated PMF coefficients of COO and ELL at single precision. */
static spmvp_profile *pmf_profile(void)
{
    spmvp_profile *p = full_profile();
    spmvp_profile_pmf_part(p)->present = 1;
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++)
        spmvp_pmf_param_set(&spmvp_profile_pmf_part(p)->hw, i, (i + 1) * 1e9 / 3.0 + 0.1);
    spmvp_profile_pmf_part(p)->hw.W = 48;
    spmvp_profile_pmf_part(p)->hw.F_d = 0; /* no double precision: 0 is allowed here only */
    spmvp_profile_pmf_part(p)->hw.S_i = 4;
    spmvp_profile_pmf_part(p)->hw.BW = 1.0 / 7.0;
    snprintf(spmvp_profile_pmf_part(p)->source[0], SPMVP_PMF_SOURCE_LEN, "measured: \"h2d\" \\ 13.8 GB/s");
    snprintf(spmvp_profile_pmf_part(p)->source[5], SPMVP_PMF_SOURCE_LEN, "derived: copy / BW");
    snprintf(spmvp_profile_pmf_part(p)->source[7], SPMVP_PMF_SOURCE_LEN, "device: warp width \xc3\xa9");
    snprintf(spmvp_profile_pmf_part(p)->source[11], SPMVP_PMF_SOURCE_LEN, "%s", "double");
    spmvp_pmf_cal *fit = spmvp_profile_pmf_fit(p, SPMVP_PRECISION_SINGLE);
    fit->f[SPMVP_PMF_COO] = (spmvp_pmf_cal_coef){1, 60, 4.0 / 3.0, 1.0 / 7.0, 0.0, 2.5e-3, 1e-17};
    fit->f[SPMVP_PMF_ELL] = (spmvp_pmf_cal_coef){1, 61, 0.0, 2.0 / 3.0, 0.1, 1.0 / 9.0, 0.123456789012345678};
    /* not fitted: its numbers are not written and read back as an invalid format */
    fit->f[SPMVP_PMF_CSR] = (spmvp_pmf_cal_coef){0, 3, 9.0, 9.0, 9.0, 9.0, 9.0};
    fit->launch_us = 1.0 / 3.0;
    return p;
}

static void pmf_hardware_and_fit_should_survive_print_and_parse(void)
{
    spmvp_profile *p = pmf_profile(), *q = NULL;
    char *text = NULL, *again = NULL;
    CHECK_MSG(spmvp_profile_print(p, &text) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK_MSG(text && spmvp_profile_parse("pmf.json", text, &q) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK(q != NULL);
    if (q) {
        check_same_profile(p, q);
        CHECK(spmvp_profile_pmf_part(q)->present == 1 && spmvp_profile_pmf_part(q)->hw.W == 48 && spmvp_profile_pmf_part(q)->hw.F_d == 0);
        CHECK(bits_equal(spmvp_profile_pmf_part(q)->hw.BW, 1.0 / 7.0));
        CHECK(!strcmp(spmvp_profile_pmf_part(q)->source[0], "measured: \"h2d\" \\ 13.8 GB/s"));
        CHECK(spmvp_profile_pmf_part(q)->source[1][0] == 0 && spmvp_profile_pmf_part(q)->source[6][0] == 0); /* none given: none read */
        const spmvp_pmf_cal *fit = spmvp_profile_pmf_fit(q, SPMVP_PRECISION_SINGLE);
        CHECK(fit->f[SPMVP_PMF_COO].valid && fit->f[SPMVP_PMF_COO].npoints == 60);
        CHECK(bits_equal(fit->f[SPMVP_PMF_COO].mem, 1.0 / 7.0));
        CHECK(bits_equal(fit->f[SPMVP_PMF_ELL].rms_rel, 0.123456789012345678));
        CHECK(fit->f[SPMVP_PMF_ELL].valid && fit->f[SPMVP_PMF_ELL].t0_us == 0);
        CHECK(bits_equal(fit->launch_us, 1.0 / 3.0));
        CHECK(!fit->f[SPMVP_PMF_CSR].valid && fit->f[SPMVP_PMF_CSR].npoints == 0 && fit->f[SPMVP_PMF_CSR].mem == 0);
        for (int f = 0; f < 3; f++) /* nothing fitted at double precision */
            CHECK(!spmvp_profile_pmf_fit(q, SPMVP_PRECISION_DOUBLE)->f[f].valid);
        CHECK(spmvp_profile_print(q, &again) == SPMVP_OK);
        CHECK(text && again && !strcmp(text, again));
    }
    CHECK(text && strstr(text, "\"pmf_hardware\": {") && strstr(text, "\"pmf_fit\": {"));
    CHECK(text && strstr(text, "\"W\": 48"));
    CHECK(text && !strstr(text, "\"csr\": {")); /* the format not fitted is left out */
    free(text);
    free(again);
    spmvp_profile_free(p);
    spmvp_profile_free(q);
}

static void pmf_hardware_should_be_refused_when_it_would_not_load(void)
{
    spmvp_profile *p = pmf_profile();
    char *text = NULL;
    spmvp_profile_pmf_part(p)->hw.C = 0; /* must be positive */
    CHECK(spmvp_profile_print(p, &text) == SPMVP_ERR_ARG && text == NULL);
    CHECK_MSG(strstr(spmvp_last_error(), "pmf_hardware.C") != NULL, "%s", spmvp_last_error());
    spmvp_profile_pmf_part(p)->hw.C = 384;
    spmvp_profile_pmf_fit(p, SPMVP_PRECISION_SINGLE)->f[SPMVP_PMF_ELL].ops = NAN;
    CHECK(spmvp_profile_print(p, &text) == SPMVP_ERR_ARG && text == NULL);
    CHECK_MSG(strstr(spmvp_last_error(), "precisions.single.pmf_fit.ell.ops") != NULL, "%s", spmvp_last_error());
    spmvp_profile_free(p);
}

static void free_should_accept_null(void) { CHECK(spmvp_profile_free(NULL) == NULL); }

/* ---- what cannot be written ---- */

static void print_should_refuse_a_non_finite_number_and_name_it(void)
{
    char path[64];
    temp_name(path, sizeof path);
    spmvp_profile *p = full_profile();
    char *text = (char *)(uintptr_t)1;
    p->prec[SPMVP_PRECISION_DOUBLE].calib->models[1].seg[1].t0 = NAN;
    CHECK(spmvp_profile_print(p, &text) == SPMVP_ERR_ARG);
    CHECK(text == NULL);
    CHECK_MSG(strstr(spmvp_last_error(), "precisions.double.models[1].coefficients.segments[1].t0: "
                                         "expected a number, got null") != NULL,
              "%s", spmvp_last_error());
    CHECK(spmvp_profile_save(p, path) == SPMVP_ERR_ARG);
    CHECK_MSG(starts_with(spmvp_last_error(), path) && strstr(spmvp_last_error(), "(not written)"),
              "%s", spmvp_last_error());
    CHECK(access(path, F_OK) != 0);
    p->prec[SPMVP_PRECISION_DOUBLE].calib->models[1].seg[1].t0 = 1;
    p->prec[SPMVP_PRECISION_SINGLE].calib->points[3].time_us = INFINITY;
    CHECK(spmvp_profile_print(p, &text) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "precisions.single.points[3][7] (time_us): expected a number") != NULL,
              "%s", spmvp_last_error());
    p->prec[SPMVP_PRECISION_SINGLE].calib->points[3].time_us = 1;
    p->created[0] = 0; /* never stamped */
    CHECK(spmvp_profile_print(p, &text) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "provenance.created: expected an ISO 8601") != NULL,
              "%s", spmvp_last_error());
    spmvp_profile_free(p);
}

static void save_to_a_missing_directory_should_fail_with_io(void)
{
    spmvp_profile *p = full_profile();
    CHECK(spmvp_profile_save(p, "/nonexistent-dir/x.json") == SPMVP_ERR_IO);
    CHECK(one_line(spmvp_last_error()) && starts_with(spmvp_last_error(), "/nonexistent-dir/x.json"));
    spmvp_profile_free(p);
}

/* ---- reading ---- */

static void good_minimal_profile_should_load(void)
{
    spmvp_profile *p = NULL;
    CHECK_MSG(spmvp_profile_load(DATA "good_minimal.json", &p) == SPMVP_OK, "%s", spmvp_last_error());
    if (!p)
        return;
    CHECK(!strcmp(p->device.name, "NVIDIA H100 80GB HBM3"));
    CHECK(p->device.compute_units == 132 && p->device.global_mem_bytes == 84942979072LL);
    CHECK(p->device.fp64 == 1 && !strcmp(p->device.compute_capability, "9.0"));
    CHECK(p->microbench.copy_gbs == 2851.5 && p->microbench.bytes == 268435456);
    CHECK(p->microbench.gather.n == 0); /* a profile from before the curve: none */
    CHECK(p->device.l2_pin_bytes == 0);  /* nor the L2 it pins against */
    CHECK(p->device.local_from_l1 == 0); /* nor whether its local memory is L1's */
    CHECK(!strcmp(p->created, "2025-01-31T12:00:00Z") && !strcmp(p->spmvp_version, "0.1.0"));
    const spmvp_calib *c = spmvp_profile_calib(p, 4);
    CHECK(c && c->npoints == 3 && c->nmodels == 2);
    CHECK(p->prec[0].quick == 1 && p->prec[0].warmup == 5 && p->prec[0].runs == 20);
    CHECK(spmvp_profile_calib(p, 8) == NULL);
    /* no "pmf_hardware", no "pmf_fit" */
    CHECK(spmvp_profile_pmf_part(p)->present == 0 && spmvp_profile_pmf_part(p)->source[0][0] == 0 && spmvp_profile_pmf_part(p)->hw.C == 0);
    for (int f = 0; f < 3; f++)
        CHECK(!spmvp_profile_pmf_fit(p, 0)->f[f].valid && !spmvp_profile_pmf_fit(p, 1)->f[f].valid);
    if (c && c->npoints == 3 && c->nmodels == 2) {
        spmvp_calib_point q = point(SPMVP_COO, SPMVP_DIST_NORMAL, 0, 2, 16, 2162688, 34603008, 120.125);
        CHECK(same_point(&c->points[2], &q));
        CHECK(c->models[0].format == SPMVP_ELL && c->models[0].A == 0.0625 && c->models[0].P1 == 4);
        CHECK(c->models[1].format == SPMVP_CSR_VECTOR && c->models[1].vector_width == 16);
        CHECK(c->models[1].seg[0].valid && c->models[1].seg[0].PE == 64 && c->models[1].seg[0].t0 == 14.5);
        CHECK(!c->models[1].seg[1].valid);
    }
    spmvp_profile_free(p);
}

/* A setup model from before stop 39 has no term for the bytes past 32 MiB nor (stop 41) for
 * those up to the staging knot (setup_cost.c): it loads with both 0, its other coefficients
 * as written. */
static void a_setup_model_without_the_32_mib_term_should_load_with_it_0(void)
{
    spmvp_profile *p = NULL;
    CHECK_MSG(spmvp_profile_load(DATA "good_setup_before_stop39.json", &p) == SPMVP_OK, "%s",
              spmvp_last_error());
    if (!p)
        return;
    const spmvp_setup_fit *e = &p->prec[SPMVP_PRECISION_SINGLE].setup[SPMVP_ELL];
    CHECK(e->rows == 30 && e->convert[1] == 0.01 && e->upload[0] == 20 && e->upload[1] == 0.0001);
    CHECK(e->upload[2] == 0 && e->upload[3] == 0 && e->upload[4] == 0);
    spmvp_profile_free(p);
}

static void good_pmf_profile_should_load_its_parameters_and_fit(void)
{
    spmvp_profile *p = NULL;
    CHECK_MSG(spmvp_profile_load(DATA "good_pmf.json", &p) == SPMVP_OK, "%s", spmvp_last_error());
    if (!p)
        return;
    CHECK(spmvp_profile_pmf_part(p)->present == 1);
    const spmvp_pmf_hw *hw = &spmvp_profile_pmf_part(p)->hw;
    CHECK(hw->B == 13.75e9 && hw->F_i == 1.98e9 && hw->F_s == 1.98e9 && hw->F_d == 0.99e9);
    CHECK(hw->BW == 640 && hw->CR == 4455468750.0 && hw->C == 16896 && hw->W == 32 && hw->BS == 256);
    CHECK(hw->S_i == 4 && hw->S_s == 4 && hw->S_d == 8);
    CHECK(!strcmp(spmvp_profile_pmf_part(p)->source[0], "measured: micro-benchmark host-to-device write, 13.8 GB/s"));
    CHECK(starts_with(spmvp_profile_pmf_part(p)->source[5], "derived: measured copy bandwidth"));
    CHECK(starts_with(spmvp_profile_pmf_part(p)->source[6], "vendor data: 132 SMs"));
    for (int i = 1; i < 5; i++) /* sources not given read as "" */
        CHECK(spmvp_profile_pmf_part(p)->source[i][0] == 0);
    const spmvp_pmf_cal *fit = spmvp_profile_pmf_fit(p, SPMVP_PRECISION_SINGLE);
    const spmvp_pmf_cal_coef *coo = &fit->f[SPMVP_PMF_COO], *ell = &fit->f[SPMVP_PMF_ELL];
    CHECK(coo->valid && coo->npoints == 40 && coo->t0_us == 3.5 && coo->mem == 1.25 && coo->ops == 0.75 &&
          coo->row_us == 0.002 && coo->rms_rel == 0.05);
    CHECK(ell->valid && ell->npoints == 41 && ell->t0_us == 2.5 && ell->mem == 1 && ell->ops == 0 &&
          ell->row_us == 0.003 && ell->rms_rel == 0.03);
    CHECK(!fit->f[SPMVP_PMF_CSR].valid);
    CHECK(fit->launch_us == 2.25);
    /* the rest as good_minimal.json */
    CHECK(p->device.compute_units == 132 && spmvp_profile_calib(p, 4) && spmvp_profile_calib(p, 4)->npoints == 3);
    spmvp_profile_free(p);
}

/* Extracts the first ```json block of devices/README.md. */
static char *readme_example(void)
{
    char *md = slurp(SPMVP_SOURCE_DIR "/devices/README.md");
    char *start = md ? strstr(md, "```json\n") : NULL;
    char *end = start ? strstr(start + 8, "\n```") : NULL;
    char *json = NULL;
    if (end) {
        start += 8;
        json = malloc((size_t)(end - start) + 1);
        memcpy(json, start, (size_t)(end - start));
        json[end - start] = 0;
    }
    free(md);
    return json;
}

static void readme_example_should_load(void)
{
    char *json = readme_example();
    spmvp_profile *p = NULL;
    CHECK(json != NULL);
    CHECK_MSG(json && spmvp_profile_parse("devices/README.md", json, &p) == SPMVP_OK, "%s",
              spmvp_last_error());
    CHECK(p && spmvp_profile_calib(p, 8) && spmvp_profile_calib(p, 8)->npoints > 0);
    CHECK(p && spmvp_profile_calib(p, 8) && spmvp_profile_calib(p, 8)->nmodels >= 2);
    free(json);
    spmvp_profile_free(p);
}

/* Each malformed profile and what its message must contain (after "PATH: "). */
static const struct {
    const char *file, *expect;
} bad_cases[] = {
    {"bad_json_truncated.json", "not valid JSON near byte"},
    {"bad_json_trailing_comma.json", "not valid JSON near byte"},
    {"bad_top_array.json", "expected a JSON object at the top, got an array"},
    {"bad_schema_name.json", "schema: expected \"spmvp-profile\", got \"clpeak-results\""},
    {"bad_schema_version.json", "schema_version: 7 is not supported (this spmvp reads 1)"},
    {"bad_schema_version_string.json", "schema_version: expected an integer, got a string"},
    {"bad_created.json", "provenance.created: expected an ISO 8601 UTC time"},
    {"bad_driver_mismatch.json", "provenance.driver: \"535.0\" differs from device.driver \"550.54.15\""},
    {"bad_missing_compute_units.json", "device.compute_units: missing"},
    {"bad_compute_units_string.json", "device.compute_units: expected an integer, got a string"},
    {"bad_fp64_number.json", "device.fp64: expected true or false, got a number"},
    {"bad_local_from_l1_string.json", "device.local_from_l1: expected true or false, got a string"},
    {"bad_missing_microbench.json", "microbench: missing"},
    {"bad_copy_negative.json", "microbench.copy_gbs: must not be negative, got -1.5"},
    {"bad_h2d_infinite.json", "microbench.h2d_gbs: expected a finite number"},
    {"bad_gather_decreasing.json", "microbench.gather.bytes[2]: windows must be above 0 and increasing"},
    {"bad_gather_lengths.json", "microbench.gather.ggps: expected 3 numbers, got 2"},
    {"bad_gather_rate_zero.json", "microbench.gather.ggps[1]: a rate must be above 0"},
    {"bad_missing_precisions.json", "precisions: missing"},
    {"bad_precision_name.json", "precisions.half: unknown precision"},
    {"bad_grid.json", "precisions.single.calibration.grid: expected \"full\" or \"quick\", got \"medium\""},
    {"bad_runs_zero.json", "precisions.single.calibration.runs: must be at least 1, got 0"},
    {"bad_unknown_format.json", "precisions.single.models[0].format: unknown format \"elll\""},
    {"bad_model_dist_number.json", "precisions.single.models[1].distribution: expected a distribution name, got a number"},
    {"bad_coefficients_array.json", "precisions.single.models[0].coefficients: expected an object, got an array"},
    {"bad_missing_P1.json", "precisions.single.models[0].coefficients.P1: missing"},
    {"bad_strip_zero.json", "precisions.single.models[0].strip: must be at least 1, got 0"},
    {"bad_segments_length.json", "precisions.single.models[1].coefficients.segments: expected 2 elements"},
    {"bad_segment_t0_missing.json", "precisions.single.models[1].coefficients.segments[0].t0: missing"},
    {"bad_points_missing.json", "precisions.single.points: missing"},
    {"bad_unknown_dist.json", "precisions.single.points[1][1] (distribution): unknown distribution \"gaussian\""},
    {"bad_point_length.json", "precisions.single.points[2]: expected 8 elements"},
    {"bad_point_object.json", "precisions.single.points[0]: expected an array"},
    {"bad_negative_time.json", "precisions.single.points[0][7] (time_us): must not be negative, got -9.75"},
    {"bad_coefficient_huge.json", "precisions.single.models[0].coefficients.A: 1e+308 is outside the sane range of +-1e+30"},
    {"bad_noninteger_I.json", "precisions.single.points[1][3] (I): expected an integer, got 2.5"},
    {"bad_pmf_C_negative.json", "pmf_hardware.C: must be positive, got -16896"},
    {"bad_pmf_missing_CR.json", "pmf_hardware.CR: missing"},
    {"bad_pmf_W_fraction.json", "pmf_hardware.W: expected an integer, got 32.5"},
    {"bad_pmf_source_number.json", "pmf_hardware.sources.B: expected a string, got a number"},
    {"bad_pmf_fit_format.json", "precisions.single.pmf_fit.hyb: unknown format (expected coo, csr or ell, or launch_us)"},
    {"bad_pmf_fit_negative.json", "precisions.single.pmf_fit.ell.mem: must not be negative, got -1"},
    {"bad_pmf_fit_launch_negative.json", "precisions.single.pmf_fit.launch_us: must not be negative, got -2.25"},
};

static void malformed_profiles_should_be_rejected_naming_the_field(void)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        char path[512], want[1024];
        spmvp_profile *p = (spmvp_profile *)(uintptr_t)1; /* must come back NULL */
        snprintf(path, sizeof path, DATA "%s", bad_cases[i].file);
        snprintf(want, sizeof want, "%s: %s", path, bad_cases[i].expect);
        spmvp_status st = spmvp_profile_load(path, &p);
        const char *msg = spmvp_last_error();
        CHECK_MSG(st == SPMVP_ERR_PARSE, "%s: status %s", bad_cases[i].file, spmvp_strerror(st));
        CHECK_MSG(p == NULL, "%s", bad_cases[i].file);
        CHECK_MSG(one_line(msg) && starts_with(msg, want), "%s:\n  got  %s\n  want %s...",
                  bad_cases[i].file, msg, want);
    }
}

static void every_bad_file_should_be_in_the_table(void)
{
    /* A new bad_*.json without an expectation would otherwise pass unnoticed. */
    DIR *dir = opendir(DATA);
    int n = 0, listed = 0;
    CHECK(dir != NULL);
    for (struct dirent *e; dir && (e = readdir(dir));) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, "bad_", 4) || len < 5 || strcmp(e->d_name + len - 5, ".json"))
            continue;
        n++;
        int found = 0;
        for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++)
            found |= !strcmp(bad_cases[i].file, e->d_name);
        listed += found;
        CHECK_MSG(found, "%s has no expected message in bad_cases", e->d_name);
    }
    if (dir)
        closedir(dir);
    CHECK(n == listed && n == (int)(sizeof bad_cases / sizeof bad_cases[0]));
    CHECK(n >= 12);
}

static void json_errors_should_give_the_byte(void)
{
    spmvp_profile *p = NULL;
    CHECK(spmvp_profile_parse("t.json", "{\"schema\": \"spmvp-profile\",, }", &p) == SPMVP_ERR_PARSE);
    CHECK_MSG(!strcmp(spmvp_last_error(), "t.json: not valid JSON near byte 28"), "%s", spmvp_last_error());
    CHECK(spmvp_profile_parse("t.json", "{} x", &p) == SPMVP_ERR_PARSE);
    CHECK_MSG(!strcmp(spmvp_last_error(), "t.json: not valid JSON near byte 3"), "%s", spmvp_last_error());
    CHECK(spmvp_profile_parse("t.json", "", &p) == SPMVP_ERR_PARSE);
    CHECK_MSG(!strcmp(spmvp_last_error(), "t.json: not valid JSON near byte 0"), "%s", spmvp_last_error());
    CHECK(spmvp_profile_parse(NULL, "{}", &p) == SPMVP_ERR_PARSE);
    CHECK_MSG(!strcmp(spmvp_last_error(), "profile: schema: missing"), "%s", spmvp_last_error());
    CHECK(p == NULL);
}

static void a_nul_byte_in_the_file_should_be_refused(void)
{
    char path[64];
    temp_name(path, sizeof path);
    FILE *f = fopen(path, "wb");
    fwrite("{}\0{}", 1, 5, f);
    fclose(f);
    spmvp_profile *p = NULL;
    CHECK(spmvp_profile_load(path, &p) == SPMVP_ERR_PARSE && p == NULL);
    CHECK_MSG(strstr(spmvp_last_error(), "near byte 2 (a NUL byte)") != NULL, "%s", spmvp_last_error());
    remove(path);
}

static void a_missing_file_should_fail_with_io(void)
{
    spmvp_profile *p = (spmvp_profile *)(uintptr_t)1;
    CHECK(spmvp_profile_load(DATA "no_such_profile.json", &p) == SPMVP_ERR_IO);
    CHECK(p == NULL);
    CHECK(one_line(spmvp_last_error()) && strstr(spmvp_last_error(), "no_such_profile.json: cannot open"));
}

static void long_strings_should_be_refused_not_cut(void)
{
    spmvp_profile *p = full_profile(), *q = NULL;
    char *text = NULL;
    CHECK(spmvp_profile_print(p, &text) == SPMVP_OK);
    /* Turn "GPU" into a type of 40 characters: device.type holds 31. */
    char *at = text ? strstr(text, "\"type\": \"GPU\"") : NULL;
    CHECK(at != NULL);
    if (at) {
        size_t n = strlen(text);
        char *t = malloc(n + 64);
        size_t head = (size_t)(at - text) + strlen("\"type\": \"");
        memcpy(t, text, head);
        strcpy(t + head, "GPUGPUGPUGPUGPUGPUGPUGPUGPUGPUGPUGPUGPU");
        strcat(t, at + strlen("\"type\": \"GPU"));
        CHECK(spmvp_profile_parse("long.json", t, &q) == SPMVP_ERR_PARSE);
        CHECK_MSG(!strcmp(spmvp_last_error(), "long.json: device.type: longer than 31 bytes"), "%s",
                  spmvp_last_error());
        free(t);
    }
    free(text);
    spmvp_profile_free(p);
    spmvp_profile_free(q);
}

/* good_minimal.json with its first `from` replaced by `to`, parsed. */
static spmvp_status parse_edited(const char *from, const char *to, spmvp_profile **out)
{
    char *text = slurp(DATA "good_minimal.json");
    char *at = text ? strstr(text, from) : NULL;
    spmvp_status st = SPMVP_ERR_ARG;
    *out = NULL;
    if (at) {
        size_t head = (size_t)(at - text), n = strlen(text) - strlen(from) + strlen(to);
        char *t = malloc(n + 1);
        memcpy(t, text, head);
        strcpy(t + head, to);
        strcat(t, at + strlen(from));
        st = spmvp_profile_parse("edited.json", t, out);
        free(t);
    }
    free(text);
    return st;
}

static void numbers_out_of_range_should_be_refused(void)
{
    spmvp_profile *p;
    CHECK(parse_edited("\"compute_units\": 132", "\"compute_units\": 3000000000", &p) == SPMVP_ERR_PARSE);
    CHECK_MSG(!strcmp(spmvp_last_error(), "edited.json: device.compute_units: must be at most 2147483647, got 3000000000"),
              "%s", spmvp_last_error());
    CHECK(parse_edited("\"bytes\": 268435456", "\"bytes\": 1e16", &p) == SPMVP_ERR_PARSE);
    CHECK_MSG(!strcmp(spmvp_last_error(), "edited.json: microbench.bytes: must be at most 9007199254740992, got 1e+16"),
              "%s", spmvp_last_error());
    CHECK(parse_edited("\"t0\": 14.5", "\"t0\": 0", &p) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(spmvp_last_error(), "segments[0].t0: must be positive, got 0") != NULL, "%s", spmvp_last_error());
    CHECK(parse_edited("\"warp_size\": 32", "\"warp_size\": -32", &p) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(spmvp_last_error(), "device.warp_size: must be at least 0, got -32") != NULL, "%s", spmvp_last_error());
    CHECK(parse_edited("\"memory_bus_width_bits\": 5120", "\"memory_bus_width_bits\": \"wide\"", &p) == SPMVP_ERR_PARSE);
    CHECK_MSG(strstr(spmvp_last_error(), "device.memory_bus_width_bits: expected an integer or null, got a string") != NULL,
              "%s", spmvp_last_error());
}

static void unknown_members_should_be_ignored(void)
{
    spmvp_profile *p;
    CHECK_MSG(parse_edited("\"schema_version\": 1,", "\"schema_version\": 1, \"later\": {\"x\": [1, null]},", &p) == SPMVP_OK,
              "%s", spmvp_last_error());
    CHECK(p && p->device.compute_units == 132);
    spmvp_profile_free(p);
    CHECK(parse_edited("\"memory_bus_width_bits\": 5120", "\"memory_bus_width_bits\": null", &p) == SPMVP_OK);
    CHECK(p && p->device.memory_bus_width_bits == -1);
    spmvp_profile_free(p);
}

/* ---- the precision asked for ---- */

static void asking_for_an_absent_precision_should_name_it(void)
{
    spmvp_profile *p = NULL;
    const spmvp_calib *c = (const spmvp_calib *)(uintptr_t)1;
    CHECK(spmvp_profile_load(DATA "good_minimal.json", &p) == SPMVP_OK);
    CHECK(spmvp_profile_require(p, DATA "good_minimal.json", 8, &c) == SPMVP_ERR_UNSUPPORTED);
    CHECK(c == NULL);
    CHECK_MSG(!strcmp(spmvp_last_error(), DATA "good_minimal.json: precisions.double: missing "
                                          "(this profile was calibrated for single precision only)"),
              "%s", spmvp_last_error());
    CHECK(spmvp_profile_require(p, "x.json", 4, &c) == SPMVP_OK && c == spmvp_profile_calib(p, 4) && c);
    CHECK(spmvp_profile_require(p, "x.json", 2, &c) == SPMVP_ERR_ARG && c == NULL);
    spmvp_profile_free(p);

    p = spmvp_profile_new();
    CHECK(spmvp_profile_require(p, NULL, 4, &c) == SPMVP_ERR_UNSUPPORTED);
    CHECK_MSG(!strcmp(spmvp_last_error(), "profile: precisions.single: missing (this profile holds no calibration)"),
              "%s", spmvp_last_error());
    p->prec[SPMVP_PRECISION_DOUBLE].calib = spmvp_calib_new();
    CHECK(spmvp_profile_require(p, "d.json", 4, &c) == SPMVP_ERR_UNSUPPORTED);
    CHECK_MSG(strstr(spmvp_last_error(), "calibrated for double precision only") != NULL, "%s",
              spmvp_last_error());
    spmvp_profile_free(p);
}

static void precision_names_should_match_value_sizes(void)
{
    CHECK(spmvp_precision_of(4) == SPMVP_PRECISION_SINGLE && spmvp_precision_of(8) == SPMVP_PRECISION_DOUBLE);
    CHECK(spmvp_precision_of(2) == -1);
    CHECK(!strcmp(spmvp_precision_name(SPMVP_PRECISION_DOUBLE), "double"));
    CHECK(!strcmp(spmvp_precision_name((spmvp_precision)7), "?"));
}

int main(void)
{
    RUN(save_then_load_should_give_every_field_back_bit_for_bit);
    RUN(print_of_a_loaded_profile_should_equal_the_saved_text);
    RUN(unknown_values_should_be_written_as_null_and_read_back);
    RUN(pmf_hardware_and_fit_should_survive_print_and_parse);
    RUN(pmf_hardware_should_be_refused_when_it_would_not_load);
    RUN(free_should_accept_null);
    RUN(print_should_refuse_a_non_finite_number_and_name_it);
    RUN(save_to_a_missing_directory_should_fail_with_io);
    RUN(good_minimal_profile_should_load);
    RUN(a_setup_model_without_the_32_mib_term_should_load_with_it_0);
    RUN(good_pmf_profile_should_load_its_parameters_and_fit);
    RUN(readme_example_should_load);
    RUN(malformed_profiles_should_be_rejected_naming_the_field);
    RUN(every_bad_file_should_be_in_the_table);
    RUN(json_errors_should_give_the_byte);
    RUN(a_nul_byte_in_the_file_should_be_refused);
    RUN(a_missing_file_should_fail_with_io);
    RUN(long_strings_should_be_refused_not_cut);
    RUN(numbers_out_of_range_should_be_refused);
    RUN(unknown_members_should_be_ignored);
    RUN(asking_for_an_absent_precision_should_name_it);
    RUN(precision_names_should_match_value_sizes);
    return test_report();
}
