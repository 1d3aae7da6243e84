/* test_fit.c: strip-model fitting (model/fit.c), prediction (model/predict.c) and row-length
 * statistics (model/stats.c) on synthetic calibration data and hand-made matrices. */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "calib.h"
#include "predict.h"
#include "stats.h"
#include "test.h"

/* the seed-000 grids (§3.1) */
static const int grid_i[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
static const int grid_iv[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 35, 40, 45, 50};
static const int grid_p[] = {4, 8, 16, 32, 64, 128, 256, 512, 1024};
static const int grid_pv[] = {4, 8, 16, 32, 64, 128, 256, 512, 1024, 1536, 2048, 2560, 3072};
#define N(a) (sizeof a / sizeof a[0])

static int close_rel(double got, double want, double tol)
{
    return fabs(got - want) <= tol * fabs(want);
}

/* ---- known surfaces ---- */

/* CSR-S / ELL / JAD form: (A·I + B)·P + (p·I + q) - (A·I + B)·P1 */
typedef struct rows_surface { double A, B, p, q; int P1; } rows_surface;
static double rows_t(const rows_surface *s, double I, double P)
{
    return (s->A * I + s->B) * (P - s->P1) + s->p * I + s->q;
}
static const rows_surface RS = {0.02, 0.5, 3.0, 30.0, 32}; /* > 0 on the grid */

/* CSR-V form per segment: (m·P + n)·(p·I + q) / (m·PE + n) */
typedef struct vec_segment { double m, n, p, q; int PE; } vec_segment;
static const vec_segment VS[2] = {{0.01, 2.0, 1.5, 4.0, 64}, {0.02, -5.0, 40.0, 100.0, 2048}};
static double vec_t(double I, double P, int split)
{
    const vec_segment *s = &VS[P > split];
    return (s->m * P + s->n) * (s->p * I + s->q) / (s->m * s->PE + s->n);
}

/* COO form: A·I_nz + B */
static const double COO_A = 7.0, COO_B = 12.0;

#ifndef NOISE_SEED
#define NOISE_SEED 20240601ul
#endif

/* multiplicative noise of relative sd `noise` (0 for exact data) */
static double jitter(gsl_rng *r, double noise)
{
    return r ? 1.0 + gsl_ran_gaussian(r, noise) : 1.0;
}

static void add_rows_grid(spmvp_calib *c, spmvp_format f, spmvp_dist d, long long S, gsl_rng *r,
                          double noise)
{
    for (size_t a = 0; a < N(grid_i); a++)
        for (size_t b = 0; b < N(grid_p); b++) {
            long long rows = S * grid_i[a];
            spmvp_calib_point p = {f, d, 0, grid_i[a], grid_p[b], rows, rows * grid_p[b],
                                   rows_t(&RS, grid_i[a], grid_p[b]) * jitter(r, noise)};
            CHECK(spmvp_calib_add(c, &p) == SPMVP_OK);
        }
}

/* CSR-V grid; skip_i1_pe drops the points at (I1 = 50, PE) so t0 takes its fallback;
 * max_p drops PNZ above it. */
static void add_vector_grid(spmvp_calib *c, int vw, long long S, int split, gsl_rng *r,
                            double noise, int skip_i1_pe, int max_p)
{
    for (size_t a = 0; a < N(grid_iv); a++)
        for (size_t b = 0; b < N(grid_pv); b++) {
            int I = grid_iv[a], P = grid_pv[b];
            if (P > max_p || (skip_i1_pe && I == 50 && (P == 64 || P == 2048)))
                continue;
            long long rows = S * I;
            spmvp_calib_point p = {SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, vw, I, P, rows, rows * P,
                                   vec_t(I, P, split) * jitter(r, noise)};
            CHECK(spmvp_calib_add(c, &p) == SPMVP_OK);
        }
}

/* COO grid as host/calibrate.c builds it: rows = S·I_nz / PNZ, strips = I_nz; nnz off the
 * nominal rows·PNZ by a few entries, as normal row lengths leave it. */
static void add_coo_grid(spmvp_calib *c, long long S, gsl_rng *r, double noise)
{
    for (size_t a = 0; a < N(grid_i); a++)
        for (size_t b = 0; b < N(grid_p); b++) {
            long long rows = S * grid_i[a] / grid_p[b];
            spmvp_calib_point p = {SPMVP_COO, SPMVP_DIST_NORMAL, 0, grid_i[a], grid_p[b], rows,
                                   rows * grid_p[b] + (long long)((a + b) % 5) - 2,
                                   (COO_A * grid_i[a] + COO_B) * jitter(r, noise)};
            CHECK(spmvp_calib_add(c, &p) == SPMVP_OK);
        }
}

/* Stats of a target by hand: only the fields the models read. */
static spmvp_rowlen_stats target(long long rows, long long nnz, long long mode, long long max)
{
    spmvp_rowlen_stats s = {0};
    s.rows = rows;
    s.cols = rows;
    s.nnz = nnz;
    s.mode = mode;
    s.max = max;
    return s;
}

/* CSR with the given row lengths (columns 0, 1, ...). */
static spmvp_csr *csr_with_lengths(const int *len, int n, int ncols)
{
    int nnz = 0;
    for (int i = 0; i < n; i++)
        nnz += len[i];
    spmvp_csr *A = spmvp_csr_alloc(n, ncols, nnz);
    if (!A)
        return NULL;
    for (int i = 0, k = 0; i < n; i++) {
        for (int j = 0; j < len[i]; j++, k++) {
            A->colidx[k] = j;
            A->val[k] = 1.0;
        }
        A->rowptr[i + 1] = A->rowptr[i] + len[i];
    }
    return A;
}

/* ---- container ---- */

static void dist_names_should_round_trip(void)
{
    for (int d = 0; d < SPMVP_NDISTS; d++)
        CHECK(spmvp_dist_parse(spmvp_dist_name((spmvp_dist)d)) == d);
    CHECK(!strcmp(spmvp_dist_name(SPMVP_DIST_UNIFORM), "uniform"));
    CHECK(spmvp_dist_parse("gaussian") == -1);
    CHECK(spmvp_dist_parse(NULL) == -1);
    CHECK(!strcmp(spmvp_dist_name(SPMVP_NDISTS), "?"));
}

static void calib_add_should_grow_and_keep_points(void)
{
    spmvp_calib *c = spmvp_calib_new();
    CHECK(c && c->npoints == 0 && c->nmodels == 0);
    for (int k = 0; k < 300; k++) {
        spmvp_calib_point p = {SPMVP_ELL, SPMVP_DIST_FIXED, 0, k, 4, 10, 40, k + 0.5};
        CHECK(spmvp_calib_add(c, &p) == SPMVP_OK);
    }
    CHECK(c->npoints == 300 && c->cap >= 300);
    CHECK(c->points[299].strips == 299 && c->points[299].time_us == 299.5);
    CHECK(spmvp_calib_add(c, NULL) == SPMVP_ERR_ARG);
    CHECK(spmvp_calib_free(c) == NULL);
    CHECK(spmvp_calib_free(NULL) == NULL);
}

/* ---- exact recovery ---- */

static void fit_should_recover_csr_scalar_coefficients_from_exact_data(void)
{
    spmvp_calib *c = spmvp_calib_new();
    add_rows_grid(c, SPMVP_CSR_SCALAR, SPMVP_DIST_FIXED, 1000, NULL, 0);
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_OK);
    CHECK(c->nmodels == 1);
    const spmvp_strip_model *m = spmvp_calib_model(c, SPMVP_CSR_SCALAR, SPMVP_DIST_FIXED, 0);
    CHECK(m != NULL);
    if (!m)
        goto out;
    CHECK(m->strip == 1000 && m->npoints == 90 && m->P1 == 32);
    CHECK_MSG(close_rel(m->A, RS.A, 1e-9), "A = %.17g", m->A);
    CHECK_MSG(close_rel(m->B, RS.B, 1e-9), "B = %.17g", m->B);
    CHECK_MSG(close_rel(m->p, RS.p, 1e-9), "p = %.17g", m->p);
    CHECK_MSG(close_rel(m->q, RS.q, 1e-9), "q = %.17g", m->q);
    /* off the grid, inside and outside it */
    const double at[][2] = {{13, 700}, {3, 5}, {7.5, 100}, {40, 2000}};
    for (size_t k = 0; k < N(at); k++) {
        double t = spmvp_strip_model_eval(m, at[k][0], at[k][1]);
        CHECK_MSG(close_rel(t, rows_t(&RS, at[k][0], at[k][1]), 1e-9), "T(%g, %g) = %.17g",
                  at[k][0], at[k][1], t);
    }
    /* through eq. (6): 12345 rows -> I0 = 13; P0 = max = 700 */
    spmvp_rowlen_stats s = target(12345, 50000, 3, 700);
    CHECK(close_rel(spmvp_predict_strip(m, &s), rows_t(&RS, 13, 700), 1e-9));
out:
    spmvp_calib_free(c);
}

