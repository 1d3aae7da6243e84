/* test_formats_seed.c: the seeds' other formats (ELL-R, SELL-C-sigma, BRC): round trips to CSR
 * on the edge cases, layout invariants, host products read as the kernels read, footprints,
 * the SELL defaults and BRC's block-size model. */
#include "brc.h"
#include "ellr.h"
#include "format.h"
#include "gen.h"
#include "sell.h"
#include "stats.h"
#include "test.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test_matrices.h"

/* ---- host products reading each layout as its kernel does ---- */

static void ellr_spmv(const spmvp_ellr *R, const double *x, double *y)
{
    for (spmvp_idx i = 0; i < R->ell->nrows; i++) {
        double s = 0.0;
        for (spmvp_idx j = 0; j < R->rowlen[i]; j++) {
            size_t at = (size_t)j * (size_t)R->ell->pitch + (size_t)i;
            s += R->ell->val[at] * x[R->ell->colidx[at]];
        }
        y[i] = s;
    }
}

static void sell_spmv(const spmvp_sell *S, const double *x, double *y)
{
    for (spmvp_idx p = 0; p < S->nrows; p++) {
        spmvp_idx c = p / S->C;
        double s = 0.0;
        for (spmvp_idx j = 0; j < S->cl[c]; j++) {
            size_t at = (size_t)S->cs[c] + (size_t)j * (size_t)S->C + (size_t)(p % S->C);
            if (S->colidx[at] < 0)
                break;
            s += S->val[at] * x[S->colidx[at]];
        }
        y[S->perm[p]] = s;
    }
}

/* Both BRC passes: per-tile sums, then one-tile blocks written and the others added in tile
 * order (y = 0 for the rows of blocks without tiles); a wide block's lanes added into its one
 * row in lane order. */
static void brc_spmv(const spmvp_brc *R, const double *x, double *y)
{
    size_t W = (size_t)R->W;
    double wide = 0.0;
    for (size_t p = 0; p < (size_t)R->nblocks * W; p++) {
        size_t r = p / W;
        double s = 0.0;
        for (spmvp_idx t = R->tile0[r]; t < R->tile0[r + 1]; t++) {
            double part = 0.0;
            for (size_t j = 0; j < (size_t)(R->tile_off[t + 1] - R->tile_off[t]) / W; j++) {
                size_t at = (size_t)R->tile_off[t] + j * W + p % W;
                if (R->colidx[at] < 0)
                    break;
                part += R->val[at] * x[R->colidx[at]];
            }
            s += part;
        }
        if (r < (size_t)R->nwide) {
            wide = p % W ? wide + s : s;
            if (p % W == W - 1)
                y[R->perm[r * W]] = wide;
        } else if (R->perm[p] >= 0) {
            y[R->perm[p]] = s;
        }
    }
}

/* ---- checks ---- */

/* y equals the reference exactly (exact = 1: the same additions in the same order) or within
 * rounding (BRC adds a long row's tiles apart). */
static int product_ok(const spmvp_csr *A, const struct product *P, int exact)
{
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        double bound = 0.0;
        for (spmvp_idx k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
            bound += fabs(A->val[k] * P->x[A->colidx[k]]);
        bound *= 1e-13;
        if (exact ? P->y[i] != P->ref[i] : fabs(P->y[i] - P->ref[i]) > bound)
            return 0;
    }
    return 1;
}

static void check_ellr(const spmvp_csr *A, spmvp_idx row_align, const struct product *P,
                       const char *what)
{
    spmvp_ellr *R = spmvp_ellr_from_csr(A, row_align);
    CHECK_MSG(R != NULL, "%s: %s", what, spmvp_last_error());
    if (!R)
        return;
    int lens = 1;
    for (spmvp_idx i = 0; i < A->nrows; i++)
        lens &= R->rowlen[i] == row_len(A, i);
    CHECK_MSG(lens && R->ell->pitch % 32 == 0 && R->ell->pitch % row_align == 0 &&
              R->ell->pitch >= A->nrows, "%s: ELL-R row lengths and 128-byte pitch", what);
    spmvp_csr *B = spmvp_ellr_to_csr(R);
    CHECK_MSG(B && spmvp_csr_equal(A, B), "%s: ELL-R round trip", what);
    ellr_spmv(R, P->x, P->y);
    CHECK_MSG(product_ok(A, P, 1), "%s: ELL-R product", what);
    CHECK(spmvp_ellr_bytes(R, 8) == spmvp_ell_bytes(R->ell, 8) + (size_t)A->nrows * 4);
    spmvp_csr_free(B);
    spmvp_ellr_free(R);
}

