/* test_features.c: model/sparse/matrix_features.h: seed 004's Table 1, every format's work and
 * the locality of x against values computed by hand (the arithmetic is in the comments), on
 * targets of warp 4 and work-group 8 so the numbers stay small; and every format's work hook
 * against the plan it would build (launches, work-items, bytes). */
#include "spmvp_sparse.h"
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* warp 4, work-group 8, 16 resident work-items, double, 48 KiB of local memory */
static const spmvp_features_target small = {4, 8, 16, 8, 48 * 1024, {0}, 0, 0};

/* A CSR from rows given as column lists ended by -1, rows ended by -2. */
static spmvp_csr *from_rows(spmvp_idx n, spmvp_idx ncols, const int *cols)
{
    spmvp_idx nnz = 0;
    for (const int *c = cols; *c != -2; c++)
        nnz += *c >= 0;
    spmvp_csr *A = spmvp_csr_alloc(n, ncols, nnz);
    spmvp_idx i = 0, k = 0;
    for (const int *c = cols; *c != -2; c++) {
        if (*c == -1) {
            A->rowptr[++i] = k;
            continue;
        }
        A->colidx[k] = *c;
        A->val[k++] = 1.0;
    }
    return A;
}

/* Row i of an n x n matrix has one entry, in column (i * mul) % n. */
static spmvp_csr *permuted_diagonal(spmvp_idx n, spmvp_idx mul)
{
    spmvp_csr *A = spmvp_csr_alloc(n, n, n);
    for (spmvp_idx i = 0; i < n; i++) {
        A->rowptr[i + 1] = i + 1;
        A->colidx[i] = (spmvp_idx)((long long)i * mul % n);
        A->val[i] = 1.0;
    }
    return A;
}

static spmvp_features *features_of(const spmvp_csr *A, const spmvp_mapping *m)
{
    static spmvp_features F;
    CHECK(spmvp_features_compute(A, &small, m, &F) == SPMVP_OK);
    return &F;
}

#define NEAR(a, b) (fabs((double)(a) - (double)(b)) < 1e-9 * (1 + fabs((double)(b))))

static void table1_of_a_diagonal_has_no_distances(void)
{
    spmvp_csr *A = permuted_diagonal(4, 1);
    const spmvp_features *F = features_of(A, NULL);
    const spmvp_table1 *t = &F->table1;
    CHECK(t->rows == 4 && t->cols == 4 && t->nnz == 4);
    CHECK(t->min_nnz == 1 && t->max_nnz == 1 && t->mode_nnz == 1 && NEAR(t->median_nnz, 1));
    CHECK(t->min_dist == 0 && t->max_dist == 0); /* no row has two entries */
    CHECK(t->bandwidth == 0 && NEAR(t->dispersion, 0));
    CHECK(NEAR(t->density, 0.25)); /* 4 / 16 */
    /* CSR-scalar: 4 rows in 8 work-items (one work-group): warp 0 rows 0-3 one step, warp 1
     * idle: 4 x (1 + 0) = 4; bytes (4+1)*4 + 4*(4+8) + (4+4)*8 = 20 + 48 + 64 = 132 */
    const spmvp_format_features *s = &F->format[SPMVP_CSR_SCALAR];
    CHECK(s->state == SPMVP_OK && s->work.lockstep_entries == 4 && s->work.critical_path == 1);
    CHECK(s->work_items == 8 && s->waves == 1 && s->work.launches == 1 && s->work.bytes == 132);
    /* x: one gather, columns 0..3 = bytes 0..31: one sector, one line; one group, one line */
    const spmvp_locality *l = &F->locality;
    CHECK(l->gathers == 1 && l->sectors == 1 && l->lines == 1 && l->group_lines == 1 && l->entries == 4);
    spmvp_csr_free(A);
}

/* laplace2d:3, rows (y*3 + x): 0:{0,1,3} 1:{0,1,2,4} 2:{1,2,5} 3:{0,3,4,6} 4:{1,3,4,5,7}
 * 5:{2,4,5,8} 6:{3,6,7} 7:{4,6,7,8} 8:{5,7,8}; lengths 3,4,3,4,5,4,3,4,3, nnz 33. */
