/* model_pmf.c: seed 002's PMF model and its calibrated variant as one model descriptor
 * (model_pmf.h): their parts of the profile, the fit of refit and calibrate, the predictions
 * (pmf.c, pmf_cal.c) and what predict and compare print of them. */
#include "model_pmf.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "profile_json.h"

spmvp_profile_pmf *spmvp_profile_pmf_part(const spmvp_profile *p)
{
    return spmvp_profile_part(p, &spmvp_model_pmf, -1);
}

spmvp_pmf_cal *spmvp_profile_pmf_fit(const spmvp_profile *p, spmvp_precision k)
{
    return k >= 0 && k < SPMVP_NPRECISIONS ? spmvp_profile_part(p, &spmvp_model_pmf, k) : NULL;
}

/* ======================================================================================== */
/* "pmf_hardware" (root) and "pmf_fit" (each precision)                                     */
/* ======================================================================================== */

/* The calibrated PMF model: the launch cost it started from and the coefficients of the
 * formats that were fitted (none fitted: omitted). */
static void write_prec(spmvp_json_writer *w, cJSON *obj, const spmvp_calib *c, const void *part)
{
    const spmvp_pmf_cal *cal = part;
    (void)c;
    cJSON *o = NULL;
    for (int f = SPMVP_PMF_COO; f <= SPMVP_PMF_ELL; f++) {
        const spmvp_pmf_cal_coef *k = &cal->f[f];
        if (!k->valid)
            continue;
        if (!o) {
            if (!(o = spmvp_json_add_object(w, obj, "pmf_fit")))
                return;
            spmvp_json_add_double(w, o, "launch_us", cal->launch_us);
        }
        cJSON *fo = spmvp_json_add_object(w, o, spmvp_pmf_format_name((spmvp_pmf_format)f));
        if (!fo)
            continue;
        spmvp_json_add_int(w, fo, "npoints", k->npoints);
        spmvp_json_add_double(w, fo, "t0_us", k->t0_us);
        spmvp_json_add_double(w, fo, "mem", k->mem);
        spmvp_json_add_double(w, fo, "ops", k->ops);
        spmvp_json_add_double(w, fo, "row_us", k->row_us);
        spmvp_json_add_double(w, fo, "rms_rel", k->rms_rel);
    }
}

/* Seed 002's Table 1 parameters and their notes, when the profile has them. */
static void write_root(spmvp_json_writer *w, cJSON *root, const void *part)
{
    const spmvp_profile_pmf *pm = part;
    if (!pm->present)
        return;
    cJSON *o = spmvp_json_add_object(w, root, "pmf_hardware");
    if (!o)
        return;
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++)
        spmvp_json_add_double(w, o, spmvp_pmf_param_name(i), spmvp_pmf_param_get(&pm->hw, i));
    cJSON *src = spmvp_json_add_object(w, o, "sources");
    for (int i = 0; src && i < SPMVP_PMF_NPARAMS; i++)
        if (pm->source[i][0])
            spmvp_json_add_string(w, src, spmvp_pmf_param_name(i), pm->source[i]);
}
/* The optional "pmf_fit" of a precision: formats absent stay invalid. */
static spmvp_status read_prec(const spmvp_json_reader *r, const cJSON *o, const char *at, spmvp_calib *c,
                              void *part)
{
    spmvp_pmf_cal *cal = part;
    (void)c;
    const cJSON *fit = cJSON_GetObjectItemCaseSensitive(o, "pmf_fit");
    char sub[96], fat[128];
    memset(cal, 0, sizeof *cal);
    if (!fit)
        return SPMVP_OK;
    if (!cJSON_IsObject(fit))
        return spmvp_json_bad(r, at, "pmf_fit", "expected an object, got %s", spmvp_json_kind(fit));
    snprintf(sub, sizeof sub, "%s.pmf_fit", at);
    for (const cJSON *e = fit->child; e; e = e->next) {
        int f;
        if (!strcmp(e->string, "launch_us")) {
            SPMVP_TRY(spmvp_json_check_double(r, e, sub, "launch_us", SPMVP_JSON_NONNEG, &cal->launch_us));
            continue;
        }
        for (f = SPMVP_PMF_COO; f <= SPMVP_PMF_ELL; f++)
            if (!strcmp(e->string, spmvp_pmf_format_name((spmvp_pmf_format)f)))
                break;
        if (f > SPMVP_PMF_ELL)
            return spmvp_json_bad(r, sub, e->string, "unknown format (expected coo, csr or ell, or launch_us)");
        spmvp_pmf_cal_coef *k = &cal->f[f];
        snprintf(fat, sizeof fat, "%s.%s", sub, e->string);
        if (!cJSON_IsObject(e))
            return spmvp_json_bad(r, fat, "", "expected an object, got %s", spmvp_json_kind(e));
        SPMVP_TRY(spmvp_json_get_int32(r, e, fat, "npoints", 0, &k->npoints));
        SPMVP_TRY(spmvp_json_get_double(r, e, fat, "t0_us", SPMVP_JSON_NONNEG, &k->t0_us));
        SPMVP_TRY(spmvp_json_get_double(r, e, fat, "mem", SPMVP_JSON_NONNEG, &k->mem));
        SPMVP_TRY(spmvp_json_get_double(r, e, fat, "ops", SPMVP_JSON_NONNEG, &k->ops));
        SPMVP_TRY(spmvp_json_get_double(r, e, fat, "row_us", SPMVP_JSON_NONNEG, &k->row_us));
        SPMVP_TRY(spmvp_json_get_double(r, e, fat, "rms_rel", SPMVP_JSON_NONNEG, &k->rms_rel));
        k->valid = 1;
    }
    return SPMVP_OK;
}

