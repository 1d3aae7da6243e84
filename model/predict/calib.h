/* calib.h: calibration points (benchmark-matrix timings) and the strip models fitted to them
 * (seed 000 §3, extended to COO and HYB). OpenCL-free: a profile can be refitted and used for
 * prediction on any machine.
 *
 * Ownership: spmvp_calib holds its arrays; spmvp_calib_free accepts NULL and returns NULL. */
#ifndef SPMVP_CALIB_H
#define SPMVP_CALIB_H

#include <stddef.h>
#include <stdio.h>

#include "spmvp_sparse.h"


/* One timed benchmark matrix. */
typedef struct spmvp_calib_point {
    spmvp_format format;
    spmvp_dist dist;
    int vector_width;   /* CSR-vector work-items per row; 0 for the other formats */
    int strips;         /* I: rows = strip size x I (eq. 4) */
    int pnz;            /* P_NZ: the mean row length asked of the generator */
    long long rows;     /* rows of the generated matrix */
    long long nnz;      /* non-zeros of the generated matrix */
    double time_us;     /* T_B, eq. 5: mean of the timed runs after the warm-ups */
} spmvp_calib_point;

/* The model of one (format, distribution[, vector width]). All times in microseconds.
 *
 * CSR-S, ELL, JAD (seed 000 §3.2.2-3): T(P0, I0) = f(I0)·P0 + g(I0) with f(I) = A·I + B
 * fitted over the per-I slopes of T(PNZ) = f_I·PNZ + g_I, and g(I) = E(I) − f(I)·P1 where
 * E(I) = p·I + q is fitted at the fixed row length P1.
 *
 * CSR-V (§3.2.1): two segments, PNZ <= split (the device's max work-group size) and above.
 * In segment s: T_s(PNZ) = m·PNZ + n fitted at I = I1; E_s(I) = p·I + q fitted at PNZ = PE;
 * t0 = the measured time at (I1, PE); T0 = T_s(P0) / t0 × E_s(I0).
 *
 * COO (not in the paper; ours): time in strips of non-zeros, I_nz = ceil(nnz / S_COO) with
 * S_COO = strip × chunk: T = A·I_nz + B (p, q unused).
 * HYB: its ELL part by the ELL model (P0 = K) plus its COO part by the COO model. */
typedef struct spmvp_strip_model {
    spmvp_format format;
    spmvp_dist dist;
    int vector_width;   /* CSR-V only */
    long long strip;    /* S: rows per strip (non-zeros per strip for COO) */
    int npoints;        /* calibration points used */
    /* CSR-S, ELL, JAD, COO */
    double A, B, p, q;
    int P1;
    /* CSR-V */
    int split, I1;
    struct spmvp_csrv_segment {
        int valid;      /* 0 when the grid had no points in this segment */
        int PE;
        double m, n, p, q, t0;
    } seg[2];
} spmvp_strip_model;

typedef struct spmvp_calib {
    spmvp_calib_point *points;  /* raw timings (size npoints, capacity cap) */
    size_t npoints, cap;
    spmvp_strip_model *models;  /* fitted (size nmodels) */
    size_t nmodels;
} spmvp_calib;

spmvp_calib *spmvp_calib_new(void);
spmvp_calib *spmvp_calib_free(spmvp_calib *c);
/* Appends a copy of *p; SPMVP_ERR_NOMEM on failure. */
spmvp_status spmvp_calib_add(spmvp_calib *c, const spmvp_calib_point *p);

/* The fitted model of (f, d, vector_width), owned by c; vector_width is compared for
 * SPMVP_CSR_VECTOR only (the other formats have one model per distribution). NULL if none. */
const spmvp_strip_model *spmvp_calib_model(const spmvp_calib *c, spmvp_format f, spmvp_dist d,
                                           int vector_width);

/* (Re)fits c->models from c->points (model/fit.c): one model per (format, distribution,
 * vector width) present, sorted by that key. `split` is the device's max work-group size, the
 * CSR-V segment boundary. Points with time_us <= 0, and HYB points (HYB is predicted from the
 * ELL and COO models), are not used. Least squares through gsl_fit_linear, unweighted as in the
 * paper. Choices the paper leaves open:
 *  - S (model->strip) = rows / strips of the points, which must agree (eq. 4 holds exactly for
 *    the generated grid); COO: round(rows x PNZ / strips), the nominal non-zeros per strip
 *    (normal and uniform rows make nnz itself vary), of the point with the most (rows are
 *    rounded down to whole rows, so that point has the smallest relative error).
 *  - CSR-S, ELL, JAD: f_I from every I with >= 2 distinct PNZ; A, B over >= 2 such I. P1 = the
 *    measured PNZ closest to 32 (the paper's Figure 5) that was measured at >= 2 values of I,
 *    the smaller on ties; E(I) over every point at P1.
 *  - CSR-V, each segment (PNZ <= split, PNZ > split): I1 = the largest I with >= 2 distinct PNZ
 *    in the segment (the paper's Figure 1 uses I = 40, near the top of its grid); PE = the PNZ
 *    closest to 64 (lower) or 2048 (upper segment) measured at >= 2 values of I, smaller on
 *    ties (Figure 2); t0 = the mean time measured at (I1, PE) or, when that point is missing,
 *    the fitted T_s(PE) = m·PE + n. A segment that cannot be fitted is left invalid (a note);
 *    the model is skipped only when neither segment can be. The segments may have different
 *    I1 (the grid's upper corner is skipped on large devices); model->I1 is the lower
 *    segment's (the upper's when only it is valid). split < 1 skips the CSR-V models.
 *  - COO: T = A·I_nz + B over all its points, I_nz taken from the points' `strips`.
 * A model whose data are degenerate (fewer than 2 distinct x for a line) is skipped; the others
 * are still fitted. Returns SPMVP_OK when at least one model was fitted: c->models is replaced,
 * and if some were skipped spmvp_last_error() holds the reason of the last one. When no model
 * can be fitted: SPMVP_ERR_ARG with that reason ("csr_scalar fixed: ..."), c->models unchanged;
 * SPMVP_ERR_NOMEM likewise leaves c->models unchanged. */
spmvp_status spmvp_calib_fit(spmvp_calib *c, int split);
/* The same, writing one line per skipped model or CSR-V segment to `notes` (may be NULL) and
 * the number of skipped models to *skipped (may be NULL). */
spmvp_status spmvp_calib_fit_notes(spmvp_calib *c, int split, FILE *notes, int *skipped);

/* The strip models as a model descriptor (model.h, model_strip.c): variants fixed, normal
 * and uniform; the "models" array of each precision; seed 000's grid as training plan. */
extern const struct spmvp_model spmvp_model_strip;

#endif
