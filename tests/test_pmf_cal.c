/* test_pmf_cal.c: the PMF model in use: Table 1 parameters derived from a profile
 * (model/predict/pmf_hw.h), the generator's expected row-length histograms (model/sparse/gen.h), the
 * calibrated variant (model/pmf_cal.h) fitted to synthetic timings of known coefficients,
 * its Algorithm 2 against a brute-force scan, and the predictions `spmvp predict` ranks
 * (model/predict_all.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "hyb_rules.h"
#include "hyb_threshold.h"
#include "model_pmf.h"
#include "pmf.h"
#include "pmf_cal.h"
#include "pmf_hw.h"
#include "predict_all.h"
#include "profile.h"
#include "sparse.h"
#include "stats.h"
#include "stencil.h"
#include "test.h"

/* Model ids of the PMF models (set in main from the registry). */
static int MODEL_PMF, MODEL_PMF_CAL;

/* Why the predictor has no PMF model ("" when it has one). */
static const char *pmf_note(const spmvp_predictor *pred)
{
    return pred->note[spmvp_model_family_index(&spmvp_model_pmf)];
}

static int close_rel(double a, double b, double tol)
{
    return fabs(a - b) <= tol * fmax(fabs(a), fabs(b)) || a == b;
}

/* Both NaN, or within tol relative. */
static int same_or_nan(double a, double b, double tol)
{
    return (isnan(a) && isnan(b)) || close_rel(a, b, tol);
}

#define CHECK_REL(a, b) CHECK_MSG(close_rel((a), (b), 1e-12), "%.17g vs %.17g", (double)(a), (double)(b))
#define CHECK_REL_TOL(a, b, tol)                                                               \
    CHECK_MSG(close_rel((a), (b), (tol)), "%.17g vs %.17g", (double)(a), (double)(b))

static int starts_with(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

/* The GT 645M as devices/gt645m-paper.json describes it. */
static void gt645m_device(spmvp_device_params *d, spmvp_microbench_params *mb)
{
    memset(d, 0, sizeof *d);
    memset(mb, 0, sizeof *mb);
    snprintf(d->name, sizeof d->name, "NVIDIA GeForce GT 645M");
    snprintf(d->vendor, sizeof d->vendor, "NVIDIA Corporation");
    snprintf(d->type, sizeof d->type, "GPU");
    snprintf(d->compute_capability, sizeof d->compute_capability, "3.0");
    d->compute_units = 2;
    d->warp_size = 32;
    d->clock_mhz = 760;
    d->memory_bus_width_bits = 128;
    d->fp64 = 1;
    d->max_work_group_size = 1024;
    d->cache_line_bytes = 128;
    mb->copy_gbs = 14.4;
    mb->h2d_gbs = 16;
}

static void check_same_hw(const spmvp_pmf_hw *a, const spmvp_pmf_hw *b, double tol)
{
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++)
        CHECK_MSG(close_rel(spmvp_pmf_param_get(a, i), spmvp_pmf_param_get(b, i), tol),
                  "%s: %.17g vs %.17g", spmvp_pmf_param_name(i), spmvp_pmf_param_get(a, i),
                  spmvp_pmf_param_get(b, i));
}

/* ---- Table 1 from a profile ---- */

static void derived_parameters_should_reproduce_table_2_for_the_gt645m(void)
{
    spmvp_pmf_hw want = spmvp_pmf_hw_gt645m(), hw;
    char src[SPMVP_PMF_NPARAMS][SPMVP_PMF_SOURCE_LEN];
    spmvp_profile *p = NULL;

    /* from the shipped profile's device and microbench objects */
    CHECK_MSG(spmvp_profile_load(SPMVP_SOURCE_DIR "/devices/gt645m-paper.json", &p) == SPMVP_OK, "%s",
              spmvp_last_error());
    if (p) {
        memset(src, 0, sizeof src);
        CHECK_MSG(spmvp_pmf_hw_derive(&p->device, &p->microbench, &hw, src) == SPMVP_OK, "%s",
                  spmvp_last_error());
        check_same_hw(&hw, &want, 1e-12);
        CHECK(hw.W == 32);
        for (int i = 0; i < SPMVP_PMF_NPARAMS; i++)
            CHECK_MSG(src[i][0] != 0, "source of %s is empty", spmvp_pmf_param_name(i));
        /* the stored pmf_hardware is Table 2 too, and is what the profile gives */
        CHECK(spmvp_profile_pmf_part(p)->present == 1);
        check_same_hw(&spmvp_profile_pmf_part(p)->hw, &want, 1e-15);
        CHECK(starts_with(spmvp_profile_pmf_part(p)->source[5], "seed 002 Table 2"));
        int derived = -1;
        spmvp_pmf_hw got;
        CHECK(spmvp_profile_pmf_hw(p, &got, src, &derived) == SPMVP_OK && derived == 0);
        check_same_hw(&got, &spmvp_profile_pmf_part(p)->hw, 0);
        CHECK(!strcmp(src[0], spmvp_profile_pmf_part(p)->source[0]));
        /* without it the profile derives the same numbers */
        spmvp_profile_pmf_part(p)->present = 0;
        CHECK(spmvp_profile_pmf_hw(p, &got, NULL, &derived) == SPMVP_OK && derived == 1);
        check_same_hw(&got, &want, 1e-12);
        p = spmvp_profile_free(p);
    }

    /* the same device filled by hand */
    spmvp_device_params d;
    spmvp_microbench_params mb;
    gt645m_device(&d, &mb);
    memset(src, 0, sizeof src);
    CHECK(spmvp_pmf_hw_derive(&d, &mb, &hw, src) == SPMVP_OK);
    check_same_hw(&hw, &want, 1e-12);
    CHECK_REL(hw.F_d, 0.76e9 / 24);
    CHECK_REL(hw.CR, 900e6);
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++)
        CHECK(src[i][0] != 0);
    /* a source may be omitted */
    CHECK(spmvp_pmf_hw_derive(&d, &mb, &hw, NULL) == SPMVP_OK);
    check_same_hw(&hw, &want, 1e-12);
}