static void fit_should_recover_both_csr_vector_segments_from_exact_data(void)
{
    const int split = 1024;
    spmvp_calib *c = spmvp_calib_new();
    add_vector_grid(c, 4, 256, split, NULL, 0, 0, 1 << 30);
    CHECK(spmvp_calib_fit(c, split) == SPMVP_OK);
    const spmvp_strip_model *m = spmvp_calib_model(c, SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 4);
    CHECK(m != NULL);
    if (!m)
        goto out;
    CHECK(m->strip == 256 && m->split == split && m->I1 == 50 && m->npoints == 18 * 13);
    for (int s = 0; s < 2; s++) {
        const struct spmvp_csrv_segment *g = &m->seg[s];
        const vec_segment *v = &VS[s];
        CHECK(g->valid && g->PE == v->PE);
        CHECK_MSG(close_rel(g->p, v->p, 1e-9), "seg %d p = %.17g", s, g->p);
        CHECK_MSG(close_rel(g->q, v->q, 1e-9), "seg %d q = %.17g", s, g->q);
        CHECK(close_rel(g->t0, v->p * 50 + v->q, 1e-12)); /* measured at (I1, PE) */
        double scale = (v->p * 50 + v->q) / (v->m * v->PE + v->n); /* T at I1 = (m·P+n)·scale */
        CHECK_MSG(close_rel(g->m, v->m * scale, 1e-9), "seg %d m = %.17g", s, g->m);
        CHECK_MSG(close_rel(g->n, v->n * scale, 1e-9), "seg %d n = %.17g", s, g->n);
    }
    const double at[][2] = {{37, 300}, {7, 2900}, {12, 1024}, {3, 1025}, {60, 5}, {1, 4000}};
    for (size_t k = 0; k < N(at); k++) {
        double t = spmvp_strip_model_eval(m, at[k][0], at[k][1]);
        CHECK_MSG(close_rel(t, vec_t(at[k][0], at[k][1], split), 1e-9), "T(%g, %g) = %.17g",
                  at[k][0], at[k][1], t);
    }
    /* eq. (6): 10000 rows / 256 -> I0 = 40; P0 = the mode, not the max */
    spmvp_rowlen_stats s = target(10000, 10000 * 100, 96, 2600);
    CHECK(close_rel(spmvp_predict_strip(m, &s), vec_t(40, 96, split), 1e-9));
out:
    spmvp_calib_free(c);
}

