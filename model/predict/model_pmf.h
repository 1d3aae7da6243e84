/* model_pmf.h: seed 002's PMF model (pmf.h) and its calibrated variant (pmf_cal.h) as one
 * model descriptor (model.h): variants "pmf" and "pmf-cal"; the profile's root-level
 * "pmf_hardware" (pmf_hw.h) and each precision's "pmf_fit"; the data transfer time column and
 * Algorithm 1's pick. They are one descriptor because pmf-cal is the pmf model's own terms
 * scaled by fitted coefficients: it needs pmf's hardware parameters and the matrix's PMF.
 *
 * Ownership: the state is the predictor's (predict_all.h); its cal points into the profile. */
#ifndef SPMVP_MODEL_PMF_H
#define SPMVP_MODEL_PMF_H

#include "model.h"
#include "pmf.h"
#include "pmf_cal.h"
#include "pmf_hw.h"
#include "predict_all.h"

extern const spmvp_model spmvp_model_pmf;

/* What the PMF models predict with, at one precision. */
typedef struct spmvp_pmf_state {
    int hw_derived;            /* 1: hw derived from device/microbench, not in the file */
    spmvp_pmf_hw hw;
    char source[SPMVP_PMF_NPARAMS][SPMVP_PMF_SOURCE_LEN]; /* where each of hw came from */
    const spmvp_pmf_cal *cal;  /* calibrated PMF coefficients (formats may be invalid) */
    spmvp_pmf_prec prec;
} spmvp_pmf_state;

/* The PMF state of a predictor, or NULL when it has none (not initialised). Owned by it. */
const spmvp_pmf_state *spmvp_predictor_pmf(const spmvp_predictor *in);

/* The profile's parameters: its "pmf_hardware" when present (sources as stored), else
 * derived now. *derived (may be NULL) tells which. Errors as spmvp_pmf_hw_derive. */
spmvp_status spmvp_profile_pmf_hw(const spmvp_profile *p, spmvp_pmf_hw *hw,
                                  char src[][SPMVP_PMF_SOURCE_LEN], int *derived);

#endif