static void derived_parameters_should_follow_the_rules_on_a_cpu(void)
{
    spmvp_device_params d;
    spmvp_microbench_params mb;
    memset(&d, 0, sizeof d);
    memset(&mb, 0, sizeof mb);
    snprintf(d.type, sizeof d.type, "CPU");
    snprintf(d.vendor, sizeof d.vendor, "GenuineIntel");
    d.compute_capability[0] = 0;
    d.warp_size = 8;
    d.compute_units = 2;
    d.memory_bus_width_bits = -1;
    d.cache_line_bytes = 64;
    d.clock_mhz = 2500;
    d.fp64 = 1;
    d.max_work_group_size = 4096;
    mb.copy_gbs = 20;
    mb.h2d_gbs = 10;
    spmvp_pmf_hw hw;
    char src[SPMVP_PMF_NPARAMS][SPMVP_PMF_SOURCE_LEN];
    CHECK(spmvp_pmf_hw_derive(&d, &mb, &hw, src) == SPMVP_OK);
    CHECK(hw.C == 16);                  /* 2 cores x 8 SIMD lanes */
    CHECK(hw.BW == 64);                 /* no bus width: one cache line */
    CHECK_REL(hw.CR, 20e9 / 64);        /* copy bandwidth / BW */
    CHECK_REL(hw.F_s, 2.5e9);           /* one op per lane per cycle */
    CHECK(hw.F_i == hw.F_s);
    CHECK_REL(hw.F_d, hw.F_s / 2);
    CHECK_REL(hw.B, 10e9);
    CHECK(hw.W == 8 && hw.BS == 256);
    CHECK(hw.S_i == 4 && hw.S_s == 4 && hw.S_d == 8);
    CHECK_MSG(starts_with(src[5], "derived"), "CR: %s", src[5]);
    CHECK_MSG(starts_with(src[4], "derived"), "BW: %s", src[4]);

    /* no cache line either: 64 bytes; a larger one is used as it is */
    d.cache_line_bytes = 0;
    CHECK(spmvp_pmf_hw_derive(&d, &mb, &hw, NULL) == SPMVP_OK && hw.BW == 64);
    d.cache_line_bytes = 128;
    CHECK(spmvp_pmf_hw_derive(&d, &mb, &hw, NULL) == SPMVP_OK && hw.BW == 128);
    CHECK_REL(hw.CR, 20e9 / 128);
    /* no double precision: F_d = 0; a small work-group limit caps BS */
    d.fp64 = 0;
    d.max_work_group_size = 64;
    CHECK(spmvp_pmf_hw_derive(&d, &mb, &hw, src) == SPMVP_OK && hw.F_d == 0 && hw.BS == 64);
    CHECK(src[3][0] != 0);
    d.fp64 = 1;

    /* what is missing is named */
    spmvp_device_params d0 = d;
    d0.clock_mhz = 0;
    CHECK(spmvp_pmf_hw_derive(&d0, &mb, &hw, src) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "device.clock_mhz") != NULL, "%s", spmvp_last_error());
    spmvp_microbench_params mb0 = mb;
    mb0.copy_gbs = 0;
    CHECK(spmvp_pmf_hw_derive(&d, &mb0, &hw, src) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "microbench.copy_gbs") != NULL, "%s", spmvp_last_error());
    mb0 = mb;
    mb0.h2d_gbs = 0;
    CHECK(spmvp_pmf_hw_derive(&d, &mb0, &hw, src) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "microbench.h2d_gbs") != NULL, "%s", spmvp_last_error());
    d0 = d;
    d0.compute_units = 0;
    CHECK(spmvp_pmf_hw_derive(&d0, &mb, &hw, src) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "device.compute_units") != NULL, "%s", spmvp_last_error());
}

/* ---- the generator's expected histogram ---- */

static long long hist_sum(const long long *h, long long maxlen, long long *nnz)
{
    long long s = 0, z = 0;
    for (long long k = 0; k <= maxlen; k++) {
        s += h[k];
        z += k * h[k];
    }
    if (nnz)
        *nnz = z;
    return s;
}

static void length_hist_should_sum_to_the_rows(void)
{
    static const long long rows[] = {1, 7, 1000, 4096, 12345, 100003};
    static const int pnz[] = {1, 3, 8, 32, 100};
    for (int d = 0; d < SPMVP_NDISTS; d++)
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
            for (size_t j = 0; j < sizeof pnz / sizeof pnz[0]; j++) {
                long long *h = NULL, maxlen = -1, nnz;
                spmvp_status st = spmvp_gen_length_hist(rows[i], rows[i], pnz[j], (spmvp_dist)d, &h, &maxlen);
                CHECK_MSG(st == SPMVP_OK, "%s", spmvp_last_error());
                if (st)
                    continue;
                CHECK(maxlen >= 0 && h[maxlen] > 0);
                CHECK_MSG(hist_sum(h, maxlen, &nnz) == rows[i], "%s rows %lld pnz %d: sum %lld",
                          spmvp_dist_name((spmvp_dist)d), rows[i], pnz[j], hist_sum(h, maxlen, NULL));
                CHECK(maxlen <= rows[i]); /* a row holds at most cols = rows entries */
                if (d == SPMVP_DIST_FIXED) {
                    long long len = pnz[j] < rows[i] ? pnz[j] : rows[i];
                    CHECK(maxlen == len && h[len] == rows[i]);
                }
                free(h);
            }
}

static void uniform_hist_should_spread_rows_evenly(void)
{
    long long *h = NULL, maxlen = -1;
    CHECK(spmvp_gen_length_hist(9000, 9000, 8, SPMVP_DIST_UNIFORM, &h, &maxlen) == SPMVP_OK);
    CHECK(maxlen == 12);
    for (long long k = 0; h && k <= maxlen; k++)
        CHECK_MSG(h[k] == (k >= 4 ? 1000 : 0), "h[%lld] = %lld", k, h[k]);
    free(h);
    h = NULL;
    CHECK(spmvp_gen_length_hist(50, 50, 8, SPMVP_DIST_FIXED, &h, &maxlen) == SPMVP_OK);
    CHECK(maxlen == 8 && h && h[8] == 50 && hist_sum(h, 8, NULL) == 50);
    free(h);
}

static void normal_hist_mean_should_match_the_exact_moments(void)
{
    long long *h = NULL, maxlen = -1, nnz = 0;
    double mean = 0, sd = 0;
    CHECK(spmvp_gen_length_hist(100000, 100000, 32, SPMVP_DIST_NORMAL, &h, &maxlen) == SPMVP_OK);
    CHECK(spmvp_gen_length_moments(100000, 32, SPMVP_DIST_NORMAL, &mean, &sd) == SPMVP_OK);
    CHECK(h && hist_sum(h, maxlen, &nnz) == 100000);
    CHECK_REL_TOL(nnz / 100000.0, mean, 1e-3);
    CHECK(maxlen <= 63); /* clamped to 2 pnz - 1 */
    /* the histogram's spread too */
    double m = nnz / 100000.0, var = 0;
    for (long long k = 0; h && k <= maxlen; k++)
        var += h[k] * (k - m) * (k - m);
    CHECK_REL_TOL(sqrt(var / 100000.0), sd, 1e-2);
    free(h);
}

/* The expected histogram against the row lengths actually generated: each count within
 * 1 + 5 sqrt(expected) (5 standard deviations of a binomial count, loosely). */
static void check_hist_against_generated(long long rows, int pnz, spmvp_dist dist, unsigned long long seed)
{
    long long *h = NULL, maxlen = -1;
    spmvp_idx *len = malloc((size_t)rows * sizeof *len);
    CHECK(len != NULL);
    CHECK(spmvp_gen_length_hist(rows, rows, pnz, dist, &h, &maxlen) == SPMVP_OK);
    CHECK(len && spmvp_gen_row_lengths(rows, rows, pnz, dist, seed, len) == SPMVP_OK);
    if (!h || !len) {
        free(h);
        free(len);
        return;
    }
    long long top = maxlen;
    for (long long i = 0; i < rows; i++)
        if (len[i] > top)
            top = len[i];
    long long *g = calloc((size_t)top + 1, sizeof *g);
    for (long long i = 0; g && i < rows; i++)
        g[len[i]]++;
    int bad = 0;
    for (long long k = 0; g && k <= top; k++) {
        long long e = k <= maxlen ? h[k] : 0;
        if (fabs((double)(g[k] - e)) > 1 + 5 * sqrt((double)e)) {
            bad++;
            fprintf(stderr, "%s rows %lld pnz %d: length %lld: generated %lld, expected %lld\n",
                    spmvp_dist_name(dist), rows, pnz, k, g[k], e);
        }
    }
    CHECK(g && bad == 0);
    free(g);
    free(h);
    free(len);
}

static void expected_hist_should_match_generated_row_lengths(void)
{
    check_hist_against_generated(20000, 16, SPMVP_DIST_NORMAL, 1);
    check_hist_against_generated(20000, 16, SPMVP_DIST_UNIFORM, 7);
    check_hist_against_generated(30000, 4, SPMVP_DIST_NORMAL, 12345);
    check_hist_against_generated(5000, 64, SPMVP_DIST_UNIFORM, 99);
    check_hist_against_generated(3000, 12, SPMVP_DIST_FIXED, 3);
    check_hist_against_generated(40, 32, SPMVP_DIST_NORMAL, 5); /* cols < 2 pnz: clamped */
}

/* ---- the calibrated model (C1) ---- */

static const spmvp_pmf_cal_coef TRUE_COO = {1, 0, 5.0, 3.0, 2.0, 0.01, 0};
static const spmvp_pmf_cal_coef TRUE_CSR = {1, 0, 7.5, 1.25, 4.0, 0.03, 0};
static const spmvp_pmf_cal_coef TRUE_ELL = {1, 0, 2.0, 2.5, 0.5, 0.02, 0};

