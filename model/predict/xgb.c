/* xgb.c: XGBoost glue shared by the boosted models (xgb.h). */
#include "xgb.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Booster parameters. reg:squarederror on log(us): least squares in log space (model_gbt.c).
 * max_depth 4, min_child_weight 3, eta 0.2, 100 rounds: chosen by `spmvp cv` on the H100
 * table (docs/predictions-h100.md). XGBoost's defaults (depth 6, weight 1) with eta 0.1 and
 * 300 rounds fitted the training rows to 0.3 % (memorising the measurement noise) and gave
 * the same held-out D_r to a tenth of a percent, with boosters 10x the size (a profile of
 * 40 MB); shallower trees that need 3 rows a leaf keep what generalises. Friedman's shrinkage
 * (seed 004's reference [5]): 0.8^100 leaves nothing of the start, so no early stopping.
 * subsample 0.8: stochastic gradient boosting (Friedman 2002), each tree from 80 % of the rows,
 * with seed 0 so that a fit is repeatable. tree_method exact: every split point enumerated, no
 * quantile sketch, deterministic and fast at these sizes. nthread 1: deterministic, and no
 * thread pool contending with the caller's threads (one-row predictions gain nothing from
 * more). base_score (set per fit): the mean target, so the first trees do not spend their
 * shrinkage on the offset (XGBoost 1.7 starts at 0.5; 2.0 does the same by default). */
static const char *const params[][2] = {
    {"objective", "reg:squarederror"}, {"max_depth", "4"}, {"eta", "0.2"},
    {"subsample", "0.8"}, {"seed", "0"}, {"min_child_weight", "3"},
    {"tree_method", "exact"}, {"nthread", "1"}, {"verbosity", "0"}};

/* XGBoost logs to stdout and stderr by default; its global configuration is per thread, so
 * every entry point that creates or trains boosters sets it. */
void spmvp_xgb_quiet(void)
{
    (void)XGBSetGlobalConfig("{\"verbosity\":0}"); /* a failure only leaves it chatty */
}

/* XGBoost's last error, first line only (its messages may carry a stack trace). */
const char *spmvp_xgb_error(char *buf, size_t size)
{
    const char *e = XGBGetLastError();
    snprintf(buf, size, "%s", e && *e ? e : "unknown error");
    buf[strcspn(buf, "\r\n")] = 0;
    return buf;
}

/* The booster's features of vector x: log(1 + x_i), NaN (missing) where that is not finite;
 * for work+gbt (base > 0) log(base) last. */
void spmvp_xgb_features(const double *x, double base, float *out)
{
    for (int i = 0; i < SPMVP_FV_N; i++) {
        double v = log1p(x[i]);
        out[i] = isfinite(v) ? (float)v : NAN;
    }
    if (base > 0)
        out[SPMVP_FV_N] = (float)log(base);
}

/* Booster b's raw output for one row of ncol floats, by XGBoost's in-place prediction: no
 * DMatrix built and freed per call, and thread-safe (XGBoost >= 1.4); about 25 µs for 300
 * trees. The row is passed as a NumPy-style array interface (its address as a number);
 * "cache_id" 0 (no cache) is required by 1.7. NaN on failure. */
double spmvp_xgb_predict(BoosterHandle b, const float *row, int ncol)
{
    static const char cfg[] = "{\"type\":0,\"training\":false,\"iteration_begin\":0,"
                              "\"iteration_end\":0,\"strict_shape\":false,\"missing\":NaN,"
                              "\"cache_id\":0}";
    const uint16_t one = 1;
    char arr[160];
    snprintf(arr, sizeof arr,
             "{\"data\":[%llu,true],\"shape\":[1,%d],\"typestr\":\"%cf4\",\"version\":3}",
             (unsigned long long)(uintptr_t)row, ncol, *(const char *)&one ? '<' : '>');
    const bst_ulong *shape;
    bst_ulong dim;
    const float *res;
    if (XGBoosterPredictFromDense(b, arr, cfg, NULL, &shape, &dim, &res))
        return NAN;
    return res[0];
}