/* Sorted within each window, chunks as wide as their longest row, slots = sum C*cl. */
static int sell_layout_ok(const spmvp_csr *A, const spmvp_sell *S)
{
    int64_t slots = 0;
    for (spmvp_idx p = 0; p < S->nrows; p++) {
        spmvp_idx l = row_len(A, S->perm[p]);
        if (p % S->sigma && l > row_len(A, S->perm[p - 1]))
            return 0;
        if (p % S->sigma && l == row_len(A, S->perm[p - 1]) && S->perm[p] < S->perm[p - 1])
            return 0; /* not stable */
    }
    for (spmvp_idx c = 0; c < S->nchunks; c++) {
        spmvp_idx w = 0;
        for (spmvp_idx p = c * S->C; p < S->nrows && p < (c + 1) * S->C; p++)
            w = row_len(A, S->perm[p]) > w ? row_len(A, S->perm[p]) : w;
        if (S->cl[c] != w || S->cs[c] != slots)
            return 0;
        slots += (int64_t)w * S->C;
    }
    return S->cs[S->nchunks] == slots;
}

static void check_sell(const spmvp_csr *A, spmvp_idx C, spmvp_idx sigma, const struct product *P,
                       const char *what)
{
    spmvp_sell *S = spmvp_sell_from_csr(A, C, sigma);
    CHECK_MSG(S != NULL, "%s: %s", what, spmvp_last_error());
    if (!S)
        return;
    CHECK_MSG(sell_layout_ok(A, S), "%s: SELL-%d-%d layout", what, (int)C, (int)sigma);
    spmvp_csr *B = spmvp_sell_to_csr(S);
    CHECK_MSG(B && spmvp_csr_equal(A, B), "%s: SELL-%d-%d round trip", what, (int)C, (int)sigma);
    sell_spmv(S, P->x, P->y);
    CHECK_MSG(product_ok(A, P, 1), "%s: SELL-%d-%d product", what, (int)C, (int)sigma);
    spmvp_csr_free(B);
    spmvp_sell_free(S);
}

/* Sorted globally, longest first (wide blocks hold their row at lane 0 only); tiles
 * ceil(L / (B W)) of a wide block, ceil(L_r / B) of the others; nwide, nmulti, nfull prefixes. */
static int brc_layout_ok(const spmvp_csr *A, const spmvp_brc *R)
{
    spmvp_idx prev = -1, seen = 0, W = R->W, B = R->B;
    for (int64_t p = 0; p < (int64_t)R->nblocks * W; p++) {
        spmvp_idx i = R->perm[p];
        int wide = p / W < R->nwide;
        if (wide && p % W && i != -1)
            return 0;
        if (i < 0)
            continue;
        if (prev >= 0 && row_len(A, i) > row_len(A, prev))
            return 0;
        if (wide != (row_len(A, i) >= spmvp_brc_wide_min(W, B)))
            return 0;
        prev = i;
        seen++;
    }
    if (seen != R->nrows)
        return 0;
    spmvp_idx multi = 0, full = 0;
    for (spmvp_idx r = 0; r < R->nblocks; r++) {
        int wide = r < R->nwide;
        spmvp_idx L = R->perm[r * W] < 0 ? 0 : row_len(A, R->perm[r * W]);
        spmvp_idx n = R->tile0[r + 1] - R->tile0[r];
        if (n != (wide ? (L + B * W - 1) / (B * W) : (L + B - 1) / B))
            return 0;
        for (spmvp_idx t = R->tile0[r], k = 0; t < R->tile0[r + 1]; t++, k++) {
            spmvp_idx h = wide ? (L - k * B * W + W - 1) / W : L - k * B;
            h = h < B ? h : B;
            if (R->tile_block[t] != r || R->tile_off[t + 1] - R->tile_off[t] != h * W)
                return 0;
        }
        multi += n > 1 || wide;
        full += n > 0;
        if ((n > 1 || wide) != (r < R->nmulti) || (n > 0) != (r < R->nfull))
            return 0;
    }
    return multi == R->nmulti && full == R->nfull && R->tile0[R->nblocks] == R->ntiles;
}