/* The optional "pmf_hardware": every parameter positive (F_d may be 0: no double precision),
 * W an integer; "sources" optional, strings. */
static spmvp_status read_root(const spmvp_json_reader *r, const cJSON *root, void *part)
{
    spmvp_profile_pmf *pm = part;
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "pmf_hardware"), *src;
    memset(pm, 0, sizeof *pm);
    if (!o)
        return SPMVP_OK;
    if (!cJSON_IsObject(o))
        return spmvp_json_bad(r, "", "pmf_hardware", "expected an object, got %s", spmvp_json_kind(o));
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++) {
        const char *key = spmvp_pmf_param_name(i);
        double v;
        if (!strcmp(key, "W")) {
            int w;
            SPMVP_TRY(spmvp_json_get_int32(r, o, "pmf_hardware", key, 1, &w));
            v = w;
        } else {
            SPMVP_TRY(spmvp_json_get_double(r, o, "pmf_hardware", key, strcmp(key, "F_d") ? SPMVP_JSON_POSITIVE : SPMVP_JSON_NONNEG, &v));
        }
        spmvp_pmf_param_set(&pm->hw, i, v);
    }
    src = cJSON_GetObjectItemCaseSensitive(o, "sources");
    if (src && !cJSON_IsObject(src))
        return spmvp_json_bad(r, "pmf_hardware", "sources", "expected an object, got %s", spmvp_json_kind(src));
    for (int i = 0; src && i < SPMVP_PMF_NPARAMS; i++) {
        const cJSON *it = cJSON_GetObjectItemCaseSensitive(src, spmvp_pmf_param_name(i));
        if (it)
            SPMVP_TRY(spmvp_json_check_string(r, it, "pmf_hardware.sources", spmvp_pmf_param_name(i), 0,
                             pm->source[i], sizeof pm->source[i]));
    }
    pm->present = 1;
    return SPMVP_OK;
}

/* ======================================================================================== */
/* Fit                                                                                      */
/* ======================================================================================== */

static spmvp_pmf_prec pmf_prec(spmvp_precision k)
{
    return k == SPMVP_PRECISION_DOUBLE ? SPMVP_PMF_DOUBLE : SPMVP_PMF_SINGLE;
}

/* Seed 002's hardware parameters (derived from the device query and micro-benchmarks unless
 * the profile has them: an edited profile keeps its own), then the calibrated model. A PMF
 * model that cannot be had is a note, not a failure: the other models stand without it. */
static spmvp_status fit(spmvp_profile *p, spmvp_precision k, FILE *notes)
{
    const char *what = spmvp_precision_name(k);
    spmvp_profile_pmf *pm = spmvp_profile_pmf_part(p);
    if (!pm->present) {
        if (spmvp_pmf_hw_derive(&p->device, &p->microbench, &pm->hw, pm->source)) {
            if (notes)
                fprintf(notes, "spmvp: note: no PMF model: %s\n", spmvp_last_error());
            return SPMVP_OK;
        }
        pm->present = 1;
    }
    spmvp_pmf_cal *cal = spmvp_profile_pmf_fit(p, k);
    if (spmvp_pmf_cal_fit_launch(p->prec[k].calib, &pm->hw, pmf_prec(k), p->microbench.launch_us,
                                 cal, notes)) {
        if (notes)
            fprintf(notes, "spmvp: note: %s: no calibrated PMF model: %s\n", what, spmvp_last_error());
        return SPMVP_OK;
    }
    for (int f = SPMVP_PMF_COO; f <= SPMVP_PMF_ELL && notes; f++)
        if (cal->f[f].valid)
            fprintf(notes, "spmvp: %s: PMF %s fitted on %d points: t0 %.3g µs, memory x%.3g, "
                    "operations x%.3g, %.3g µs per row per element; rms error %.1f %%\n", what,
                    spmvp_pmf_format_name((spmvp_pmf_format)f), cal->f[f].npoints, cal->f[f].t0_us,
                    cal->f[f].mem, cal->f[f].ops, cal->f[f].row_us, 100 * cal->f[f].rms_rel);
    return SPMVP_OK;
}

