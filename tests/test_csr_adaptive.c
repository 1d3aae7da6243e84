/* test_csr_adaptive.c: CSR-adaptive's row blocks (model/sparse/csr_adaptive.h): every row in
 * exactly one block or long row, the bins and their limits, the products through the blocks,
 * on the edge cases; and its plan. */
#include "csr_adaptive.h"
#include "format.h"
#include "stats.h"
#include "test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Row i has len[i] entries in consecutive columns; small integer values, so that every sum in
 * any order is exact. */
static spmvp_csr *from_lengths(spmvp_idx nrows, spmvp_idx ncols, const spmvp_idx *len)
{
    long long nnz = 0;
    for (spmvp_idx i = 0; i < nrows; i++)
        nnz += len[i];
    spmvp_csr *A = spmvp_csr_alloc(nrows, ncols, (spmvp_idx)nnz);
    spmvp_idx k = 0;
    for (spmvp_idx i = 0; A && i < nrows; i++) {
        spmvp_idx first = (spmvp_idx)((7LL * i) % (ncols - len[i] + 1));
        for (spmvp_idx j = 0; j < len[i]; j++, k++) {
            A->colidx[k] = first + j;
            A->val[k] = (double)((i + 3 * j) % 7) - 3.0;
        }
        A->rowptr[i + 1] = k;
    }
    return A;
}