static void fit_should_use_the_fitted_t0_when_i1_pe_was_not_measured(void)
{
    const int split = 1024;
    spmvp_calib *c = spmvp_calib_new();
    add_vector_grid(c, 8, 128, split, NULL, 0, 1, 1 << 30);
    CHECK(spmvp_calib_fit(c, split) == SPMVP_OK);
    const spmvp_strip_model *m = spmvp_calib_model(c, SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 8);
    CHECK(m && m->I1 == 50 && m->seg[0].PE == 64 && m->seg[1].PE == 2048);
    for (int s = 0; m && s < 2; s++)
        CHECK(close_rel(m->seg[s].t0, VS[s].p * 50 + VS[s].q, 1e-9)); /* exact data: same */
    CHECK(m && close_rel(spmvp_strip_model_eval(m, 22, 700), vec_t(22, 700, split), 1e-9));
    spmvp_calib_free(c);
}

static void fit_should_predict_from_the_valid_segment_when_only_one_was_measured(void)
{
    const int split = 1024;
    spmvp_calib *c = spmvp_calib_new();
    add_vector_grid(c, 2, 512, split, NULL, 0, 0, 1024); /* no PNZ > split */
    FILE *notes = tmpfile();
    int skipped = -1;
    CHECK(spmvp_calib_fit_notes(c, split, notes, &skipped) == SPMVP_OK);
    CHECK(skipped == 0);
    const spmvp_strip_model *m = spmvp_calib_model(c, SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 2);
    CHECK(m && m->seg[0].valid && !m->seg[1].valid && m->seg[1].PE == 0 && m->seg[1].t0 == 0);
    /* P0 > split falls back to the lower segment, whose surface it extrapolates */
    if (m) {
        const vec_segment *v = &VS[0];
        double want = (v->m * 2000 + v->n) * (v->p * 9 + v->q) / (v->m * v->PE + v->n);
        CHECK(close_rel(spmvp_strip_model_eval(m, 9, 2000), want, 1e-9));
    }
    if (notes) {
        char line[400] = "";
        rewind(notes);
        CHECK(fgets(line, sizeof line, notes) != NULL);
        CHECK_MSG(strstr(line, "csr_vector V=2 fixed") && strstr(line, "PNZ > 1024"), "%s", line);
        fclose(notes);
    }
    spmvp_calib_free(c);
}

static void fit_should_recover_coo_line_and_strip(void)
{
    spmvp_calib *c = spmvp_calib_new();
    add_coo_grid(c, 8192, NULL, 0);
    CHECK(spmvp_calib_fit(c, 256) == SPMVP_OK);
    const spmvp_strip_model *m = spmvp_calib_model(c, SPMVP_COO, SPMVP_DIST_NORMAL, 0);
    CHECK(m != NULL);
    if (m) {
        CHECK(m->strip == 8192 && m->npoints == 90);
        CHECK_MSG(close_rel(m->A, COO_A, 1e-9), "A = %.17g", m->A);
        CHECK_MSG(close_rel(m->B, COO_B, 1e-9), "B = %.17g", m->B);
        spmvp_rowlen_stats s = target(1000, 50000, 50, 50); /* I_nz = ceil(50000 / 8192) = 7 */
        CHECK(close_rel(spmvp_predict_strip(m, &s), COO_A * 7 + COO_B, 1e-9));
    }
    spmvp_calib_free(c);
}

