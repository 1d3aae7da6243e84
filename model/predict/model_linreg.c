/* model_linreg.c: seed 004's linear regression model (Lehnert et al., Euro-Par 2016, §3.2),
 * learned from the training table (train_table.h) as a version 2 model descriptor (model.h).
 *
 * Per format (§3.2 "Model Enhancements": "distinct models are generated for different matrix
 * formats"; the thread mapping is one of the features, blocksize, rather than a separate model)
 * and per precision:
 *
 *     log(us) = w0 + sum_i w_i log(1 + x_i)
 *
 * least squares of the logarithmised time on logarithmised features ("the feature values were
 * logarithmized"). log(1 + v) rather than log(v): the features are counts, lengths and bytes
 * >= 0, and several are 0 for real matrices (minNnz of a matrix with an empty row, minDist of
 * a diagonal one), where log(v) is -inf; for the large values that dominate (10^3..10^8) the
 * two agree. A negative or NaN feature is outside the model: its prediction is NaN.
 *
 * Feature selection: the paper picked the features of each format by hand (Table 2) and says
 * "selecting proper features per format (and only those) is an essential step". We automate
 * it: greedy forward selection over every feature of featvec.h (Table 1's, blocksize
 * included, then ours; a column that is NaN or negative in some row, or constant, is skipped),
 * adding at each step the feature that most lowers the K-fold cross-validated RMS error of
 * log(us), K = 5 folds grouped by the row's family (a family never on both sides, so the score
 * is that of unseen kinds of matrices; with fewer than 2 families, folds by row index), and
 * stopping when the best candidate lowers it by no more than 1 % (relative) or by less than
 * 1e-9 absolute (below any timing noise: a noise-free fit would otherwise keep adding features
 * on rounding), or at 12 features. Ties go to the lower index (Table 1 first).
 *
 * The solver: the cross-validation needs thousands of small fits per format (candidates x
 * folds x steps), so instead of gsl_multifit_linear on each subset of rows we accumulate, once,
 * the Gram matrix [1 z]'[1 z] and [1 z]'y of each fold (z, y centred on the format's means, so
 * the sums do not cancel), obtain a training set's normal equations as total minus its fold, and
 * solve them by Cholesky; each fold's error is then computed row by row (no cancellation). A
 * ridge of relative 1e-12 on the diagonal of the features (GSL's standard-form Tikhonov with
 * lambda = 1e-6 on standardised columns: penalty lambda^2 |w|^2) keeps collinear candidates
 * (slots and nnz of CSR are equal) solvable without a visible bias.
 *
 * A format with fewer than 8 rows (at that precision, among those in use) has no model.
 * Ownership: the part is plain data (lr_part); no free_prec. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define LR_MAXF 12        /* most features of one format's model */
#define LR_MIN_ROWS 8     /* fewer rows: no model */
#define LR_FOLDS 5
#define LR_RIDGE 1e-12    /* lambda^2, lambda = 1e-6 on standardised columns */
#define LR_GAIN 0.01      /* a feature must lower the CV RMS by more than this, relative */
#define LR_FLOOR 1e-9     /* ... and by more than this, absolute (log µs) */
#define LR_EXP_MIN -30.0  /* predictions clamped to e^-30 .. e^30 µs (1e-13 .. 1e13 µs): */
#define LR_EXP_MAX 30.0   /* a far extrapolation stays a (bad) time, not 0 or inf */
#define LR_P (SPMVP_FV_N + 1) /* the intercept, then every feature */

typedef struct lr_fmt {
    int ok, rows, nfeat;
    int feat[LR_MAXF];      /* featvec.h index, in selection order */
    double w0, w[LR_MAXF];  /* log(us) = w0 + sum w[i] log(1 + x[feat[i]]) */
    double cv_rms;          /* cross-validated RMS error of log(us) of the selected set */
} lr_fmt;

typedef struct lr_part {
    lr_fmt f[SPMVP_NFORMATS];
} lr_part;


/* ======================================================================================== */
/* Fit                                                                                      */
/* ======================================================================================== */

/* What one format's fit works on: n rows of centred log features z (n x SPMVP_FV_N) and
 * centred log times y, their folds and each fold's Gram sums over [1 z]. */
