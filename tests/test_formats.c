/* test_formats.c: COO, ELL, JAD and HYB round trips, layout invariants, products, footprints. */
#include "sparse.h"
#include "test.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test_matrices.h"

/* ---- host products reading each layout as its kernel does ---- */

static void coo_spmv(const spmvp_coo *C, const double *x, double *y)
{
    for (spmvp_idx i = 0; i < C->nrows; i++)
        y[i] = 0.0;
    for (spmvp_idx k = 0; k < C->nnz; k++)
        y[C->rowidx[k]] += C->val[k] * x[C->colidx[k]];
}

static void ell_spmv(const spmvp_ell *E, const double *x, double *y)
{
    for (spmvp_idx i = 0; i < E->nrows; i++) {
        double s = 0.0;
        for (spmvp_idx j = 0; j < E->width; j++) {
            size_t at = (size_t)j * (size_t)E->pitch + (size_t)i;
            if (E->colidx[at] < 0)
                break;
            s += E->val[at] * x[E->colidx[at]];
        }
        y[i] = s;
    }
}

static void jad_spmv(const spmvp_jad *J, const double *x, double *y)
{
    for (spmvp_idx i = 0; i < J->nrows; i++)
        y[i] = 0.0;
    for (spmvp_idx d = 0; d < J->ndiags; d++)
        for (spmvp_idx p = 0; p < J->jdptr[d + 1] - J->jdptr[d]; p++)
            y[J->perm[p]] += J->val[J->jdptr[d] + p] * x[J->colidx[J->jdptr[d] + p]];
}

/* ELL part first, then the COO part added on top, as the two HYB kernels run. */
static void hyb_spmv(const spmvp_hyb *H, const double *x, double *y)
{
    ell_spmv(H->ell, x, y);
    for (spmvp_idx k = 0; k < H->coo->nnz; k++)
        y[H->coo->rowidx[k]] += H->coo->val[k] * x[H->coo->colidx[k]];
}

/* ---- checks shared by the edge cases ---- */

static void check_coo(const spmvp_csr *A, const struct product *P, const char *what)
{
    spmvp_coo *C = spmvp_coo_from_csr(A);
    CHECK_MSG(C != NULL, "%s: %s", what, spmvp_last_error());
    if (!C)
        return;
    CHECK_MSG(C->nrows == A->nrows && C->ncols == A->ncols && C->nnz == A->nnz, "%s", what);
    int sorted = 1;
    for (spmvp_idx k = 0; k < C->nnz; k++)
        if (C->rowidx[k] < 0 || C->rowidx[k] >= C->nrows ||
            (k > 0 && C->rowidx[k - 1] > C->rowidx[k]))
            sorted = 0;
    CHECK_MSG(sorted, "%s: COO rows sorted", what);
    spmvp_csr *B = spmvp_coo_to_csr(C);
    CHECK_MSG(B && spmvp_csr_equal(A, B), "%s: COO round trip", what);
    coo_spmv(C, P->x, P->y);
    CHECK_MSG(!memcmp(P->y, P->ref, P->ybytes), "%s: COO product", what);
    spmvp_csr_free(B);
    spmvp_coo_free(C);
}

/* Column-major placement with -1/0 padding in every slot past a row's end, padded rows too. */
static int ell_layout_ok(const spmvp_csr *A, const spmvp_ell *E)
{
    for (spmvp_idx i = 0; i < E->pitch; i++)
        for (spmvp_idx j = 0; j < E->width; j++) {
            size_t at = (size_t)j * (size_t)E->pitch + (size_t)i;
            if (i < A->nrows && j < row_len(A, i)) {
                spmvp_idx k = A->rowptr[i] + j;
                if (E->colidx[at] != A->colidx[k] ||
                    memcmp(&E->val[at], &A->val[k], sizeof E->val[at]))
                    return 0;
            } else if (E->colidx[at] != -1 || E->val[at] != 0.0) {
                return 0;
            }
        }
    return 1;
}

static int pitch_ok(spmvp_idx pitch, spmvp_idx nrows, spmvp_idx row_align)
{
    return pitch >= nrows && pitch % row_align == 0 && pitch % 32 == 0;
}