/* A calibrated model of the three formats' coefficients, every other member zero. */
static spmvp_pmf_cal make_cal(const spmvp_pmf_cal_coef *coo, const spmvp_pmf_cal_coef *csr,
                              const spmvp_pmf_cal_coef *ell)
{
    spmvp_pmf_cal cal;
    memset(&cal, 0, sizeof cal);
    cal.f[SPMVP_PMF_COO] = *coo;
    cal.f[SPMVP_PMF_CSR] = *csr;
    cal.f[SPMVP_PMF_ELL] = *ell;
    return cal;
}

static spmvp_pmf *bench_pmf(long long rows, int pnz, spmvp_dist dist)
{
    long long *h = NULL, maxlen;
    if (spmvp_gen_length_hist(rows, rows, pnz, dist, &h, &maxlen))
        return NULL;
    spmvp_pmf *p = spmvp_pmf_from_hist(h, maxlen);
    free(h);
    return p;
}

/* (C1) written out: t0 + mem AM + ops CTC + row N/C, microseconds. */
static double c1_us(const spmvp_pmf_cal_coef *k, const spmvp_pmf *p, const spmvp_pmf_hw *hw,
                    spmvp_pmf_prec prec, spmvp_pmf_format f)
{
    spmvp_pmf_time t = f == SPMVP_PMF_COO ? spmvp_pmf_time_coo(p, hw, prec)
                     : f == SPMVP_PMF_CSR ? spmvp_pmf_time_csr(p, hw, prec)
                                          : spmvp_pmf_time_ell(p, hw, prec);
    return k->t0_us + k->mem * t.am * 1e6 + k->ops * (t.ctc_m + t.ctc_a) * 1e6 +
           k->row_us * (double)p->rows / hw->C;
}

static const spmvp_format measured[3] = {SPMVP_COO, SPMVP_CSR_SCALAR, SPMVP_ELL};

/* Points of the formats in `which` (bit f for PMF format f) over the seed 000 grid, timed
 * exactly by (C1) with coefficients k[f]. */
static spmvp_calib *synthetic_calib(unsigned which, const spmvp_pmf_cal_coef *const k[3],
                                    const spmvp_pmf_hw *hw, spmvp_pmf_prec prec, int *count)
{
    static const int pnz[] = {4, 8, 16, 32, 64};
    spmvp_calib *c = spmvp_calib_new();
    for (int f = 0; f < 3; f++)
        count[f] = 0;
    for (int f = 0; c && f < 3; f++) {
        if (!(which & (1u << f)))
            continue;
        for (int d = 0; d < SPMVP_NDISTS; d++)
            for (int I = 1; I <= 4; I++)
                for (size_t j = 0; j < sizeof pnz / sizeof pnz[0]; j++) {
                    long long rows = 4096LL * I;
                    spmvp_pmf *p = bench_pmf(rows, pnz[j], (spmvp_dist)d);
                    if (!p)
                        continue;
                    spmvp_calib_point q = {measured[f], (spmvp_dist)d, 0, I, pnz[j], rows,
                                           rows * pnz[j],
                                           c1_us(k[f], p, hw, prec, (spmvp_pmf_format)f)};
                    if (!spmvp_calib_add(c, &q))
                        count[f]++;
                    spmvp_pmf_free(p);
                }
    }
    return c;
}

static void check_coef(const spmvp_pmf_cal_coef *got, const spmvp_pmf_cal_coef *want, int npoints,
                       const char *name)
{
    CHECK_MSG(got->valid == 1 && got->npoints == npoints, "%s: valid %d npoints %d (want %d)", name,
              got->valid, got->npoints, npoints);
    CHECK_MSG(close_rel(got->t0_us, want->t0_us, 1e-6), "%s t0 %.17g", name, got->t0_us);
    CHECK_MSG(close_rel(got->mem, want->mem, 1e-6), "%s mem %.17g", name, got->mem);
    CHECK_MSG(close_rel(got->ops, want->ops, 1e-6), "%s ops %.17g", name, got->ops);
    CHECK_MSG(close_rel(got->row_us, want->row_us, 1e-6), "%s row %.17g", name, got->row_us);
    CHECK_MSG(got->rms_rel >= 0 && got->rms_rel < 1e-9, "%s rms_rel %g", name, got->rms_rel);
}

static void fit_should_recover_known_coefficients(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    const spmvp_pmf_cal_coef *k[3] = {&TRUE_COO, &TRUE_CSR, &TRUE_ELL};
    for (int prec = 0; prec < 2; prec++) {
        int count[3];
        spmvp_calib *c = synthetic_calib(7u, k, &hw, (spmvp_pmf_prec)prec, count);
        CHECK(c && count[0] == 60 && count[1] == 60 && count[2] == 60);
        if (!c)
            continue;
        /* points the fit must skip: other formats, zero time */
        spmvp_calib_point other = {SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 8, 1, 8, 4096, 32768, 9.0};
        spmvp_calib_point zero = {SPMVP_COO, SPMVP_DIST_FIXED, 0, 1, 8, 4096, 32768, 0.0};
        spmvp_calib_add(c, &other);
        spmvp_calib_add(c, &zero);
        spmvp_pmf_cal cal;
        memset(&cal, 0xff, sizeof cal);
        CHECK_MSG(spmvp_pmf_cal_fit(c, &hw, (spmvp_pmf_prec)prec, &cal, NULL) == SPMVP_OK, "%s",
                  spmvp_last_error());
        check_coef(&cal.f[SPMVP_PMF_COO], &TRUE_COO, count[0], prec ? "coo (double)" : "coo");
        check_coef(&cal.f[SPMVP_PMF_CSR], &TRUE_CSR, count[1], prec ? "csr (double)" : "csr");
        check_coef(&cal.f[SPMVP_PMF_ELL], &TRUE_ELL, count[2], prec ? "ell (double)" : "ell");
        /* the fitted model gives each point's time back */
        for (size_t i = 0; i < c->npoints; i += 7) {
            const spmvp_calib_point *q = &c->points[i];
            int f = q->format == SPMVP_COO ? SPMVP_PMF_COO : q->format == SPMVP_CSR_SCALAR ? SPMVP_PMF_CSR
                  : q->format == SPMVP_ELL ? SPMVP_PMF_ELL : -1;
            if (f < 0 || !(q->time_us > 0))
                continue;
            spmvp_pmf *p = bench_pmf(q->rows, q->pnz, q->dist);
            double t = p ? spmvp_pmf_cal_time(&cal, p, &hw, (spmvp_pmf_prec)prec, (spmvp_pmf_format)f) : NAN;
            CHECK_MSG(close_rel(t * 1e6, q->time_us, 1e-6), "point %zu: %.17g us vs %.17g", i, t * 1e6,
                      q->time_us);
            spmvp_pmf_free(p);
        }
        spmvp_calib_free(c);
    }
}