typedef struct lr_data {
    int n, nfolds;
    double *z, *y, mu[SPMVP_FV_N], mu_y;
    int *fold;
    int usable[SPMVP_FV_N];
    double G[LR_FOLDS + 1][LR_P][LR_P], b[LR_FOLDS + 1][LR_P]; /* [nfolds]: the total */
} lr_data;

/* Solves the symmetric positive definite A x = b in place (A's lower triangle becomes its
 * Cholesky factor); -1 when A is not positive definite. */
static int cholesky_solve(int m, double A[][LR_MAXF + 1], double *x)
{
    for (int j = 0; j < m; j++) {
        double d = A[j][j];
        for (int k = 0; k < j; k++)
            d -= A[j][k] * A[j][k];
        if (!(d > 0))
            return -1;
        A[j][j] = sqrt(d);
        for (int i = j + 1; i < m; i++) {
            double s = A[i][j];
            for (int k = 0; k < j; k++)
                s -= A[i][k] * A[j][k];
            A[i][j] = s / A[j][j];
        }
    }
    for (int i = 0; i < m; i++) { /* L y = b */
        for (int k = 0; k < i; k++)
            x[i] -= A[i][k] * x[k];
        x[i] /= A[i][i];
    }
    for (int i = m - 1; i >= 0; i--) { /* L' x = y */
        for (int k = i + 1; k < m; k++)
            x[i] -= A[k][i] * x[k];
        x[i] /= A[i][i];
    }
    return 0;
}

/* The coefficients (c[0] the intercept, then S's, on centred data) fitted on every fold but
 * `skip` (-1: on all rows); -1 when singular. */
static int solve_subset(const lr_data *d, const int *S, int m, int skip, double *c)
{
    double A[LR_MAXF + 1][LR_MAXF + 1];
    int col[LR_MAXF + 1];
    col[0] = 0;
    for (int i = 0; i < m; i++)
        col[i + 1] = S[i] + 1;
    for (int i = 0; i <= m; i++) {
        for (int j = 0; j <= m; j++) {
            A[i][j] = d->G[d->nfolds][col[i]][col[j]];
            if (skip >= 0)
                A[i][j] -= d->G[skip][col[i]][col[j]];
        }
        c[i] = d->b[d->nfolds][col[i]] - (skip >= 0 ? d->b[skip][col[i]] : 0);
        if (i > 0)
            A[i][i] *= 1 + LR_RIDGE;
    }
    return cholesky_solve(m + 1, A, c);
}

/* The K-fold cross-validated RMS error of log(us) with features S; INFINITY if a fold's fit is
 * singular. */
static double cv_rms(const lr_data *d, const int *S, int m)
{
    double sse = 0;
    for (int q = 0; q < d->nfolds; q++) {
        double c[LR_MAXF + 1];
        if (solve_subset(d, S, m, q, c))
            return INFINITY;
        for (int r = 0; r < d->n; r++) {
            if (d->fold[r] != q)
                continue;
            double e = d->y[r] - c[0];
            for (int i = 0; i < m; i++)
                e -= c[i + 1] * d->z[(size_t)r * SPMVP_FV_N + S[i]];
            sse += e * e;
        }
    }
    return sqrt(sse / d->n);
}

