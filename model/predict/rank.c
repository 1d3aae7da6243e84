/* rank.c: configurations best first, with intervals and ties (rank.h). */
#include "rank.h"

#include <math.h>
#include <stdlib.h>

#include "profile_json.h" /* SPMVP_TRY */
#include "setup_cost.h"

static int by_time(const void *a, const void *b)
{
    const spmvp_rank_entry *x = a, *y = b;
    if (isnan(x->us) || isnan(y->us))
        return isnan(x->us) - isnan(y->us);
    return (x->us > y->us) - (x->us < y->us);
}

/* The descriptor of model id m when it is learned or derived (it predicts from features),
 * or NULL. */
static const spmvp_model *ranker_of(int m)
{
    const spmvp_model *d = spmvp_model_family(spmvp_model_family_of(m));
    return d && (d->predict_vec || d->combine) ? d : NULL;
}

int spmvp_rank_choose(int n, const int *ok, const double *geomean, const double *within5)
{
    int best = -1, m = -1;
    for (int j = 0; j < n; j++)
        if (ok[j] && (best < 0 || geomean[j] < geomean[best]))
            best = j;
    for (int j = 0; best >= 0 && j < n; j++)
        if (ok[j] && geomean[j] <= geomean[best] * (1 + SPMVP_RANK_TIE) &&
            (m < 0 || within5[j] > within5[m] ||
             (within5[j] == within5[m] && geomean[j] < geomean[m])))
            m = j;
    return m;
}

int spmvp_rank_default_model(const spmvp_predictor *pred)
{
    const spmvp_profile_precision *pp = &pred->profile->prec[pred->prec];
    enum { N = sizeof pp->ranking / sizeof pp->ranking[0] };
    int ok[N] = {0};
    double geomean[N], within5[N];
    const int n = spmvp_model_count() < N ? spmvp_model_count() : N;
    for (int j = 0; j < n; j++) {
        const struct spmvp_model_ranking *r = &pp->ranking[j];
        ok[j] = pp->has_cv && r->matrices && ranker_of(j) && spmvp_predictor_variant_has(pred, j);
        geomean[j] = r->geomean;
        within5[j] = r->within5;
    }
    int m = spmvp_rank_choose(n, ok, geomean, within5);
    if (m < 0) /* a profile trained before the ranking was recorded */
        m = spmvp_predictor_best_model(pred);
    for (int i = 0; m < 0 && i < spmvp_model_families(); i++)
        if (spmvp_model_family(i)->predict_vec && pred->available[i])
            m = spmvp_model_first(i);
    return m;
}

spmvp_status spmvp_rank_configs(const spmvp_predictor *pred, int m, const spmvp_csr *A,
                                const spmvp_rowlen_stats *s, spmvp_rank_entry **out, int *n,
                                double *features_us, double *predict_us)
{
    *out = NULL;
    *n = 0;
    if (!ranker_of(m) || !spmvp_predictor_variant_has(pred, m))
        return spmvp_fail(SPMVP_ERR_ARG, "model %s has no learned model at %s precision "
                          "(spmvp train)", spmvp_model_name(m), spmvp_precision_name(pred->prec));
    const spmvp_profile *p = pred->profile;
    const spmvp_profile_precision *pp = &p->prec[pred->prec];
    spmvp_features_target t = spmvp_profile_target(p, pred->prec ? 8 : 4);
    size_t max_wg = p->device.max_work_group_size > 0 ? (size_t)p->device.max_work_group_size : 256;
    spmvp_config *cfg = NULL;
    int ncfg = 0;
    /* the configurations the profile was trained on: a quick training saw work-group 256 only */
    SPMVP_TRY(spmvp_config_list(s, t.warp, max_wg, p->training.quick, &cfg, &ncfg));
    spmvp_rank_entry *e = calloc((size_t)ncfg + 1, sizeof *e);
    if (!e) {
        free(cfg);
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the configurations");
    }
    double t0 = spmvp_now_us();
    spmvp_featurizer z;
    spmvp_featurizer_init(&z, A, s, &t);
    int k = 0;
    spmvp_status st = SPMVP_OK;
    for (int c = 0; c < ncfg && !st; c++) {
        spmvp_status fs = spmvp_featurizer_vector(&z, &cfg[c], e[k].x);
        if (fs == SPMVP_ERR_NOMEM)
            st = fs;
        else if (!fs) { /* a format that cannot hold A is no entry */
            e[k].config = cfg[c];
            spmvp_config_label(&cfg[c], s, t.warp, e[k].mapping, sizeof e[k].mapping);
            k++;
        }
    }
    double t1 = spmvp_now_us();
    for (int i = 0; i < k && !st; i++) {
        const spmvp_model_error *err = &pp->cv[m][e[i].config.format];
        /* the run-to-run spread, or the spread between training sessions where it was
         * measured (a user's measurement tomorrow is another session); and the sessions'
         * offset, an amount on launch-bound products (profile.h), above only: the table
         * keeps each configuration's faster session */
        double spread = 1 + (pp->has_cv ? fmax(pp->noise_p90, pp->session_p90) : 0);
        double half = 1 + fmax(pp->noise_median, pp->session_median);
        e[i].us = spmvp_predictor_predict_vec(pred, m, e[i].config.format, e[i].x);
        e[i].lo = e[i].us * (err->cases ? exp(err->q_lo) : 1) / spread;
        e[i].hi = e[i].us * (err->cases ? exp(err->q_hi) : 1) * spread + pp->session_offset_p90_us;
        e[i].lo50 = e[i].us * (err->cases ? exp(err->q25) : 1) / half;
        e[i].hi50 = e[i].us * (err->cases ? exp(err->q75) : 1) * half + pp->session_offset_median_us;
        spmvp_setup_predict(&pp->setup[e[i].config.format], e[i].x, &e[i].convert_us, &e[i].upload_us);
    }
    if (predict_us)
        *predict_us = spmvp_now_us() - t1;
    if (features_us)
        *features_us = t1 - t0;
    qsort(e, (size_t)k, sizeof *e, by_time);
    /* the sessions' offset is shared by every configuration of a session (a slow process ran
     * all four formats it timed slow, docs/data/predictions/stop49/): no tie comes of it */
    for (int i = 0; i < k; i++)
        e[i].tie = i > 0 && !isnan(e[i].us) && e[i].lo50 <= e[0].hi50 - pp->session_offset_median_us;
    free(cfg);
    if (st) {
        free(e);
        return st;
    }
    *out = e;
    *n = k;
    return SPMVP_OK;
}