static void fit_with_launch_cost_should_start_t0_from_it(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    const double L = 2.0; /* launches: COO 3, CSR 1, ELL 1 */
    static const int k[3] = {3, 1, 1};
    spmvp_pmf_cal_coef want[3] = {TRUE_COO, TRUE_CSR, TRUE_ELL};
    for (int f = 0; f < 3; f++)
        want[f].t0_us += k[f] * L; /* t0 = k L + t0' */
    want[SPMVP_PMF_ELL].t0_us = L; /* t0' = 0: on the bound */
    const spmvp_pmf_cal_coef *w[3] = {&want[0], &want[1], &want[2]};
    int count[3];
    spmvp_calib *c = synthetic_calib(7u, w, &hw, SPMVP_PMF_SINGLE, count);
    spmvp_pmf_cal cal;
    CHECK_MSG(c && spmvp_pmf_cal_fit_launch(c, &hw, SPMVP_PMF_SINGLE, L, &cal, NULL) == SPMVP_OK, "%s",
              spmvp_last_error());
    CHECK(cal.launch_us == L);
    check_coef(&cal.f[SPMVP_PMF_COO], &want[0], count[0], "coo (launch)");
    check_coef(&cal.f[SPMVP_PMF_CSR], &want[1], count[1], "csr (launch)");
    check_coef(&cal.f[SPMVP_PMF_ELL], &want[2], count[2], "ell (launch)");
    /* L = 0 is the plain fit */
    spmvp_pmf_cal plain, zero;
    CHECK(c && spmvp_pmf_cal_fit(c, &hw, SPMVP_PMF_SINGLE, &plain, NULL) == SPMVP_OK);
    CHECK(c && spmvp_pmf_cal_fit_launch(c, &hw, SPMVP_PMF_SINGLE, 0.0, &zero, NULL) == SPMVP_OK);
    CHECK(plain.launch_us == 0 && !memcmp(&plain, &zero, sizeof plain));
    /* a launch cost above what the points allow: t0 stays at k L, never below */
    spmvp_pmf_cal high;
    CHECK(c && spmvp_pmf_cal_fit_launch(c, &hw, SPMVP_PMF_SINGLE, 4.0, &high, NULL) == SPMVP_OK);
    for (int f = 0; f < 3; f++)
        CHECK_MSG(high.f[f].valid && high.f[f].t0_us >= k[f] * 4.0 && high.f[f].mem >= 0 &&
                      high.f[f].ops >= 0 && high.f[f].row_us >= 0,
                  "%s: t0 %g with L = 4", spmvp_pmf_format_name((spmvp_pmf_format)f), high.f[f].t0_us);
    CHECK(high.f[SPMVP_PMF_ELL].rms_rel > 1e-6); /* ELL's true t0 (2) is below 4 */
    /* a launch cost must be a number >= 0 */
    CHECK(c && spmvp_pmf_cal_fit_launch(c, &hw, SPMVP_PMF_SINGLE, -1.0, &cal, NULL) == SPMVP_ERR_ARG);
    CHECK(c && spmvp_pmf_cal_fit_launch(c, &hw, SPMVP_PMF_SINGLE, NAN, &cal, NULL) == SPMVP_ERR_ARG);
    spmvp_calib_free(c);
}

/* sqrt(mean(((fit - t) / t)^2)) over c's points of PMF format f, fit = (C1) with k. */
static double rms_rel_of(const spmvp_calib *c, const spmvp_pmf_cal_coef *k, const spmvp_pmf_hw *hw,
                         spmvp_pmf_format f)
{
    double sum = 0;
    int n = 0;
    for (size_t i = 0; i < c->npoints; i++) {
        const spmvp_calib_point *q = &c->points[i];
        if (q->format != measured[f])
            continue;
        spmvp_pmf *p = bench_pmf(q->rows, q->pnz, q->dist);
        if (!p)
            return NAN;
        double r = (c1_us(k, p, hw, SPMVP_PMF_SINGLE, f) - q->time_us) / q->time_us;
        sum += r * r;
        n++;
        spmvp_pmf_free(p);
    }
    return n ? sqrt(sum / n) : NAN;
}

static void fit_should_keep_every_coefficient_non_negative(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    /* timings that a negative per-row cost would fit exactly (still all positive) */
    static const spmvp_pmf_cal_coef neg_coo = {1, 0, 5.0, 3.0, 2.0, -0.02, 0};
    static const spmvp_pmf_cal_coef neg_csr = {1, 0, 6.0, 1.0, 1.5, -0.01, 0};
    static const spmvp_pmf_cal_coef neg_ell = {1, 0, 1.0, 2.5, -0.2, 0.02, 0};
    const spmvp_pmf_cal_coef *k[3] = {&neg_coo, &neg_csr, &neg_ell};
    int count[3];
    spmvp_calib *c = synthetic_calib(7u, k, &hw, SPMVP_PMF_SINGLE, count);
    for (size_t i = 0; c && i < c->npoints; i++)
        CHECK_MSG(c->points[i].time_us > 0, "point %zu: %g", i, c->points[i].time_us);
    spmvp_pmf_cal cal;
    CHECK(c && spmvp_pmf_cal_fit(c, &hw, SPMVP_PMF_SINGLE, &cal, NULL) == SPMVP_OK);
    for (int f = 0; c && f < 3; f++) {
        const spmvp_pmf_cal_coef *g = &cal.f[f];
        const char *name = spmvp_pmf_format_name((spmvp_pmf_format)f);
        CHECK_MSG(g->valid && g->npoints == 60, "%s", name);
        CHECK_MSG(g->t0_us >= 0 && g->mem >= 0 && g->ops >= 0 && g->row_us >= 0,
                  "%s: t0 %g mem %g ops %g row %g", name, g->t0_us, g->mem, g->ops, g->row_us);
        CHECK_MSG(g->rms_rel > 1e-6, "%s: rms_rel %g: an exact fit needs a negative coefficient", name,
                  g->rms_rel);
        /* rms_rel is what the coefficients give on the points */
        CHECK_MSG(close_rel(g->rms_rel, rms_rel_of(c, g, &hw, (spmvp_pmf_format)f), 1e-6),
                  "%s: rms_rel %.17g vs recomputed %.17g", name, g->rms_rel, rms_rel_of(c, g, &hw, (spmvp_pmf_format)f));
        /* the non-negative optimum is no worse than the true model with its negative term at 0 */
        spmvp_pmf_cal_coef clamp = *k[f];
        if (clamp.t0_us < 0)
            clamp.t0_us = 0;
        if (clamp.ops < 0)
            clamp.ops = 0;
        if (clamp.row_us < 0)
            clamp.row_us = 0;
        CHECK_MSG(g->rms_rel <= rms_rel_of(c, &clamp, &hw, (spmvp_pmf_format)f) * (1 + 1e-9),
                  "%s: rms_rel %g, clamped truth %g", name, g->rms_rel, rms_rel_of(c, &clamp, &hw, (spmvp_pmf_format)f));
    }
    spmvp_calib_free(c);
}

static void cal_time_should_be_c1_and_nan_when_invalid(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    spmvp_pmf *p = bench_pmf(8192, 16, SPMVP_DIST_NORMAL);
    CHECK(p);
    if (!p)
        return;
    spmvp_pmf_cal cal = make_cal(&TRUE_COO, &TRUE_CSR, &TRUE_ELL);
    for (int f = 0; f < 3; f++)
        for (int prec = 0; prec < 2; prec++)
            CHECK_REL(spmvp_pmf_cal_time(&cal, p, &hw, (spmvp_pmf_prec)prec, (spmvp_pmf_format)f) * 1e6,
                      c1_us(&cal.f[f], p, &hw, (spmvp_pmf_prec)prec, (spmvp_pmf_format)f));
    /* a by-hand value: COO single, t0 5 + 3 AM + 2 CTC + 0.01 x 8192/384 */
    spmvp_pmf_time t = spmvp_pmf_time_coo(p, &hw, SPMVP_PMF_SINGLE);
    CHECK_REL(spmvp_pmf_cal_time(&cal, p, &hw, SPMVP_PMF_SINGLE, SPMVP_PMF_COO),
              (5.0 + 3e6 * t.am + 2e6 * (t.ctc_m + t.ctc_a) + 0.01 * 8192 / 384) * 1e-6);
    cal.f[SPMVP_PMF_CSR].valid = 0;
    CHECK(isnan(spmvp_pmf_cal_time(&cal, p, &hw, SPMVP_PMF_SINGLE, SPMVP_PMF_CSR)));
    CHECK(isnan(spmvp_pmf_cal_time(&cal, p, &hw, SPMVP_PMF_SINGLE, SPMVP_PMF_HYB)));
    CHECK(isnan(spmvp_pmf_cal_time(NULL, p, &hw, SPMVP_PMF_SINGLE, SPMVP_PMF_COO)));
    spmvp_pmf_free(p);
}