static void check_ell(const spmvp_csr *A, spmvp_idx row_align, const struct product *P,
                      const char *what)
{
    spmvp_ell *E = spmvp_ell_from_csr(A, row_align);
    CHECK_MSG(E != NULL, "%s: %s", what, spmvp_last_error());
    if (!E)
        return;
    CHECK_MSG(E->width == spmvp_csr_max_row(A) && E->nnz == A->nnz, "%s", what);
    CHECK_MSG(pitch_ok(E->pitch, A->nrows, row_align), "%s: pitch %d", what, (int)E->pitch);
    CHECK_MSG(ell_layout_ok(A, E), "%s: ELL layout", what);
    spmvp_csr *B = spmvp_ell_to_csr(E);
    CHECK_MSG(B && spmvp_csr_equal(A, B), "%s: ELL round trip", what);
    ell_spmv(E, P->x, P->y);
    CHECK_MSG(!memcmp(P->y, P->ref, P->ybytes), "%s: ELL product", what);
    spmvp_csr_free(B);
    spmvp_ell_free(E);
}

/* perm is a permutation, lengths never increase along it, equal lengths keep row order, and
 * the diagonals shrink. */
static int jad_layout_ok(const spmvp_csr *A, const spmvp_jad *J)
{
    if (J->ndiags != spmvp_csr_max_row(A) || J->jdptr[0] != 0 || J->jdptr[J->ndiags] != A->nnz)
        return 0;
    char *seen = calloc((size_t)A->nrows + 1, 1);
    int ok = seen != NULL;
    for (spmvp_idx p = 0; ok && p < J->nrows; p++) {
        spmvp_idx i = J->perm[p];
        ok = i >= 0 && i < A->nrows && !seen[i];
        if (ok)
            seen[i] = 1;
        if (ok && p > 0) {
            spmvp_idx prev = J->perm[p - 1];
            ok = row_len(A, prev) > row_len(A, i) ||
                 (row_len(A, prev) == row_len(A, i) && prev < i);
        }
    }
    for (spmvp_idx d = 1; ok && d < J->ndiags; d++)
        ok = J->jdptr[d + 1] - J->jdptr[d] <= J->jdptr[d] - J->jdptr[d - 1];
    free(seen);
    return ok;
}

static void check_jad(const spmvp_csr *A, const struct product *P, const char *what)
{
    spmvp_jad *J = spmvp_jad_from_csr(A);
    CHECK_MSG(J != NULL, "%s: %s", what, spmvp_last_error());
    if (!J)
        return;
    CHECK_MSG(J->nrows == A->nrows && J->ncols == A->ncols && J->nnz == A->nnz, "%s", what);
    CHECK_MSG(jad_layout_ok(A, J), "%s: JAD layout", what);
    spmvp_csr *B = spmvp_jad_to_csr(J);
    CHECK_MSG(B && spmvp_csr_equal(A, B), "%s: JAD round trip", what);
    jad_spmv(J, P->x, P->y);
    CHECK_MSG(!memcmp(P->y, P->ref, P->ybytes), "%s: JAD product", what);
    spmvp_csr_free(B);
    spmvp_jad_free(J);
}

static void check_hyb(const spmvp_csr *A, spmvp_idx K, const struct product *P,
                      const char *what)
{
    spmvp_hyb *H = spmvp_hyb_from_csr(A, K, 64);
    CHECK_MSG(H != NULL, "%s K=%d: %s", what, (int)K, spmvp_last_error());
    if (!H)
        return;
    spmvp_idx maxrow = spmvp_csr_max_row(A), in_coo = 0;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        in_coo += row_len(A, i) > K ? row_len(A, i) - K : 0;
    CHECK_MSG(H->ell->width == (K < maxrow ? K : maxrow), "%s K=%d: width %d", what, (int)K,
              (int)H->ell->width);
    CHECK_MSG(pitch_ok(H->ell->pitch, A->nrows, 64), "%s K=%d: pitch", what, (int)K);
    CHECK_MSG(H->coo->nnz == in_coo && H->ell->nnz == A->nnz - in_coo, "%s K=%d", what, (int)K);
    spmvp_csr *B = spmvp_hyb_to_csr(H);
    CHECK_MSG(B && spmvp_csr_equal(A, B), "%s K=%d: HYB round trip", what, (int)K);
    hyb_spmv(H, P->x, P->y);
    CHECK_MSG(!memcmp(P->y, P->ref, P->ybytes), "%s K=%d: HYB product", what, (int)K);
    spmvp_csr_free(B);
    spmvp_hyb_free(H);
}