static void check_brc(const spmvp_csr *A, spmvp_idx W, spmvp_idx Bk, const struct product *P,
                      const char *what)
{
    spmvp_brc *R = spmvp_brc_from_csr(A, W, Bk);
    CHECK_MSG(R != NULL, "%s: %s", what, spmvp_last_error());
    if (!R)
        return;
    CHECK_MSG(brc_layout_ok(A, R), "%s: BRC W=%d B=%d layout", what, (int)W, (int)Bk);
    spmvp_csr *B = spmvp_brc_to_csr(R);
    CHECK_MSG(B && spmvp_csr_equal(A, B), "%s: BRC W=%d B=%d round trip", what, (int)W, (int)Bk);
    brc_spmv(R, P->x, P->y);
    CHECK_MSG(product_ok(A, P, 0), "%s: BRC W=%d B=%d product", what, (int)W, (int)Bk);
    spmvp_csr_free(B);
    spmvp_brc_free(R);
}

/* Every seed format under several parameters; `big` keeps the slow ones few. */
static void check_all(const spmvp_csr *A, const char *what, int big)
{
    struct product P;
    CHECK_MSG(A != NULL, "%s", what);
    if (!A || !product_begin(&P, A)) {
        if (A)
            product_end(&P);
        return;
    }
    static const spmvp_idx Cs[] = {32, 1, 4, 8}, sigmas[] = {4096, 1, 3, 64};
    static const spmvp_idx Ws[] = {32, 1, 8, 64}, Bs[] = {8, 1, 3, 64};
    int n = big ? 1 : 4;
    check_ellr(A, 32, &P, what);
    for (int i = 0; i < n; i++) {
        check_sell(A, Cs[i], sigmas[i], &P, what);
        check_sell(A, Cs[i], 1000000, &P, what); /* one window: a global sort */
        check_brc(A, Ws[i], Bs[i], &P, what);
        check_brc(A, Ws[(i + 1) % 4], Bs[i], &P, what);
    }
    if (!big)
        check_ellr(A, 1, &P, what);
    product_end(&P);
}

/* ---- round trips on the edge cases ---- */

static void seed_formats_round_trip_empty_rows_first_last_and_between(void)
{
    spmvp_idx len[50];
    for (int i = 0; i < 50; i++)
        len[i] = (i % 3 == 0 || i == 49) ? 0 : 1 + i % 5;
    spmvp_csr *A = csr_from_lengths(50, 40, len);
    check_all(A, "empty rows", 0);
    spmvp_csr_free(A);
}

static void seed_formats_round_trip_1x1_0x0_and_a_matrix_without_entries(void)
{
    spmvp_idx one = 1, none[7] = {0};
    spmvp_csr *A = csr_from_lengths(1, 1, &one);
    check_all(A, "1x1", 0);
    spmvp_csr_free(A);
    A = csr_from_lengths(0, 0, none);
    check_all(A, "0x0", 0);
    spmvp_csr_free(A);
    A = csr_from_lengths(7, 5, none);
    check_all(A, "7x5 empty", 0);
    spmvp_csr_free(A);
}

static void seed_formats_round_trip_tall_and_wide_matrices(void)
{
    spmvp_idx len[700];
    for (int i = 0; i < 700; i++)
        len[i] = 1 + i % 4;
    spmvp_csr *A = csr_from_lengths(700, 9, len);
    check_all(A, "700x9", 0);
    spmvp_csr_free(A);
    for (int i = 0; i < 9; i++)
        len[i] = 20 + 30 * i;
    A = csr_from_lengths(9, 700, len);
    check_all(A, "9x700", 0);
    spmvp_csr_free(A);
}

static void seed_formats_round_trip_a_100000_entry_row_among_short_rows(void)
{
    spmvp_idx len[60];
    for (int i = 0; i < 60; i++)
        len[i] = i == 41 ? 100000 : i % 4;
    spmvp_csr *A = csr_from_lengths(60, 100003, len);
    check_all(A, "100000-entry row", 1);
    spmvp_csr_free(A);
}

static void seed_formats_round_trip_random_and_power_law_matrices(void)
{
    for (uint32_t seed = 1; seed <= 4; seed++) {
        spmvp_csr *A = random_csr(257 * seed, 300, 20 * seed, seed);
        check_all(A, "random", 0);
        spmvp_csr_free(A);
    }
    spmvp_csr *A = NULL;
    CHECK(spmvp_matrix_load("rmat:10", &A) == SPMVP_OK);
    check_all(A, "rmat:10", 0);
    spmvp_csr_free(A);
}