/* Fills d from the rows idx[0..n-1] of t: logs, usable columns, centring, folds, Gram sums. */
static void prepare_data(const spmvp_train_table *t, const int *idx, const int *fam_of,
                         int *dense, int ndense, lr_data *d)
{
    int n = d->n, nfam = 0;
    for (int j = 0; j < SPMVP_FV_N; j++) {
        double lo = INFINITY, hi = -INFINITY, s = 0;
        d->usable[j] = 1;
        for (int r = 0; r < n; r++) {
            double v = t->row[idx[r]].x[j];
            if (!(v >= 0) || !isfinite(v)) {
                d->usable[j] = 0;
                break;
            }
            double z = log1p(v);
            d->z[(size_t)r * SPMVP_FV_N + j] = z;
            lo = fmin(lo, z);
            hi = fmax(hi, z);
            s += z;
        }
        if (d->usable[j] && !(hi - lo > 1e-12 * (1 + fabs(hi))))
            d->usable[j] = 0; /* constant: indistinguishable from the intercept */
        d->mu[j] = d->usable[j] ? s / n : 0;
        for (int r = 0; r < n; r++)
            d->z[(size_t)r * SPMVP_FV_N + j] = d->usable[j] ? d->z[(size_t)r * SPMVP_FV_N + j] - d->mu[j] : 0;
    }
    d->mu_y = 0;
    for (int r = 0; r < n; r++)
        d->mu_y += (d->y[r] = log(t->row[idx[r]].us)) / n;
    for (int r = 0; r < n; r++)
        d->y[r] -= d->mu_y;
    /* folds: families in order of first appearance, dealt round-robin */
    for (int i = 0; i < ndense; i++)
        dense[i] = -1;
    for (int r = 0; r < n; r++)
        if (dense[fam_of[idx[r]]] < 0)
            dense[fam_of[idx[r]]] = nfam++;
    d->nfolds = nfam >= 2 ? (nfam < LR_FOLDS ? nfam : LR_FOLDS) : (n < LR_FOLDS ? n : LR_FOLDS);
    for (int r = 0; r < n; r++)
        d->fold[r] = (nfam >= 2 ? dense[fam_of[idx[r]]] : r) % d->nfolds;
    memset(d->G, 0, sizeof d->G);
    memset(d->b, 0, sizeof d->b);
    for (int r = 0; r < n; r++) {
        double v[LR_P];
        v[0] = 1;
        memcpy(v + 1, d->z + (size_t)r * SPMVP_FV_N, SPMVP_FV_N * sizeof(double));
        for (int q = 0; q < 2; q++) {
            int g = q ? d->nfolds : d->fold[r];
            for (int i = 0; i < LR_P; i++) {
                d->b[g][i] += v[i] * d->y[r];
                for (int j = 0; j < LR_P; j++)
                    d->G[g][i][j] += v[i] * v[j];
            }
        }
    }
}

/* Greedy forward selection, then the fit on all rows into out. */
static void select_and_fit(const lr_data *d, lr_fmt *out)
{
    int S[LR_MAXF], m = 0;
    double cur = cv_rms(d, S, 0);
    while (m < LR_MAXF) {
        int best = -1;
        double best_r = INFINITY;
        for (int j = 0; j < SPMVP_FV_N; j++) {
            int taken = !d->usable[j];
            for (int i = 0; i < m && !taken; i++)
                taken = S[i] == j;
            if (taken)
                continue;
            S[m] = j;
            double r = cv_rms(d, S, m + 1);
            if (r < best_r) {
                best_r = r;
                best = j;
            }
        }
        if (best < 0 || !(best_r < cur * (1 - LR_GAIN)) || !(cur - best_r > LR_FLOOR))
            break;
        S[m++] = best;
        cur = best_r;
    }
    double c[LR_MAXF + 1];
    if (solve_subset(d, S, m, -1, c))
        return; /* cannot happen for a set the cross-validation solved; no model then */
    out->ok = 1;
    out->rows = d->n;
    out->nfeat = m;
    out->cv_rms = isfinite(cur) ? cur : 0;
    out->w0 = d->mu_y + c[0]; /* back from centred features: w0 - sum w_i mu_i */
    for (int i = 0; i < m; i++) {
        out->feat[i] = S[i];
        out->w[i] = c[i + 1];
        out->w0 -= c[i + 1] * d->mu[S[i]];
    }
}

static void note_format(FILE *notes, spmvp_precision k, spmvp_format f, const lr_fmt *m, int n)
{
    if (!notes)
        return;
    fprintf(notes, "lr %s %s: %d rows", spmvp_precision_name(k), spmvp_format_name(f), n);
    if (!m->ok) {
        if (n < LR_MIN_ROWS)
            fprintf(notes, ", too few for a model (%d needed)\n", LR_MIN_ROWS);
        else
            fprintf(notes, ", no model (singular)\n");
        return;
    }
    fprintf(notes, ", features");
    for (int i = 0; i < m->nfeat; i++)
        fprintf(notes, "%s %s", i ? "," : "", spmvp_fv_names[m->feat[i]]);
    fprintf(notes, "%s, cv rms %.3g\n", m->nfeat ? "" : " none", m->cv_rms);
}