/* Every format, with several alignments and HYB widths, must give A back and A*x exactly. */
static void check_all_formats(const spmvp_csr *A, const char *what)
{
    CHECK_MSG(A != NULL, "%s: %s", what, spmvp_last_error());
    if (!A)
        return;
    struct product P;
    CHECK_MSG(product_begin(&P, A), "%s: out of memory", what);
    check_coo(A, &P, what);
    check_ell(A, 1, &P, what);
    check_ell(A, 96, &P, what);
    check_jad(A, &P, what);
    spmvp_idx maxrow = spmvp_csr_max_row(A), K = spmvp_hyb_default_width(A);
    CHECK_MSG(K >= 0 && K <= maxrow, "%s: default width %d", what, (int)K);
    check_hyb(A, K, &P, what);
    check_hyb(A, 0, &P, what);
    check_hyb(A, 1, &P, what);
    check_hyb(A, maxrow / 2, &P, what);
    check_hyb(A, maxrow, &P, what);
    check_hyb(A, maxrow + 3, &P, what);
    product_end(&P);
}

/* ---- edge cases ---- */

static void every_format_round_trips_with_empty_first_and_last_rows(void)
{
    spmvp_idx len[] = {0, 2, 0, 0, 3, 1, 5, 0};
    spmvp_csr *A = csr_from_lengths(8, 6, len);
    check_all_formats(A, "empty first and last rows");
    spmvp_csr_free(A);
}

static void every_format_round_trips_a_5x7_matrix_without_entries(void)
{
    spmvp_csr *A = spmvp_csr_alloc(5, 7, 0);
    check_all_formats(A, "5x7 nnz 0");
    spmvp_csr_free(A);
}

static void every_format_round_trips_a_0x0_matrix(void)
{
    spmvp_csr *A = spmvp_csr_alloc(0, 0, 0);
    check_all_formats(A, "0x0");
    spmvp_csr_free(A);
}

static void every_format_round_trips_a_1x1_matrix(void)
{
    spmvp_idx one[] = {1}, none[] = {0};
    spmvp_csr *A = csr_from_lengths(1, 1, one);
    check_all_formats(A, "1x1");
    spmvp_csr_free(A);
    A = csr_from_lengths(1, 1, none);
    check_all_formats(A, "1x1 empty");
    spmvp_csr_free(A);
}

static void every_format_round_trips_one_dense_row_among_empty_rows(void)
{
    spmvp_idx len[9] = {0};
    len[4] = 40;
    spmvp_csr *A = csr_from_lengths(9, 40, len);
    check_all_formats(A, "one dense row");
    spmvp_csr_free(A);
}

static void every_format_round_trips_tall_and_wide_matrices(void)
{
    spmvp_csr *A = random_csr(700, 9, 5, 11);
    check_all_formats(A, "tall 700x9");
    spmvp_csr_free(A);
    A = random_csr(9, 700, 80, 12);
    check_all_formats(A, "wide 9x700");
    spmvp_csr_free(A);
}

static void every_format_round_trips_a_5000_entry_row_among_short_rows(void)
{
    spmvp_idx len[300];
    lcg_state = 99;
    for (int i = 0; i < 300; i++)
        len[i] = 1 + (spmvp_idx)(lcg() % 3);
    len[123] = 5000;
    spmvp_csr *A = csr_from_lengths(300, 6000, len);
    check_all_formats(A, "5000-entry row");
    spmvp_csr_free(A);
}