/* 10^5 entries or more: the conversions' loops run on OpenMP's threads (plan_parts.h). */
static void seed_formats_round_trip_a_matrix_converted_on_threads(void)
{
    spmvp_csr *A = random_csr(30000, 40000, 12, 22);
    CHECK(A && A->nnz > 100000);
    check_all(A, "random 30000 rows on threads", 1);
    spmvp_csr_free(A);
}

/* ---- layouts and parameters ---- */

static void sell_sorts_only_within_windows_and_pads_only_to_each_chunk(void)
{
    spmvp_idx len[8] = {1, 5, 2, 2, 0, 3, 9, 1};
    spmvp_csr *A = csr_from_lengths(8, 20, len);
    spmvp_sell *S = spmvp_sell_from_csr(A, 2, 4);
    CHECK(S && S->nchunks == 4);
    if (S) {
        /* windows {0..3}, {4..7}: lengths 5 2 2 1 | 9 3 1 0 */
        spmvp_idx want[8] = {1, 2, 3, 0, 6, 5, 7, 4};
        CHECK(!memcmp(S->perm, want, sizeof want));
        CHECK(S->cl[0] == 5 && S->cl[1] == 2 && S->cl[2] == 9 && S->cl[3] == 1);
        CHECK(S->cs[4] == 2 * (5 + 2 + 9 + 1)); /* ELL would need 8 * 9 */
        CHECK(spmvp_sell_bytes(S, 8) == 8 * 4 + 9 * 4 + 34 * 12 + (8 + 20) * 8);
    }
    spmvp_sell_free(S);
    S = spmvp_sell_from_csr(A, 2, 1); /* sigma 1: SELL-C, rows in order */
    CHECK(S && S->perm[0] == 0 && S->perm[7] == 7 && S->cl[3] == 9);
    spmvp_sell_free(S);
    CHECK(spmvp_sell_from_csr(A, 0, 4) == NULL && spmvp_sell_from_csr(A, 2, 0) == NULL);
    spmvp_csr_free(A);
}

static void sell_defaults_follow_the_warp(void)
{
    CHECK(spmvp_sell_c_for_warp(32) == 32 && spmvp_sell_c_for_warp(64) == 64);
    CHECK(spmvp_sell_c_for_warp(48) == 32 && spmvp_sell_c_for_warp(0) == 1);
    CHECK(spmvp_sell_sigma_for_c(32) == 4096 && spmvp_sell_sigma_for_c(8) == 1024);
    spmvp_mapping m = spmvp_mapping_auto();
    spmvp_format_resolve(SPMVP_SELL, NULL, 32, &m);
    CHECK(m.sell_c == 32 && m.sell_sigma == 0); /* sigma needs the row order: the plan's */
    m.sell_sigma = 7;
    m.sell_c = 0;
    spmvp_format_resolve(SPMVP_SELL, NULL, 64, &m);
    CHECK(m.sell_c == 64 && m.sell_sigma == 7 && m.sell_t == 0); /* T needs the row lengths */
    /* T: a power of two <= mean / 40 in [1, 8], then fitted so that C*T <= the work-group */
    CHECK(spmvp_sell_t_auto(0) == 1 && spmvp_sell_t_auto(79.9) == 1 && spmvp_sell_t_auto(80) == 2);
    CHECK(spmvp_sell_t_auto(159.9) == 2 && spmvp_sell_t_auto(160) == 4 && spmvp_sell_t_auto(250) == 4);
    CHECK(spmvp_sell_t_auto(319) == 4 && spmvp_sell_t_auto(320) == 8 && spmvp_sell_t_auto(1e6) == 8);
    CHECK(spmvp_sell_t_fit(8, 32, 256) == 8 && spmvp_sell_t_fit(8, 32, 64) == 2);
    CHECK(spmvp_sell_t_fit(8, 512, 256) == 1 && spmvp_sell_t_fit(6, 4, 256) == 4);
}

