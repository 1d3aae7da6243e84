/* predict_all.c: predictions of every format by every registered model for one matrix
 * (seed 000 eq. 6, seed 002 eqs 21-50, through the models' descriptors). */
#include "predict_all.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "featvec.h"
#include "spmvp_sparse.h"

void spmvp_predictor_release(spmvp_predictor *in)
{
    for (int i = 0; in && i < SPMVP_PROFILE_PARTS_MAX; i++) {
        free(in->state[i]);
        in->state[i] = NULL;
        in->available[i] = 0;
    }
}

spmvp_status spmvp_predictor_init(spmvp_predictor *out, const spmvp_profile *p, const char *path,
                                  size_t value_size)
{
    int k = spmvp_precision_of(value_size), any = 0;
    if (!out || !p || k < 0)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: no profile, or value size %zu is not 4 or 8",
                          path ? path : "profile", value_size);
    memset(out, 0, sizeof *out);
    /* a profile calibrated at the other precision only would predict this one from device
     * parameters alone, as if nothing had been measured: refused, naming what is missing
     * (a profile with no calibration at all, as the paper's GT 645M, predicts from its
     * hardware parameters at either precision) */
    if (!spmvp_profile_calib(p, value_size) && spmvp_profile_calib(p, value_size == 8 ? 4 : 8)) {
        const spmvp_calib *unused;
        return spmvp_profile_require(p, path, value_size, &unused);
    }
    out->profile = p;
    out->prec = (spmvp_precision)k;
    out->warp = (unsigned)p->device.warp_size;
    out->gpu = !strcmp(p->device.type, "GPU");
    for (int i = 0; i < spmvp_model_families(); i++) {
        const spmvp_model *m = spmvp_model_family(i);
        size_t size = m->fitted && !m->prepare ? sizeof(void *) : m->state_size;
        if (size && !(out->state[i] = calloc(1, size))) {
            spmvp_predictor_release(out);
            return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", path ? path : "profile");
        }
        if (m->prepare) {
            out->available[i] = m->prepare(p, out->prec, out->state[i], out->note[i], sizeof out->note[i]);
        } else if (m->fitted) { /* a learned model: its state is its part */
            const void *part = spmvp_profile_part(p, m, out->prec);
            *(const void **)out->state[i] = part;
            out->available[i] = part && m->fitted(part);
            if (!out->available[i])
                snprintf(out->note[i], sizeof out->note[i], "not trained at %s precision (spmvp train)",
                         spmvp_precision_name(out->prec));
        } else if (m->combine) { /* derived: where its members can (they come before it) */
            out->available[i] = spmvp_model_members_available(m, out->available);
            if (!out->available[i])
                snprintf(out->note[i], sizeof out->note[i], "a model it combines is not "
                         "available at %s precision", spmvp_precision_name(out->prec));
        }
        any |= out->available[i];
    }
    if (any)
        return SPMVP_OK;
    spmvp_predictor_release(out);
    const spmvp_calib *unused;
    return spmvp_profile_require(p, path, value_size, &unused); /* names what is missing */
}

const void *spmvp_predictor_state(const spmvp_predictor *in, const spmvp_model *m)
{
    int i = spmvp_model_family_index(m);
    return in && i >= 0 ? in->state[i] : NULL;
}

/* Whether descriptor i can predict (a derived one has no state). */
static int family_has(const spmvp_predictor *in, int i)
{
    return in->available[i] && (in->state[i] || spmvp_model_family(i)->combine);
}

int spmvp_predictor_has(const spmvp_predictor *in, const spmvp_model *m)
{
    int i = spmvp_model_family_index(m);
    return in && i >= 0 && family_has(in, i);
}

int spmvp_predictor_best_model(const spmvp_predictor *in)
{
    const spmvp_profile_precision *pp = &in->profile->prec[in->prec];
    int best = -1;
    double best_err = INFINITY;
    for (int m = 0; pp->has_cv && m < spmvp_model_count(); m++) {
        double sum = 0;
        int n = 0;
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            if (pp->cv[m][f].cases) {
                sum += log1p(pp->cv[m][f].median_dr);
                n++;
            }
        /* a model must cover most formats to be the one trusted */
        if (n >= SPMVP_NFORMATS / 2 && spmvp_predictor_variant_has(in, m) && sum / n < best_err) {
            best_err = sum / n;
            best = m;
        }
    }
    return best;
}

int spmvp_predictor_variant_has(const spmvp_predictor *in, int m)
{
    int i = spmvp_model_family_of(m);
    return in && i >= 0 && family_has(in, i);
}

