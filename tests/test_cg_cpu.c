/* test_cg_cpu.c: the CPU's conjugate gradients (model/sparse/cg_cpu.h) on tiny systems with
 * known solutions, its stopping rule and breakdown, and the symmetry check CG relies on. */
#include <math.h>
#include <stdlib.h>

#include "spmvp_sparse.h"
#include "test.h"

/* CSR from dense row-major a (n x m), zeros not stored. */
static spmvp_csr *dense(spmvp_idx n, spmvp_idx m, const double *a)
{
    spmvp_idx ri[64], ci[64];
    double v[64];
    size_t k = 0;
    for (spmvp_idx i = 0; i < n; i++)
        for (spmvp_idx j = 0; j < m; j++)
            if (a[i * m + j] != 0.0) {
                ri[k] = i;
                ci[k] = j;
                v[k++] = a[i * m + j];
            }
    return spmvp_csr_from_triplets(n, m, k, ri, ci, v);
}

static void cg_should_solve_a_2x2_spd_system_in_two_iterations(void)
{
    /* [4 1; 1 3] x = [1; 2]: x = [1/11; 7/11] */
    const double a[] = {4, 1, 1, 3}, b[] = {1, 2};
    spmvp_csr *A = dense(2, 2, a);
    double x[2];
    spmvp_cg_cpu_result r;
    CHECK(spmvp_cg_cpu(A, b, 1e-12, 100, x, &r) == SPMVP_OK);
    CHECK(r.state == SPMVP_CG_CONVERGED && r.iterations == 2 && r.relres <= 1e-12);
    CHECK_MSG(fabs(x[0] - 1.0 / 11) < 1e-14 && fabs(x[1] - 7.0 / 11) < 1e-14, "x = %.17g %.17g",
              x[0], x[1]);
    spmvp_csr_free(A);
}

static void cg_should_find_ones_for_a_laplacian_and_a_times_ones(void)
{
    spmvp_csr *A = spmvp_stencil(6, 5, 1, 5); /* 30 rows */
    double ones[30], b[30], x[30];
    for (int i = 0; i < 30; i++)
        ones[i] = 1.0;
    spmvp_csr_spmv(A, ones, b);
    spmvp_cg_cpu_result r;
    CHECK(spmvp_cg_cpu(A, b, 1e-10, 1000, x, &r) == SPMVP_OK);
    CHECK_MSG(r.state == SPMVP_CG_CONVERGED && r.iterations > 1 && r.iterations <= 30, "%d its",
              r.iterations);
    double err = 0;
    for (int i = 0; i < 30; i++)
        err = fmax(err, fabs(x[i] - 1.0));
    CHECK_MSG(err < 1e-8, "max error %g", err);
    /* max_it stops it early, without converging; x may be NULL */
    CHECK(spmvp_cg_cpu(A, b, 1e-10, 3, NULL, &r) == SPMVP_OK);
    CHECK(r.state == SPMVP_CG_MAX_IT && r.iterations == 3 && r.relres > 1e-10);
    spmvp_csr_free(A);
}

static void cg_should_stop_at_once_for_b_zero(void)
{
    const double a[] = {2, 0, 0, 5}, b[] = {0, 0};
    spmvp_csr *A = dense(2, 2, a);
    double x[2] = {7, 7};
    spmvp_cg_cpu_result r;
    CHECK(spmvp_cg_cpu(A, b, 1e-8, 10, x, &r) == SPMVP_OK);
    CHECK(r.state == SPMVP_CG_CONVERGED && r.iterations == 0 && x[0] == 0 && x[1] == 0);
    spmvp_csr_free(A);
}

static void cg_should_report_a_breakdown_on_an_indefinite_matrix(void)
{
    /* diag(1, -1), b = [1; 1]: p.Ap = 1 - 1 = 0 at the first step */
    const double a[] = {1, 0, 0, -1}, b[] = {1, 1};
    spmvp_csr *A = dense(2, 2, a);
    spmvp_cg_cpu_result r;
    CHECK(spmvp_cg_cpu(A, b, 1e-8, 10, NULL, &r) == SPMVP_OK);
    CHECK(r.state == SPMVP_CG_BREAKDOWN && r.iterations == 0 && r.pap <= 0);
    spmvp_csr_free(A);
}

static void cg_should_refuse_bad_arguments(void)
{
    const double a[] = {1, 2, 3, 4, 5, 6}, b[] = {1, 1};
    spmvp_csr *A = dense(2, 3, a);
    spmvp_cg_cpu_result r;
    CHECK(spmvp_cg_cpu(A, b, 1e-8, 10, NULL, &r) == SPMVP_ERR_ARG);
    spmvp_csr_free(A);
    const double s[] = {1, 0, 0, 1};
    A = dense(2, 2, s);
    CHECK(spmvp_cg_cpu(A, b, -1, 10, NULL, &r) == SPMVP_ERR_ARG);
    CHECK(spmvp_cg_cpu(A, b, 1e-8, -1, NULL, &r) == SPMVP_ERR_ARG);
    spmvp_csr_free(A);
}

static void symmetry_should_compare_values_and_name_the_entry(void)
{
    spmvp_idx i, j;
    const double s[] = {4, 1, 0, 1, 4, 2, 0, 2, 4};
    spmvp_csr *A = dense(3, 3, s);
    CHECK(spmvp_csr_symmetric(A, 0, &i, &j) && i == -1 && j == -1);
    A->val[1] *= 1 + 1e-13; /* A(0,1) a rounding away from A(1,0) */
    CHECK(!spmvp_csr_symmetric(A, 0, &i, &j) && i == 0 && j == 1);
    CHECK(spmvp_csr_symmetric(A, 1e-10, &i, &j));
    spmvp_csr_free(A);
    const double u[] = {4, 1, 0, 0, 4, 2, 0, 2, 4}; /* A(0,1) has no partner */
    A = dense(3, 3, u);
    CHECK(!spmvp_csr_symmetric(A, 1e-10, &i, &j) && i == 0 && j == 1);
    spmvp_csr_free(A);
    /* an explicit zero without a partner is still symmetric in value */
    spmvp_idx ri[] = {0, 0, 1}, ci[] = {0, 1, 1};
    double v[] = {1, 0, 1};
    A = spmvp_csr_from_triplets(2, 2, 3, ri, ci, v);
    CHECK(A->nnz == 3 && spmvp_csr_symmetric(A, 0, &i, &j));
    spmvp_csr_free(A);
    const double r[] = {1, 2, 3, 4, 5, 6};
    A = dense(2, 3, r);
    CHECK(!spmvp_csr_symmetric(A, 1e-10, &i, &j) && i == -1 && j == -1);
    spmvp_csr_free(A);
}

int main(void)
{
    RUN(cg_should_solve_a_2x2_spd_system_in_two_iterations);
    RUN(cg_should_find_ones_for_a_laplacian_and_a_times_ones);
    RUN(cg_should_stop_at_once_for_b_zero);
    RUN(cg_should_report_a_breakdown_on_an_indefinite_matrix);
    RUN(cg_should_refuse_bad_arguments);
    RUN(symmetry_should_compare_values_and_name_the_entry);
    return test_report();
}