static void fit_should_leave_formats_with_too_few_points_invalid(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    const spmvp_pmf_cal_coef *k[3] = {&TRUE_COO, &TRUE_CSR, &TRUE_ELL};
    int count[3];
    /* COO only, plus 4 CSR-scalar points: CSR and ELL stay invalid */
    spmvp_calib *c = synthetic_calib(1u, k, &hw, SPMVP_PMF_SINGLE, count);
    CHECK(c && count[0] == 60);
    for (int i = 0; c && i < 4; i++) {
        spmvp_calib_point q = {SPMVP_CSR_SCALAR, SPMVP_DIST_FIXED, 0, 1 + i, 8, 4096LL * (1 + i),
                               4096LL * (1 + i) * 8, 10.0 + i};
        spmvp_calib_add(c, &q);
    }
    spmvp_pmf_cal cal;
    FILE *notes = tmpfile();
    CHECK(c && spmvp_pmf_cal_fit(c, &hw, SPMVP_PMF_SINGLE, &cal, notes) == SPMVP_OK);
    CHECK(cal.f[SPMVP_PMF_COO].valid && cal.f[SPMVP_PMF_COO].npoints == 60);
    CHECK_REL_TOL(cal.f[SPMVP_PMF_COO].mem, TRUE_COO.mem, 1e-6);
    CHECK(!cal.f[SPMVP_PMF_CSR].valid && cal.f[SPMVP_PMF_CSR].npoints == 4);
    CHECK(!cal.f[SPMVP_PMF_ELL].valid && cal.f[SPMVP_PMF_ELL].npoints == 0);
    if (notes) { /* the skipped formats are named */
        char buf[1024] = {0};
        rewind(notes);
        size_t n = fread(buf, 1, sizeof buf - 1, notes);
        buf[n] = 0;
        CHECK_MSG(strstr(buf, "csr") && strstr(buf, "ell") && !strstr(buf, "coo"), "%s", buf);
        fclose(notes);
    }
    spmvp_calib_free(c);

    /* none of the three formats: nothing to fit */
    c = spmvp_calib_new();
    for (int i = 0; c && i < 20; i++) {
        spmvp_calib_point q = {i % 2 ? SPMVP_CSR_VECTOR : SPMVP_JAD, SPMVP_DIST_FIXED, i % 2 ? 8 : 0,
                               1, 8, 4096, 32768, 10.0 + i};
        spmvp_calib_add(c, &q);
    }
    CHECK(c && spmvp_pmf_cal_fit(c, &hw, SPMVP_PMF_SINGLE, &cal, NULL) == SPMVP_ERR_ARG);
    CHECK(!cal.f[0].valid && !cal.f[1].valid && !cal.f[2].valid);
    spmvp_calib_free(c);
    c = spmvp_calib_new();
    CHECK(c && spmvp_pmf_cal_fit(c, &hw, SPMVP_PMF_SINGLE, &cal, NULL) == SPMVP_ERR_ARG);
    CHECK(spmvp_pmf_cal_fit(NULL, &hw, SPMVP_PMF_SINGLE, &cal, NULL) == SPMVP_ERR_ARG);
    spmvp_calib_free(c);
}

/* ---- calibrated HYB and its Algorithm 2 ---- */

static unsigned long long lcg = 12345;
static unsigned rnd(unsigned n)
{
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)((lcg >> 33) % n);
}

/* A random histogram of lengths 0..60 with at least one non-zero. */
static long long random_hist(long long h[61])
{
    long long max = 1 + rnd(60);
    int shape = (int)rnd(3);
    for (long long i = 0; i <= max; i++) {
        if (shape == 0)
            h[i] = rnd(3) == 0 ? 0 : rnd(500);
        else if (shape == 1) /* a heavy head and a thin tail */
            h[i] = i < 8 ? 1000 + rnd(5000) : rnd(4) == 0;
        else
            h[i] = rnd(5) == 0 ? rnd(20000) : rnd(10);
    }
    h[max] += 1;
    return max;
}

static void cal_hyb_should_compose_ell_and_coo_parts(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    spmvp_pmf_cal cal = make_cal(&TRUE_COO, &TRUE_CSR, &TRUE_ELL);
    long long h[61];
    for (int trial = 0; trial < 50; trial++) {
        long long max = random_hist(h);
        spmvp_pmf *p = spmvp_pmf_from_hist(h, max);
        if (!p)
            continue;
        spmvp_pmf_prec prec = (spmvp_pmf_prec)(trial & 1);
        /* HYB's COO part skips COO's zeroing launch: one launch cost less */
        cal.launch_us = trial % 3 ? 0.0 : 1.5;
        for (long long K = 0; K <= p->max; K++) {
            spmvp_pmf_time t = spmvp_pmf_time_hyb(p, &hw, prec, K);
            double us = TRUE_ELL.t0_us + TRUE_ELL.mem * t.am_ell * 1e6 +
                        TRUE_ELL.ops * (t.ct_ell - t.am_ell) * 1e6 + TRUE_ELL.row_us * (double)p->rows / hw.C;
            if (K < p->max)
                us += TRUE_COO.t0_us + TRUE_COO.mem * t.am_coo * 1e6 +
                      TRUE_COO.ops * (t.ct_coo - t.am_coo) * 1e6 +
                      TRUE_COO.row_us * (double)p->rows * spmvp_pmf_p_gt(p, K) / hw.C - cal.launch_us;
            CHECK_REL(spmvp_pmf_cal_hyb(&cal, p, &hw, prec, K) * 1e6, us);
        }
        /* K at max: no COO part, and ELL's memory term (rows no longer than BS: eqs 39 and
         * 47 agree); the operations differ as the paper writes them (47: E(X|X<=K), 40-41:
         * E(Q)), so HYB at max is ELL with E(X) for E(Q) */
        spmvp_pmf_time th = spmvp_pmf_time_hyb(p, &hw, prec, p->max), te = spmvp_pmf_time_ell(p, &hw, prec);
        CHECK(th.ct_coo == 0 && th.am_coo == 0);
        CHECK_REL(th.am_ell, te.am);
        CHECK_REL((th.ct_ell - th.am_ell) * spmvp_pmf_eq(p, hw.W), (te.ctc_m + te.ctc_a) * p->mean);
        CHECK_REL(spmvp_pmf_cal_hyb(&cal, p, &hw, prec, p->max) * 1e6,
                  TRUE_ELL.t0_us + TRUE_ELL.mem * te.am * 1e6 +
                      TRUE_ELL.ops * (te.ctc_m + te.ctc_a) * 1e6 * p->mean / spmvp_pmf_eq(p, hw.W) +
                      TRUE_ELL.row_us * (double)p->rows / hw.C);
        CHECK(spmvp_pmf_cal_hyb(&cal, p, &hw, prec, p->max + 5) == spmvp_pmf_cal_hyb(&cal, p, &hw, prec, p->max));
        CHECK(spmvp_pmf_cal_hyb(&cal, p, &hw, prec, -3) == spmvp_pmf_cal_hyb(&cal, p, &hw, prec, 0));
        spmvp_pmf_free(p);
    }
}