/* The invariants of B's blocks for A; what names the case. */
static void check_blocks(const spmvp_csr *A, const spmvp_csr_adaptive *B, const char *what)
{
    const spmvp_idx *rp = A->rowptr;
    long long share = B->share, longest = share * SPMVP_ADAPTIVE_LONG;
    spmvp_idx row = 0, slot = 0, nlong = 0;
    int paths = 0; /* the kernel's paths, by cl/csr_adaptive.cl's own tests of a block */
    const int direct_only = spmvp_csr_adaptive_direct_only(A); /* rows of 128 or more on average */
    const int fixed_v = direct_only && B->wg >= SPMVP_ADAPTIVE_DIRECT; /* the kernel's ADAPT_V */
    for (spmvp_idx b = 0; b < B->nblocks; b++) {
        const spmvp_idx *d = B->blocks + 3 * b;
        if (d[2] >= 0 || (d[1] - d[0] == 1 && rp[d[1]] - rp[d[0]] > share))
            paths |= SPMVP_ADAPTIVE_PATH_WHOLE; /* a chunk, or a medium row */
        else /* with a constant v (stream_v) a last direct block is staged too */
            paths |= (d[1] - d[0]) * SPMVP_ADAPTIVE_DIRECT <= B->wg && !B->stream_v ? SPMVP_ADAPTIVE_PATH_DIRECT
                                                                                     : SPMVP_ADAPTIVE_PATH_STAGED;
        if (d[2] < 0) { /* stream or vector block: the next rows */
            long long n = rp[d[1]] - rp[d[0]];
            CHECK_MSG(d[0] == row && d[1] > d[0] && d[1] - d[0] <= B->wg, "%s: block %d rows "
                      "[%d, %d) after row %d", what, (int)b, (int)d[0], (int)d[1], (int)row);
            /* more than a share of entries: one medium row, or a direct block (rows of
             * SPMVP_ADAPTIVE_DIRECT work-items each, read from global memory) of rows of a
             * share or less */
            long long widest = 0;
            for (spmvp_idx r = d[0]; r < d[1]; r++)
                widest = rp[r + 1] - rp[r] > widest ? rp[r + 1] - rp[r] : widest;
            int direct = (d[1] - d[0]) * SPMVP_ADAPTIVE_DIRECT <= B->wg;
            CHECK_MSG(!direct_only || direct, "%s: block %d of %d rows is not direct", what,
                      (int)b, (int)(d[1] - d[0]));
            CHECK_MSG(n <= share || (d[1] - d[0] == 1 && n <= longest) || (direct && widest <= share),
                      "%s: block %d has %lld entries in %d rows", what, (int)b, n, (int)(d[1] - d[0]));
            /* greedy: the next row would not have fitted (unless the block is full of rows):
             * too many entries for a stream block (a matrix of direct blocks only has none)
             * and too many rows for a direct one, a row longer than a share, or a longest row
             * of more than SPMVP_ADAPTIVE_SERIAL serial adds for its v work-items */
            if (widest <= share && d[1] < A->nrows && d[1] - d[0] < B->wg) {
                long long next = rp[d[1] + 1] - rp[d[1]], rows = d[1] + 1 - d[0], v = B->wg;
                long long m = next > widest ? next : widest;
                while (v > 1 && v * rows > B->wg)
                    v >>= 1;
                /* a direct-only matrix's rows get 32 work-items wherever they go (fixed_v):
                 * no serial bound ends its blocks */
                CHECK_MSG(((direct_only || rp[d[1] + 1] - rp[d[0]] > share) &&
                           rows * SPMVP_ADAPTIVE_DIRECT > B->wg) ||
                              next > share || (!fixed_v && (m + v - 1) / v > SPMVP_ADAPTIVE_SERIAL),
                          "%s: block %d stops early", what, (int)b);
            }
            if (widest <= share && !fixed_v) { /* and its serial sums stay within the bound */
                long long m = widest, rows = d[1] - d[0], v = B->wg;
                while (v > 1 && v * rows > B->wg)
                    v >>= 1;
                CHECK_MSG((m + v - 1) / v <= SPMVP_ADAPTIVE_SERIAL, "%s: block %d's "
                          "longest row, %lld entries, takes %lld serial adds", what, (int)b, m, (m + v - 1) / v);
            }
            row = d[1];
            continue;
        }
        /* a long row: its chunks in order, then its entry in the long-row table */
        CHECK_MSG(nlong < B->nlong && B->longrows[3 * nlong] == row, "%s: chunk of row %d", what, (int)row);
        if (nlong >= B->nlong)
            return;
        const spmvp_idx *l = B->longrows + 3 * nlong;
        CHECK_MSG(rp[row + 1] - rp[row] > longest && l[1] == slot, "%s: long row %d", what, (int)row);
        spmvp_idx k = rp[row];
        for (; b < B->nblocks && B->blocks[3 * b + 2] >= 0 && k < rp[row + 1]; b++, slot++) {
            d = B->blocks + 3 * b;
            CHECK_MSG(d[0] == k && d[1] > k && d[1] - k <= share && d[2] == slot,
                      "%s: chunk %d of row %d", what, (int)b, (int)row);
            k = d[1];
        }
        b--;
        CHECK_MSG(k == rp[row + 1] && l[2] == slot, "%s: row %d's chunks end at %d", what, (int)row, (int)k);
        nlong++;
        row++;
    }
    CHECK_MSG(row == A->nrows && nlong == B->nlong && slot == B->nslots, "%s: blocks end at row %d "
              "of %d, %d long rows of %d, %d slots of %d", what, (int)row, (int)A->nrows,
              (int)nlong, (int)B->nlong, (int)slot, (int)B->nslots);
    /* the program is built with these paths only: one missing would leave its blocks' rows
     * unwritten */
    CHECK_MSG(B->paths == paths, "%s: paths %d, the blocks take %d", what, B->paths, paths);
}