static void fit_should_make_one_model_per_format_distribution_and_width(void)
{
    spmvp_calib *c = spmvp_calib_new();
    add_rows_grid(c, SPMVP_JAD, SPMVP_DIST_UNIFORM, 500, NULL, 0);
    add_rows_grid(c, SPMVP_ELL, SPMVP_DIST_FIXED, 500, NULL, 0);
    add_rows_grid(c, SPMVP_ELL, SPMVP_DIST_NORMAL, 700, NULL, 0);
    add_vector_grid(c, 1, 2048, 1024, NULL, 0, 0, 1 << 30);
    add_vector_grid(c, 32, 64, 1024, NULL, 0, 0, 1 << 30);
    add_coo_grid(c, 4096, NULL, 0);
    spmvp_calib_point hyb = {SPMVP_HYB, SPMVP_DIST_FIXED, 0, 1, 4, 10, 40, 5.0};
    spmvp_calib_point zero = {SPMVP_ELL, SPMVP_DIST_FIXED, 0, 1, 4, 500, 2000, 0.0};
    CHECK(spmvp_calib_add(c, &hyb) == SPMVP_OK && spmvp_calib_add(c, &zero) == SPMVP_OK);
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_OK);
    CHECK(c->nmodels == 6);
    /* sorted by (format, distribution, width) */
    for (size_t k = 1; k < c->nmodels; k++)
        CHECK(c->models[k - 1].format < c->models[k].format ||
              (c->models[k - 1].format == c->models[k].format &&
               (c->models[k - 1].dist < c->models[k].dist ||
                c->models[k - 1].vector_width < c->models[k].vector_width)));
    const spmvp_strip_model *e = spmvp_calib_model(c, SPMVP_ELL, SPMVP_DIST_FIXED, 0);
    CHECK(e && e->npoints == 90 && e->strip == 500); /* the zero-time point is not used */
    CHECK(spmvp_calib_model(c, SPMVP_ELL, SPMVP_DIST_NORMAL, 0)->strip == 700);
    CHECK(spmvp_calib_model(c, SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 1)->strip == 2048);
    CHECK(spmvp_calib_model(c, SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 32)->strip == 64);
    CHECK(spmvp_calib_model(c, SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 4) == NULL);
    CHECK(spmvp_calib_model(c, SPMVP_JAD, SPMVP_DIST_FIXED, 0) == NULL);
    CHECK(spmvp_calib_model(c, SPMVP_HYB, SPMVP_DIST_FIXED, 0) == NULL);
    /* a refit replaces the models */
    c->npoints = 90; /* only the JAD grid */
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_OK);
    CHECK(c->nmodels == 1 && c->models[0].format == SPMVP_JAD);
    spmvp_calib_free(c);
}

/* ---- noise ---- */

static void fit_should_predict_within_a_few_percent_with_one_percent_noise(void)
{
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, NOISE_SEED);
    spmvp_calib *c = spmvp_calib_new();
    add_rows_grid(c, SPMVP_CSR_SCALAR, SPMVP_DIST_FIXED, 1000, r, 0.01);
    add_vector_grid(c, 4, 256, 1024, r, 0.01, 0, 1 << 30);
    add_coo_grid(c, 8192, r, 0.01);
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_OK && c->nmodels == 3);
    const spmvp_strip_model *ms = spmvp_calib_model(c, SPMVP_CSR_SCALAR, SPMVP_DIST_FIXED, 0);
    const spmvp_strip_model *mv = spmvp_calib_model(c, SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 4);
    const spmvp_strip_model *mc = spmvp_calib_model(c, SPMVP_COO, SPMVP_DIST_NORMAL, 0);
    double worst = 0;
    const double rs_at[][2] = {{2, 48}, {5, 300}, {9, 900}, {6, 20}, {8, 600}};
    for (size_t k = 0; ms && k < N(rs_at); k++) {
        double want = rows_t(&RS, rs_at[k][0], rs_at[k][1]);
        double e = fabs(spmvp_strip_model_eval(ms, rs_at[k][0], rs_at[k][1]) / want - 1);
        CHECK_MSG(e < 0.04, "csr_scalar T(%g, %g) off by %.2f %%", rs_at[k][0], rs_at[k][1],
                  100 * e);
        worst = fmax(worst, e);
    }
    const double v_at[][2] = {{12, 48}, {33, 600}, {47, 100}, {8, 1800}, {28, 2400}, {44, 3000}};
    for (size_t k = 0; mv && k < N(v_at); k++) {
        double want = vec_t(v_at[k][0], v_at[k][1], 1024);
        double e = fabs(spmvp_strip_model_eval(mv, v_at[k][0], v_at[k][1]) / want - 1);
        CHECK_MSG(e < 0.04, "csr_vector T(%g, %g) off by %.2f %%", v_at[k][0], v_at[k][1],
                  100 * e);
        worst = fmax(worst, e);
    }
    for (int I = 2; mc && I <= 9; I += 3) {
        double e = fabs(spmvp_strip_model_eval(mc, I, 0) / (COO_A * I + COO_B) - 1);
        CHECK_MSG(e < 0.04, "coo T(%d) off by %.2f %%", I, 100 * e);
        worst = fmax(worst, e);
    }
    CHECK(ms && mv && mc);
    printf("     worst relative error with 1 %% noise: %.2f %%\n", 100 * worst);
    spmvp_calib_free(c);
    gsl_rng_free(r);
}