/* A booster of SPMVP_XGB_ROUNDS trees fitted to the n rows of X (ncol floats each) and targets y. */
spmvp_status spmvp_xgb_train(const float *X, const float *y, size_t n, int ncol,
                             BoosterHandle *out)
{
    DMatrixHandle dm = NULL;
    BoosterHandle b = NULL;
    double mean = 0;
    for (size_t i = 0; i < n; i++)
        mean += y[i];
    char base[32], e[256];
    snprintf(base, sizeof base, "%.9g", mean / (double)n);
    int rc = XGDMatrixCreateFromMat(X, n, (bst_ulong)ncol, NAN, &dm);
    if (!rc)
        rc = XGDMatrixSetFloatInfo(dm, "label", y, n);
    if (!rc)
        rc = XGBoosterCreate(&dm, 1, &b);
    for (size_t i = 0; !rc && i < sizeof params / sizeof params[0]; i++)
        rc = XGBoosterSetParam(b, params[i][0], params[i][1]);
    if (!rc)
        rc = XGBoosterSetParam(b, "base_score", base);
    for (int i = 0; !rc && i < SPMVP_XGB_ROUNDS; i++)
        rc = XGBoosterUpdateOneIter(b, i, dm);
    spmvp_status st = SPMVP_OK;
    if (rc) {
        st = spmvp_fail(SPMVP_ERR_UNSUPPORTED, "XGBoost cannot fit a booster: %s",
                        spmvp_xgb_error(e, sizeof e));
        if (b)
            XGBoosterFree(b);
        b = NULL;
    }
    if (dm)
        XGDMatrixFree(dm);
    *out = b;
    return st;
}

/* Booster b as XGBoost's JSON model text (malloc'd, NUL-ended), or NULL on failure. It goes
 * into the profile as raw JSON, as XGBoost writes it on one line: printed by cJSON, every
 * number of every tree would take a line of its own, indented (4x the bytes). */
char *spmvp_xgb_json(BoosterHandle b)
{
    bst_ulong len;
    const char *buf;
    if (XGBoosterSaveModelToBuffer(b, "{\"format\": \"json\"}", &len, &buf))
        return NULL;
    char *text = malloc((size_t)len + 1);
    if (text) {
        memcpy(text, buf, (size_t)len);
        text[len] = '\0';
    }
    return text;
}

/* XGBoost's JSON tells a float ("1E0") from an integer ("1") and will not read one as the
 * other; cJSON keeps no such difference and prints 1.0 as "1". So the members that XGBoost's
 * model schema (its doc/model.schema) types as floats are made float text again: every
 * number under these keys, anywhere in the model, as a raw "%.9g" (exact for a float) with a
 * ".0" where that would read as an integer. */
static const char *const float_keys[] = {"base_weights", "loss_changes", "split_conditions",
                                         "sum_hessian", "weight_drop"};

static int refloat_number(cJSON *parent, cJSON *n)
{
    char buf[48];
    snprintf(buf, sizeof buf, "%.9g", (double)(float)n->valuedouble);
    if (!strpbrk(buf, ".eEni"))
        strcat(buf, ".0");
    cJSON *raw = cJSON_CreateRaw(buf);
    return raw && cJSON_ReplaceItemViaPointer(parent, n, raw) ? 0 : (cJSON_Delete(raw), -1);
}

static int refloat(cJSON *it)
{
    for (cJSON *c = it->child, *next; c; c = next) {
        next = c->next;
        int fl = 0;
        for (size_t k = 0; c->string && k < sizeof float_keys / sizeof float_keys[0]; k++)
            fl |= !strcmp(c->string, float_keys[k]);
        if (fl && cJSON_IsNumber(c) && refloat_number(it, c))
            return -1;
        for (cJSON *n = fl && cJSON_IsArray(c) ? c->child : NULL, *nn; n; n = nn) {
            nn = n->next;
            if (cJSON_IsNumber(n) && refloat_number(c, n))
                return -1;
        }
        if (!fl && (cJSON_IsObject(c) || cJSON_IsArray(c)) && refloat(c))
            return -1;
    }
    return 0;
}

/* Loads the booster of JSON item it, expecting ncol features; 0, or -1 with why in e[]. */
int spmvp_xgb_load(const cJSON *it, int ncol, BoosterHandle *out, char *e, size_t size)
{
    *out = NULL;
    cJSON *copy = cJSON_Duplicate(it, 1);
    char *text = copy && !refloat(copy) ? cJSON_PrintUnformatted(copy) : NULL;
    cJSON_Delete(copy);
    if (!text) {
        snprintf(e, size, "out of memory");
        return -1;
    }
    bst_ulong nf = 0;
    int rc = XGBoosterCreate(NULL, 0, out);
    if (!rc)
        rc = XGBoosterLoadModelFromBuffer(*out, text, (bst_ulong)strlen(text));
    for (size_t i = 0; !rc && i < sizeof params / sizeof params[0]; i++)
        if (!strcmp(params[i][0], "nthread") || !strcmp(params[i][0], "verbosity"))
            rc = XGBoosterSetParam(*out, params[i][0], params[i][1]); /* not in the model */
    if (!rc)
        rc = XGBoosterGetNumFeature(*out, &nf);
    cJSON_free(text);
    if (rc)
        spmvp_xgb_error(e, size);
    else if (nf != (bst_ulong)ncol)
        snprintf(e, size, "a model of %llu features, expected %d", (unsigned long long)nf, ncol);
    if (rc || nf != (bst_ulong)ncol) {
        if (*out)
            XGBoosterFree(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}