static void every_format_round_trips_random_matrices(void)
{
    for (uint32_t seed = 1; seed <= 6; seed++) {
        char what[64];
        snprintf(what, sizeof what, "random seed %u", (unsigned)seed);
        spmvp_csr *A = random_csr(200 + 61 * (spmvp_idx)seed, 150 + 37 * (spmvp_idx)seed,
                                  (spmvp_idx)(3 * seed), seed);
        check_all_formats(A, what);
        spmvp_csr_free(A);
    }
}

/* 10^5 entries or more: the conversions' loops run on OpenMP's threads (plan_parts.h). */
static void every_format_round_trips_a_matrix_converted_on_threads(void)
{
    spmvp_csr *A = random_csr(30000, 40000, 12, 21);
    CHECK(A && A->nnz > 100000);
    check_all_formats(A, "random 30000 rows on threads");
    spmvp_csr_free(A);
}

/* The layouts the kernels read: a host loop per layout must reproduce the CPU reference bit
 * for bit (same summation order per row). check_all_formats also does this on every case. */
static void host_products_through_each_layout_match_csr_spmv_exactly(void)
{
    spmvp_csr *A = random_csr(400, 350, 12, 2024);
    CHECK(A != NULL);
    if (!A)
        return;
    struct product P;
    CHECK(product_begin(&P, A));
    spmvp_coo *C = spmvp_coo_from_csr(A);
    spmvp_ell *E = spmvp_ell_from_csr(A, 256);
    spmvp_jad *J = spmvp_jad_from_csr(A);
    spmvp_hyb *H = spmvp_hyb_from_csr(A, spmvp_hyb_default_width(A), 128);
    CHECK(C && E && J && H);
    if (C && E && J && H) {
        CHECK(H->coo->nnz > 0 && H->ell->width > 0); /* both HYB parts take part */
        coo_spmv(C, P.x, P.y);
        CHECK(!memcmp(P.y, P.ref, P.ybytes));
        ell_spmv(E, P.x, P.y);
        CHECK(!memcmp(P.y, P.ref, P.ybytes));
        jad_spmv(J, P.x, P.y);
        CHECK(!memcmp(P.y, P.ref, P.ybytes));
        hyb_spmv(H, P.x, P.y);
        CHECK(!memcmp(P.y, P.ref, P.ybytes));
    }
    spmvp_coo_free(C);
    spmvp_ell_free(E);
    spmvp_jad_free(J);
    spmvp_hyb_free(H);
    product_end(&P);
    spmvp_csr_free(A);
}

/* ---- ELL ---- */

static void ell_pitch_is_the_least_multiple_of_row_align_and_32_covering_the_rows(void)
{
    const spmvp_idx aligns[] = {1, 64, 96, 256}, rows[] = {0, 1, 31, 32, 33, 100, 1000};
    for (size_t a = 0; a < sizeof aligns / sizeof aligns[0]; a++)
        for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
            spmvp_csr *A = random_csr(rows[r], 5, 3, 7);
            spmvp_ell *E = A ? spmvp_ell_from_csr(A, aligns[a]) : NULL;
            CHECK(E != NULL);
            if (E) {
                spmvp_idx lcm = aligns[a] == 96 ? 96 : aligns[a] < 32 ? 32 : aligns[a];
                CHECK_MSG(pitch_ok(E->pitch, rows[r], aligns[a]) && E->pitch < rows[r] + lcm,
                          "rows %d align %d: pitch %d", (int)rows[r], (int)aligns[a],
                          (int)E->pitch);
            }
            spmvp_ell_free(E);
            spmvp_csr_free(A);
        }
    /* a few by hand */
    spmvp_csr *A = spmvp_csr_alloc(100, 3, 0);
    const spmvp_idx want[] = {128, 128, 192, 256};
    for (size_t a = 0; A && a < 4; a++) {
        spmvp_ell *E = spmvp_ell_from_csr(A, aligns[a]);
        CHECK(E && E->pitch == want[a] && E->width == 0);
        spmvp_ell_free(E);
    }
    spmvp_csr_free(A);
}

static void ell_refuses_a_non_positive_row_align(void)
{
    spmvp_csr *A = spmvp_csr_alloc(3, 3, 0);
    CHECK(A && spmvp_ell_from_csr(A, 0) == NULL);
    CHECK(strstr(spmvp_last_error(), "alignment") != NULL);
    CHECK(A && spmvp_ell_from_csr(A, -32) == NULL);
    spmvp_csr_free(A);
}