double spmvp_predictor_predict_vec(const spmvp_predictor *in, int m, spmvp_format f, const double *x)
{
    int i = spmvp_model_family_of(m);
    if (!in || i < 0 || !family_has(in, i))
        return NAN;
    const spmvp_model *d = spmvp_model_family(i);
    int v = m - spmvp_model_first(i);
    if (d->predict_vec)
        return d->predict_vec(spmvp_profile_part(in->profile, d, in->prec), v, f, x);
    if (!d->combine)
        return NAN;
    /* the members' predictions (models of earlier descriptors: no cycle) */
    double us[SPMVP_MODELS_MAX];
    for (int j = 0; j < SPMVP_MODELS_MAX; j++)
        us[j] = NAN;
    for (int n = 0; d->members[n]; n++) {
        int id = spmvp_model_parse(d->members[n]);
        if (id >= 0 && id < spmvp_model_first(i))
            us[id] = spmvp_predictor_predict_vec(in, id, f, x);
    }
    return spmvp_model_combine(d, v, us);
}

/* The learned models' columns: each format's feature vector at the resolved mapping (the
 * work-group size bench would use), then every variant's prediction. */
static spmvp_status predict_learned(const spmvp_predictor *in, const spmvp_csr *A,
                                    const spmvp_rowlen_stats *s, spmvp_prediction *out)
{
    int any = 0;
    for (int i = 0; i < spmvp_model_families(); i++)
        any |= in->available[i] && spmvp_model_family(i)->predict_vec;
    if (!any || !A)
        return SPMVP_OK;
    spmvp_features_target t = spmvp_profile_target(in->profile, in->prec ? 8 : 4);
    spmvp_featurizer z;
    spmvp_featurizer_init(&z, A, s, &t);
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        spmvp_config c = {(spmvp_format)f, out->map};
        c.map.wg_size = (int)t.wg_size;
        double x[SPMVP_FV_N];
        spmvp_status st = spmvp_featurizer_vector(&z, &c, x);
        if (st == SPMVP_ERR_NOMEM)
            return st;
        if (st)
            continue; /* the format cannot hold A: no prediction */
        for (int i = 0; i < spmvp_model_families(); i++) {
            const spmvp_model *m = spmvp_model_family(i);
            if (!in->available[i] || !m->predict_vec)
                continue;
            const void *part = spmvp_profile_part(in->profile, m, in->prec);
            for (int j = 0; j < m->nvariants; j++)
                out->us[f][spmvp_model_first(i) + j] = m->predict_vec(part, j, (spmvp_format)f, x);
        }
        for (int i = 0; i < spmvp_model_families(); i++) { /* then the derived ones */
            const spmvp_model *m = spmvp_model_family(i);
            if (!in->available[i] || !m->combine)
                continue;
            for (int j = 0; j < m->nvariants; j++)
                out->us[f][spmvp_model_first(i) + j] = spmvp_model_combine(m, j, out->us[f]);
        }
    }
    return SPMVP_OK;
}

spmvp_status spmvp_predict_all(const spmvp_predictor *in, const spmvp_csr *A,
                               const spmvp_rowlen_stats *s, spmvp_prediction *out)
{
    /* every format's automatic parameters, from the statistics: no second pass over A */
    spmvp_mapping map = spmvp_mapping_auto();
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        spmvp_format_resolve((spmvp_format)f, s, in->warp, &map);
    out->map = map;
    out->rule_pick = -1;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        out->dtt_us[f] = NAN;
        for (int m = 0; m < SPMVP_MODELS_MAX; m++)
            out->us[f][m] = NAN;
    }
    spmvp_status st = SPMVP_OK;
    for (int i = 0; i < spmvp_model_families(); i++) {
        const spmvp_model *m = spmvp_model_family(i);
        if (!in->available[i] || !m->predict)
            continue;
        spmvp_status e = m->predict(in->state[i], s, &map, spmvp_model_first(i), out);
        if (e && !st)
            st = e;
    }
    spmvp_status e = predict_learned(in, A, s, out);
    if (e && !st)
        st = e;
    /* a line extrapolated below zero (or a non-finite value) is no prediction: it is marked,
     * never printed as a time and never wins a pick */
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        for (int m = 0; m < SPMVP_MODELS_MAX; m++) {
            double t = out->us[f][m];
            out->out_of_range[f][m] = !isnan(t) && !(isfinite(t) && t > 0);
            if (out->out_of_range[f][m])
                out->us[f][m] = NAN;
        }
    for (int m = 0; m < spmvp_model_count(); m++) {
        out->best[m] = -1;
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            double t = out->us[f][m];
            if (!isnan(t) && (out->best[m] < 0 || t < out->us[out->best[m]][m]))
                out->best[m] = f;
        }
    }
    /* the recommendation: the model whose picks were measured closest to the fastest format
     * on this kind of device (the TRUST flags and their evidence), if it picks; else the
     * first model that does */
    out->trusted = spmvp_predictor_best_model(in);
    if (out->trusted >= 0 && out->best[out->trusted] < 0)
        out->trusted = -1;
    unsigned trust = in->gpu ? SPMVP_MODEL_TRUST_GPU : SPMVP_MODEL_TRUST_CPU;
    for (int m = 0; m < spmvp_model_count() && out->trusted < 0; m++)
        if ((spmvp_model_flags(m) & trust) && out->best[m] >= 0)
            out->trusted = m;
    for (int m = 0; m < spmvp_model_count() && out->trusted < 0; m++)
        if (out->best[m] >= 0)
            out->trusted = m;
    return st;
}
