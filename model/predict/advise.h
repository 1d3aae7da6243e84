/* advise.h: the configuration a solver should use for N products (issue 13), counting what a
 * format costs before its first product: total(c) = setup(c) + N x product(c), with setup the
 * host conversion from CSR and the upload (setup_cost.h) and product the ranking's predicted
 * back-to-back time (rank.h). Staying in CSR is the baseline every other format must repay:
 * the best of the configurations that multiply with CSR's own arrays (CSR-scalar and
 * CSR-vector: no conversion, the upload of CSR alone).
 *
 * OpenCL-free; nothing here allocates. */
#ifndef SPMVP_ADVISE_H
#define SPMVP_ADVISE_H

#include "rank.h"

typedef struct spmvp_advice {
    long long products; /* N */
    int best;           /* the entry of least predicted total (-1: none can be advised) */
    int csr;            /* the entry of least total among CSR-scalar and CSR-vector (-1: none) */
    double best_total_us, csr_total_us; /* their predicted totals */
} spmvp_advice;

/* Whether format f multiplies with CSR's arrays as they are (the baseline of advice). */
int spmvp_advise_is_csr(spmvp_format f);

/* Entry e's predicted total for N products; NaN when its product or setup is not predicted. */
double spmvp_advise_total(const spmvp_rank_entry *e, long long N);

/* The advice for N >= 0 products over the n ranked entries e (any order). SPMVP_ERR_ARG for a
 * negative N; entries without a setup prediction are never advised (a profile trained before
 * setup times were measured advises nothing: best -1). */
spmvp_status spmvp_advise_ranked(const spmvp_rank_entry *e, int n, long long N, spmvp_advice *out);

/* The baseline break-even counts are against: the CSR-scalar or CSR-vector entry of least
 * predicted product time among the n entries with a setup prediction (a long run's choice
 * when staying in CSR), or -1. */
int spmvp_advise_csr_baseline(const spmvp_rank_entry *e, int n);

/* The products above which entry e's total is below entry csr's (the break-even count): 0 when
 * e is also no dearer to set up, INFINITY when its product is not faster (it never pays back
 * over a long run, even where it is cheaper to set up), NaN when either is not predicted. */
double spmvp_advise_break_even(const spmvp_rank_entry *e, const spmvp_rank_entry *csr);

#endif