/* 70000 rows pad to 70016; one 40000-entry row makes 70016*40000 = 2.8e9 slots > 2^31-1. */
static void ell_of_more_than_2_to_the_31_slots_fails_with_a_32_bit_message(void)
{
    spmvp_idx n = 70000, w = 40000;
    spmvp_csr *A = spmvp_csr_alloc(n, w, w);
    CHECK(A != NULL);
    if (!A)
        return;
    for (spmvp_idx k = 0; k < w; k++) {
        A->colidx[k] = k;
        A->val[k] = 1.0;
    }
    for (spmvp_idx i = 1; i <= n; i++)
        A->rowptr[i] = w; /* row 0 holds everything */
    spmvp_fail(SPMVP_OK, "%s", "");
    CHECK(spmvp_ell_from_csr(A, 1) == NULL);
    CHECK_MSG(strstr(spmvp_last_error(), "32-bit") != NULL, "%s", spmvp_last_error());
    CHECK_MSG(strstr(spmvp_last_error(), "2800640000") != NULL, "%s", spmvp_last_error());
    /* HYB with that width fails the same way; its default width (0) puts it all in COO */
    spmvp_fail(SPMVP_OK, "%s", "");
    CHECK(spmvp_hyb_from_csr(A, w, 1) == NULL);
    CHECK(strstr(spmvp_last_error(), "32-bit") != NULL);
    CHECK(spmvp_hyb_default_width(A) == 0);
    spmvp_hyb *H = spmvp_hyb_from_csr(A, 0, 1);
    CHECK(H && H->ell->width == 0 && H->coo->nnz == w);
    spmvp_hyb_free(H);
    spmvp_csr_free(A);
}

static void ell_whose_pitch_alone_exceeds_32_bits_fails(void)
{
    spmvp_idx one[] = {1};
    spmvp_csr *A = csr_from_lengths(1, 1, one);
    spmvp_fail(SPMVP_OK, "%s", "");
    CHECK(A && spmvp_ell_from_csr(A, SPMVP_IDX_MAX) == NULL); /* lcm is 32*(2^31-1) */
    CHECK(strstr(spmvp_last_error(), "32-bit") != NULL);
    spmvp_csr_free(A);
}

/* ---- JAD ---- */

static void jad_sorts_rows_by_decreasing_length_keeping_ties_in_order(void)
{
    spmvp_idx len[] = {2, 5, 0, 5, 2, 1, 5, 0};
    spmvp_csr *A = csr_from_lengths(8, 10, len);
    spmvp_jad *J = A ? spmvp_jad_from_csr(A) : NULL;
    CHECK(J != NULL);
    if (J) {
        const spmvp_idx perm[] = {1, 3, 6, 0, 4, 5, 2, 7};
        const spmvp_idx jdptr[] = {0, 6, 11, 14, 17, 20}; /* diagonals of 6, 5, 3, 3, 3 */
        CHECK(J->ndiags == 5 && J->nnz == 20);
        CHECK(!memcmp(J->perm, perm, sizeof perm));
        CHECK(!memcmp(J->jdptr, jdptr, sizeof jdptr));
        /* diagonal 1 is entry 1 of rows 1, 3, 6, 0, 4 in that order */
        CHECK(J->colidx[6] == A->colidx[A->rowptr[1] + 1]);
        CHECK(J->colidx[9] == A->colidx[A->rowptr[0] + 1]);
        CHECK(J->colidx[10] == A->colidx[A->rowptr[4] + 1]);
    }
    spmvp_jad_free(J);
    spmvp_csr_free(A);
}

/* ---- HYB ---- */

static spmvp_idx default_width_of(spmvp_idx nrows, const spmvp_idx *len)
{
    spmvp_csr *A = csr_from_lengths(nrows, 20, len);
    spmvp_idx K = A ? spmvp_hyb_default_width(A) : -2;
    spmvp_csr_free(A);
    return K;
}