/* ---- degenerate data ---- */

static void fit_should_reject_a_single_strip_count_naming_the_format(void)
{
    spmvp_calib *c = spmvp_calib_new();
    for (size_t b = 0; b < N(grid_p); b++) {
        spmvp_calib_point p = {SPMVP_CSR_SCALAR, SPMVP_DIST_NORMAL, 0, 3, grid_p[b], 3000,
                               3000ll * grid_p[b], 1.0 + grid_p[b]};
        spmvp_calib_add(c, &p);
    }
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "csr_scalar normal:") != NULL, "%s", spmvp_last_error());
    CHECK(c->nmodels == 0 && c->models == NULL);
    spmvp_calib_free(c);
}

static void fit_should_reject_coo_at_one_strip_count(void)
{
    spmvp_calib *c = spmvp_calib_new();
    for (int k = 0; k < 3; k++) {
        spmvp_calib_point p = {SPMVP_COO, SPMVP_DIST_UNIFORM, 0, 4, 4 << k, 100, 400, 9.0};
        spmvp_calib_add(c, &p);
    }
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "coo uniform:") && strstr(spmvp_last_error(), "I_nz"),
              "%s", spmvp_last_error());
    spmvp_calib_free(c);
}

static void fit_should_reject_csr_vector_with_no_fittable_segment(void)
{
    spmvp_calib *c = spmvp_calib_new();
    /* one PNZ per I in each segment: no T(PNZ) line anywhere */
    spmvp_calib_point a = {SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 16, 1, 64, 100, 6400, 3.0};
    spmvp_calib_point b = {SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 16, 2, 2048, 200, 409600, 9.0};
    spmvp_calib_add(c, &a);
    spmvp_calib_add(c, &b);
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "csr_vector V=16 fixed:") &&
              strstr(spmvp_last_error(), "PNZ > 1024"), "%s", spmvp_last_error());
    /* and without a work-group size */
    spmvp_calib_free(c);
    c = spmvp_calib_new();
    add_vector_grid(c, 4, 256, 1024, NULL, 0, 0, 1 << 30);
    CHECK(spmvp_calib_fit(c, 0) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "csr_vector V=4 fixed:"), "%s", spmvp_last_error());
    spmvp_calib_free(c);
}

static void fit_should_reject_missing_p1_and_mixed_strip_sizes(void)
{
    spmvp_calib *c = spmvp_calib_new();
    /* two I with two PNZ each, but no PNZ shared between them: no E(I) */
    const int pts[][2] = {{1, 4}, {1, 8}, {2, 16}, {2, 32}};
    for (size_t k = 0; k < N(pts); k++) {
        spmvp_calib_point p = {SPMVP_ELL, SPMVP_DIST_FIXED, 0, pts[k][0], pts[k][1],
                               100ll * pts[k][0], 100ll * pts[k][0] * pts[k][1], 1.0 + k};
        spmvp_calib_add(c, &p);
    }
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "ell fixed:") && strstr(spmvp_last_error(), "E(I)"),
              "%s", spmvp_last_error());
    spmvp_calib_free(c);
    c = spmvp_calib_new();
    add_rows_grid(c, SPMVP_JAD, SPMVP_DIST_FIXED, 1000, NULL, 0);
    c->points[40].rows += 1;
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_ERR_ARG);
    CHECK_MSG(strstr(spmvp_last_error(), "jad fixed:") && strstr(spmvp_last_error(), "rows / I"),
              "%s", spmvp_last_error());
    spmvp_calib_free(c);
}

static void fit_should_reject_no_usable_points(void)
{
    spmvp_calib *c = spmvp_calib_new();
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_ERR_ARG);
    spmvp_calib_point p = {SPMVP_ELL, SPMVP_DIST_FIXED, 0, 1, 4, 10, 40, -1.0};
    spmvp_calib_add(c, &p);
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_ERR_ARG);
    CHECK(strstr(spmvp_last_error(), "no usable calibration points") != NULL);
    CHECK(spmvp_calib_fit(NULL, 1024) == SPMVP_ERR_ARG);
    spmvp_calib_free(c);
}

