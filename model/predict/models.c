/* models.c: the one registry of prediction models. Its order is the column order of every
 * output (predict, compare, evaluate) and the order of the models' parts in a profile.
 * A new model is one file defining its descriptor (model.h) and one line here. */
#include "model.h"

#include <math.h>
#include <string.h>

extern const spmvp_model spmvp_model_strip; /* model_strip.c: fixed, normal, uniform */
extern const spmvp_model spmvp_model_pmf;   /* model_pmf.c: pmf, pmf-cal */
extern const spmvp_model spmvp_model_linreg; /* model_linreg.c: lr (seed 004, trained) */
extern const spmvp_model spmvp_model_knn;    /* model_knn.c: knn (seed 004, trained) */
extern const spmvp_model spmvp_model_work;   /* model_work.c: work (ours, trained) */
extern const spmvp_model spmvp_model_gbt;    /* model_gbt.c: gbt (seed 004), work+gbt (ours) */
extern const spmvp_model spmvp_model_rel;    /* model_rel.c: rel (ours, for ranking) */
extern const spmvp_model spmvp_model_ens;    /* model_ens.c: ens (ours, derived: for ranking) */

static const spmvp_model *const registry[] = {&spmvp_model_strip, &spmvp_model_pmf,
                                              &spmvp_model_linreg, &spmvp_model_knn,
                                              &spmvp_model_work, &spmvp_model_gbt,
                                              &spmvp_model_rel, &spmvp_model_ens};
#define NFAMILIES ((int)(sizeof registry / sizeof registry[0]))

_Static_assert(NFAMILIES <= SPMVP_PROFILE_PARTS_MAX, "raise SPMVP_PROFILE_PARTS_MAX");
_Static_assert(sizeof(((spmvp_profile_precision *)0)->cv) /
                   sizeof(((spmvp_profile_precision *)0)->cv[0]) >= SPMVP_MODELS_MAX,
               "spmvp_profile_precision.cv must hold every model id");

int spmvp_model_families(void) { return NFAMILIES; }

const spmvp_model *spmvp_model_family(int i)
{
    return (i >= 0 && i < NFAMILIES) ? registry[i] : NULL;
}

int spmvp_model_family_index(const spmvp_model *m)
{
    for (int i = 0; i < NFAMILIES; i++)
        if (registry[i] == m)
            return i;
    return -1;
}

int spmvp_model_first(int i)
{
    int m = 0;
    for (int k = 0; k < i && k < NFAMILIES; k++)
        m += registry[k]->nvariants;
    return m;
}

int spmvp_model_count(void) { return spmvp_model_first(NFAMILIES); }

int spmvp_model_family_of(int m)
{
    for (int i = 0; m >= 0 && i < NFAMILIES; i++)
        if (m < spmvp_model_first(i) + registry[i]->nvariants)
            return i;
    return -1;
}

/* The variant of model id m, or NULL. */
static const struct spmvp_model_variant *variant(int m)
{
    int i = spmvp_model_family_of(m);
    return i < 0 ? NULL : &registry[i]->variant[m - spmvp_model_first(i)];
}

const char *spmvp_model_name(int m)
{
    const struct spmvp_model_variant *v = variant(m);
    return v ? v->name : "?";
}

const char *spmvp_model_label(int m)
{
    const struct spmvp_model_variant *v = variant(m);
    return v ? v->label : "?";
}

unsigned spmvp_model_flags(int m)
{
    const struct spmvp_model_variant *v = variant(m);
    return v ? v->flags : 0;
}

const char *spmvp_model_why(int m)
{
    const struct spmvp_model_variant *v = variant(m);
    return v && v->why ? v->why : "";
}

int spmvp_model_parse(const char *name)
{
    for (int m = 0; name && m < spmvp_model_count(); m++)
        if (!strcmp(name, spmvp_model_name(m)))
            return m;
    return -1;
}

int spmvp_model_default(void)
{
    for (int m = 0; m < spmvp_model_count(); m++)
        if (spmvp_model_flags(m) & SPMVP_MODEL_COMPARE_DEFAULT)
            return m;
    return 0;
}

const char *spmvp_model_dtt_key(void)
{
    for (int i = 0; i < NFAMILIES; i++)
        if (registry[i]->dtt_key)
            return registry[i]->dtt_key;
    return NULL;
}

char *spmvp_model_names(char *buf, size_t size, const char *sep, const char *last)
{
    size_t len = 0;
    int n = spmvp_model_count();
    buf[0] = 0;
    for (int m = 0; m < n && len < size; m++) {
        int k = snprintf(buf + len, size - len, "%s%s", m == 0 ? "" : m + 1 == n ? last : sep,
                         spmvp_model_name(m));
        len += k > 0 ? (size_t)k : 0;
    }
    return buf;
}

double spmvp_model_combine(const spmvp_model *m, int variant, const double *us)
{
    double v[SPMVP_MODELS_MAX];
    int n = 0;
    if (!m || !m->combine || !m->members)
        return NAN;
    for (; n < SPMVP_MODELS_MAX && m->members[n]; n++) {
        int id = spmvp_model_parse(m->members[n]);
        if (id < 0)
            return NAN;
        v[n] = us[id];
    }
    return m->combine(v, n, variant);
}

int spmvp_model_members_available(const spmvp_model *m, const int *available)
{
    int self = spmvp_model_family_index(m);
    if (self < 0 || !m->combine || !m->members || !m->members[0])
        return 0;
    for (int n = 0; m->members[n]; n++) {
        int i = spmvp_model_family_of(spmvp_model_parse(m->members[n]));
        if (i < 0 || i >= self || !available[i])
            return 0;
    }
    return 1;
}