/* ======================================================================================== */
/* Prediction                                                                               */
/* ======================================================================================== */

const spmvp_pmf_state *spmvp_predictor_pmf(const spmvp_predictor *in)
{
    return spmvp_predictor_state(in, &spmvp_model_pmf);
}

static int prepare(const spmvp_profile *p, spmvp_precision k, void *state, char *note, size_t size)
{
    spmvp_pmf_state *st = state;
    st->cal = spmvp_profile_pmf_fit(p, k);
    st->prec = pmf_prec(k);
    if (spmvp_profile_pmf_hw(p, &st->hw, st->source, &st->hw_derived))
        snprintf(note, size, "%s", spmvp_last_error());
    else if (k == SPMVP_PRECISION_DOUBLE && !(st->hw.F_d > 0))
        snprintf(note, size, "pmf_hardware.F_d is 0 (no double precision)");
    else
        return 1;
    return 0;
}

/* The spmvp format each PMF format stands for (HYB included). */
static const struct { spmvp_pmf_format pmf; spmvp_format f; } pmf_formats[] = {
    {SPMVP_PMF_COO, SPMVP_COO}, {SPMVP_PMF_CSR, SPMVP_CSR_SCALAR},
    {SPMVP_PMF_ELL, SPMVP_ELL}, {SPMVP_PMF_HYB, SPMVP_HYB},
};

/* Variant first: the paper's model, first + 1: calibrated. CSR-vector and JAD stay NaN. */
static spmvp_status predict(const void *state, const spmvp_rowlen_stats *s,
                            const spmvp_mapping *map, int first, spmvp_prediction *out)
{
    const spmvp_pmf_state *in = state;
    if (s->rows < 1)
        return SPMVP_OK;
    spmvp_pmf *p = spmvp_pmf_from_stats(s);
    if (!p)
        return SPMVP_ERR_NOMEM; /* the stats are consistent: only memory can fail */
    for (size_t k = 0; k < sizeof pmf_formats / sizeof pmf_formats[0]; k++) {
        spmvp_pmf_format pf = pmf_formats[k].pmf;
        spmvp_format f = pmf_formats[k].f;
        spmvp_pmf_time t = spmvp_pmf_time_of(p, &in->hw, in->prec, pf, map->hyb_width);
        out->us[f][first] = t.ct * 1e6;
        out->dtt_us[f] = t.dtt * 1e6;
        double cal = pf == SPMVP_PMF_HYB ? spmvp_pmf_cal_hyb(in->cal, p, &in->hw, in->prec, map->hyb_width)
                                         : spmvp_pmf_cal_time(in->cal, p, &in->hw, in->prec, pf);
        out->us[f][first + 1] = cal * 1e6;
    }
    spmvp_pmf_choice c = spmvp_pmf_choose(p, &in->hw, in->prec);
    out->rule_pick = pmf_formats[c.best].f; /* COO, CSR, ELL: the first three rows */
    spmvp_pmf_free(p);
    return SPMVP_OK;
}

/* ======================================================================================== */
/* Reports                                                                                  */
/* ======================================================================================== */

/* The hardware line, and one for each parameter that was not queried or measured. */
static void print_info(const void *state, int available, const char *note, spmvp_precision k,
                       FILE *out)
{
    const spmvp_pmf_state *st = state;
    (void)k;
    if (!available) {
        fprintf(out, "pmf       not available: %s\n", note);
        return;
    }
    const spmvp_pmf_hw *h = &st->hw;
    fprintf(out, "pmf hw    B %.4g GB/s, F_i %.4g, F_s %.4g, F_d %.4g G/s, BW %g B, CR %.4g GHz, C %g, W %d, BS %g%s\n",
            h->B * 1e-9, h->F_i * 1e-9, h->F_s * 1e-9, h->F_d * 1e-9, h->BW, h->CR * 1e-9, h->C, h->W,
            h->BS, st->hw_derived ? " (derived now: not in the profile)" : "");
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++) {
        const char *src = st->source[i];
        if (!strncmp(src, "derived", 7) || !strncmp(src, "assumed", 7) || !strncmp(src, "vendor", 6))
            fprintf(out, "          %-4s %s\n", spmvp_pmf_param_name(i), src);
    }
}