static spmvp_csr *laplace3x3(void)
{
    spmvp_csr *A = NULL;
    CHECK(spmvp_matrix_load("laplace2d:3", &A) == SPMVP_OK);
    static const int row4[] = {1, 3, 4, 5, 7};
    CHECK(A && A->nnz == 33 && A->rowptr[5] - A->rowptr[4] == 5);
    for (int k = 0; A && k < 5; k++)
        CHECK(A->colidx[A->rowptr[4] + k] == row4[k]);
    return A;
}

static void table1_of_laplace2d_3(void)
{
    spmvp_csr *A = laplace3x3();
    const spmvp_table1 *t = &features_of(A, NULL)->table1;
    CHECK(t->min_nnz == 3 && t->max_nnz == 5);
    CHECK(t->mode_nnz == 3);              /* 3 and 4 both 4 times: the smaller */
    CHECK(NEAR(t->median_nnz, 4));        /* 3,3,3,3,[4],4,4,4,5 */
    CHECK(t->min_dist == 1);              /* row 1: 0,1 */
    CHECK(t->max_dist == 3);              /* row 3: 0 -> 3 */
    CHECK(t->bandwidth == 3);             /* row 3, column 0 (and 6) */
    /* mean 33/9; squares 4*(2/3)^2 + 4*(1/3)^2 + (4/3)^2 = 16/9 + 4/9 + 16/9 = 4; sd sqrt(4/9) */
    CHECK(NEAR(t->dispersion, 2.0 / 3.0));
    CHECK(NEAR(t->density, 33.0 / 81.0));
    spmvp_csr_free(A);
}