/* Blocks for A at a few shapes of work-group, their invariants and product. */
static void check_matrix(const spmvp_csr *A, const char *what)
{
    static const spmvp_idx shapes[][2] = {{256, 8}, {32, 1}, {64, 3}, {1024, 2}};
    double *x = malloc(((size_t)A->ncols + 1) * sizeof *x);
    double *y = malloc(((size_t)A->nrows + 1) * sizeof *y), *ref = malloc(((size_t)A->nrows + 1) * sizeof *ref);
    for (spmvp_idx j = 0; j < A->ncols; j++)
        x[j] = (double)(j % 5) - 2.0;
    spmvp_csr_spmv(A, x, ref);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        spmvp_csr_adaptive *B = spmvp_csr_adaptive_from_csr(A, shapes[s][0], shapes[s][1]);
        CHECK_MSG(B != NULL, "%s: %s", what, spmvp_last_error());
        if (!B)
            continue;
        CHECK(B->share == shapes[s][0] * shapes[s][1] && B->nrows == A->nrows);
        check_blocks(A, B, what);
        for (spmvp_idx i = 0; i < A->nrows; i++)
            y[i] = NAN;
        spmvp_csr_adaptive_spmv(B, A, x, y);
        for (spmvp_idx i = 0; i < A->nrows; i++)
            CHECK_MSG(y[i] == ref[i], "%s wg %d items %d: row %d is %g, want %g", what,
                      (int)shapes[s][0], (int)shapes[s][1], (int)i, y[i], ref[i]);
        spmvp_csr_adaptive_free(B);
    }
    free(x);
    free(y);
    free(ref);
}