/* Brute force: smallest K of smallest value, NaN never winning; K0 when none is finite. */
static void check_cal_alg2(const spmvp_pmf_cal *cal, const long long *h, long long max,
                           const spmvp_pmf_hw *hw, spmvp_pmf_prec prec)
{
    spmvp_pmf *p = spmvp_pmf_from_hist(h, max);
    CHECK(p);
    if (!p)
        return;
    long long k0 = spmvp_pmf_hyb_first_k(p);
    CHECK(k0 == ((p->nnz + p->rows - 1) / p->rows < p->max ? (p->nnz + p->rows - 1) / p->rows : p->max));
    size_t len = (size_t)(p->max - k0 + 1);
    double *curve = malloc(len * sizeof *curve), *ct = malloc(len * sizeof *ct);
    long long Kb = -1, Kc = -1;
    double Tb = INFINITY, Cb = INFINITY;
    for (long long K = k0; K <= p->max; K++) {
        double t = spmvp_pmf_cal_hyb(cal, p, hw, prec, K);
        if (t < Tb) {
            Tb = t;
            Kb = K;
        }
        double c = spmvp_pmf_time_hyb(p, hw, prec, K).ct;
        if (c < Cb) {
            Cb = c;
            Kc = K;
        }
    }
    long long K = -2;
    double t = -1;
    CHECK(curve && ct);
    if (curve && ct) {
        CHECK(spmvp_pmf_cal_hyb_best(cal, p, hw, prec, &K, &t, curve, len) == SPMVP_OK);
        CHECK_MSG(K == Kb, "K %lld vs brute-force %lld (k0 %lld, max %lld)", K, Kb, k0, p->max);
        CHECK_MSG(t == Tb, "%.17g vs %.17g", t, Tb);
        for (long long k = k0; k <= p->max; k++)
            CHECK(same_or_nan(curve[k - k0], spmvp_pmf_cal_hyb(cal, p, hw, prec, k), 0));
        if (len > 1)
            CHECK(spmvp_pmf_cal_hyb_best(cal, p, hw, prec, &K, NULL, curve, len - 1) == SPMVP_ERR_ARG);
        spmvp_pmf_time tt;
        CHECK(spmvp_pmf_hyb_best_ct(p, hw, prec, &K, &tt, ct, len) == SPMVP_OK);
        CHECK_MSG(K == Kc, "CT: K %lld vs brute-force %lld", K, Kc);
        CHECK(tt.ct == Cb);
        for (long long k = k0; k <= p->max; k++)
            CHECK(ct[k - k0] == spmvp_pmf_time_hyb(p, hw, prec, k).ct);
    }
    /* without the K argument nothing is scanned */
    CHECK(spmvp_pmf_cal_hyb_best(cal, p, hw, prec, NULL, &t, NULL, 0) == SPMVP_ERR_ARG);
    free(curve);
    free(ct);
    spmvp_pmf_free(p);
}

static void cal_algorithm2_should_equal_a_brute_force_scan(void)
{
    spmvp_pmf_hw hw = spmvp_pmf_hw_gt645m();
    spmvp_pmf_cal cal = make_cal(&TRUE_COO, &TRUE_CSR, &TRUE_ELL);
    /* COO cheap per entry, ELL costly: the optimum moves inside the range */
    spmvp_pmf_cal cheap_coo = cal;
    cheap_coo.f[SPMVP_PMF_COO].t0_us = 0.5;
    cheap_coo.f[SPMVP_PMF_COO].mem = 0.2;
    cheap_coo.f[SPMVP_PMF_ELL].mem = 10;
    spmvp_pmf_cal no_coo = cal; /* only K = max is defined */
    no_coo.f[SPMVP_PMF_COO].valid = 0;
    long long h[61];
    for (int trial = 0; trial < 300; trial++) {
        long long max = random_hist(h);
        spmvp_pmf_prec prec = (spmvp_pmf_prec)(trial & 1);
        check_cal_alg2(&cal, h, max, &hw, prec);
        check_cal_alg2(&cheap_coo, h, max, &hw, prec);
        if (trial % 10 == 0)
            check_cal_alg2(&no_coo, h, max, &hw, prec);
    }
    /* one length: one K */
    long long one[] = {0, 0, 0, 7};
    check_cal_alg2(&cal, one, 3, &hw, SPMVP_PMF_SINGLE);
    /* only ELL's fixed cost counts: every K ties, the smallest (K0) wins */
    static const spmvp_pmf_cal_coef zero = {1, 10, 0, 0, 0, 0, 0}, fixed = {1, 10, 4.0, 0, 0, 0, 0};
    spmvp_pmf_cal flat = make_cal(&zero, &zero, &fixed);
    long long tie[] = {0, 10, 0, 5, 0, 0, 0, 0, 2, 0, 1}; /* E(X) = 51/18: K0 = 3 */
    spmvp_pmf *pt = spmvp_pmf_from_hist(tie, 10);
    double curve[8], tt = 0;
    long long Kt = -1;
    CHECK(pt && spmvp_pmf_cal_hyb_best(&flat, pt, &hw, SPMVP_PMF_SINGLE, &Kt, &tt, curve, 8) == SPMVP_OK);
    CHECK_MSG(Kt == 3, "K %lld on a flat curve", Kt);
    CHECK(tt == 4e-6);
    for (int j = 0; j < 8; j++)
        CHECK_MSG(curve[j] == 4e-6, "curve[%d] = %.17g", j, curve[j]);
    spmvp_pmf_free(pt);
    check_cal_alg2(&flat, tie, 10, &hw, SPMVP_PMF_SINGLE);
    /* without ELL coefficients there is no HYB */
    spmvp_pmf_cal no_ell = cal;
    no_ell.f[SPMVP_PMF_ELL].valid = 0;
    spmvp_pmf *p = spmvp_pmf_from_hist(one, 3);
    long long K;
    CHECK(p && spmvp_pmf_cal_hyb_best(&no_ell, p, &hw, SPMVP_PMF_SINGLE, &K, NULL, NULL, 0) == SPMVP_ERR_ARG);
    CHECK(p && isnan(spmvp_pmf_cal_hyb(&no_ell, p, &hw, SPMVP_PMF_SINGLE, 3)));
    spmvp_pmf_free(p);
}

/* ---- the predictions of `spmvp predict` ---- */

static spmvp_profile *gt645m_profile(void)
{
    spmvp_profile *p = spmvp_profile_new();
    if (!p)
        return NULL;
    gt645m_device(&p->device, &p->microbench);
    spmvp_profile_pmf_part(p)->present = 1;
    spmvp_profile_pmf_part(p)->hw = spmvp_pmf_hw_gt645m();
    return p;
}

static const char *const specs[] = {"laplace2d:30", "rmat:10", "random:2000:8:uniform"};

/* spec loaded with its row statistics and PMF; NULL (everything freed, *A and *s NULL) when
 * any step fails, which the CHECK records. */
static spmvp_pmf *load_pmf(const char *spec, spmvp_csr **A, spmvp_rowlen_stats **s)
{
    *A = NULL;
    CHECK_MSG(spmvp_matrix_load(spec, A) == SPMVP_OK, "%s: %s", spec, spmvp_last_error());
    *s = *A ? spmvp_rowlen_stats_from_csr(*A) : NULL;
    spmvp_pmf *p = *s ? spmvp_pmf_from_stats(*s) : NULL;
    CHECK(p);
    if (!p) {
        *s = spmvp_rowlen_stats_free(*s);
        *A = spmvp_csr_free(*A);
    }
    return p;
}

