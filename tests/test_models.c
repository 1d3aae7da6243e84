/* test_models.c: the registry of prediction models (model/predict/model.h, models.c). */
#include "spmvp_predict.h"
#include "test.h"

#include <math.h>
#include <string.h>

static void every_model_has_a_unique_name_that_parses_back(void)
{
    int n = spmvp_model_count();
    CHECK(n == 11 && n <= SPMVP_MODELS_MAX);
    for (int m = 0; m < n; m++) {
        CHECK_MSG(spmvp_model_parse(spmvp_model_name(m)) == m, "%s", spmvp_model_name(m));
        CHECK(spmvp_model_label(m)[0] != 0);
        for (int k = 0; k < m; k++)
            CHECK(strcmp(spmvp_model_name(m), spmvp_model_name(k)) != 0);
    }
    CHECK(!strcmp(spmvp_model_name(n), "?") && !strcmp(spmvp_model_name(-1), "?"));
    CHECK(spmvp_model_parse("pmf-call") == -1 && spmvp_model_parse(NULL) == -1);
}

static void the_column_order_is_the_documented_one(void)
{
    const char *want[] = {"fixed", "normal", "uniform", "pmf", "pmf-cal", "lr", "knn", "work",
                          "gbt", "work+gbt", "rel"};
    for (int m = 0; m < 11; m++)
        CHECK_MSG(!strcmp(spmvp_model_name(m), want[m]), "%d: %s", m, spmvp_model_name(m));
    char buf[128];
    CHECK(!strcmp(spmvp_model_names(buf, sizeof buf, ", ", " or "),
                  "fixed, normal, uniform, pmf, pmf-cal, lr, knn, work, gbt, work+gbt or rel"));
    CHECK(!strcmp(spmvp_model_names(buf, sizeof buf, "|", "|"),
                  "fixed|normal|uniform|pmf|pmf-cal|lr|knn|work|gbt|work+gbt|rel"));
    CHECK(!strcmp(spmvp_model_name(spmvp_model_default()), "normal"));
    CHECK(spmvp_model_dtt_key() && !strcmp(spmvp_model_dtt_key(), "pmf_dtt_us"));
}

static void families_number_their_variants_consecutively(void)
{
    int total = 0;
    for (int i = 0; i < spmvp_model_families(); i++) {
        const spmvp_model *m = spmvp_model_family(i);
        CHECK(m && m->version == SPMVP_MODEL_VERSION);
        CHECK(m->nvariants >= 1 && m->nvariants <= SPMVP_MODEL_VARIANTS);
        CHECK(spmvp_model_first(i) == total && spmvp_model_family_index(m) == i);
        CHECK(m->predict != NULL || (m->fit_table && m->predict_vec)); /* from s, or learned */
        /* a part written must be readable, and the other way round */
        CHECK(!m->write_root == !m->read_root && !m->write_prec == !m->read_prec);
        for (int v = 0; v < m->nvariants; v++)
            CHECK(!strcmp(spmvp_model_name(total + v), m->variant[v].name));
        total += m->nvariants;
    }
    CHECK(total == spmvp_model_count());
    CHECK(spmvp_model_family(spmvp_model_families()) == NULL && spmvp_model_family(-1) == NULL);
}

static void a_shipped_profile_predicts_every_model_it_has_data_for(void)
{
    spmvp_profile *p = NULL;
    spmvp_predictor pred;
    CHECK(spmvp_profile_load("devices/nvidia-h100.json", &p) == SPMVP_OK);
    if (!p)
        return;
    CHECK(spmvp_predictor_init(&pred, p, "devices/nvidia-h100.json", 8) == SPMVP_OK);
    spmvp_csr *A = spmvp_stencil(20, 20, 20, 7);
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    spmvp_prediction pr;
    CHECK(s && spmvp_predict_all(&pred, A, s, &pr) == SPMVP_OK);
    /* every model predicts CSR-scalar, ELL, COO and HYB; the resolved mapping is bench's */
    for (int m = 0; s && m < spmvp_model_count(); m++)
        for (int f = 0; f < SPMVP_NFORMATS && spmvp_predictor_variant_has(&pred, m); f++)
            if (f == SPMVP_CSR_SCALAR || f == SPMVP_ELL || f == SPMVP_COO || f == SPMVP_HYB)
                CHECK_MSG(pr.us[f][m] == pr.us[f][m], "%s %s", spmvp_model_name(m),
                          spmvp_format_name((spmvp_format)f));
    CHECK(pr.map.vector_width == spmvp_vector_width_auto(A, 32));
    CHECK(pr.map.hyb_width == spmvp_hyb_default_width(A));
    spmvp_predictor_release(&pred);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    spmvp_profile_free(p);
}

/* Issue 14: no shipped profile predicts a negative or non-finite time for a shipped matrix;
 * what a fitted line gives outside its range is marked, never a pick. */