static void work_of_laplace2d_3(void)
{
    spmvp_csr *A = laplace3x3();
    spmvp_mapping m = spmvp_mapping_auto();
    m.vector_width = 2;
    const spmvp_features *F = features_of(A, &m);
    const spmvp_format_features *f = F->format;
    /* CSR-scalar: 9 rows in 16 work-items; warps rows 0-3 (3,4,3,4) 4, rows 4-7 (5,4,3,4) 5,
     * row 8 3, idle 0: 4 x 12 = 48; critical path 5; 16 / 16 resident: 1 wave */
    CHECK(f[SPMVP_CSR_SCALAR].work.lockstep_entries == 48 && f[SPMVP_CSR_SCALAR].work.critical_path == 5);
    CHECK(f[SPMVP_CSR_SCALAR].work_items == 16 && f[SPMVP_CSR_SCALAR].waves == 1);
    CHECK(NEAR(f[SPMVP_CSR_SCALAR].lockstep_ratio, 48.0 / 33.0));
    /* CSR-vector V=2: 18 work-items in 24; ceil(len/2) = 2,2,2,2,3,2,2,2,2, two rows a warp:
     * (2,2) (2,2) (3,2) (2,2) (2,-) then a idle warp: 2+2+3+2+2+0 = 11, x 4 = 44; path 3 */
    CHECK(f[SPMVP_CSR_VECTOR].work.lockstep_entries == 44 && f[SPMVP_CSR_VECTOR].work.critical_path == 3);
    CHECK(f[SPMVP_CSR_VECTOR].work_items == 24 && f[SPMVP_CSR_VECTOR].waves == 2);
    CHECK(!strcmp(f[SPMVP_CSR_VECTOR].params, "V=2"));
    /* JAD: sorted 5,4,4,4 | 4,3,3,3 | 3: 5 + 4 + 3 = 12, x 4 = 48; bytes perm 9*4 + jdptr 6*4
     * + 33*(4+8) + x, y 18*8 = 36 + 24 + 396 + 144 = 600 */
    CHECK(f[SPMVP_JAD].work.lockstep_entries == 48 && f[SPMVP_JAD].work.bytes == 600);
    /* ELL: pitch 9 rounded to lcm(8, 32) = 32, width 5: 160 slots (the padded entries),
     * 160*12 + 144 = 2064 bytes; every row runs the width (cl/ell.cl): 16 work-items in
     * warps 5,5,5,0 = 15, x 4 = 60 */
    CHECK(f[SPMVP_ELL].work.slots == 160 && f[SPMVP_ELL].work.bytes == 2064);
    CHECK(f[SPMVP_ELL].work.lockstep_entries == 60);
    /* ELL-R: ELL's slots and launch, but a row stops at its length: CSR-scalar's 48 */
    CHECK(f[SPMVP_ELLR].work.slots == 160 && f[SPMVP_ELLR].work.lockstep_entries == 48);
    /* SELL-4-512: one window, sorted as JAD; chunks 5,4,3: 4*12 = 48 slots; bytes perm 36 +
     * cs, cl (2*3+1)*4 = 28 + 48*12 = 576 + 144 = 784 */
    CHECK(f[SPMVP_SELL].work.slots == 48 && f[SPMVP_SELL].work.bytes == 784);
    CHECK(f[SPMVP_SELL].work.lockstep_entries == 48);
    /* HYB: K = 4 (rows of 4 or more: 5 >= ceil(9/3)); ELL part the width 4 a row: warps
     * 4,4,4,0 = 12, x 4 = 48; COO part: row 4's fifth entry in one tile of 8 items x 8 (4
     * doubled to reach 64 entries a tile): 2 warps x 8 steps x 4 = 64; 112 in all; path 4 + 8 = 12;
     * slots 4*32 + 1; bytes 128*12 + 1*(4+4+8) + 4 (COO's counter) + 144 = 1700 */
    CHECK(f[SPMVP_HYB].map.hyb_width == 4 && !strcmp(f[SPMVP_HYB].params, "K=4"));
    CHECK(f[SPMVP_HYB].work.lockstep_entries == 112 && f[SPMVP_HYB].work.critical_path == 12);
    CHECK(f[SPMVP_HYB].work.launches == 2 && f[SPMVP_HYB].work.slots == 129);
    CHECK(f[SPMVP_HYB].work.bytes == 1700);
    /* locality, double: warp rows 0-3 gathers {0,0,1,0} {1,1,2,3} {3,2,5,4} {4,6}: sectors
     * (4 doubles each) 1+1+2+1 = 5; rows 4-7 {1,2,3,4} {3,4,6,6} {4,5,7,7} {5,8,8} {7}:
     * 2+2+1+2+1 = 8; row 8 {5} {7} {8}: 3. 12 gathers, 16 sectors; every column in line 0:
     * 12 lines; groups rows 0-7 and row 8: 1 line each */
    const spmvp_locality *l = &F->locality;
    CHECK(l->gathers == 12 && l->sectors == 16 && l->lines == 12 && l->group_lines == 2);
    CHECK(NEAR(l->sectors_per_gather, 16.0 / 12.0) && NEAR(l->lines_per_entry, 12.0 / 33.0));
    spmvp_csr_free(A);
}