static void blocks_cover_every_row_once_on_the_edge_cases(void)
{
    static spmvp_idx lens[30000];
    struct { spmvp_idx rows, cols; const char *what; } cases[] = {
        {0, 0, "0x0"}, {1, 1, "1x1"}, {17, 5, "no entries"}, {50, 40, "empty rows"},
        {700, 9, "tall"}, {9, 3000, "wide"}, {30000, 120000, "a row of 100,000 among short rows"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        spmvp_idx n = cases[c].rows;
        for (spmvp_idx i = 0; i < n; i++) {
            switch (c) {
            case 1: lens[i] = 1; break;
            case 2: lens[i] = 0; break;
            case 3: lens[i] = (i % 3 == 0 || i == n - 1) ? 0 : 1 + i % 5; break;
            case 4: lens[i] = 1 + i % 4; break;
            case 5: lens[i] = 20 + 300 * i; break;
            default: lens[i] = i == 7000 ? 100000 : i >= n - 3 ? 2500 : i % 9 == 0 ? 0 : 1 + i % 4;
            }
        }
        spmvp_csr *A = from_lengths(n, cases[c].cols, lens);
        CHECK_MSG(A != NULL, "%s", cases[c].what);
        if (A)
            check_matrix(A, cases[c].what);
        spmvp_csr_free(A);
    }
}

/* A power-law graph's blocks: 255 one-entry rows, then one of 2,000 (within a share of 2,048
 * at work-group 256 and 8 items): packed greedily it would join the 255 in one block with one
 * work-item a row and 2,000 serial adds; bounded to 32 it needs 64 work-items, so it shares
 * its block with three rows at most. */
static void a_long_row_among_short_ones_ends_the_stream_block(void)
{
    static spmvp_idx lens[600];
    spmvp_idx n = 600;
    for (spmvp_idx i = 0; i < n; i++)
        lens[i] = i == 255 ? 2000 : 1;
    spmvp_csr *A = from_lengths(n, 4000, lens);
    spmvp_csr_adaptive *B = A ? spmvp_csr_adaptive_from_csr(A, 256, 8) : NULL;
    CHECK(A && B);
    if (A && B) {
        check_blocks(A, B, "a row of 2,000 after 255 of 1");
        for (spmvp_idx b = 0; b < B->nblocks; b++) {
            const spmvp_idx *d = B->blocks + 3 * b;
            if (d[0] <= 255 && 255 < d[1])
                CHECK_MSG(d[1] - d[0] <= 4, "the row of 2,000 shares a block of %d rows", (int)(d[1] - d[0]));
        }
        CHECK_MSG(B->nblocks == 4, "%d blocks, want 4 (255 rows, 4 rows, 256, 85)", (int)B->nblocks);
    }
    spmvp_csr_adaptive_free(B);
    spmvp_csr_free(A);
}

static void rows_are_binned_by_length(void)
{
    /* share 64 (32 x 2): rows of 10 pack 6 to a block; 100 (medium) alone; 300 (> 256) in 5
     * chunks; 1-entry rows 32 to a block (the work-group's rows) */
    spmvp_idx lens[] = {10, 10, 10, 10, 10, 10, 10, 100, 300, 0, 0};
    spmvp_idx n = sizeof lens / sizeof lens[0];
    spmvp_csr *A = from_lengths(n, 400, lens);
    spmvp_csr_adaptive *B = spmvp_csr_adaptive_from_csr(A, 32, 2);
    CHECK(A && B);
    if (!A || !B)
        goto out;
    CHECK(B->nblocks == 1 + 1 + 1 + 5 + 1 && B->nlong == 1 && B->nslots == 5);
    CHECK(B->blocks[0] == 0 && B->blocks[1] == 6 && B->blocks[2] == -1);
    CHECK(B->blocks[3] == 6 && B->blocks[4] == 7 && B->blocks[6] == 7 && B->blocks[7] == 8);
    CHECK(B->blocks[9] == A->rowptr[8] && B->blocks[10] == A->rowptr[8] + 64 && B->blocks[11] == 0);
    CHECK(B->blocks[21] == A->rowptr[8] + 256 && B->blocks[22] == A->rowptr[9] && B->blocks[23] == 4);
    CHECK(B->blocks[24] == 9 && B->blocks[25] == 11);
    CHECK(B->longrows[0] == 8 && B->longrows[1] == 0 && B->longrows[2] == 5);
    /* rows 0-5 through local memory, row 6 alone direct, row 7 medium, row 8 chunks */
    CHECK(B->paths == (SPMVP_ADAPTIVE_PATH_STAGED | SPMVP_ADAPTIVE_PATH_DIRECT |
                       SPMVP_ADAPTIVE_PATH_WHOLE));
    spmvp_csr_adaptive_free(B);
    for (spmvp_idx i = 0; i < n; i++)
        lens[i] = 1;
    spmvp_csr_free(A);
    A = from_lengths(n, 5, lens);
    B = spmvp_csr_adaptive_from_csr(A, 4, 16); /* 11 short rows, 4 per work-group */
    CHECK(B && B->nblocks == 3 && B->blocks[3] == 4 && B->blocks[4] == 8);
    CHECK(B && B->paths == SPMVP_ADAPTIVE_PATH_STAGED);
    spmvp_csr_adaptive_free(B);
    spmvp_csr_free(A);
    /* rows of 5 and 300 in turn, 152.5 on average: direct blocks only, 8 rows each at WG 256
     * (a share of 2,048 would take 13), so the program has no stream path; rows of 100 and
     * 120 (110 on average) stay in stream blocks of up to a share */
    spmvp_idx mixed[64];
    for (int i = 0; i < 64; i++)
        mixed[i] = i % 2 ? 300 : 5;
    A = from_lengths(64, 400, mixed);
    B = spmvp_csr_adaptive_from_csr(A, 256, 8);
    CHECK(A && B && spmvp_csr_adaptive_direct_only(A) && B->nblocks == 8);
    CHECK(B && B->paths == SPMVP_ADAPTIVE_PATH_DIRECT && B->blocks[1] == 8 && B->blocks[22] == 64);
    if (A && B)
        check_blocks(A, B, "rows of 5 and 300");
    spmvp_csr_adaptive_free(B);
    spmvp_csr_free(A);
    /* rows of 10 and 2,000 in turn: 2,000 entries take 63 serial steps of 32 work-items, past
     * SPMVP_ADAPTIVE_SERIAL, yet every row gets 32 in a direct-only matrix (the kernel's
     * ADAPT_V): still 8 rows a block, not 4 */
    for (int i = 0; i < 64; i++)
        mixed[i] = i % 2 ? 2000 : 10;
    A = from_lengths(64, 4000, mixed);
    B = spmvp_csr_adaptive_from_csr(A, 256, 8);
    CHECK(A && B && spmvp_csr_adaptive_direct_only(A) && B->nblocks == 8 && B->paths == SPMVP_ADAPTIVE_PATH_DIRECT);
    if (A && B)
        check_blocks(A, B, "rows of 10 and 2,000");
    spmvp_csr_adaptive_free(B);
    spmvp_csr_free(A);
    for (int i = 0; i < 64; i++)
        mixed[i] = i % 2 ? 120 : 100;
    A = from_lengths(64, 400, mixed);
    B = spmvp_csr_adaptive_from_csr(A, 256, 8);
    CHECK(A && B && !spmvp_csr_adaptive_direct_only(A) && B->paths == SPMVP_ADAPTIVE_PATH_STAGED);
    CHECK(B && B->blocks[1] == 18); /* 18 rows of 110: 1,980 entries of 2,048 */
out:
    spmvp_csr_adaptive_free(B);
    spmvp_csr_free(A);
}

static void bad_shapes_are_refused(void)
{
    spmvp_idx len = 1;
    spmvp_csr *A = from_lengths(1, 1, &len);
    CHECK(spmvp_csr_adaptive_from_csr(A, 0, 8) == NULL);
    CHECK(spmvp_csr_adaptive_from_csr(A, 256, 0) == NULL);
    CHECK(spmvp_csr_adaptive_from_csr(A, 1024, 1 << 20) == NULL && strstr(spmvp_last_error(), "32-bit"));
    CHECK(spmvp_csr_adaptive_free(NULL) == NULL);
    spmvp_csr_free(A);
}

static void plan_sums_the_long_rows_in_the_same_launch(void)
{
    spmvp_idx lens[300];
    for (int i = 0; i < 300; i++)
        lens[i] = 3;
    spmvp_csr *A = from_lengths(300, 300, lens);
    spmvp_target t = {8, 32, 32, 48 * 1024, 0, 0};
    spmvp_mapping m = spmvp_mapping_auto();
    spmvp_plan p;
    CHECK(A && spmvp_format_plan(SPMVP_CSR_ADAPTIVE, A, &m, &t, &p) == SPMVP_OK);
    /* share 256: 32 rows of 3 per block */
    CHECK(p.nlaunches == 1 && p.launch[0].items == 10 * 32 && strstr(p.launch[0].options, "-DITEMS=8"));
    CHECK(strstr(p.launch[0].options, "-DADAPT_PATHS=1") != NULL); /* stream blocks only */
    CHECK(strstr(p.launch[0].options, "-DADAPT_SV=1") != NULL); /* 32 rows a block of 32: v = 1 */
    CHECK(p.footprint == spmvp_csr_bytes(A, 8) + 3 * 10 * sizeof(spmvp_idx));
    spmvp_plan_release(&p);
    lens[100] = 2000; /* > 4 x 256: 8 chunks */
    spmvp_csr_free(A);
    A = from_lengths(300, 3000, lens);
    CHECK(A && spmvp_format_plan(SPMVP_CSR_ADAPTIVE, A, &m, &t, &p) == SPMVP_OK);
    /* one launch: the row's last chunk sums its 8 slots; a counter per long row, zeroed */
    CHECK(p.nlaunches == 1 && p.array[5].kind == SPMVP_ARRAY_SCRATCH && p.array[5].n == 8);
    CHECK(p.array[6].kind == SPMVP_ARRAY_INDEX && p.array[6].n == 1 && *(const spmvp_idx *)p.array[6].host == 0);
    CHECK(strstr(p.params, "1 long rows") != NULL);
    CHECK(strstr(p.launch[0].options, "-DADAPT_PATHS=5") != NULL); /* and the row's chunks */
    CHECK(strstr(p.params, "blocks (stream+whole-group)") != NULL);
    CHECK(strstr(p.launch[0].options, "ADAPT_SV") == NULL); /* v per block with the chunks */
    spmvp_plan_release(&p);
    m.adaptive_items = 200; /* 32 x 200 doubles do not fit 48 KiB */
    CHECK(spmvp_format_plan(SPMVP_CSR_ADAPTIVE, A, &m, &t, &p) == SPMVP_ERR_UNSUITABLE);
    CHECK(strstr(spmvp_last_error(), "local memory") != NULL);
    m.adaptive_items = 0;
    t.wg_size = 48;
    CHECK(spmvp_format_plan(SPMVP_CSR_ADAPTIVE, A, &m, &t, &p) == SPMVP_ERR_ARG);
    t.wg_size = 256;
    t.local_mem = 16 * 1024; /* automatic items shrink: (256 x 4 + 256) doubles + 257 row starts = 11 KiB */
    CHECK(spmvp_format_plan(SPMVP_CSR_ADAPTIVE, A, &m, &t, &p) == SPMVP_OK && strstr(p.params, "4 entries"));
    spmvp_plan_release(&p);
    spmvp_csr_free(A);
}

/* The constant v of a stream-only matrix: its blocks' least, where its longest row then keeps
 * the serial bound; 0 with a direct block, a medium or long row, or a row too long for it. */
static void a_stream_only_matrix_gets_one_v(void)
{
    enum { N = 4000 };
    static spmvp_idx lens[N];
    static const struct {
        spmvp_idx a, b; /* rows [0, N/2) of a entries, the rest of b */
        long long wg;
        int v;
    } cases[] = {
        {7, 7, 256, 1},     /* 256 rows a block (the share 2,048 takes 292) */
        {20, 60, 256, 2},   /* 102 rows of 20 a block (v 2), 34 of 60 (v 4): 2, 60 <= 64 */
        {20, 60, 64, 2},    /* 25 (v 2) and 8 (v 8) a block of 64 work-items */
        {1, 100, 256, 0},   /* v 1 for the rows of 1, 100 > 32 serial adds */
        {5, 300, 256, 0},   /* direct blocks (and 152.5 on average: direct only) */
        {3, 3000, 256, 0},  /* a medium row, longer than a share */
        {40, 110, 256, 4},  /* 18 rows of 110 a block (v 8), ending in 2 (direct: staged here) */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int i = 0; i < N; i++)
            lens[i] = i < N / 2 ? cases[c].a : cases[c].b;
        if (cases[c].b == 3000) /* one medium row among short ones */
            for (int i = N / 2 + 1; i < N; i++)
                lens[i] = 3;
        spmvp_csr *A = from_lengths(N, 4000, lens);
        CHECK(A != NULL);
        if (!A)
            continue;
        int v = spmvp_csr_adaptive_stream_v(A->rowptr, A->nrows, cases[c].wg, 8);
        CHECK_MSG(v == cases[c].v, "rows of %d and %d at %lld: v %d, not %d", (int)cases[c].a,
                  (int)cases[c].b, cases[c].wg, v, cases[c].v);
        spmvp_csr_adaptive *B = spmvp_csr_adaptive_from_csr(A, (spmvp_idx)cases[c].wg, 8);
        CHECK(B && B->stream_v == v);
        spmvp_csr_adaptive_free(B);
        spmvp_csr_free(A);
    }
    CHECK(spmvp_csr_adaptive_stream_v(NULL, 0, 256, 8) == 0);
}