static void hyb_default_width_is_the_largest_k_reached_by_a_third_of_the_rows(void)
{
    /* len>=2: 6 rows, len>=3: 3 rows (= ceil(9/3)), len>=4: 1 row */
    const spmvp_idx a[] = {1, 1, 1, 2, 2, 2, 3, 3, 10};
    CHECK(default_width_of(9, a) == 3);
    /* ceil, not floor: 7 rows need 3; only 2 rows reach 2 */
    const spmvp_idx b[] = {1, 1, 1, 1, 1, 2, 2};
    CHECK(default_width_of(7, b) == 1);
    const spmvp_idx c[] = {1, 1, 2, 2}; /* 4 rows need 2 */
    CHECK(default_width_of(4, c) == 2);
    const spmvp_idx d[] = {4, 4, 4, 4, 4};
    CHECK(default_width_of(5, d) == 4);
    const spmvp_idx e[] = {0, 0, 5};
    CHECK(default_width_of(3, e) == 5);
    const spmvp_idx f[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 5}; /* one long row of ten: no ELL */
    CHECK(default_width_of(10, f) == 0);
    const spmvp_idx g[] = {7};
    CHECK(default_width_of(1, g) == 7);
    const spmvp_idx h[] = {0, 0, 0};
    CHECK(default_width_of(3, h) == 0);
    CHECK(default_width_of(0, NULL) == 0);
}

static void hyb_of_width_0_is_all_coo(void)
{
    spmvp_csr *A = random_csr(120, 80, 6, 5);
    spmvp_hyb *H = A ? spmvp_hyb_from_csr(A, 0, 32) : NULL;
    CHECK(H && H->ell->width == 0 && H->ell->nnz == 0 && H->coo->nnz == A->nnz);
    spmvp_hyb_free(H);
    spmvp_csr_free(A);
}

static void hyb_wider_than_the_longest_row_is_all_ell(void)
{
    spmvp_csr *A = random_csr(120, 80, 6, 5);
    spmvp_idx maxrow = A ? spmvp_csr_max_row(A) : 0;
    spmvp_hyb *H = A ? spmvp_hyb_from_csr(A, maxrow + 10, 32) : NULL;
    CHECK(H && H->ell->width == maxrow && H->ell->nnz == A->nnz && H->coo->nnz == 0);
    spmvp_hyb_free(H);
    spmvp_csr_free(A);
}

static void hyb_of_middle_width_keeps_the_first_k_entries_of_each_row_in_ell(void)
{
    spmvp_idx len[] = {0, 1, 2, 3, 4, 5};
    spmvp_csr *A = csr_from_lengths(6, 10, len);
    spmvp_hyb *H = A ? spmvp_hyb_from_csr(A, 2, 1) : NULL;
    CHECK(H != NULL);
    if (H) {
        CHECK(H->ell->width == 2 && H->ell->pitch == 32 && H->ell->nnz == 9);
        CHECK(H->coo->nnz == 6); /* 1 + 2 + 3 entries beyond the second */
        const spmvp_idx rows[] = {3, 4, 4, 5, 5, 5};
        CHECK(!memcmp(H->coo->rowidx, rows, sizeof rows));
        /* row 4: entries 0, 1 in ELL, entries 2, 3 in COO */
        CHECK(H->ell->colidx[4] == A->colidx[A->rowptr[4]]);
        CHECK(H->ell->colidx[32 + 4] == A->colidx[A->rowptr[4] + 1]);
        CHECK(H->coo->colidx[1] == A->colidx[A->rowptr[4] + 2]);
        CHECK(H->ell->colidx[32 + 1] == -1); /* row 1 has one entry */
    }
    spmvp_hyb_free(H);
    spmvp_csr_free(A);
}

static void hyb_refuses_a_negative_width(void)
{
    spmvp_csr *A = spmvp_csr_alloc(2, 2, 0);
    CHECK(A && spmvp_hyb_from_csr(A, -1, 32) == NULL);
    CHECK(strstr(spmvp_last_error(), "negative") != NULL);
    spmvp_csr_free(A);
}

/* ---- footprints ---- */