/* rows 0:{0} 1:{} 2:{0..5} 3:{3} 4:{4} 5:{5}: an empty row and a long one, nnz 10 */
static void an_empty_row_and_a_long_one(void)
{
    static const int rows[] = {0, -1, -1, 0, 1, 2, 3, 4, 5, -1, 3, -1, 4, -1, 5, -1, -2};
    spmvp_csr *A = from_rows(6, 6, rows);
    spmvp_mapping m = spmvp_mapping_auto();
    m.brc_block = 2;
    const spmvp_features *F = features_of(A, &m);
    const spmvp_table1 *t = &F->table1;
    CHECK(t->min_nnz == 0 && t->max_nnz == 6 && t->mode_nnz == 1);
    CHECK(NEAR(t->median_nnz, 1));                   /* 0,1,[1,1],1,6 */
    CHECK(t->min_dist == 1 && t->max_dist == 1);     /* only row 2 has two entries */
    CHECK(t->bandwidth == 3);                        /* row 2, column 5 */
    /* mean 10/6 = 5/3; squares 25/9 + 4*(4/9) + (13/3)^2 = 25/9 + 16/9 + 169/9 = 210/9 */
    CHECK(NEAR(t->dispersion, sqrt(210.0 / 9.0 / 6.0)));
    CHECK(NEAR(t->density, 10.0 / 36.0));
    const spmvp_format_features *f = F->format;
    /* CSR-scalar: warps rows 0-3 (1,0,6,1) 6, rows 4-5 + 2 idle 1: 4 x 7 = 28, path 6 */
    CHECK(f[SPMVP_CSR_SCALAR].work.lockstep_entries == 28 && f[SPMVP_CSR_SCALAR].work.critical_path == 6);
    /* COO: one tile of 64 (row 1, empty, zeroed by it): 8 items x 8 steps, 2 warps: 64; one
     * launch of 8 work-items, path 8 */
    CHECK(f[SPMVP_COO].work.launches == 1 && f[SPMVP_COO].work.items[0] == 8);
    CHECK(f[SPMVP_COO].work.lockstep_entries == 64 && f[SPMVP_COO].work.critical_path == 8);
    /* BRC B=2, W=4: sorted 6,1,1,1 | 1,0,-,-; block 0 three tiles of height 2, block 1 one
     * of height 1: 4 x (2+2+2+1) = 28 over 16 work-items; then, in the same launch, block 0's
     * last tile sums its 4 rows' 3 partials: 4 x 3 = 12; 40 in all; path min(6,2) + 3 = 5;
     * slots 4*(6+1) */
    CHECK(f[SPMVP_BRC].work.lockstep_entries == 40 && f[SPMVP_BRC].work.critical_path == 5);
    CHECK(f[SPMVP_BRC].work.slots == 28 && f[SPMVP_BRC].work.launches == 1);
    /* CSR-adaptive, share 8*8 = 64: one stream block of the 6 rows, 10 entries; warp 0
     * ceil(10/8) = 2 steps, warp 1 ceil(6/8) = 1: 4 x 3 = 12; path 2 load rounds, then one
     * work-item a row (6 rows in 8) sums row 2's 6 products: 8 */
    CHECK(f[SPMVP_CSR_ADAPTIVE].work.lockstep_entries == 12 && f[SPMVP_CSR_ADAPTIVE].work.critical_path == 8);
    spmvp_csr_free(A);
}

/* The same shape, 16 x 16 with one entry a row: the diagonal and the permutation 5i mod 16 */
static void a_stencil_touches_fewer_sectors_than_a_scattered_matrix(void)
{
    spmvp_csr *D = permuted_diagonal(16, 1), *P = permuted_diagonal(16, 5);
    spmvp_locality ld, lp;
    CHECK(spmvp_locality_compute(D, &small, &ld) == SPMVP_OK);
    CHECK(spmvp_locality_compute(P, &small, &lp) == SPMVP_OK);
    /* diagonal: warp k gathers columns 4k..4k+3, one sector: 4 gathers, 4 sectors */
    CHECK(ld.gathers == 4 && ld.sectors == 4 && NEAR(ld.sectors_per_gather, 1));
    /* 5i mod 16: warp 0 columns 0,5,10,15, warp 1 4,9,14,3, warp 2 8,13,2,7, warp 3 12,1,6,11:
     * each 4 sectors, 16 in all */
    CHECK(lp.gathers == 4 && lp.sectors == 16 && NEAR(lp.sectors_per_gather, 4));
    /* 16 doubles = one 128-byte line: a line a gather, a line a group of 8 rows, for both */
    CHECK(ld.lines == 4 && lp.lines == 4 && ld.group_lines == 2 && lp.group_lines == 2);
    spmvp_table1 t;
    spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(P);
    spmvp_table1_compute(P, s, &t);
    CHECK(t.bandwidth == 12); /* row 3 -> column 15, row 13 -> column 1 */
    spmvp_rowlen_stats_free(s);
    spmvp_csr_free(D);
    spmvp_csr_free(P);
}

/* The lock-step windows of x (matrix_features.h): by hand on four rows, then the order
 * statistics that make a sweep of sorted random rows narrow where a band's is all of x. */