static spmvp_status fit_table(const spmvp_train_table *t, const unsigned char *use,
                              spmvp_precision k, void *prec_part, FILE *notes)
{
    lr_part *part = prec_part;
    memset(part, 0, sizeof *part);
    const char **family = NULL;
    int nfam = 0;
    int *fam_of = malloc((t->n ? t->n : 1) * sizeof(int));
    int *idx = malloc((t->n ? t->n : 1) * sizeof(int));
    lr_data *d = calloc(1, sizeof *d);
    spmvp_status st = SPMVP_OK;
    if (!fam_of || !idx || !d) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "linear regression: out of memory");
        goto done;
    }
    if ((st = spmvp_train_table_families(t, &family, &nfam, fam_of)))
        goto done;
    int *dense = malloc((nfam ? (size_t)nfam : 1) * sizeof(int));
    if (!dense) {
        st = spmvp_fail(SPMVP_ERR_NOMEM, "linear regression: out of memory");
        goto done;
    }
    for (int f = 0; f < SPMVP_NFORMATS && !st; f++) {
        int n = 0;
        for (size_t i = 0; i < t->n; i++) {
            const spmvp_train_row *r = &t->row[i];
            if ((!use || use[i]) && r->prec == k && (int)r->format == f && isfinite(r->us) && r->us > 0)
                idx[n++] = (int)i;
        }
        if (n == 0)
            continue;
        if (n >= LR_MIN_ROWS) {
            d->n = n;
            d->z = malloc((size_t)n * SPMVP_FV_N * sizeof(double));
            d->y = malloc((size_t)n * sizeof(double));
            d->fold = malloc((size_t)n * sizeof(int));
            if (d->z && d->y && d->fold) {
                prepare_data(t, idx, fam_of, dense, nfam, d);
                select_and_fit(d, &part->f[f]);
            } else {
                st = spmvp_fail(SPMVP_ERR_NOMEM, "linear regression: out of memory");
            }
            free(d->z);
            free(d->y);
            free(d->fold);
        }
        if (!st)
            note_format(notes, k, (spmvp_format)f, &part->f[f], n);
    }
    free(dense);
done:
    free(family);
    free(fam_of);
    free(idx);
    free(d);
    return st;
}

/* ======================================================================================== */
/* Prediction                                                                               */
/* ======================================================================================== */

static double predict_vec(const void *prec_part, int variant, spmvp_format f, const double *x)
{
    const lr_part *part = prec_part;
    (void)variant;
    if (!part || (int)f < 0 || f >= SPMVP_NFORMATS || !part->f[f].ok)
        return NAN;
    const lr_fmt *m = &part->f[f];
    double s = m->w0;
    for (int i = 0; i < m->nfeat; i++) {
        double v = x[m->feat[i]];
        if (!(v >= 0))
            return NAN; /* NaN or negative: outside the model */
        s += m->w[i] * log1p(v);
    }
    if (isnan(s))
        return NAN;
    return exp(fmin(fmax(s, LR_EXP_MIN), LR_EXP_MAX));
}

static int fitted(const void *prec_part)
{
    const lr_part *part = prec_part;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        if (part->f[f].ok)
            return 1;
    return 0;
}

static void print_info(const void *state, int available, const char *note, spmvp_precision k,
                       FILE *out)
{
    const lr_part *part = *(const lr_part *const *)state;
    (void)k;
    if (!available || !part) {
        fprintf(out, "lr        not available: %s\n", note);
        return;
    }
    int nf = 0, lo = LR_MAXF, hi = 0;
    long rows = 0;
    for (int f = 0; f < SPMVP_NFORMATS; f++)
        if (part->f[f].ok) {
            nf++;
            rows += part->f[f].rows;
            lo = part->f[f].nfeat < lo ? part->f[f].nfeat : lo;
            hi = part->f[f].nfeat > hi ? part->f[f].nfeat : hi;
        }
    fprintf(out, "lr        %d format%s, %d-%d features each, fitted on %ld rows\n", nf,
            nf == 1 ? "" : "s", lo, hi, rows);
}

