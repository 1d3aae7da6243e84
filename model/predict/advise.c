/* advise.c: advice that counts setup cost (advise.h). */
#include "advise.h"

#include <math.h>

int spmvp_advise_is_csr(spmvp_format f)
{
    /* the two kernels that read the caller's CSR arrays unchanged; CSR-adaptive reads them
     * too but builds its row blocks first, a conversion its setup model counts */
    return f == SPMVP_CSR_SCALAR || f == SPMVP_CSR_VECTOR;
}

double spmvp_advise_total(const spmvp_rank_entry *e, long long N)
{
    double setup = e->convert_us + e->upload_us;
    if (!isfinite(setup) || !isfinite(e->us))
        return NAN;
    return setup + (double)N * e->us;
}

spmvp_status spmvp_advise_ranked(const spmvp_rank_entry *e, int n, long long N, spmvp_advice *out)
{
    out->products = N;
    out->best = out->csr = -1;
    out->best_total_us = out->csr_total_us = NAN;
    if (N < 0)
        return spmvp_fail(SPMVP_ERR_ARG, "advice for %lld products: a count must be 0 or more", N);
    for (int i = 0; i < n; i++) {
        double t = spmvp_advise_total(&e[i], N);
        if (isnan(t))
            continue;
        if (out->best < 0 || t < out->best_total_us) {
            out->best = i;
            out->best_total_us = t;
        }
        if (spmvp_advise_is_csr(e[i].config.format) && (out->csr < 0 || t < out->csr_total_us)) {
            out->csr = i;
            out->csr_total_us = t;
        }
    }
    return SPMVP_OK;
}

int spmvp_advise_csr_baseline(const spmvp_rank_entry *e, int n)
{
    int c = -1;
    for (int i = 0; i < n; i++)
        if (spmvp_advise_is_csr(e[i].config.format) && !isnan(spmvp_advise_total(&e[i], 0)) &&
            (c < 0 || e[i].us < e[c].us))
            c = i;
    return c;
}

double spmvp_advise_break_even(const spmvp_rank_entry *e, const spmvp_rank_entry *csr)
{
    double extra = (e->convert_us + e->upload_us) - (csr->convert_us + csr->upload_us);
    double gain = csr->us - e->us;
    if (isnan(extra) || isnan(gain))
        return NAN;
    if (!(gain > 0)) /* never faster per product (cheaper to set up, it may win below some N) */
        return INFINITY;
    return extra > 0 ? extra / gain : 0;
}