static void lockstep_windows_by_hand_and_by_order_statistics(void)
{
    /* 4 x 8, rows {0,4} {1,5} {2,6} {3,7}; columns as fractions of 8. V = 1: step 0 reads
     * 0, 1/8, 2/8, 3/8 (mean 3/16, variance 7/32 - 9/256 = 5/256), step 1 the same shifted:
     * both 4 sqrt(5) / 16. V = 2 (wave 8 >= 4 rows): one step over 0..7/8, variance
     * 35/128 - 49/256 = 21/256, 4 sd = sqrt(21) / 4 > 1: all of x. */
    const int cols[] = {0, 4, -1, 1, 5, -1, 2, 6, -1, 3, 7, -1, -2};
    spmvp_csr *A = from_rows(4, 8, cols);
    spmvp_locality l;
    CHECK(spmvp_locality_compute(A, &small, &l) == SPMVP_OK);
    CHECK(NEAR(l.window[0], 4 * sqrt(5.0) / 16));
    for (int i = 1; i < SPMVP_WINDOW_NV; i++)
        CHECK(NEAR(l.window[i], 1));
    CHECK(spmvp_locality_window(&l, 0) == 1 && spmvp_locality_window(&l, -1) == 1);
    CHECK(NEAR(spmvp_locality_window(&l, 1), l.window[0]));
    l.window[1] = 0.5, l.window[SPMVP_WINDOW_NV - 1] = 0.25;
    CHECK(spmvp_locality_window(&l, 3) == 0.5);      /* read as 2 */
    CHECK(spmvp_locality_window(&l, 1 << 20) == 0.25); /* read as the widest */
    spmvp_csr_free(A);
    /* 3,000 rows of 40 uniform random sorted columns: the j-th entries of all rows lie near
     * j / 41 of the way (standard deviation about 0.05 at the median), where 32 work-items a
     * row read 32 order statistics at a step, spread over most of x */
    const spmvp_features_target wide = {32, 256, 132 * 2048, 4, 48 * 1024, {0}, 0, 0};
    spmvp_csr *R = NULL, *B = NULL;
    CHECK(spmvp_matrix_load("random:3000:40:fixed", &R) == SPMVP_OK);
    CHECK(spmvp_locality_compute(R, &wide, &l) == SPMVP_OK);
    CHECK(l.window[0] > 0.1 && l.window[0] < 0.25 && l.window[5] > 2 * l.window[0]);
    /* a band: at every step the rows' columns span all of x */
    CHECK(spmvp_matrix_load("band:3000:20", &B) == SPMVP_OK);
    CHECK(spmvp_locality_compute(B, &wide, &l) == SPMVP_OK);
    CHECK(l.window[0] > 0.99);
    spmvp_csr_free(R);
    spmvp_csr_free(B);
}

/* Which formats' gathers sweep (format.h's gather_lanes): a row per work-item, V or T
 * work-items a row, and none for storage order. */
static void formats_say_how_their_gathers_sweep(void)
{
    spmvp_csr *A = laplace3x3();
    const spmvp_features *F = features_of(A, NULL);
    CHECK(F->format[SPMVP_CSR_SCALAR].work.gather_lanes == 1);
    CHECK(F->format[SPMVP_CSR_VECTOR].work.gather_lanes == F->format[SPMVP_CSR_VECTOR].map.vector_width);
    CHECK(F->format[SPMVP_ELL].work.gather_lanes == 1 && F->format[SPMVP_ELLR].work.gather_lanes == 1);
    CHECK(F->format[SPMVP_JAD].work.gather_lanes == 1 && F->format[SPMVP_HYB].work.gather_lanes == 1);
    CHECK(F->format[SPMVP_SELL].work.gather_lanes == F->format[SPMVP_SELL].map.sell_t);
    CHECK(F->format[SPMVP_COO].work.gather_lanes == 0 && F->format[SPMVP_CSR_ADAPTIVE].work.gather_lanes == 0);
    spmvp_mapping m = spmvp_mapping_auto();
    m.brc_block = 8; /* every row (3 to 5 entries) one tile */
    CHECK(features_of(A, &m)->format[SPMVP_BRC].work.gather_lanes == 1);
    m.brc_block = 1; /* rows of several tiles */
    CHECK(features_of(A, &m)->format[SPMVP_BRC].work.gather_lanes == 0);
    spmvp_csr_free(A);
}

