/* profile_training.c: "training" and each precision's "cv" (profile_training.h). */
#include "profile_training.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

void spmvp_training_write(spmvp_json_writer *w, cJSON *root, const spmvp_profile_training *t)
{
    if (!t->table[0])
        return;
    cJSON *o = spmvp_json_add_object(w, root, "training");
    if (!o)
        return;
    spmvp_json_add_string(w, o, "table", t->table);
    spmvp_json_add_int(w, o, "rows", t->rows);
    spmvp_json_add_int(w, o, "matrices", t->matrices);
    spmvp_json_add_int(w, o, "folds", t->folds);
    spmvp_json_add_string(w, o, "configurations", t->quick ? "quick" : "all");
    cJSON *k = NULL;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        const struct spmvp_kernel_record *kr = &t->kernels[f];
        if (!kr->digest[0] || (!k && !(k = spmvp_json_add_object(w, o, "kernels"))))
            continue;
        cJSON *fo = spmvp_json_add_object(w, k, spmvp_format_name((spmvp_format)f));
        if (!fo)
            continue;
        spmvp_json_add_string(w, fo, "digest", kr->digest);
        spmvp_json_add_int(w, fo, "rows", kr->rows);
        spmvp_json_add_int(w, fo, "of", kr->of);
    }
}

/* "training.kernels" (optional: profiles trained before 2026-11-28 have none); a format this
 * spmvp does not have is passed over, as unknown members are. */
static spmvp_status read_kernels(const spmvp_json_reader *r, const cJSON *o,
                                 spmvp_profile_training *t)
{
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(o, "kernels");
    if (!k)
        return SPMVP_OK;
    if (!cJSON_IsObject(k))
        return spmvp_json_bad(r, "training", "kernels", "expected an object, got %s", spmvp_json_kind(k));
    for (const cJSON *fe = k->child; fe; fe = fe->next) {
        int f = spmvp_format_parse(fe->string);
        if (f < 0)
            continue;
        char at[96];
        snprintf(at, sizeof at, "training.kernels.%s", fe->string);
        if (!cJSON_IsObject(fe))
            return spmvp_json_bad(r, at, "", "expected an object, got %s", spmvp_json_kind(fe));
        struct spmvp_kernel_record *kr = &t->kernels[f];
        SPMVP_TRY(spmvp_json_get_string(r, fe, at, "digest", 0, kr->digest, sizeof kr->digest));
        SPMVP_TRY(spmvp_json_get_int(r, fe, at, "rows", 1, SPMVP_JSON_MAX_EXACT, &kr->rows));
        SPMVP_TRY(spmvp_json_get_int(r, fe, at, "of", 1, SPMVP_JSON_MAX_EXACT, &kr->of));
        if (!spmvp_digest_ok(kr->digest))
            return spmvp_json_bad(r, at, "digest", "expected hex digits, got \"%s\"", kr->digest);
        if (kr->rows > kr->of)
            return spmvp_json_bad(r, at, "rows", "%lld rows of %lld", kr->rows, kr->of);
    }
    return SPMVP_OK;
}