/* ======================================================================================== */
/* "linreg" of each precision: {"coo": {"rows", "cv_rms", "intercept", "weights": {name: w}}} */
/* ======================================================================================== */

static void write_prec(spmvp_json_writer *w, cJSON *obj, const spmvp_calib *c, const void *prec_part)
{
    const lr_part *part = prec_part;
    cJSON *o = NULL;
    (void)c;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        const lr_fmt *m = &part->f[f];
        if (!m->ok)
            continue;
        if (!o && !(o = spmvp_json_add_object(w, obj, "linreg")))
            return;
        cJSON *fo = spmvp_json_add_object(w, o, spmvp_format_name((spmvp_format)f));
        if (!fo)
            continue;
        spmvp_json_add_int(w, fo, "rows", m->rows);
        spmvp_json_add_double(w, fo, "cv_rms", m->cv_rms);
        spmvp_json_add_double(w, fo, "intercept", m->w0);
        cJSON *wo = spmvp_json_add_object(w, fo, "weights"); /* in selection order */
        for (int i = 0; wo && i < m->nfeat; i++)
            spmvp_json_add_double(w, wo, spmvp_fv_names[m->feat[i]], m->w[i]);
    }
}

/* One format's model of "linreg" (spmvp_json_read_per_format's reader). */
static spmvp_status read_format(const spmvp_json_reader *r, const cJSON *e, const char *fat,
                                spmvp_format f, void *ctx)
{
    lr_fmt *m = &((lr_part *)ctx)->f[f];
    const cJSON *wo;
    char wat[240];
    SPMVP_TRY(spmvp_json_get_int32(r, e, fat, "rows", 1, &m->rows));
    SPMVP_TRY(spmvp_json_get_double(r, e, fat, "cv_rms", SPMVP_JSON_NONNEG, &m->cv_rms));
    SPMVP_TRY(spmvp_json_get_double(r, e, fat, "intercept", SPMVP_JSON_ANY, &m->w0));
    SPMVP_TRY(spmvp_json_get_object(r, e, fat, "weights", &wo));
    snprintf(wat, sizeof wat, "%s.weights", fat);
    for (const cJSON *it = wo->child; it; it = it->next) {
        int j = spmvp_fv_index(it->string);
        if (j < 0)
            return spmvp_json_bad(r, wat, it->string, "unknown feature");
        for (int i = 0; i < m->nfeat; i++)
            if (m->feat[i] == j)
                return spmvp_json_bad(r, wat, it->string, "feature given twice");
        if (m->nfeat == LR_MAXF)
            return spmvp_json_bad(r, wat, it->string, "more than %d features", LR_MAXF);
        SPMVP_TRY(spmvp_json_check_double(r, it, wat, it->string, SPMVP_JSON_ANY, &m->w[m->nfeat]));
        m->feat[m->nfeat++] = j;
    }
    m->ok = 1;
    return SPMVP_OK;
}

/* The optional "linreg": an absent key leaves every format unfitted. */
static spmvp_status read_prec(const spmvp_json_reader *r, const cJSON *obj, const char *at,
                              spmvp_calib *c, void *prec_part)
{
    (void)c;
    memset(prec_part, 0, sizeof(lr_part));
    return spmvp_json_read_per_format(r, obj, at, "linreg", read_format, prec_part);
}

const spmvp_model spmvp_model_linreg = {
    .version = SPMVP_MODEL_VERSION,
    .nvariants = 1,
    .variant = {{"lr", "Linear regression (seed 004)", 0, NULL}},
    .help = "lr (seed 004 §3.2: per-format linear regression on log features, trained)",
    .legend = "lr = seed 004's linear regression of log time on log features, per format,\n"
              "features chosen by cross-validation (spmvp train)\n",
    .prec_size = sizeof(lr_part),
    .read_prec = read_prec,
    .write_prec = write_prec,
    .predict = NULL, /* predict_all calls predict_vec with the features */
    .print_info = print_info,
    .fit_table = fit_table,
    .predict_vec = predict_vec,
    .fitted = fitted,
};