static void print_after(const void *state, const spmvp_prediction *pr, FILE *out)
{
    (void)state;
    if (pr->rule_pick >= 0)
        fprintf(out, "seed 002 Algorithm 1 (smallest T = DTT + CT of COO, CSR, ELL): %s\n",
                spmvp_format_name((spmvp_format)pr->rule_pick));
}

static void add_json(const void *state, int available, const char *note,
                     const spmvp_prediction *pr, cJSON *doc)
{
    const spmvp_pmf_state *st = state;
    if (pr->rule_pick >= 0)
        cJSON_AddStringToObject(doc, "pmf_algorithm1", spmvp_format_name((spmvp_format)pr->rule_pick));
    if (!available) {
        cJSON_AddStringToObject(doc, "pmf_unavailable", note);
        return;
    }
    cJSON *o = cJSON_AddObjectToObject(doc, "pmf_hardware");
    cJSON_AddBoolToObject(o, "derived", st->hw_derived);
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++)
        cJSON_AddNumberToObject(o, spmvp_pmf_param_name(i), spmvp_pmf_param_get(&st->hw, i));
    cJSON *so = cJSON_AddObjectToObject(o, "sources");
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++)
        cJSON_AddStringToObject(so, spmvp_pmf_param_name(i), st->source[i]);
}

/* Seed 002's hardware parameters of both (stored or derived), one row each. */
static void describe_device(const void *const state[2], const int available[2], FILE *out)
{
    fprintf(out, "\nPMF hardware (seed 002 Table 1; \"-\": none)\n");
    for (int i = 0; i < SPMVP_PMF_NPARAMS; i++) {
        char v[2][32];
        for (int k = 0; k < 2; k++)
            if (available[k])
                snprintf(v[k], sizeof v[k], "%.6g",
                         spmvp_pmf_param_get(&((const spmvp_pmf_state *)state[k])->hw, i));
            else
                snprintf(v[k], sizeof v[k], "-");
        fprintf(out, "  %-26s %-28s %s\n", spmvp_pmf_param_name(i), v[0], v[1]);
    }
}

const spmvp_model spmvp_model_pmf = {
    .version = SPMVP_MODEL_VERSION,
    .nvariants = 2,
    .variant = {{"pmf", "PMF (seed 002)", SPMVP_MODEL_SHOWS_DTT, NULL},
                {"pmf-cal", "PMF calibrated", SPMVP_MODEL_SHOWS_DTT | SPMVP_MODEL_TRUST_CPU,
                 "on PoCL its pick ran within 5 % of the fastest format on 74 % (double) and 45 % "
                 "(single) of 58 matrices, against 10-22 % for the strip models (docs/pmf.md)"}},
    .help = "pmf (seed 002, analytic), pmf-cal (seed 002 fitted to the profile's calibration)",
    .legend = "pmf = seed 002's analytic model, pmf-cal = it fitted to the profile's calibration\n"
              "(times are the kernel alone, CT; DTT = pmf's eq. 21 host-to-device transfer, apart)\n",
    .dtt_key = "pmf_dtt_us",
    .root_size = sizeof(spmvp_profile_pmf),
    .prec_size = sizeof(spmvp_pmf_cal),
    .read_root = read_root,
    .write_root = write_root,
    .read_prec = read_prec,
    .write_prec = write_prec,
    .fit = fit,
    .state_size = sizeof(spmvp_pmf_state),
    .prepare = prepare,
    .predict = predict,
    .print_info = print_info,
    .print_after = print_after,
    .add_json = add_json,
    .describe_device = describe_device,
};

spmvp_status spmvp_profile_pmf_hw(const spmvp_profile *p, spmvp_pmf_hw *hw,
                                  char src[][SPMVP_PMF_SOURCE_LEN], int *derived)
{
    if (!p || !hw)
        return spmvp_fail(SPMVP_ERR_ARG, "PMF hardware parameters: NULL argument");
    const spmvp_profile_pmf *pm = spmvp_profile_pmf_part(p);
    if (derived)
        *derived = !pm->present;
    if (!pm->present)
        return spmvp_pmf_hw_derive(&p->device, &p->microbench, hw, src);
    *hw = pm->hw;
    if (src)
        memcpy(src, pm->source, sizeof pm->source);
    return SPMVP_OK;
}