/* A gather's cost against DRAM's from a measured curve: flat beyond both ends, log-log
 * between windows, 1 without a curve. */
static void gather_cost_follows_the_curve(void)
{
    spmvp_gather_curve c = {3, {1024, 4096, 16384}, {400, 100, 50}, 4096};
    CHECK(NEAR(spmvp_gather_cost(&c, 512), 50.0 / 400));   /* inside the first window */
    CHECK(NEAR(spmvp_gather_cost(&c, 1024), 50.0 / 400));
    CHECK(NEAR(spmvp_gather_cost(&c, 2048), 50.0 / 200));  /* sqrt(400 x 100) halfway in log */
    CHECK(NEAR(spmvp_gather_cost(&c, 8192), 50.0 / sqrt(100.0 * 50)));
    CHECK(NEAR(spmvp_gather_cost(&c, 16384), 1));
    CHECK(NEAR(spmvp_gather_cost(&c, 1e12), 1));           /* beyond the last: DRAM */
    CHECK(spmvp_gather_cost(&c, 0) == 1 && spmvp_gather_cost(NULL, 2048) == 1);
    spmvp_gather_curve d = {4, {1024, 2048, 4096, 8192}, {400, 90, 100, 50}, 0};
    CHECK(NEAR(spmvp_gather_cost(&d, 2048), 50.0 / 100)); /* the dip at 2048 reads as 100 */
    CHECK(NEAR(spmvp_gather_cost(&d, 8192), 1));
    c.n = 1; /* one window says nothing about caches */
    CHECK(spmvp_gather_cost(&c, 2048) == 1);
}

/* Every format's work hook agrees with the plan it would build: the launches and their
 * work-items, and the bytes (the plan's footprint plus its scratch written and read). */
static void every_work_hook_matches_its_plan(void)
{
    const char *specs[] = {"laplace2d:3", "laplace3d:6", "random:300:6:normal:3", "rmat:9",
                           "longrows:3000:3:2:2500"};
    const spmvp_features_target targets[] = {small, {32, 256, 132 * 2048, 4, 48 * 1024, {0}, 0, 0}};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        spmvp_csr *A = NULL;
        CHECK(spmvp_matrix_load(specs[i], &A) == SPMVP_OK);
        for (size_t k = 0; A && k < 2; k++) {
            const spmvp_features_target *t = &targets[k];
            spmvp_features F;
            CHECK(spmvp_features_compute(A, t, NULL, &F) == SPMVP_OK);
            spmvp_target tt = {t->value_size, t->wg_size, t->warp, t->local_mem, 0, t->local_from_l1};
            for (int f = 0; f < SPMVP_NFORMATS; f++) {
                const spmvp_format_features *ff = &F.format[f];
                spmvp_plan p;
                spmvp_status st = spmvp_format_plan((spmvp_format)f, A, &ff->map, &tt, &p);
                CHECK_MSG(st == ff->state, "%s %s: plan %d, work %d", specs[i], spmvp_format_name(f), st, ff->state);
                if (st || ff->state) {
                    spmvp_plan_release(&p);
                    continue;
                }
                long long scratch = 0;
                for (int a = 0; a < p.narrays; a++)
                    scratch += p.array[a].kind == SPMVP_ARRAY_SCRATCH ? (long long)p.array[a].n : 0;
                CHECK_MSG(ff->work.launches == p.nlaunches, "%s %s: %d launches, plan %d", specs[i],
                          spmvp_format_name(f), ff->work.launches, p.nlaunches);
                for (int l = 0; l < p.nlaunches && l < ff->work.launches; l++)
                    CHECK_MSG(ff->work.items[l] == (long long)p.launch[l].items, "%s %s launch %d: %lld, plan %zu",
                              specs[i], spmvp_format_name(f), l, ff->work.items[l], p.launch[l].items);
                long long bytes = (long long)p.footprint + 2 * scratch * (long long)t->value_size;
                CHECK_MSG(ff->work.bytes == bytes, "%s %s: %lld bytes, plan %lld", specs[i],
                          spmvp_format_name(f), ff->work.bytes, bytes);
                CHECK_MSG(ff->work.lockstep_entries >= A->nnz, "%s %s", specs[i], spmvp_format_name(f));
                spmvp_plan_release(&p);
            }
        }
        spmvp_csr_free(A);
    }
}