/* 3x4 with rows of 2, 0, 1 entries: nnz 3, x+y = 7 values. */
static void footprints_follow_the_documented_formulas(void)
{
    spmvp_idx len[] = {2, 0, 1};
    spmvp_csr *A = csr_from_lengths(3, 4, len);
    CHECK(A != NULL);
    if (!A)
        return;
    spmvp_coo *C = spmvp_coo_from_csr(A);
    spmvp_ell *E = spmvp_ell_from_csr(A, 1); /* width 2, pitch 32 */
    spmvp_jad *J = spmvp_jad_from_csr(A);    /* ndiags 2 */
    spmvp_hyb *H = spmvp_hyb_from_csr(A, 1, 1); /* ELL width 1 pitch 32, 1 COO entry */
    CHECK(C && E && J && H);
    if (C && E && J && H) {
        /* CSR: 4*4 + 3*(4+V) + 7*V */
        CHECK(spmvp_csr_bytes(A, 4) == 16 + 24 + 28);
        CHECK(spmvp_csr_bytes(A, 8) == 16 + 36 + 56);
        /* COO: 3*(4+4+V) + 7*V */
        CHECK(spmvp_coo_bytes(C, 4) == 36 + 28);
        CHECK(spmvp_coo_bytes(C, 8) == 48 + 56);
        /* ELL: 2*32*(4+V) + 7*V */
        CHECK(spmvp_ell_bytes(E, 4) == 512 + 28);
        CHECK(spmvp_ell_bytes(E, 8) == 768 + 56);
        /* JAD: 3*4 + 3*4 + 3*(4+V) + 7*V */
        CHECK(spmvp_jad_bytes(J, 4) == 12 + 12 + 24 + 28);
        CHECK(spmvp_jad_bytes(J, 8) == 12 + 12 + 36 + 56);
        /* HYB: 1*32*(4+V) + 1*(4+4+V) + 7*V */
        CHECK(spmvp_hyb_bytes(H, 4) == 256 + 12 + 28);
        CHECK(spmvp_hyb_bytes(H, 8) == 384 + 16 + 56);
    }
    spmvp_coo_free(C);
    spmvp_ell_free(E);
    spmvp_jad_free(J);
    spmvp_hyb_free(H);
    spmvp_csr_free(A);
}

static void free_functions_accept_null_and_return_null(void)
{
    CHECK(spmvp_coo_free(NULL) == NULL);
    CHECK(spmvp_ell_free(NULL) == NULL);
    CHECK(spmvp_jad_free(NULL) == NULL);
    CHECK(spmvp_hyb_free(NULL) == NULL);
}

int main(void)
{
    RUN(every_format_round_trips_with_empty_first_and_last_rows);
    RUN(every_format_round_trips_a_5x7_matrix_without_entries);
    RUN(every_format_round_trips_a_0x0_matrix);
    RUN(every_format_round_trips_a_1x1_matrix);
    RUN(every_format_round_trips_one_dense_row_among_empty_rows);
    RUN(every_format_round_trips_tall_and_wide_matrices);
    RUN(every_format_round_trips_a_5000_entry_row_among_short_rows);
    RUN(every_format_round_trips_random_matrices);
    RUN(every_format_round_trips_a_matrix_converted_on_threads);
    RUN(host_products_through_each_layout_match_csr_spmv_exactly);
    RUN(ell_pitch_is_the_least_multiple_of_row_align_and_32_covering_the_rows);
    RUN(ell_refuses_a_non_positive_row_align);
    RUN(ell_of_more_than_2_to_the_31_slots_fails_with_a_32_bit_message);
    RUN(ell_whose_pitch_alone_exceeds_32_bits_fails);
    RUN(jad_sorts_rows_by_decreasing_length_keeping_ties_in_order);
    RUN(hyb_default_width_is_the_largest_k_reached_by_a_third_of_the_rows);
    RUN(hyb_of_width_0_is_all_coo);
    RUN(hyb_wider_than_the_longest_row_is_all_ell);
    RUN(hyb_of_middle_width_keeps_the_first_k_entries_of_each_row_in_ell);
    RUN(hyb_refuses_a_negative_width);
    RUN(footprints_follow_the_documented_formulas);
    RUN(free_functions_accept_null_and_return_null);
    return test_report();
}