void spmvp_training_write_prec(spmvp_json_writer *w, cJSON *obj, const spmvp_profile_precision *pp)
{
    if (!pp->has_cv)
        return;
    cJSON *o = spmvp_json_add_object(w, obj, "cv");
    if (!o)
        return;
    cJSON *noise = spmvp_json_add_object(w, o, "noise");
    if (noise) {
        spmvp_json_add_double(w, noise, "median_dr", pp->noise_median);
        spmvp_json_add_double(w, noise, "p90_dr", pp->noise_p90);
        if (pp->session_p90 > 0) {
            spmvp_json_add_double(w, noise, "session_median_dr", pp->session_median);
            spmvp_json_add_double(w, noise, "session_p90_dr", pp->session_p90);
        }
        if (pp->session_offset_p90_us > 0) {
            spmvp_json_add_double(w, noise, "session_offset_median_us", pp->session_offset_median_us);
            spmvp_json_add_double(w, noise, "session_offset_p90_us", pp->session_offset_p90_us);
        }
    }
    cJSON *ranking = NULL;
    for (int m = 0; m < spmvp_model_count(); m++) {
        const struct spmvp_model_ranking *rk = &pp->ranking[m];
        if (!rk->matrices || !isfinite(rk->geomean))
            continue;
        if (!ranking && !(ranking = spmvp_json_add_object(w, o, "ranking")))
            break;
        cJSON *mo = spmvp_json_add_object(w, ranking, spmvp_model_name(m));
        if (!mo)
            continue;
        spmvp_json_add_int(w, mo, "matrices", rk->matrices);
        spmvp_json_add_double(w, mo, "within5", rk->within5);
        spmvp_json_add_double(w, mo, "geomean_slowdown", rk->geomean);
    }
    cJSON *models = spmvp_json_add_object(w, o, "models");
    for (int m = 0; models && m < spmvp_model_count(); m++) {
        cJSON *mo = NULL;
        for (int f = 0; f < SPMVP_NFORMATS; f++) {
            const spmvp_model_error *e = &pp->cv[m][f];
            if (!e->cases || !isfinite(e->q_lo) || !isfinite(e->q_hi) || !isfinite(e->q25) ||
                !isfinite(e->q75))
                continue;
            if (!mo && !(mo = spmvp_json_add_object(w, models, spmvp_model_name(m))))
                break;
            cJSON *fo = spmvp_json_add_object(w, mo, spmvp_format_name((spmvp_format)f));
            if (!fo)
                continue;
            spmvp_json_add_int(w, fo, "cases", e->cases);
            spmvp_json_add_double(w, fo, "median_dr", e->median_dr);
            spmvp_json_add_double(w, fo, "p90_dr", e->p90_dr);
            char buf[40];
            spmvp_json_format_double(buf, sizeof buf, e->q_lo);
            spmvp_json_add_raw(w, fo, "log_ratio_p05", buf);
            spmvp_json_format_double(buf, sizeof buf, e->q_hi);
            spmvp_json_add_raw(w, fo, "log_ratio_p95", buf);
            spmvp_json_format_double(buf, sizeof buf, e->q25);
            spmvp_json_add_raw(w, fo, "log_ratio_p25", buf);
            spmvp_json_format_double(buf, sizeof buf, e->q75);
            spmvp_json_add_raw(w, fo, "log_ratio_p75", buf);
        }
    }
}

spmvp_status spmvp_training_read(const spmvp_json_reader *r, const cJSON *root,
                                 spmvp_profile_training *t)
{
    memset(t, 0, sizeof *t);
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "training");
    if (!o)
        return SPMVP_OK;
    if (!cJSON_IsObject(o))
        return spmvp_json_bad(r, "", "training", "expected an object, got %s", spmvp_json_kind(o));
    SPMVP_TRY(spmvp_json_get_string(r, o, "training", "table", 0, t->table, sizeof t->table));
    SPMVP_TRY(spmvp_json_get_int(r, o, "training", "rows", 0, SPMVP_JSON_MAX_EXACT, &t->rows));
    SPMVP_TRY(spmvp_json_get_int32(r, o, "training", "matrices", 0, &t->matrices));
    SPMVP_TRY(spmvp_json_get_int32(r, o, "training", "folds", 0, &t->folds));
    char conf[16] = "all"; /* optional: absent in profiles trained before it existed */
    if (cJSON_GetObjectItemCaseSensitive(o, "configurations"))
        SPMVP_TRY(spmvp_json_get_string(r, o, "training", "configurations", 0, conf, sizeof conf));
    t->quick = !strcmp(conf, "quick");
    if (!t->quick && strcmp(conf, "all"))
        return spmvp_json_bad(r, "training", "configurations", "expected \"all\" or \"quick\", got "
                              "\"%s\"", conf);
    return read_kernels(r, o, t);
}