static void check_predictions(const spmvp_predictor *pred, const char *spec, int calibrated)
{
    spmvp_csr *A;
    spmvp_rowlen_stats *s;
    spmvp_pmf *p = load_pmf(spec, &A, &s);
    if (!p)
        return;
    spmvp_prediction pr;
    CHECK(spmvp_predict_all(pred, A, s, &pr) == SPMVP_OK);
    CHECK(pr.map.hyb_width == spmvp_hyb_width_from_hist(s->hist, s->max, s->rows));
    CHECK(pr.map.vector_width == spmvp_vector_width_auto(A, 32));
    const spmvp_pmf_hw *hw = &spmvp_predictor_pmf(pred)->hw;
    spmvp_pmf_time t[SPMVP_NFORMATS];
    int has[SPMVP_NFORMATS] = {0};
    t[SPMVP_COO] = spmvp_pmf_time_coo(p, hw, SPMVP_PMF_SINGLE);
    t[SPMVP_CSR_SCALAR] = spmvp_pmf_time_csr(p, hw, SPMVP_PMF_SINGLE);
    t[SPMVP_ELL] = spmvp_pmf_time_ell(p, hw, SPMVP_PMF_SINGLE);
    t[SPMVP_HYB] = spmvp_pmf_time_hyb(p, hw, SPMVP_PMF_SINGLE, pr.map.hyb_width);
    has[SPMVP_COO] = has[SPMVP_CSR_SCALAR] = has[SPMVP_ELL] = has[SPMVP_HYB] = 1;
    int best = -1, best_cal = -1;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        for (int m = spmvp_model_parse("fixed"); m <= spmvp_model_parse("uniform"); m++)
            CHECK_MSG(isnan(pr.us[f][m]), "%s: %s under %s: %g", spec, spmvp_format_name((spmvp_format)f),
                      spmvp_model_name(m), pr.us[f][m]);
        if (!has[f]) {
            CHECK_MSG(isnan(pr.us[f][MODEL_PMF]) && isnan(pr.us[f][MODEL_PMF_CAL]) &&
                          isnan(pr.dtt_us[f]),
                      "%s: %s has a PMF prediction", spec, spmvp_format_name((spmvp_format)f));
            continue;
        }
        CHECK_MSG(close_rel(pr.us[f][MODEL_PMF], t[f].ct * 1e6, 1e-12), "%s %s: %.17g vs %.17g",
                  spec, spmvp_format_name((spmvp_format)f), pr.us[f][MODEL_PMF], t[f].ct * 1e6);
        CHECK_REL(pr.dtt_us[f], t[f].dtt * 1e6);
        CHECK(pr.us[f][MODEL_PMF] > 0);
        if (best < 0 || t[f].ct < t[best].ct)
            best = f;
        double cal = f == SPMVP_HYB ? spmvp_pmf_cal_hyb(spmvp_predictor_pmf(pred)->cal, p, hw, SPMVP_PMF_SINGLE, pr.map.hyb_width)
                   : spmvp_pmf_cal_time(spmvp_predictor_pmf(pred)->cal, p, hw, SPMVP_PMF_SINGLE,
                                        f == SPMVP_COO ? SPMVP_PMF_COO
                                        : f == SPMVP_CSR_SCALAR ? SPMVP_PMF_CSR : SPMVP_PMF_ELL);
        if (calibrated) {
            CHECK_MSG(close_rel(pr.us[f][MODEL_PMF_CAL], cal * 1e6, 1e-12), "%s %s: cal %.17g vs %.17g",
                      spec, spmvp_format_name((spmvp_format)f), pr.us[f][MODEL_PMF_CAL], cal * 1e6);
            CHECK(cal > 0);
            if (best_cal < 0 || cal * 1e6 < pr.us[best_cal][MODEL_PMF_CAL])
                best_cal = f;
        } else {
            CHECK(isnan(pr.us[f][MODEL_PMF_CAL]));
        }
    }
    for (int m = spmvp_model_parse("fixed"); m <= spmvp_model_parse("uniform"); m++)
        CHECK(pr.best[m] == -1);
    CHECK_MSG(pr.best[MODEL_PMF] == best, "%s: best %d, want %d", spec, pr.best[MODEL_PMF], best);
    CHECK_MSG(pr.best[MODEL_PMF_CAL] == best_cal, "%s: best cal %d, want %d", spec,
              pr.best[MODEL_PMF_CAL], best_cal);
    /* Algorithm 1: the smallest T = DTT + CT of COO, CSR, ELL, written out again */
    int alg1 = SPMVP_COO;
    if (t[SPMVP_CSR_SCALAR].t < t[alg1].t)
        alg1 = SPMVP_CSR_SCALAR;
    if (t[SPMVP_ELL].t < t[alg1].t)
        alg1 = SPMVP_ELL;
    CHECK_MSG(pr.rule_pick == alg1, "%s: Algorithm 1 %d, want %d", spec, pr.rule_pick, alg1);
    /* the pick is the minimum of the four */
    if (best >= 0)
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            CHECK(!(pr.us[f][MODEL_PMF] < pr.us[best][MODEL_PMF]));
    spmvp_pmf_free(p);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
}

static const spmvp_pmf_cal_coef FIT_COO = {1, 40, 3.0, 1.5, 0.75, 0.002, 0.05};
static const spmvp_pmf_cal_coef FIT_CSR = {1, 40, 4.0, 2.0, 1.0, 0.001, 0.04};
static const spmvp_pmf_cal_coef FIT_ELL = {1, 40, 2.5, 1.0, 0.5, 0.003, 0.03};