static void brc_cuts_long_rows_into_tiles_and_leaves_empty_blocks_tileless(void)
{
    spmvp_idx len[10] = {0, 3, 10, 1, 0, 0, 0, 2, 0, 0};
    spmvp_csr *A = csr_from_lengths(10, 30, len);
    spmvp_brc *R = spmvp_brc_from_csr(A, 2, 4);
    CHECK(R != NULL);
    if (R) {
        /* sorted lengths 10 3 | 2 1 | 0 0 | 0 0 | 0 0: tiles 3, 1, 0, 0, 0 */
        CHECK(R->perm[0] == 2 && R->perm[1] == 1 && R->perm[2] == 7 && R->perm[3] == 3);
        CHECK(R->nblocks == 5 && R->ntiles == 4 && R->nmulti == 1 && R->nfull == 2);
        CHECK(R->tile0[1] == 3 && R->tile0[2] == 4 && R->tile0[5] == 4);
        /* tiles of 4, 4, 2 entries per row, then 2: slots 2 * (10 + 2), padding to each
         * block's longest row only */
        CHECK(R->tile_off[1] == 8 && R->tile_off[3] == 20 && R->tile_off[4] == 24);
        /* ... and the one multi-tile block's counter, zeroed */
        CHECK(R->done && R->done[0] == 0);
        /* too few tiles for groups: group0 is {0, 0} */
        CHECK(R->group == 0 && R->ngroups == 0 && R->group0[0] == 0 && R->group0[1] == 0);
        CHECK(spmvp_brc_bytes(R, 4) ==
              10 * 4 + 6 * 4 + 4 * 4 + 5 * 4 + 24 * 8 + 1 * 4 + 2 * 4 + 40 * 4);
    }
    spmvp_brc_free(R);
    CHECK(spmvp_brc_from_csr(A, 0, 4) == NULL && spmvp_brc_from_csr(A, 2, 0) == NULL);
    spmvp_csr_free(A);
}

static void brc_sums_a_block_of_many_tiles_in_groups(void)
{
    /* groups of 32 from 33 tiles; 64 once 32 x 32 no longer covers them */
    CHECK(spmvp_brc_group(0) == 0 && spmvp_brc_group(32) == 0 && spmvp_brc_group(33) == 32);
    CHECK(spmvp_brc_group(1024) == 32 && spmvp_brc_group(1025) == 64);
    /* W = 2, B = 1: a row of 200 is wide (>= 2 x 32), 100 tiles of one step; one of 40 is not,
     * 40 tiles (block 1, with the row of 3); both past 32 tiles: groups of 32, 4 and 2 of them.
     * Block 2 (rows of 2 and 0) has 2 tiles, fewer than a group */
    spmvp_idx len[5] = {3, 200, 2, 40, 0};
    spmvp_csr *A = csr_from_lengths(5, 300, len);
    spmvp_brc *R = spmvp_brc_from_csr(A, 2, 1);
    CHECK(R != NULL);
    if (R) {
        CHECK(R->nwide == 1 && R->nmulti == 3 && R->tile0[1] == 100 && R->tile0[2] == 140);
        CHECK(R->group == 32 && R->ngroups == 6);
        CHECK(R->group0[0] == 0 && R->group0[1] == 4 && R->group0[2] == 6 && R->group0[3] == 6);
        CHECK(R->group_done && R->group_done[0] == 0 && R->group_done[5] == 0);
        spmvp_csr *B = spmvp_brc_to_csr(R);
        CHECK(B && spmvp_csr_equal(A, B));
        spmvp_csr_free(B);
    }
    spmvp_brc_free(R);
    spmvp_csr_free(A);
}

/* Rows of at least W max(B, 32) entries get a block each, dealt across its lanes: with W = 4,
 * B = 8, the rows of 200 and 128 entries; the others as before. */
static void brc_deals_long_rows_across_a_blocks_lanes(void)
{
    spmvp_idx len[7] = {5, 200, 3, 128, 127, 0, 9};
    spmvp_csr *A = csr_from_lengths(7, 300, len);
    spmvp_brc *R = spmvp_brc_from_csr(A, 4, 8);
    CHECK(R != NULL && spmvp_brc_wide_min(4, 8) == 128);
    if (R) {
        CHECK(R->nwide == 2 && R->perm[0] == 1 && R->perm[1] == -1 && R->perm[4] == 3);
        /* then the rest, four a block: 127 9 5 3 | 0 */
        CHECK(R->nblocks == 4 && R->perm[8] == 4 && R->perm[9] == 6 && R->perm[12] == 5);
        /* the row of 200: tiles of 8 steps x 4 lanes = 32 entries: 7 tiles, the last of 2
         * steps; the row of 128: 4 tiles */
        CHECK(R->tile0[1] == 7 && R->tile0[2] == 11);
        CHECK(R->tile_off[6] == 6 * 32 && R->tile_off[7] == 6 * 32 + 2 * 4);
        /* entry e of a wide row at its tile's slot e - 32k: consecutive across the lanes */
        CHECK(R->colidx[0] == A->colidx[A->rowptr[1]] && R->colidx[1] == A->colidx[A->rowptr[1] + 1]);
        CHECK(R->nmulti == 3 && R->nfull == 3); /* both wide blocks and 127 9 5 3 (16 tiles); 0 alone */
        CHECK(brc_layout_ok(A, R));
    }
    spmvp_brc_free(R);
    spmvp_csr_free(A);
}