/* SPMVP_ADAPTIVE_LEAN_FILL: on a device whose local memory is L1's, 4 entries a work-item where
 * the stream blocks at 8 would fill at most half their share on average, 8 where they fill
 * more; the work hook takes the same (the blocks it counts are the plan's); a mapping's items
 * are kept; elsewhere 8. */
static void lean_share_where_the_blocks_use_half_of_it(void)
{
    enum { N = 3000 };
    static spmvp_idx lens[N];
    static const struct {
        spmvp_idx a, b; /* rows of a entries, every 50th of b */
        int items;
    } cases[] = {
        {4, 4, 4},     /* 256 rows of 4 a block: 1,024 of 2,048, fill 0.5 */
        {3, 3, 4},     /* fill 0.375, the same 256 rows a block at 1,024 */
        {7, 7, 8},     /* 256 rows of 7: fill 0.875 */
        {20, 20, 8},   /* 102 rows of 20: fill 0.996 */
        {2, 60, 4},    /* the serial bound ends the blocks early: v 1 from 128 rows on */
        {5, 300, 4},   /* each row of 300 (v 32: direct) ends a block of 49 rows of 5: fill 0.12 */
        {200, 200, 8}, /* direct only (a mean of 128 or more): no stream block, no local memory */
    };
    spmvp_target t = {8, 256, 32, 48 * 1024, 0, 1};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int i = 0; i < N; i++)
            lens[i] = i % 50 == 49 ? cases[c].b : cases[c].a;
        spmvp_csr *A = from_lengths(N, 4000, lens);
        spmvp_rowlen_stats *st = A ? spmvp_rowlen_stats_from_csr(A) : NULL;
        CHECK(A && st);
        if (!A || !st) {
            spmvp_csr_free(A);
            continue;
        }
        spmvp_mapping m = spmvp_mapping_auto(), mi = m;
        mi.adaptive_items = cases[c].items;
        spmvp_plan p;
        char opt[32];
        snprintf(opt, sizeof opt, "-DITEMS=%d ", cases[c].items);
        CHECK(spmvp_format_plan(SPMVP_CSR_ADAPTIVE, A, &m, &t, &p) == SPMVP_OK);
        CHECK_MSG(strstr(p.launch[0].options, opt) != NULL, "rows of %d and %d: %s, not %s",
                  (int)cases[c].a, (int)cases[c].b, p.launch[0].options, opt);
        spmvp_plan_release(&p);
        spmvp_work w, wi;
        CHECK(spmvp_format_work(SPMVP_CSR_ADAPTIVE, A, st, &m, &t, &w) == SPMVP_OK);
        CHECK(spmvp_format_work(SPMVP_CSR_ADAPTIVE, A, st, &mi, &t, &wi) == SPMVP_OK);
        CHECK(w.bytes == wi.bytes && w.critical_path == wi.critical_path &&
              w.lockstep_entries == wi.lockstep_entries && w.items[0] == wi.items[0]);
        mi.adaptive_items = 8; /* a mapping's items stand */
        CHECK(spmvp_format_plan(SPMVP_CSR_ADAPTIVE, A, &mi, &t, &p) == SPMVP_OK);
        CHECK(strstr(p.launch[0].options, "-DITEMS=8 ") != NULL);
        spmvp_plan_release(&p);
        t.local_from_l1 = 0; /* local memory of its own: a share unused costs no cache */
        CHECK(spmvp_format_plan(SPMVP_CSR_ADAPTIVE, A, &m, &t, &p) == SPMVP_OK);
        CHECK(strstr(p.launch[0].options, "-DITEMS=8 ") != NULL);
        spmvp_plan_release(&p);
        t.local_from_l1 = 1;
        spmvp_rowlen_stats_free(st);
        spmvp_csr_free(A);
    }
    /* 512 rows of 4: two stream blocks of 256 rows, 1,024 entries each of a share of 2,048 */
    for (int i = 0; i < 512; i++)
        lens[i] = 4;
    spmvp_csr *A = from_lengths(512, 512, lens);
    spmvp_csr_adaptive *B = A ? spmvp_csr_adaptive_from_csr(A, 256, 8) : NULL;
    CHECK(B && B->staged_blocks == 2 && B->staged_entries == 2048 && spmvp_csr_adaptive_fill(B) == 0.5);
    spmvp_csr_adaptive_free(B);
    B = A ? spmvp_csr_adaptive_from_csr_lean(A, 256, 8, 1) : NULL; /* the same rows at half */
    CHECK(B && B->share == 1024 && B->nblocks == 2 && spmvp_csr_adaptive_fill(B) == 1.0);
    spmvp_csr_adaptive_free(B);
    spmvp_csr_free(A);
}

int main(void)
{
    RUN(blocks_cover_every_row_once_on_the_edge_cases);
    RUN(rows_are_binned_by_length);
    RUN(a_long_row_among_short_ones_ends_the_stream_block);
    RUN(bad_shapes_are_refused);
    RUN(plan_sums_the_long_rows_in_the_same_launch);
    RUN(a_stream_only_matrix_gets_one_v);
    RUN(lean_share_where_the_blocks_use_half_of_it);
    return test_report();
}