spmvp_status spmvp_training_read_prec(const spmvp_json_reader *r, const cJSON *obj,
                                      const char *at, spmvp_profile_precision *pp)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(obj, "cv"), *noise, *models;
    char sub[96], mat[160], fat[224];
    pp->has_cv = 0;
    memset(pp->cv, 0, sizeof pp->cv);
    if (!o)
        return SPMVP_OK;
    snprintf(sub, sizeof sub, "%s.cv", at);
    if (!cJSON_IsObject(o))
        return spmvp_json_bad(r, at, "cv", "expected an object, got %s", spmvp_json_kind(o));
    SPMVP_TRY(spmvp_json_get_object(r, o, sub, "noise", &noise));
    snprintf(mat, sizeof mat, "%s.noise", sub);
    SPMVP_TRY(spmvp_json_get_double(r, noise, mat, "median_dr", SPMVP_JSON_NONNEG, &pp->noise_median));
    SPMVP_TRY(spmvp_json_get_double(r, noise, mat, "p90_dr", SPMVP_JSON_NONNEG, &pp->noise_p90));
    pp->session_median = pp->session_p90 = 0; /* optional: a profile never merged has none */
    if (cJSON_GetObjectItemCaseSensitive(noise, "session_p90_dr")) {
        SPMVP_TRY(spmvp_json_get_double(r, noise, mat, "session_median_dr", SPMVP_JSON_NONNEG,
                                        &pp->session_median));
        SPMVP_TRY(spmvp_json_get_double(r, noise, mat, "session_p90_dr", SPMVP_JSON_NONNEG,
                                        &pp->session_p90));
    }
    pp->session_offset_median_us = pp->session_offset_p90_us = 0; /* optional: since stop 49 */
    if (cJSON_GetObjectItemCaseSensitive(noise, "session_offset_p90_us")) {
        SPMVP_TRY(spmvp_json_get_double(r, noise, mat, "session_offset_median_us",
                                        SPMVP_JSON_NONNEG, &pp->session_offset_median_us));
        SPMVP_TRY(spmvp_json_get_double(r, noise, mat, "session_offset_p90_us", SPMVP_JSON_NONNEG,
                                        &pp->session_offset_p90_us));
    }
    memset(pp->ranking, 0, sizeof pp->ranking);
    const cJSON *ranking = cJSON_GetObjectItemCaseSensitive(o, "ranking"); /* optional: absent
                                                          in profiles trained before it */
    if (ranking && !cJSON_IsObject(ranking))
        return spmvp_json_bad(r, sub, "ranking", "expected an object, got %s", spmvp_json_kind(ranking));
    for (const cJSON *me = ranking ? ranking->child : NULL; me; me = me->next) {
        int m = spmvp_model_parse(me->string);
        if (m < 0) /* a model this spmvp does not have */
            continue;
        snprintf(mat, sizeof mat, "%s.ranking.%s", sub, me->string);
        if (!cJSON_IsObject(me))
            return spmvp_json_bad(r, mat, "", "expected an object, got %s", spmvp_json_kind(me));
        struct spmvp_model_ranking *rk = &pp->ranking[m];
        SPMVP_TRY(spmvp_json_get_int32(r, me, mat, "matrices", 1, &rk->matrices));
        SPMVP_TRY(spmvp_json_get_double(r, me, mat, "within5", SPMVP_JSON_NONNEG, &rk->within5));
        SPMVP_TRY(spmvp_json_get_double(r, me, mat, "geomean_slowdown", SPMVP_JSON_NONNEG, &rk->geomean));
        if (rk->within5 > 1 || rk->geomean < 1)
            return spmvp_json_bad(r, mat, "", "within5 above 1 or geomean_slowdown below 1");
    }
    SPMVP_TRY(spmvp_json_get_object(r, o, sub, "models", &models));
    snprintf(sub, sizeof sub, "%s.cv.models", at);
    for (const cJSON *me = models->child; me; me = me->next) {
        int m = spmvp_model_parse(me->string);
        if (m < 0) /* a model this spmvp does not have: ignored, as unknown members are */
            continue;
        snprintf(mat, sizeof mat, "%s.%s", sub, me->string);
        if (!cJSON_IsObject(me))
            return spmvp_json_bad(r, mat, "", "expected an object, got %s", spmvp_json_kind(me));
        for (const cJSON *fe = me->child; fe; fe = fe->next) {
            int f = spmvp_format_parse(fe->string);
            if (f < 0)
                return spmvp_json_bad(r, mat, fe->string, "unknown format");
            snprintf(fat, sizeof fat, "%s.%s", mat, fe->string);
            if (!cJSON_IsObject(fe))
                return spmvp_json_bad(r, fat, "", "expected an object, got %s", spmvp_json_kind(fe));
            spmvp_model_error *e = &pp->cv[m][f];
            SPMVP_TRY(spmvp_json_get_int32(r, fe, fat, "cases", 1, &e->cases));
            SPMVP_TRY(spmvp_json_get_double(r, fe, fat, "median_dr", SPMVP_JSON_NONNEG, &e->median_dr));
            SPMVP_TRY(spmvp_json_get_double(r, fe, fat, "p90_dr", SPMVP_JSON_NONNEG, &e->p90_dr));
            SPMVP_TRY(spmvp_json_get_double(r, fe, fat, "log_ratio_p05", SPMVP_JSON_ANY, &e->q_lo));
            SPMVP_TRY(spmvp_json_get_double(r, fe, fat, "log_ratio_p95", SPMVP_JSON_ANY, &e->q_hi));
            SPMVP_TRY(spmvp_json_get_double(r, fe, fat, "log_ratio_p25", SPMVP_JSON_ANY, &e->q25));
            SPMVP_TRY(spmvp_json_get_double(r, fe, fat, "log_ratio_p75", SPMVP_JSON_ANY, &e->q75));
        }
    }
    pp->has_cv = 1;
    return SPMVP_OK;
}