static void fit_should_keep_good_models_and_report_skipped_ones(void)
{
    spmvp_calib *c = spmvp_calib_new();
    add_rows_grid(c, SPMVP_CSR_SCALAR, SPMVP_DIST_FIXED, 1000, NULL, 0);
    spmvp_calib_point lone = {SPMVP_ELL, SPMVP_DIST_UNIFORM, 0, 2, 16, 2000, 32000, 4.0};
    spmvp_calib_add(c, &lone);
    FILE *notes = tmpfile();
    int skipped = 0;
    CHECK(spmvp_calib_fit_notes(c, 1024, notes, &skipped) == SPMVP_OK);
    CHECK(skipped == 1 && c->nmodels == 1);
    CHECK_MSG(strstr(spmvp_last_error(), "ell uniform:") != NULL, "%s", spmvp_last_error());
    if (notes) {
        char line[400] = "";
        rewind(notes);
        CHECK(fgets(line, sizeof line, notes) && strstr(line, "skipped model ell uniform:"));
        fclose(notes);
    }
    /* a refit that fits nothing leaves the previous models */
    c->points[0] = lone;
    c->npoints = 1;
    CHECK(spmvp_calib_fit(c, 1024) == SPMVP_ERR_ARG);
    CHECK(c->nmodels == 1 && c->models[0].format == SPMVP_CSR_SCALAR);
    spmvp_calib_free(c);
}

/* ---- row statistics ---- */

static void stats_should_summarise_rows_with_empty_rows_and_mode_ties(void)
{
    const int len[] = {2, 0, 3, 0, 3, 2, 5}; /* 0, 2 and 3 twice each */
    spmvp_csr *A = csr_with_lengths(len, 7, 9);
    spmvp_rowlen_stats *s = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
    CHECK(s != NULL);
    if (s) {
        double mean = 15.0 / 7, ss = 0;
        for (int i = 0; i < 7; i++)
            ss += (len[i] - mean) * (len[i] - mean);
        CHECK(s->rows == 7 && s->cols == 9 && s->nnz == 15);
        CHECK(close_rel(s->mean, mean, 1e-15) && close_rel(s->sd, sqrt(ss / 7), 1e-14));
        CHECK(s->min == 0 && s->max == 5);
        CHECK(s->mode == 0); /* the smallest of the tied lengths */
        CHECK(s->hist[0] == 2 && s->hist[1] == 0 && s->hist[2] == 2 && s->hist[3] == 2 &&
              s->hist[4] == 0 && s->hist[5] == 1);
    }
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);

    const int len2[] = {4, 1, 4, 7, 1, 4, 300}; /* mode 4; a long row grows the histogram */
    A = csr_with_lengths(len2, 7, 400);
    s = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
    CHECK(s && s->mode == 4 && s->min == 1 && s->max == 300 && s->nnz == 321 &&
          s->hist[300] == 1 && s->hist[1] == 2);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    CHECK(spmvp_rowlen_stats_free(NULL) == NULL);
}

static void stats_should_be_zero_for_a_matrix_without_rows(void)
{
    spmvp_csr *A = spmvp_csr_alloc(0, 5, 0);
    spmvp_rowlen_stats *s = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
    CHECK(s && s->rows == 0 && s->cols == 5 && s->nnz == 0 && s->mean == 0 && s->sd == 0 &&
          s->min == 0 && s->max == 0 && s->mode == 0);
    if (s) {
        spmvp_hyb_split h = spmvp_rowlen_stats_hyb(s, 3);
        CHECK(h.rows == 0 && h.ell_width == 0 && h.coo_nnz == 0 && h.ell_nnz == 0);
    }
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    CHECK(spmvp_rowlen_stats_from_csr(NULL) == NULL);
}

static void stats_hyb_split_should_match_the_hyb_conversion(void)
{
    const int len[] = {2, 0, 3, 0, 3, 2, 5};
    spmvp_csr *A = csr_with_lengths(len, 7, 9);
    spmvp_rowlen_stats *s = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
    CHECK(s != NULL);
    if (!s)
        goto out;
    spmvp_hyb_split h = spmvp_rowlen_stats_hyb(s, 2);
    CHECK(h.rows == 7 && h.ell_width == 2 && h.coo_nnz == 5 && h.ell_nnz == 10);
    h = spmvp_rowlen_stats_hyb(s, 0);
    CHECK(h.ell_width == 0 && h.coo_nnz == 15 && h.ell_nnz == 0);
    h = spmvp_rowlen_stats_hyb(s, -4);
    CHECK(h.ell_width == 0 && h.coo_nnz == 15);
    h = spmvp_rowlen_stats_hyb(s, 10);
    CHECK(h.ell_width == 5 && h.coo_nnz == 0 && h.ell_nnz == 15);
    for (int K = 0; K <= 6; K++) {
        spmvp_hyb *H = spmvp_hyb_from_csr(A, K, 1);
        h = spmvp_rowlen_stats_hyb(s, K);
        CHECK_MSG(H && H->coo->nnz == h.coo_nnz && H->ell->width == h.ell_width,
                  "K = %d: split %lld / %lld", K, h.ell_width, h.coo_nnz);
        spmvp_hyb_free(H);
    }
out:
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
}