/* The model of brc.c on matrices whose answer is clear. */
static void brc_model_picks_one_tile_for_stencils_and_splits_long_rows(void)
{
    spmvp_csr *A = NULL;
    CHECK(spmvp_matrix_load("laplace3d:40", &A) == SPMVP_OK);
    spmvp_rowlen_stats *s = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
    if (s) /* rows of 7 or fewer: B = 8 is one tile per block and no combine pass */
        CHECK(spmvp_brc_block_model(s->hist, s->max, s->rows, 32) == 8);
    s = spmvp_rowlen_stats_free(s);
    A = spmvp_csr_free(A);
    /* a few rows of 5000 among 10^5 of 4: the longest tile would be 5000 steps unsplit */
    spmvp_idx *len = malloc(100000 * sizeof *len);
    for (int i = 0; len && i < 100000; i++)
        len[i] = i % 20000 == 7 ? 5000 : 4;
    A = len ? csr_from_lengths(100000, 100000, len) : NULL;
    s = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
    CHECK(s != NULL);
    if (s) {
        int B = spmvp_brc_block_model(s->hist, s->max, s->rows, 32);
        CHECK_MSG(B >= 4 && B <= 64, "B = %d", B);
        for (int b = 1; b <= SPMVP_BRC_MAX_AUTO; b *= 2) /* it is the least of the model's times */
            CHECK(spmvp_brc_model_time(s->hist, s->max, s->rows, 32, B) <=
                  spmvp_brc_model_time(s->hist, s->max, s->rows, 32, b));
        /* hand-computed at B = 64: the five long rows are wide (5000 >= 32 x 64), a block
         * each of ceil(5000 / 32) = 157 steps in ceil(5000 / 2048) = 3 tiles, all partials;
         * the 99,995 rows of 4 make 3125 blocks of one tile; the longest row's sum adds its 3
         * partials and 32 lane sums */
        double work = 5 * 157 + 3125 * 4 + 4.0 * (15 + 3125) + 2.0 * 15;
        CHECK(fabs(spmvp_brc_model_time(s->hist, s->max, s->rows, 32, 64) -
                   (work / 8192 + 64 + 4 + 8 + 2 * (3 + 32))) < 1e-9);
        spmvp_mapping m = spmvp_mapping_auto();
        spmvp_format_resolve(SPMVP_BRC, s, 32, &m);
        CHECK(m.brc_block == B);
    }
    long long none = 5;
    CHECK(spmvp_brc_block_model(&none, 0, 5, 32) == 1);
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(A);
    free(len);
}

static void free_functions_accept_null_and_return_null(void)
{
    CHECK(spmvp_ellr_free(NULL) == NULL && spmvp_sell_free(NULL) == NULL &&
          spmvp_brc_free(NULL) == NULL);
}

int main(void)
{
    RUN(seed_formats_round_trip_empty_rows_first_last_and_between);
    RUN(seed_formats_round_trip_1x1_0x0_and_a_matrix_without_entries);
    RUN(seed_formats_round_trip_tall_and_wide_matrices);
    RUN(seed_formats_round_trip_a_100000_entry_row_among_short_rows);
    RUN(seed_formats_round_trip_random_and_power_law_matrices);
    RUN(seed_formats_round_trip_a_matrix_converted_on_threads);
    RUN(sell_sorts_only_within_windows_and_pads_only_to_each_chunk);
    RUN(sell_defaults_follow_the_warp);
    RUN(brc_cuts_long_rows_into_tiles_and_leaves_empty_blocks_tileless);
    RUN(brc_sums_a_block_of_many_tiles_in_groups);
    RUN(brc_deals_long_rows_across_a_blocks_lanes);
    RUN(brc_model_picks_one_tile_for_stencils_and_splits_long_rows);
    RUN(free_functions_accept_null_and_return_null);
    return test_report();
}