static void shipped_profiles_never_predict_a_negative_or_non_finite_time(void)
{
    const char *profiles[] = {"devices/nvidia-h100.json", "devices/pocl-cpu.json", "devices/gt645m-paper.json"};
    const char *matrices[] = {"matrices/1138_bus.mtx.gz", "matrices/Erdos971.mtx.gz", "matrices/Harvard500.mtx.gz",
                              "matrices/Journals.mtx.gz", "matrices/add32.mtx.gz", "matrices/bcspwr10.mtx.gz",
                              "matrices/bcsstk04.mtx.gz", "matrices/cage8.mtx.gz", "matrices/lp_e226.mtx.gz",
                              "matrices/rajat14.mtx.gz", "matrices/tomography.mtx.gz", "matrices/west0381.mtx.gz",
                              "laplace3d:60", "rmat:14", "random:20000:40:uniform"};
    int marked = 0, cells = 0;
    for (size_t k = 0; k < sizeof matrices / sizeof matrices[0]; k++) {
        spmvp_csr *A = NULL;
        CHECK_MSG(spmvp_matrix_load(matrices[k], &A) == SPMVP_OK, "%s", spmvp_last_error());
        spmvp_rowlen_stats *s = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
        for (size_t i = 0; s && i < sizeof profiles / sizeof profiles[0]; i++) {
            spmvp_profile *p = NULL;
            CHECK(spmvp_profile_load(profiles[i], &p) == SPMVP_OK);
            for (size_t vs = 4; p && vs <= 8; vs += 4) {
                spmvp_predictor pred;
                if (spmvp_predictor_init(&pred, p, profiles[i], vs))
                    continue; /* a precision the profile lacks is refused (cli_models.sh) */
                spmvp_prediction pr;
                CHECK(spmvp_predict_all(&pred, A, s, &pr) == SPMVP_OK);
                for (int f = 0; f < SPMVP_NFORMATS; f++)
                    for (int m = 0; m < spmvp_model_count(); m++) {
                        double t = pr.us[f][m];
                        cells++;
                        marked += pr.out_of_range[f][m];
                        CHECK_MSG(isnan(t) || (isfinite(t) && t > 0), "%s %s %s %s: %g", profiles[i],
                                  matrices[k], spmvp_format_name((spmvp_format)f), spmvp_model_name(m), t);
                        CHECK(!pr.out_of_range[f][m] || isnan(t));
                    }
                for (int m = 0; m < spmvp_model_count(); m++)
                    CHECK(pr.best[m] < 0 || pr.us[pr.best[m]][m] > 0);
                CHECK(pr.trusted < 0 || pr.best[pr.trusted] >= 0);
                spmvp_predictor_release(&pred);
            }
            spmvp_profile_free(p);
        }
        spmvp_rowlen_stats_free(s);
        spmvp_csr_free(A);
    }
    /* the PoCL profile's lines do go below zero on small matrices: the marking is exercised */
    CHECK_MSG(marked > 0, "%d of %d cells out of range", marked, cells);
}

static void the_trusted_model_follows_the_device_type(void)
{
    /* untrained profiles: the TRUST flags (evidence in docs/models.md); a trained one: its
     * best cross-validated learned model */
    spmvp_profile *gpu = NULL, *cpu = NULL, *trained = NULL;
    CHECK(spmvp_profile_load("devices/nvidia-h200.json", &gpu) == SPMVP_OK);
    CHECK(spmvp_profile_load("devices/pocl-cpu.json", &cpu) == SPMVP_OK);
    CHECK(spmvp_profile_load("devices/nvidia-h100.json", &trained) == SPMVP_OK);
    spmvp_csr *A = spmvp_stencil(30, 30, 30, 7);
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
    spmvp_predictor pg, pc, pt;
    spmvp_prediction rg, rc, rt;
    if (!gpu || !cpu || !trained || !s)
        goto out;
    /* the shipped profiles are trained: without their cross-validation they are untrained */
    for (int k = 0; k < SPMVP_NPRECISIONS; k++)
        cpu->prec[k].has_cv = gpu->prec[k].has_cv = 0;
    CHECK(spmvp_predictor_init(&pg, gpu, "gpu", 8) == SPMVP_OK && spmvp_predict_all(&pg, A, s, &rg) == SPMVP_OK);
    CHECK(spmvp_predictor_init(&pc, cpu, "cpu", 8) == SPMVP_OK && spmvp_predict_all(&pc, A, s, &rc) == SPMVP_OK);
    CHECK(spmvp_predictor_init(&pt, trained, "trained", 8) == SPMVP_OK &&
          spmvp_predict_all(&pt, A, s, &rt) == SPMVP_OK);
    CHECK(spmvp_predictor_best_model(&pg) == -1 && spmvp_predictor_best_model(&pc) == -1);
    CHECK(rg.trusted == spmvp_model_parse("fixed") && (spmvp_model_flags(rg.trusted) & SPMVP_MODEL_TRUST_GPU));
    CHECK(rc.trusted == spmvp_model_parse("pmf-cal") && (spmvp_model_flags(rc.trusted) & SPMVP_MODEL_TRUST_CPU));
    CHECK(spmvp_model_why(rg.trusted)[0] && spmvp_model_why(rc.trusted)[0]);
    CHECK(rt.trusted >= 0 && rt.trusted == spmvp_predictor_best_model(&pt));
    CHECK_MSG(rt.trusted == spmvp_model_parse("work+gbt"), "%s", spmvp_model_name(rt.trusted));
    spmvp_predictor_release(&pg);
    spmvp_predictor_release(&pc);
    spmvp_predictor_release(&pt);
out:
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    spmvp_profile_free(gpu);
    spmvp_profile_free(cpu);
    spmvp_profile_free(trained);
}

int main(void)
{
    RUN(every_model_has_a_unique_name_that_parses_back);
    RUN(the_column_order_is_the_documented_one);
    RUN(families_number_their_variants_consecutively);
    RUN(a_shipped_profile_predicts_every_model_it_has_data_for);
    RUN(shipped_profiles_never_predict_a_negative_or_non_finite_time);
    RUN(the_trusted_model_follows_the_device_type);
    return test_report();
}