/* ---- eq. (6) and lookup on a hand-made matrix ---- */

static spmvp_strip_model rows_model(spmvp_format f, long long S, double A, double B, double p,
                                    double q, int P1)
{
    spmvp_strip_model m;
    memset(&m, 0, sizeof m);
    m.format = f;
    m.strip = S;
    m.A = A, m.B = B, m.p = p, m.q = q, m.P1 = P1;
    return m;
}

static void predict_should_use_eq6_parameters_on_a_hand_made_matrix(void)
{
    const int len[] = {3, 1, 3, 0, 7}; /* 5 rows, 14 entries, mode 3, max 7 */
    spmvp_csr *Amat = csr_with_lengths(len, 5, 8);
    spmvp_rowlen_stats *s = Amat ? spmvp_rowlen_stats_from_csr(Amat) : NULL;
    spmvp_calib *c = spmvp_calib_new();
    CHECK(s && c);
    if (!s || !c)
        goto out;
    c->models = calloc(6, sizeof *c->models);
    if (!c->models)
        goto out;
    c->nmodels = 6;
    c->models[0] = rows_model(SPMVP_CSR_SCALAR, 2, 1, 2, 3, 4, 4);
    c->models[1] = rows_model(SPMVP_ELL, 3, 1, 0, 1, 0, 0);
    c->models[2] = rows_model(SPMVP_COO, 4, 2, 1, 0, 0, 0);
    spmvp_strip_model v = rows_model(SPMVP_CSR_VECTOR, 4, 0, 0, 0, 0, 0);
    v.vector_width = 4;
    v.split = 8;
    v.seg[0] = (struct spmvp_csrv_segment){1, 16, 2, 1, 3, 5, 10};
    c->models[3] = v;
    v.vector_width = 2;
    v.strip = 8;
    c->models[4] = v;
    c->models[5] = rows_model(SPMVP_JAD, 2, 1, 2, 3, 4, 4);
    c->models[5].dist = SPMVP_DIST_NORMAL;

    const spmvp_strip_model *m;
    long long I0, P0;
    /* CSR-S, S = 2: I0 = ceil(5/2) = 3, P0 = max = 7; f = 1·3 + 2 = 5; T = 35 + 13 - 20 */
    m = spmvp_calib_model(c, SPMVP_CSR_SCALAR, SPMVP_DIST_FIXED, 0);
    CHECK(m && !spmvp_predict_params(m, s, &I0, &P0) && I0 == 3 && P0 == 7);
    CHECK(m && spmvp_predict_strip(m, s) == 28.0);
    /* CSR-V width 4, S = 4: I0 = 2, P0 = mode = 3; (2·3 + 1) / 10 × (3·2 + 5) = 7.7 */
    m = spmvp_calib_model(c, SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 4);
    CHECK(m && m->strip == 4 && !spmvp_predict_params(m, s, &I0, &P0) && I0 == 2 && P0 == 3);
    CHECK(m && close_rel(spmvp_predict_strip(m, s), 7.7, 1e-15));
    /* width 2, S = 8: I0 = 1; 0.7 × 8 = 5.6 */
    m = spmvp_calib_model(c, SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 2);
    CHECK(m && m->strip == 8 && close_rel(spmvp_predict_strip(m, s), 5.6, 1e-15));
    CHECK(spmvp_calib_model(c, SPMVP_CSR_VECTOR, SPMVP_DIST_FIXED, 8) == NULL);
    /* ELL ignores the width asked; S = 3: I0 = 2, P0 = 7; f = 2; T = 14 + 2 - 0 */
    m = spmvp_calib_model(c, SPMVP_ELL, SPMVP_DIST_FIXED, 99);
    CHECK(m && spmvp_predict_strip(m, s) == 16.0);
    /* COO, S = 4: I_nz = ceil(14/4) = 4; 2·4 + 1 */
    m = spmvp_calib_model(c, SPMVP_COO, SPMVP_DIST_FIXED, 0);
    CHECK(m && !spmvp_predict_params(m, s, &I0, &P0) && I0 == 4 && P0 == 0);
    CHECK(m && spmvp_predict_strip(m, s) == 9.0);
    CHECK(spmvp_calib_model(c, SPMVP_JAD, SPMVP_DIST_FIXED, 0) == NULL);
    CHECK(spmvp_calib_model(c, SPMVP_JAD, SPMVP_DIST_NORMAL, 0) == &c->models[5]);

    /* HYB, K = 2: ELL at P0 = 2, I0 = 2 -> 2·2 + 2 = 6; COO part 1+1+5 = 7 -> I_nz = 2 -> 5 */
    const spmvp_strip_model *ell = spmvp_calib_model(c, SPMVP_ELL, SPMVP_DIST_FIXED, 0);
    const spmvp_strip_model *coo = spmvp_calib_model(c, SPMVP_COO, SPMVP_DIST_FIXED, 0);
    CHECK(spmvp_predict_hyb(ell, coo, s, 2) == 11.0);
    CHECK(spmvp_predict_hyb(ell, coo, s, 0) == 9.0);     /* all COO */
    CHECK(spmvp_predict_hyb(ell, coo, s, 7) == 16.0);    /* all ELL */
    CHECK(spmvp_predict_hyb(ell, NULL, s, 9) == 16.0);   /* no COO part: no model needed */
    CHECK(isnan(spmvp_predict_hyb(ell, NULL, s, 2)));
    CHECK(isnan(spmvp_predict_hyb(ell, coo, s, -1)));

    /* what cannot be predicted is NaN */
    spmvp_strip_model bad = rows_model(SPMVP_HYB, 4, 0, 0, 0, 0, 0);
    CHECK(isnan(spmvp_predict_strip(&bad, s)) && spmvp_predict_params(&bad, s, &I0, &P0));
    bad = rows_model(SPMVP_ELL, 0, 0, 0, 0, 0, 0);
    CHECK(isnan(spmvp_predict_strip(&bad, s)));
    bad = v;
    bad.seg[0].valid = 0;
    CHECK(isnan(spmvp_predict_strip(&bad, s)));
    CHECK(isnan(spmvp_predict_strip(NULL, s)));
out:
    spmvp_calib_free(c);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(Amat);
}