/* CSR-adaptive: a stream block's rows are summed from local memory by V work-items each,
 * serially, so a long row among short ones is its critical path */
static void adaptive_path_counts_the_row_sums(void)
{
    /* row 0: 20 entries, rows 1 and 2: one each; work-group 8, 8 items: one stream block of
     * 3 rows and 22 entries (share 64), V = 2 (2 x 3 <= 8): 3 load rounds + 10 adds */
    int cols[32], k = 0;
    for (int j = 0; j < 20; j++)
        cols[k++] = j;
    cols[k++] = -1;
    cols[k++] = 1, cols[k++] = -1;
    cols[k++] = 2, cols[k++] = -1;
    cols[k++] = -2;
    spmvp_csr *A = from_rows(3, 20, cols);
    const spmvp_format_features *f = &features_of(A, NULL)->format[SPMVP_CSR_ADAPTIVE];
    CHECK(f->state == SPMVP_OK && f->work.launches == 1);
    CHECK_MSG(f->work.critical_path == 3 + 10, "%lld", f->work.critical_path);
    spmvp_csr_free(A);
}

/* CSR-adaptive: a stream block of few rows, whose rows get SPMVP_ADAPTIVE_DIRECT work-items or
 * more, is summed straight from global memory: no load rounds into local memory first */
static void adaptive_direct_block_strides_over_its_rows(void)
{
    /* two rows of 40; warp 4, work-group 64, 8 items: one stream block of 80 entries (share
     * 512), V = 32 (32 x 2 <= 64): direct. Each row's 32 work-items take ceil(40 / 32) = 2
     * steps: 16 warps x 2 = 32 warp-steps, 4 x 32 = 128; the path is those 2 steps (staged,
     * it would be ceil(80 / 64) = 2 load rounds more) */
    static const spmvp_features_target wide = {4, 64, 256, 8, 48 * 1024, {0}, 0, 0};
    int cols[84], k = 0;
    for (int r = 0; r < 2; r++) {
        for (int j = 0; j < 40; j++)
            cols[k++] = j;
        cols[k++] = -1;
    }
    cols[k++] = -2;
    spmvp_csr *A = from_rows(2, 40, cols);
    static spmvp_features F;
    CHECK(spmvp_features_compute(A, &wide, NULL, &F) == SPMVP_OK);
    const spmvp_format_features *f = &F.format[SPMVP_CSR_ADAPTIVE];
    CHECK(f->state == SPMVP_OK && f->work.launches == 1);
    CHECK_MSG(f->work.lockstep_entries == 128 && f->work.critical_path == 2, "%lld %lld",
              f->work.lockstep_entries, f->work.critical_path);
    spmvp_csr_free(A);
}

int main(void)
{
    RUN(table1_of_a_diagonal_has_no_distances);
    RUN(table1_of_laplace2d_3);
    RUN(work_of_laplace2d_3);
    RUN(an_empty_row_and_a_long_one);
    RUN(a_stencil_touches_fewer_sectors_than_a_scattered_matrix);
    RUN(lockstep_windows_by_hand_and_by_order_statistics);
    RUN(formats_say_how_their_gathers_sweep);
    RUN(gather_cost_follows_the_curve);
    RUN(every_work_hook_matches_its_plan);
    RUN(adaptive_path_counts_the_row_sums);
    RUN(adaptive_direct_block_strides_over_its_rows);
    return test_report();
}