static void predict_all_should_rank_the_pmf_models(void)
{
    spmvp_profile *p = gt645m_profile();
    CHECK(p);
    if (!p)
        return;
    spmvp_predictor pred;
    CHECK_MSG(spmvp_predictor_init(&pred, p, "x", 4) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK(!spmvp_predictor_has(&pred, &spmvp_model_strip) && spmvp_predictor_has(&pred, &spmvp_model_pmf) &&
          spmvp_predictor_pmf(&pred)->hw_derived == 0 && pmf_note(&pred)[0] == 0);
    CHECK(spmvp_predictor_pmf(&pred)->prec == SPMVP_PMF_SINGLE && pred.warp == 32);
    CHECK(spmvp_predictor_pmf(&pred)->cal == spmvp_profile_pmf_fit(p, SPMVP_PRECISION_SINGLE));
    check_same_hw(&spmvp_predictor_pmf(&pred)->hw, &spmvp_profile_pmf_part(p)->hw, 0);
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        check_predictions(&pred, specs[i], 0);

    spmvp_pmf_cal *fit = spmvp_profile_pmf_fit(p, SPMVP_PRECISION_SINGLE);
    fit->f[SPMVP_PMF_COO] = FIT_COO;
    fit->f[SPMVP_PMF_CSR] = FIT_CSR;
    fit->f[SPMVP_PMF_ELL] = FIT_ELL;
    spmvp_predictor_release(&pred);
    CHECK(spmvp_predictor_init(&pred, p, "x", 4) == SPMVP_OK);
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        check_predictions(&pred, specs[i], 1);

    /* the derived parameters serve when the profile stores none */
    spmvp_profile_pmf_part(p)->present = 0;
    spmvp_predictor_release(&pred);
    CHECK(spmvp_predictor_init(&pred, p, "x", 4) == SPMVP_OK);
    CHECK(spmvp_predictor_has(&pred, &spmvp_model_pmf) && spmvp_predictor_pmf(&pred)->hw_derived == 1);
    check_same_hw(&spmvp_predictor_pmf(&pred)->hw, &spmvp_profile_pmf_part(p)->hw, 1e-12);
    spmvp_predictor_release(&pred);
    spmvp_profile_free(p);
}

static void predictor_without_any_model_should_be_unsupported(void)
{
    spmvp_profile *p = spmvp_profile_new();
    spmvp_predictor pred;
    CHECK(p && spmvp_profile_pmf_part(p)->present == 0 && p->microbench.copy_gbs == 0);
    if (!p)
        return;
    CHECK(spmvp_predictor_init(&pred, p, "none.json", 4) == SPMVP_ERR_UNSUPPORTED);
    CHECK_MSG(strstr(spmvp_last_error(), "none.json") != NULL, "%s", spmvp_last_error());
    CHECK(spmvp_predictor_has(&pred, &spmvp_model_pmf) == 0 && pmf_note(&pred)[0] != 0);
    CHECK(spmvp_predictor_init(&pred, p, "none.json", 2) == SPMVP_ERR_ARG);
    spmvp_profile_free(p);

    /* stored parameters without double precision: none at 8 bytes, fine at 4 */
    p = gt645m_profile();
    if (!p)
        return;
    spmvp_profile_pmf_part(p)->hw.F_d = 0;
    CHECK(spmvp_predictor_init(&pred, p, "x", 8) == SPMVP_ERR_UNSUPPORTED);
    CHECK(spmvp_predictor_has(&pred, &spmvp_model_pmf) == 0 && strstr(pmf_note(&pred), "F_d") != NULL);
    CHECK(spmvp_predictor_init(&pred, p, "x", 4) == SPMVP_OK && spmvp_predictor_has(&pred, &spmvp_model_pmf) == 1);
    spmvp_predictor_release(&pred);
    spmvp_profile_free(p);
}

static void hyb_thresholds_should_agree_with_algorithm_2_and_the_rules(void)
{
    spmvp_profile *prof = gt645m_profile();
    CHECK(prof);
    if (!prof)
        return;
    spmvp_pmf_cal *fit = spmvp_profile_pmf_fit(prof, SPMVP_PRECISION_SINGLE);
    for (int calibrated = 0; calibrated < 2; calibrated++) {
        if (calibrated) {
            fit->f[SPMVP_PMF_COO] = FIT_COO;
            fit->f[SPMVP_PMF_CSR] = FIT_CSR;
            fit->f[SPMVP_PMF_ELL] = FIT_ELL;
        }
        spmvp_predictor pred;
        CHECK(spmvp_predictor_init(&pred, prof, "x", 4) == SPMVP_OK);
        for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
            spmvp_csr *A;
            spmvp_rowlen_stats *s;
            spmvp_pmf *p = load_pmf(specs[i], &A, &s);
            if (!p)
                continue;
            size_t n = spmvp_hyb_curve_len(s);
            long long k0 = spmvp_pmf_hyb_first_k(p);
            CHECK_MSG(n == (size_t)(p->max - k0 + 1), "%s: curve length %zu, k0 %lld, max %lld", specs[i],
                      n, k0, p->max);
            double *ct = malloc(n * sizeof *ct), *cc = malloc(n * sizeof *cc), *cl = malloc(n * sizeof *cl);
            double *ref = malloc(n * sizeof *ref);
            spmvp_hyb_thresholds th;
            CHECK(ct && cc && cl && ref);
            if (ct && cc && cl && ref) {
                CHECK(spmvp_predict_hyb_thresholds(&pred, s, &th, ct, cc, cl) == SPMVP_OK);
                CHECK(th.k0 == k0 && th.max == p->max);
                long long K = -1;
                spmvp_pmf_time t;
                CHECK(spmvp_pmf_hyb_best(p, &spmvp_predictor_pmf(&pred)->hw, SPMVP_PMF_SINGLE, &K, &t, ref, n) == SPMVP_OK);
                CHECK_MSG(th.pmf_t == K, "%s: pmf_t %lld vs %lld", specs[i], th.pmf_t, K);
                CHECK_REL(th.pmf_t_us, t.t * 1e6);
                for (size_t j = 0; j < n; j++)
                    CHECK_REL(ct[j], ref[j] * 1e6);
                size_t jmin = 0;
                for (size_t j = 1; j < n; j++)
                    if (ct[j] < ct[jmin])
                        jmin = j;
                CHECK_MSG((long long)jmin + k0 == th.pmf_t, "%s: min of curve_t at %lld, pmf_t %lld",
                          specs[i], (long long)jmin + k0, th.pmf_t);
                CHECK(spmvp_pmf_hyb_best_ct(p, &spmvp_predictor_pmf(&pred)->hw, SPMVP_PMF_SINGLE, &K, &t, ref, n) == SPMVP_OK);
                CHECK(th.pmf_ct == K);
                CHECK_REL(th.pmf_ct_us, t.ct * 1e6);
                for (size_t j = 0; j < n; j++)
                    CHECK_REL(cc[j], ref[j] * 1e6);
                if (calibrated) {
                    double tc;
                    CHECK(spmvp_pmf_cal_hyb_best(spmvp_predictor_pmf(&pred)->cal, p, &spmvp_predictor_pmf(&pred)->hw, SPMVP_PMF_SINGLE, &K, &tc, ref, n) == SPMVP_OK);
                    CHECK(th.pmf_cal == K);
                    CHECK_REL(th.pmf_cal_us, tc * 1e6);
                    for (size_t j = 0; j < n; j++)
                        CHECK_REL(cl[j], ref[j] * 1e6);
                } else {
                    CHECK(th.pmf_cal == -1 && isnan(th.pmf_cal_us));
                    for (size_t j = 0; j < n; j++)
                        CHECK(isnan(cl[j]));
                }
                CHECK(th.cusp == spmvp_hyb_k_cusp(s->hist, s->max, s->rows, 3.0, 4096));
                CHECK(th.viennacl == spmvp_hyb_k_quantile(s->hist, s->max, s->rows, 0.8));
                CHECK(th.mean == spmvp_hyb_k_mean(s->hist, s->max, s->rows));
                CHECK(th.spmvp == spmvp_hyb_width_from_hist(s->hist, s->max, s->rows));
                CHECK(th.k0 <= th.pmf_t && th.pmf_t <= th.max);
                CHECK(th.k0 <= th.pmf_ct && th.pmf_ct <= th.max);
            }
            free(ct);
            free(cc);
            free(cl);
            free(ref);
            spmvp_pmf_free(p);
            spmvp_rowlen_stats_free(s);
            spmvp_csr_free(A);
        }
        spmvp_predictor_release(&pred);
    }
    /* no PMF: every K -1, curves NaN, the rules still given */
    spmvp_predictor pred;
    memset(&pred, 0, sizeof pred); /* initialised by nothing: no model at all */
    spmvp_csr *A = NULL;
    CHECK(spmvp_matrix_load("random:2000:8:uniform", &A) == SPMVP_OK);
    spmvp_rowlen_stats *s = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
    if (s) {
        spmvp_hyb_thresholds th;
        double c[16];
        long long k0 = (s->nnz + s->rows - 1) / s->rows;
        size_t n = spmvp_hyb_curve_len(s);
        CHECK(s->max <= 12 && n == (size_t)(s->max - k0 + 1) && n <= 16);
        CHECK(spmvp_predict_hyb_thresholds(&pred, s, &th, c, NULL, NULL) == SPMVP_OK);
        CHECK(th.pmf_t == -1 && th.pmf_ct == -1 && th.pmf_cal == -1 && isnan(th.pmf_t_us));
        for (size_t j = 0; j < n && j < 16; j++)
            CHECK(isnan(c[j]));
        CHECK(th.k0 == k0 && th.max == s->max && th.mean == lround(s->mean));
        CHECK(th.viennacl == spmvp_hyb_k_quantile(s->hist, s->max, s->rows, 0.8));
    }
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    spmvp_profile_free(prof);
}

int main(void)
{
    MODEL_PMF = spmvp_model_parse("pmf");
    MODEL_PMF_CAL = spmvp_model_parse("pmf-cal");
    RUN(derived_parameters_should_reproduce_table_2_for_the_gt645m);
    RUN(derived_parameters_should_follow_the_rules_on_a_cpu);
    RUN(length_hist_should_sum_to_the_rows);
    RUN(uniform_hist_should_spread_rows_evenly);
    RUN(normal_hist_mean_should_match_the_exact_moments);
    RUN(expected_hist_should_match_generated_row_lengths);
    RUN(fit_should_recover_known_coefficients);
    RUN(fit_should_keep_every_coefficient_non_negative);
    RUN(fit_with_launch_cost_should_start_t0_from_it);
    RUN(cal_time_should_be_c1_and_nan_when_invalid);
    RUN(fit_should_leave_formats_with_too_few_points_invalid);
    RUN(cal_hyb_should_compose_ell_and_coo_parts);
    RUN(cal_algorithm2_should_equal_a_brute_force_scan);
    RUN(predict_all_should_rank_the_pmf_models);
    RUN(predictor_without_any_model_should_be_unsupported);
    RUN(hyb_thresholds_should_agree_with_algorithm_2_and_the_rules);
    return test_report();
}