/* predict_all takes HYB's width from the statistics' histogram: it must equal the rule
 * spmvp_hyb_default_width applies to the matrix itself. */
static void hyb_width_from_histogram_should_match_the_matrix_rule(void)
{
    for (unsigned seed = 1; seed <= 20; seed++) {
        spmvp_idx n = 1 + (spmvp_idx)(seed * 37 % 300), m = 50;
        spmvp_idx *ri = malloc(4000 * sizeof *ri), *ci = malloc(4000 * sizeof *ci);
        double *v = malloc(4000 * sizeof *v);
        size_t k = 0;
        unsigned r = seed;
        for (spmvp_idx i = 0; i < n; i++) {
            r = r * 1103515245u + 12345u;
            spmvp_idx len = (spmvp_idx)((r >> 16) % (i % 7 == 0 ? 13 : 4));
            for (spmvp_idx j = 0; j < len && k < 4000; j++, k++) {
                ri[k] = i;
                ci[k] = j;
                v[k] = 1.0;
            }
        }
        spmvp_csr *A = spmvp_csr_from_triplets(n, m, k, ri, ci, v);
        spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
        spmvp_idx want = spmvp_hyb_default_width(A);
        spmvp_idx got = s->nnz ? spmvp_hyb_width_from_hist(s->hist, s->max, s->rows) : 0;
        CHECK_MSG(got == want, "seed %u: %d from the histogram, %d from the matrix", seed, (int)got, (int)want);
        spmvp_rowlen_stats_free(s);
        spmvp_csr_free(A);
        free(ri);
        free(ci);
        free(v);
    }
}

int main(void)
{
    RUN(hyb_width_from_histogram_should_match_the_matrix_rule);
    RUN(dist_names_should_round_trip);
    RUN(calib_add_should_grow_and_keep_points);
    RUN(fit_should_recover_csr_scalar_coefficients_from_exact_data);
    RUN(fit_should_recover_both_csr_vector_segments_from_exact_data);
    RUN(fit_should_use_the_fitted_t0_when_i1_pe_was_not_measured);
    RUN(fit_should_predict_from_the_valid_segment_when_only_one_was_measured);
    RUN(fit_should_recover_coo_line_and_strip);
    RUN(fit_should_make_one_model_per_format_distribution_and_width);
    RUN(fit_should_predict_within_a_few_percent_with_one_percent_noise);
    RUN(fit_should_reject_a_single_strip_count_naming_the_format);
    RUN(fit_should_reject_coo_at_one_strip_count);
    RUN(fit_should_reject_csr_vector_with_no_fittable_segment);
    RUN(fit_should_reject_missing_p1_and_mixed_strip_sizes);
    RUN(fit_should_reject_no_usable_points);
    RUN(fit_should_keep_good_models_and_report_skipped_ones);
    RUN(stats_should_summarise_rows_with_empty_rows_and_mode_ties);
    RUN(stats_should_be_zero_for_a_matrix_without_rows);
    RUN(stats_hyb_split_should_match_the_hyb_conversion);
    RUN(predict_should_use_eq6_parameters_on_a_hand_made_matrix);
    return test_report();
}
