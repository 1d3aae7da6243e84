/* model_ens.c: ours, for ranking: the geometric mean of the learned models that model a
 * device's own times, work, gbt, work+gbt and rel (not seed 004's lr and knn, whose errors
 * are two to three times theirs):
 *
 *   log t_ens = (log t_work + log t_gbt + log t_work+gbt + log t_rel) / 4
 *
 * Why: ranking a matrix's configurations asks which of several times within a few percent of
 * each other is the least, and each model misses each configuration by errors of its own
 * (the work model by what its resource bounds leave out, the trees by where the training
 * rows were sparse, rel by its matrix level). Averaged in log space, the part of the errors
 * the models do not share shrinks, while what they agree on stays. Held out by family
 * (`spmvp cv --predictions`, 2026-11-23), the average ranked better than each member on the
 * H100 and H200 tables before and after the one-launch kernels: its pick within 5 % of the
 * best on 63-84 % of the matrices against 55-79 % for work+gbt, geometric-mean slowdown
 * 1.020-1.065 against 1.034-1.076, the worst pick 1.37-2.07x against 2.31-2.54x; on PoCL's
 * noisier 2-core tables it tied (56-69 % against 58-66 %). Its times are a little less
 * accurate than work+gbt's (median D_r 6.2-6.9 % against 5.5-6.0 % on the GPUs): so it is
 * rank's model where its cross-validated ranking is the best (spmvp_rank_default_model), not
 * predict's. The members were chosen on those six tables; no other weights were tried. */
#include <math.h>

#include "model.h"

static const char *const members[] = {"work", "gbt", "work+gbt", "rel", NULL};

static double combine(const double *us, int n, int variant)
{
    double sum = 0;
    (void)variant;
    if (n <= 0)
        return NAN;
    for (int i = 0; i < n; i++) {
        if (!(us[i] > 0 && isfinite(us[i])))
            return NAN; /* a member without a prediction: none (the mean of the others would be
                           another model) */
        sum += log(us[i]);
    }
    return exp(sum / n);
}

const spmvp_model spmvp_model_ens = {
    .version = SPMVP_MODEL_VERSION,
    .nvariants = 1,
    .variant = {{"ens", "Ensemble of work, gbt, work+gbt, rel (ours)", 0, NULL}},
    .help = "ens: the geometric mean of work, gbt, work+gbt and rel (ours, for ranking)",
    .legend = "ens = ours: the geometric mean of work, gbt, work+gbt and rel, which ranked\n"
              "configurations best on the GPUs (rank's model where it ranked best)\n",
    .members = members,
    .combine = combine,
};
