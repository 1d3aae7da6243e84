/* test_cl_kernels.c: every format x both precisions x edge-case, generated and real matrices
 * on the default OpenCL device (PoCL in CI), each result checked against the CPU reference. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "csr_adaptive.h"
#include "stage.h"
#include "stencil.h"
#include "test.h"

static spmvp_context *ctx;

/* A CSR built from a row-length list, columns spread deterministically, values varied. */
static spmvp_csr *from_lengths(spmvp_idx nrows, spmvp_idx ncols, const spmvp_idx *len)
{
    size_t n = 0;
    for (spmvp_idx i = 0; i < nrows; i++)
        n += (size_t)len[i];
    spmvp_idx *ri = calloc(n + 1, sizeof *ri), *ci = calloc(n + 1, sizeof *ci);
    double *v = calloc(n + 1, sizeof *v);
    size_t k = 0;
    for (spmvp_idx i = 0; i < nrows; i++)
        for (spmvp_idx j = 0; j < len[i]; j++, k++) {
            ri[k] = i;
            ci[k] = (spmvp_idx)(((long long)j * 7919 + i) % ncols);
            v[k] = 0.5 + (double)((i * 31 + j * 17) % 97) / 64.0;
        }
    spmvp_csr *A = spmvp_csr_from_triplets(nrows, ncols, n, ri, ci, v);
    free(ri);
    free(ci);
    free(v);
    return A;
}

static spmvp_csr *edge_matrix(int which, char *name, size_t len)
{
    static spmvp_idx lens[60001];
    switch (which) {
    case 0: /* empty rows first, last and in between */
        snprintf(name, len, "empty-rows");
        for (int i = 0; i < 50; i++) lens[i] = (i % 3 == 0 || i == 49) ? 0 : 1 + i % 5;
        return from_lengths(50, 40, lens);
    case 1:
        snprintf(name, len, "1x1");
        lens[0] = 1;
        return from_lengths(1, 1, lens);
    case 2: /* one dense row among empty ones */
        snprintf(name, len, "one-dense-row");
        for (int i = 0; i < 30; i++) lens[i] = i == 13 ? 300 : 0;
        return from_lengths(30, 300, lens);
    case 3:
        snprintf(name, len, "rectangular-tall");
        for (int i = 0; i < 700; i++) lens[i] = 1 + i % 4;
        return from_lengths(700, 9, lens);
    case 4:
        snprintf(name, len, "rectangular-wide");
        for (int i = 0; i < 9; i++) lens[i] = 20 + 30 * i;
        return from_lengths(9, 700, lens);
    case 5: /* a very long row among short ones: COO rows across many chunks */
        snprintf(name, len, "long-row");
        for (int i = 0; i < 3000; i++) lens[i] = i == 1500 ? 2999 : 1 + i % 3;
        return from_lengths(3000, 3000, lens);
    case 6:
        snprintf(name, len, "no-entries");
        for (int i = 0; i < 17; i++) lens[i] = 0;
        return from_lengths(17, 5, lens);
    case 7:
        snprintf(name, len, "0x0");
        return from_lengths(0, 0, lens);
    case 8: /* rows 20,000 apart: one COO tile spans 60,000 rows, almost all of them empty */
        snprintf(name, len, "rows-far-apart");
        for (int i = 0; i < 60001; i++) lens[i] = i % 20000 == 0 ? 3 : 0;
        return from_lengths(60001, 50, lens);
    default:
        return NULL;
    }
}

/* Every format on A in precision vs with mapping m; the formats padded to the longest row (ELL,
 * ELL-R) may be unsuitable when ell_may_fail. */
static void check_formats(const spmvp_csr *A, const char *name, size_t vs, spmvp_mapping m,
                          int ell_may_fail)
{
    spmvp_bench_options opt = {.spmv = spmvp_spmv_defaults(vs), .runs = 1, .batch = 2};
    opt.spmv.map = m;
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        spmvp_bench_result r;
        spmvp_status st = spmvp_bench_format(ctx, A, (spmvp_format)f, &opt, &r);
        int skip = ell_may_fail && (f == SPMVP_ELL || f == SPMVP_ELLR) && r.state == SPMVP_BENCH_UNSUITABLE;
        CHECK_MSG(st == SPMVP_OK && (r.state == SPMVP_BENCH_OK || skip), "%s %s %s wg %d: %s",
                  name, spmvp_format_name((spmvp_format)f), vs == 8 ? "double" : "single",
                  m.wg_size, r.note);
    }
}

static void check_all_formats(const spmvp_csr *A, const char *name, size_t vs)
{
    check_formats(A, name, vs, spmvp_mapping_auto(), 0);
}

static void every_format_should_match_the_cpu_on_edge_cases(void)
{
    char name[64];
    for (int w = 0;; w++) {
        spmvp_csr *A = edge_matrix(w, name, sizeof name);
        if (!A)
            break;
        check_all_formats(A, name, 4);
        if (ctx->info.fp64)
            check_all_formats(A, name, 8);
        spmvp_csr_free(A);
    }
}

static void every_format_should_match_the_cpu_on_real_matrices(void)
{
    static const char *files[] = {
        "bcsstk04", "west0381", "1138_bus", "Harvard500", "lp_e226", "Journals",
        "cage8", "Erdos971", "rajat14", "bcspwr10", "add32", "tomography",
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/matrices/%s.mtx.gz", SPMVP_SOURCE_DIR, files[i]);
        spmvp_csr *A = NULL;
        spmvp_status st = spmvp_mm_read(path, &A);
        CHECK_MSG(st == SPMVP_OK, "%s", spmvp_last_error());
        if (!A)
            continue;
        check_all_formats(A, files[i], 4);
        if (ctx->info.fp64)
            check_all_formats(A, files[i], 8);
        spmvp_csr_free(A);
    }
}

static void every_format_should_match_the_cpu_on_stencils(void)
{
    static const char *specs[] = {"laplace2d:31", "laplace3d:12", "laplace3d27:7"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        spmvp_csr *A = NULL;
        CHECK(spmvp_matrix_load(specs[i], &A) == SPMVP_OK);
        if (!A)
            continue;
        check_all_formats(A, specs[i], 4);
        if (ctx->info.fp64)
            check_all_formats(A, specs[i], 8);
        spmvp_csr_free(A);
    }
}

/* Matrices that CSR-scalar reads 4 entries a load (cl/csr_scalar.cl; every row starts at a
 * multiple of 4): rows of 16 in blocks, and rows of 0, 8, 16, 24 and 32 entries. */
static void every_format_should_match_the_cpu_on_rows_of_multiples_of_4(void)
{
    spmvp_idx n = 999;
    spmvp_idx *lens = calloc((size_t)n, sizeof *lens);
    for (spmvp_idx i = 0; lens && i < n; i++)
        lens[i] = 8 * (i % 5);
    spmvp_csr *R = lens ? from_lengths(n, 700, lens) : NULL, *B = NULL;
    CHECK(R && spmvp_matrix_load("blockdiag:96:16", &B) == SPMVP_OK);
    const spmvp_csr *m[] = {R, B};
    const char *names[] = {"rows of 0-32 entries", "blockdiag:96:16"};
    for (int i = 0; i < 2; i++) {
        if (!m[i])
            continue;
        check_all_formats(m[i], names[i], 4);
        if (ctx->info.fp64)
            check_all_formats(m[i], names[i], 8);
    }
    spmvp_csr_free(R);
    spmvp_csr_free(B);
    free(lens);
}

/* Rows longer than a work-group's share of entries, carries across many work-groups and
 * levels of carries (small tiles: 32 work-items x 2 entries), a power-law graph. */
static void every_format_should_match_the_cpu_on_long_rows_and_graphs(void)
{
    spmvp_idx n = 30000;
    spmvp_idx *lens = calloc((size_t)n, sizeof *lens);
    for (spmvp_idx i = 0; i < n; i++)
        lens[i] = 1 + i % 3;
    lens[7000] = 100000;                     /* one row of 100,000 among short ones */
    lens[n - 1] = lens[n - 2] = 5000;        /* long rows side by side, at the end */
    lens[0] = 9000;                          /* and first */
    for (spmvp_idx i = 20000; i < 20040; i++) /* medium rows (CSR-adaptive reads them directly) */
        lens[i] = 300 + 37 * (i % 5);
    spmvp_csr *A = from_lengths(n, 120000, lens), *G = NULL;
    CHECK(A && spmvp_matrix_load("rmat:14", &G) == SPMVP_OK);
    spmvp_mapping small = spmvp_mapping_auto();
    small.wg_size = 32;
    small.coo_items = 1;
    small.adaptive_items = 1; /* share 32: rows over 128 entries are long */
    small.brc_block = 1;      /* the row of 100,000 in 3,125 tiles: 49 groups of 64 (brc.h) */
    for (size_t vs = 4; vs <= 8; vs += 4) {
        if (vs == 8 && !ctx->info.fp64)
            break;
        if (A) {
            check_formats(A, "long rows", vs, spmvp_mapping_auto(), 1);
            check_formats(A, "long rows", vs, small, 1);
        }
        if (G) {
            check_formats(G, "rmat:14", vs, spmvp_mapping_auto(), 0);
            check_formats(G, "rmat:14", vs, small, 0);
        }
    }
    free(lens);
    spmvp_csr_free(A);
    spmvp_csr_free(G);
}

/* CSR-adaptive on A against the CPU in both precisions, at the automatic work-group size and
 * at 32, 64 and 256 work-items; what names the case. */
static void check_adaptive_at_wgs(const spmvp_csr *A, const char *what)
{
    static const size_t wgs[] = {0, 32, 64, 256};
    for (size_t vs = 4; vs <= 8; vs += 4) {
        if (vs == 8 && !ctx->info.fp64)
            break;
        for (size_t i = 0; i < sizeof wgs / sizeof wgs[0]; i++) {
            spmvp_bench_options opt = {.spmv = spmvp_spmv_defaults(vs), .runs = 1, .batch = 2};
            opt.spmv.map = spmvp_mapping_auto();
            opt.spmv.map.wg_size = wgs[i];
            spmvp_bench_result r;
            spmvp_status st = spmvp_bench_format(ctx, A, SPMVP_CSR_ADAPTIVE, &opt, &r);
            CHECK_MSG(st == SPMVP_OK && r.state == SPMVP_BENCH_OK, "%s %s wg %d: %s", what,
                      vs == 8 ? "double" : "single", (int)wgs[i], r.note);
        }
    }
}

/* A stream-only matrix whose program takes one v (the kernel's ADAPT_SV, csr_adaptive.h):
 * rows of 20 (v 2 in their blocks) then of 58-60 (v 4 at WG 256, 8 at 64 and 32), so the
 * blocks of the longer rows run with fewer work-items a row than their own v; the last block
 * (2 rows at WG 64: a direct one) staged with them. */
static void csr_adaptive_should_match_the_cpu_with_one_v(void)
{
    const spmvp_idx n = 20003;
    spmvp_idx *lens = calloc((size_t)n, sizeof *lens);
    for (spmvp_idx i = 0; lens && i < n; i++)
        lens[i] = i < n / 2 ? 20 : 60 - i % 3;
    spmvp_csr *A = lens ? from_lengths(n, 30000, lens) : NULL;
    CHECK(A != NULL);
    for (long long wg = 32; A && wg <= 256; wg *= 2) {
        const int v = spmvp_csr_adaptive_stream_v(A->rowptr, A->nrows, wg, 8);
        CHECK_MSG(v == 2, "one v: %d at wg %lld", v, wg);
    }
    if (A)
        check_adaptive_at_wgs(A, "one v");
    free(lens);
    spmvp_csr_free(A);
}

/* A matrix of 128 entries a row or more on average, whose CSR-adaptive blocks are all direct
 * with 32 work-items a row (the kernel's ADAPT_V, csr_adaptive.h): rows longer than 32 serial
 * steps of them, empty and one-entry rows, a medium row, a long row, and a last block of fewer
 * rows than a full one. */
static void csr_adaptive_should_match_the_cpu_on_wide_rows(void)
{
    const spmvp_idx n = 3003;
    spmvp_idx *lens = calloc((size_t)n, sizeof *lens);
    for (spmvp_idx i = 0; lens && i < n; i++)
        lens[i] = i % 7 == 0 ? 1500 + i % 500 : i % 7 == 1 ? 0 : i % 7 == 2 ? 1 : 40 + i % 300;
    if (lens) {
        lens[1000] = 3000;  /* a medium row at WG 256 and 8 entries a work-item (share 2,048) */
        lens[2000] = 20000; /* a long one: chunks */
    }
    spmvp_csr *A = lens ? from_lengths(n, 30000, lens) : NULL;
    CHECK(A && spmvp_csr_adaptive_direct_only(A));
    if (A)
        check_adaptive_at_wgs(A, "wide rows");
    free(lens);
    spmvp_csr_free(A);
}

/* y of format f on A (vs-byte values) after `runs` products on context c, into y; 0 on
 * success. */
static int product_on(spmvp_context *c, const spmvp_csr *A, spmvp_format f, size_t vs, int runs,
                      double *y)
{
    spmvp_spmv_options o = spmvp_spmv_defaults(vs);
    spmvp_spmv *s = NULL;
    double *x = malloc(((size_t)A->ncols + 1) * sizeof *x);
    int bad = !x || spmvp_spmv_create(c, A, f, &o, &s);
    for (spmvp_idx j = 0; !bad && j < A->ncols; j++)
        x[j] = 1.0 / (1 + j % 13) - 0.25;
    bad = bad || spmvp_spmv_set_x(s, x);
    for (int r = 0; r < runs && !bad; r++)
        bad = spmvp_spmv_enqueue(s, NULL, NULL) != SPMVP_OK;
    bad = bad || spmvp_spmv_get_y(s, y);
    spmvp_spmv_free(s);
    free(x);
    return bad;
}
static int product(const spmvp_csr *A, spmvp_format f, size_t vs, int runs, double *y)
{
    return product_on(ctx, A, f, vs, runs, y);
}

/* Pinned staging (host/ocl/stage.c), which PoCL's CPU device does not use (stage_bytes 0), on
 * a context of its own with chunks of 4 KiB: bytes and narrowed values written over several
 * chunks, both chunks in flight, at an offset; then every array of some plans staged
 * (stage_bytes 1), whose products must be the bits of the pageable writes'. */
static void staged_writes_should_land_every_byte_and_every_product(void)
{
    spmvp_context *c = NULL;
    CHECK(spmvp_cli_open(getenv("SPMVP_TEST_DEVICE"), NULL, &c) == SPMVP_OK);
    if (!c)
        return;
    enum { NB = 3 * 4096 + 100, NV = 5000, OFF = 256 };
    unsigned char *b = malloc(NB), *back = malloc(OFF + NB);
    double *v = malloc(NV * sizeof *v);
    float *fb = malloc(NV * sizeof *fb);
    cl_int e = CL_SUCCESS;
    cl_mem m = clCreateBuffer(c->context, CL_MEM_READ_WRITE, OFF + NB + NV * sizeof(float), NULL, &e);
    CHECK(b && back && v && fb && e == CL_SUCCESS);
    if (b && back && v && fb && e == CL_SUCCESS) {
        for (int i = 0; i < NB; i++)
            b[i] = (unsigned char)(i * 31 + 7);
        for (int i = 0; i < NV; i++)
            v[i] = 1.0 / (3 + i) + i;
        CHECK(spmvp_stage_write(c, m, OFF, b, NB, 1, spmvp_stage_copy_bytes, 4096) == SPMVP_OK);
        CHECK(c->stage != NULL && c->stage_us > 0);
        CHECK(clEnqueueReadBuffer(c->queue, m, CL_TRUE, 0, OFF + NB, back, 0, NULL, NULL) == CL_SUCCESS);
        CHECK(memcmp(back + OFF, b, NB) == 0);
        const size_t voff = OFF + NB;
        CHECK(spmvp_stage_write(c, m, voff, v, NV, sizeof(float), spmvp_stage_narrow, 0) == SPMVP_OK);
        CHECK(clEnqueueReadBuffer(c->queue, m, CL_TRUE, voff, NV * sizeof(float), fb, 0, NULL, NULL) == CL_SUCCESS);
        int same = 1;
        for (int i = 0; i < NV; i++)
            same &= fb[i] == (float)v[i];
        CHECK_MSG(same, "narrowed values through 4 KiB chunks");
    }
    if (m)
        clReleaseMemObject(m);
    free(b), free(back), free(v), free(fb);

    spmvp_csr *A = NULL;
    CHECK(spmvp_matrix_load("longrows:3000:4:3:2000", &A) == SPMVP_OK && A);
    c->info.stage_bytes = 1;
    static const spmvp_format fs[] = {SPMVP_CSR_VECTOR, SPMVP_COO, SPMVP_HYB, SPMVP_SELL, SPMVP_CSR_ADAPTIVE};
    double *y1 = A ? malloc((size_t)A->nrows * sizeof *y1) : NULL, *y2 = A ? malloc((size_t)A->nrows * sizeof *y2) : NULL;
    for (size_t i = 0; y1 && y2 && i < sizeof fs / sizeof fs[0]; i++)
        for (size_t vs = 4; vs <= 8; vs += 4) {
            if (vs == 8 && !ctx->info.fp64)
                continue;
            CHECK_MSG(!product(A, fs[i], vs, 1, y1) && !product_on(c, A, fs[i], vs, 1, y2) &&
                      memcmp(y1, y2, (size_t)A->nrows * sizeof *y1) == 0,
                      "%s %zu-byte values, staged against pageable", spmvp_format_name(fs[i]), vs);
        }
    free(y1), free(y2);
    spmvp_csr_free(A);
    spmvp_context_free(c);

    /* chunks that cannot be pinned (an exabyte each): nothing written, and the context stages
     * nothing from then on, so that plans write pageable memory instead */
    CHECK(spmvp_cli_open(getenv("SPMVP_TEST_DEVICE"), NULL, &c) == SPMVP_OK);
    if (!c)
        return;
    c->info.stage_bytes = 1;
    unsigned char one = 1;
    CHECK(spmvp_stage_write(c, NULL, 0, &one, 1, 1, spmvp_stage_copy_bytes, (size_t)1 << 60) ==
          SPMVP_ERR_UNSUPPORTED);
    CHECK(c->stage == NULL && c->info.stage_bytes == 0);
    spmvp_context_free(c);

    /* rent or buy (stage.h): nothing staged until the uploads' arrays of stage_bytes and more
     * add up to SPMVP_STAGE_PIN_BYTES, the upload that reaches it included: it pins before its
     * first array. Smaller arrays never count and are never staged. */
    CHECK(spmvp_cli_open(getenv("SPMVP_TEST_DEVICE"), NULL, &c) == SPMVP_OK);
    if (!c)
        return;
    c->info.stage_bytes = 4096;
    CHECK(!spmvp_stage_sized(c, 100) && spmvp_stage_sized(c, 4096));
    spmvp_stage_upload(c, SPMVP_STAGE_PIN_BYTES / 2);
    CHECK(c->stage == NULL && c->stage_seen == SPMVP_STAGE_PIN_BYTES / 2 && !spmvp_stage_wanted(c, 4096));
    spmvp_stage_upload(c, SPMVP_STAGE_PIN_BYTES / 2);
    CHECK(c->stage != NULL && c->stage_us > 0 && spmvp_stage_wanted(c, 4096) && !spmvp_stage_wanted(c, 100));
    const double pinned = c->stage_us;
    spmvp_stage_upload(c, SPMVP_STAGE_PIN_BYTES); /* pinned once only */
    CHECK(c->stage_us == pinned && c->stage_seen == SPMVP_STAGE_PIN_BYTES);
    spmvp_context_free(c);
    /* a plan whose own arrays reach the threshold stages every one of them: the pin comes
     * before its first array (counted array by array, only the array that tipped it would be
     * staged), and its products are those of the pageable upload. T, the plan's stageable
     * bytes, is measured on a context pinned from the start. */
    spmvp_csr *S = spmvp_stencil(30, 30, 1, 5);
    double *ya = S ? malloc((size_t)S->nrows * sizeof *ya) : NULL, *yb = S ? malloc((size_t)S->nrows * sizeof *yb) : NULL;
    CHECK(ya && yb && !product(S, SPMVP_COO, 4, 1, ya));
    size_t T = 0;
    for (int pass = 0; pass < 2 && ya && yb; pass++) {
        CHECK(spmvp_cli_open(getenv("SPMVP_TEST_DEVICE"), NULL, &c) == SPMVP_OK);
        if (!c)
            break;
        c->info.stage_bytes = 1;
        if (pass == 0)
            CHECK(spmvp_stage_reserve(c) == SPMVP_OK && c->stage != NULL);
        else
            c->stage_seen = SPMVP_STAGE_PIN_BYTES - T;
        CHECK(!product_on(c, S, SPMVP_COO, 4, 1, yb) && memcmp(ya, yb, (size_t)S->nrows * sizeof *ya) == 0);
        if (pass == 0)
            T = c->stage_written;
        else
            CHECK_MSG(T > 0 && c->stage != NULL && c->stage_written == T,
                      "the plan that tipped the count staged %zu of its %zu bytes", c->stage_written, T);
        spmvp_context_free(c);
    }
    free(ya), free(yb);
    spmvp_csr_free(S);
    /* reserve: nothing where the device stages nothing (PoCL's 0); pinned at once where it does */
    CHECK(spmvp_cli_open(getenv("SPMVP_TEST_DEVICE"), NULL, &c) == SPMVP_OK);
    if (!c)
        return;
    c->info.stage_bytes = 0;
    CHECK(spmvp_stage_reserve(c) == SPMVP_OK && c->stage == NULL);
    c->info.stage_bytes = 4096;
    CHECK(spmvp_stage_reserve(c) == SPMVP_OK && c->stage != NULL && c->stage_us > 0 &&
          spmvp_stage_wanted(c, 4096) && c->stage_seen == 0);
    spmvp_context_free(c);
}

/* Single precision uploads each values array narrowed from the host's doubles (host/ocl/spmv.c):
 * 2.2 M values of CSR, COO (the plan borrows CSR's values since stop 39) and SELL (padded and
 * permuted), each checked against the CPU. */
static void single_precision_should_upload_millions_of_values(void)
{
    spmvp_csr *A = NULL;
    CHECK(spmvp_matrix_load("random:220000:10:fixed", &A) == SPMVP_OK && A && A->nnz > 2 * (1 << 20));
    static const spmvp_format fs[] = {SPMVP_CSR_VECTOR, SPMVP_COO, SPMVP_SELL};
    spmvp_bench_options opt = {.spmv = spmvp_spmv_defaults(4), .runs = 1, .batch = 1};
    for (size_t i = 0; A && i < sizeof fs / sizeof fs[0]; i++) {
        spmvp_bench_result r;
        spmvp_status st = spmvp_bench_format(ctx, A, fs[i], &opt, &r);
        CHECK_MSG(st == SPMVP_OK && r.state == SPMVP_BENCH_OK, "%s: %s", spmvp_format_name(fs[i]), r.note);
    }
    spmvp_csr_free(A);
}

/* Segmented reductions without atomics: the same bits on every run, whatever ran before. */
static void coo_hyb_and_csr_adaptive_should_give_the_same_bits_every_run(void)
{
    spmvp_csr *G = NULL;
    CHECK(spmvp_matrix_load("rmat:13", &G) == SPMVP_OK);
    spmvp_format fs[] = {SPMVP_COO, SPMVP_HYB, SPMVP_CSR_ADAPTIVE, SPMVP_BRC};
    double *y1 = G ? malloc((size_t)G->nrows * sizeof *y1) : NULL;
    double *y2 = G ? malloc((size_t)G->nrows * sizeof *y2) : NULL;
    for (size_t i = 0; G && i < sizeof fs / sizeof fs[0]; i++) {
        CHECK(!product(G, fs[i], 4, 1, y1) && !product(G, fs[i], 4, 3, y2));
        CHECK_MSG(!memcmp(y1, y2, (size_t)G->nrows * sizeof *y1), "%s", spmvp_format_name(fs[i]));
    }
    free(y1);
    free(y2);
    spmvp_csr_free(G);
}

/* CSR-vector at every width, HYB at every split, COO and CSR-adaptive at several tile sizes,
 * SELL-C-sigma at several C, sigma and T, BRC at several block sizes. */
static void kernel_parameters_should_not_change_the_result(void)
{
    char name[64];
    spmvp_csr *A = edge_matrix(5, name, sizeof name);
    size_t vs = ctx->info.fp64 ? 8 : 4;
    spmvp_bench_options opt = {.spmv = spmvp_spmv_defaults(vs), .runs = 1, .batch = 1};
    spmvp_bench_result r;
    for (int v = 1; v <= 64 && (unsigned)v <= 2 * ctx->info.warp_size; v *= 2) {
        opt.spmv.map.vector_width = v;
        CHECK_MSG(!spmvp_bench_format(ctx, A, SPMVP_CSR_VECTOR, &opt, &r) && r.state == SPMVP_BENCH_OK,
                  "V=%d: %s", v, r.note);
    }
    opt.spmv.map.vector_width = 0;
    spmvp_idx widths[] = {0, 1, 2, 3, 5, 2999, 100000};
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        opt.spmv.map.hyb_width = widths[i];
        CHECK_MSG(!spmvp_bench_format(ctx, A, SPMVP_HYB, &opt, &r) && r.state == SPMVP_BENCH_OK,
                  "K=%d: %s", (int)widths[i], r.note);
    }
    opt.spmv.map.hyb_width = -1;
    spmvp_idx items[] = {1, 2, 3, 7, 8, 16, 32};
    /* a tile that does not fit the device's local memory is unsuitable, and says so (an H100
     * has 48 KiB: CSR-adaptive's 16 items of doubles in groups of 256 need 53 KiB) */
#define OK_OR_NO_LOCAL_MEMORY(r) ((r).state == SPMVP_BENCH_OK || \
    ((r).state == SPMVP_BENCH_UNSUITABLE && strstr((r).note, "local memory")))
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
        opt.spmv.map.coo_items = items[i];
        CHECK_MSG(!spmvp_bench_format(ctx, A, SPMVP_COO, &opt, &r) && OK_OR_NO_LOCAL_MEMORY(r),
                  "items %d: %s", (int)items[i], r.note);
        CHECK_MSG(!spmvp_bench_format(ctx, A, SPMVP_HYB, &opt, &r) && OK_OR_NO_LOCAL_MEMORY(r),
                  "HYB items %d: %s", (int)items[i], r.note);
    }
    opt.spmv.map.coo_items = 0;
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
        opt.spmv.map.adaptive_items = items[i];
        CHECK_MSG(!spmvp_bench_format(ctx, A, SPMVP_CSR_ADAPTIVE, &opt, &r) && OK_OR_NO_LOCAL_MEMORY(r),
                  "adaptive items %d: %s", (int)items[i], r.note);
    }
    opt.spmv.map.adaptive_items = 0;
    /* SELL-C-sigma: C from 1 to past the work-group, sigma from none to one window; BRC: B from
     * 1 to past the longest row, odd ones too */
    int cs[] = {1, 2, 32, 64, 512}, sigmas[] = {1, 3, 64, 100000, 0};
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        opt.spmv.map.sell_c = cs[i];
        opt.spmv.map.sell_sigma = sigmas[i];
        CHECK_MSG(!spmvp_bench_format(ctx, A, SPMVP_SELL, &opt, &r) && r.state == SPMVP_BENCH_OK,
                  "C=%d sigma=%d: %s", cs[i], sigmas[i], r.note);
    }
    opt.spmv.map.sell_c = opt.spmv.map.sell_sigma = 0;
    /* SELL-C-sigma with T work-items per row: rows shorter and longer than T, empty and 0 x 0
     * matrices, a T past the work-group (fitted down to it), C below and at the warp */
    int ts[] = {1, 2, 4, 8, 64};
    for (int e = 0; e <= 7; e++) {
        char ename[64];
        spmvp_csr *E = edge_matrix(e, ename, sizeof ename);
        for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++)
            for (int c = 4; c <= 32; c *= 8) {
                opt.spmv.map.sell_t = ts[i];
                opt.spmv.map.sell_c = c;
                CHECK_MSG(!spmvp_bench_format(ctx, E, SPMVP_SELL, &opt, &r) && r.state == SPMVP_BENCH_OK,
                          "%s C=%d T=%d: %s", ename, c, ts[i], r.note);
            }
        spmvp_csr_free(E);
    }
    opt.spmv.map.sell_c = opt.spmv.map.sell_t = 0;
    /* SELL's 16-bit column offsets where every column is within 32767 of its row (unsuitable,
     * and saying why, where not), and its 32-bit columns, on the edge cases, with one work-item
     * a row and with several (rows shorter than T and longer, past one round of loads) */
    int idx_ts[] = {0, 2, 8};
    for (int e = 0; e <= 7; e++) {
        char ename[64];
        spmvp_csr *E = edge_matrix(e, ename, sizeof ename);
        for (int bits = 16; bits <= 32; bits += 16)
            for (size_t i = 0; i < sizeof idx_ts / sizeof idx_ts[0]; i++) {
                opt.spmv.map.sell_idx = bits;
                opt.spmv.map.sell_t = idx_ts[i];
                CHECK_MSG(!spmvp_bench_format(ctx, E, SPMVP_SELL, &opt, &r) &&
                              (r.state == SPMVP_BENCH_OK ||
                               (bits == 16 && r.state == SPMVP_BENCH_UNSUITABLE &&
                                strstr(r.note, "within 32767"))),
                          "%s %d-bit columns T=%d: %s", ename, bits, idx_ts[i], r.note);
            }
        spmvp_csr_free(E);
    }
    opt.spmv.map.sell_idx = opt.spmv.map.sell_t = 0;
    int blocks[] = {1, 2, 3, 5, 16, 64, 4096};
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        opt.spmv.map.brc_block = blocks[i];
        CHECK_MSG(!spmvp_bench_format(ctx, A, SPMVP_BRC, &opt, &r) && r.state == SPMVP_BENCH_OK,
                  "B=%d: %s", blocks[i], r.note);
        char other[64];
        spmvp_csr *E = edge_matrix(0, other, sizeof other); /* empty rows: the combine pass */
        CHECK_MSG(!spmvp_bench_format(ctx, E, SPMVP_BRC, &opt, &r) && r.state == SPMVP_BENCH_OK,
                  "%s B=%d: %s", other, blocks[i], r.note);
        spmvp_csr_free(E);
    }
    opt.spmv.map.brc_block = 0;
    size_t wgs[] = {32, 64, 128};
    for (size_t i = 0; i < sizeof wgs / sizeof wgs[0]; i++) {
        opt.spmv.map.wg_size = (int)wgs[i];
        for (int f = 0; f < SPMVP_NFORMATS; f++)
            CHECK_MSG(!spmvp_bench_format(ctx, A, (spmvp_format)f, &opt, &r) && r.state == SPMVP_BENCH_OK,
                      "wg %zu %s: %s", wgs[i], spmvp_format_name((spmvp_format)f), r.note);
    }
    spmvp_csr_free(A);
}

/* The checker itself must catch a wrong product. */
static void verify_should_reject_a_wrong_row(void)
{
    char name[64];
    spmvp_csr *A = edge_matrix(3, name, sizeof name);
    double *x = malloc((size_t)A->ncols * sizeof *x), *y = malloc((size_t)A->nrows * sizeof *y);
    for (spmvp_idx i = 0; i < A->ncols; i++)
        x[i] = 1.0 + i;
    spmvp_csr_spmv(A, x, y);
    spmvp_idx worst;
    double got, want;
    CHECK(spmvp_verify(A, x, y, 4, &worst, &got, &want) <= 1.0);
    y[123] *= 1.001;
    CHECK(spmvp_verify(A, x, y, 4, &worst, &got, &want) > 1.0);
    CHECK(worst == 123);
    free(x);
    free(y);
    spmvp_csr_free(A);
}

/* A format that does not fit is reported, not run: ELL of one huge row among many. */
static void ell_should_be_unsuitable_for_one_very_long_row(void)
{
    spmvp_idx n = 200000;
    spmvp_idx *lens = calloc((size_t)n, sizeof *lens);
    for (spmvp_idx i = 0; i < n; i++)
        lens[i] = 1;
    lens[7] = 20000; /* 20000 x 200192 slots > 2^31 */
    spmvp_csr *A = from_lengths(n, n, lens);
    spmvp_bench_options opt = {.spmv = spmvp_spmv_defaults(4), .runs = 1, .batch = 1};
    spmvp_bench_result r;
    CHECK(spmvp_bench_format(ctx, A, SPMVP_ELL, &opt, &r) == SPMVP_OK);
    CHECK(r.state == SPMVP_BENCH_UNSUITABLE);
    CHECK_MSG(strstr(r.note, "32-bit") != NULL, "note: %s", r.note);
    free(lens);
    spmvp_csr_free(A);
}

/* The format's arrays share one device buffer (host/ocl/spmv.c): a device whose allocation
 * limit (faked here) holds each array, x and y, but not the arrays together, cannot hold it;
 * at exactly the packed size it runs and matches the CPU. */
static void arrays_past_max_alloc_together_should_be_unsuitable(void)
{
    spmvp_csr *A = NULL;
    spmvp_target t = {4, 256, ctx->info.warp_size, ctx->info.local_mem, 0, ctx->info.local_from_l1};
    spmvp_mapping m = spmvp_mapping_auto();
    spmvp_plan p;
    spmvp_plan_layout L;
    CHECK(spmvp_matrix_load("laplace2d:30", &A) == SPMVP_OK);
    if (!A)
        return;
    CHECK(spmvp_format_plan(SPMVP_CSR_SCALAR, A, &m, &t, &p) == SPMVP_OK);
    CHECK(spmvp_plan_pack(&p, 4, ULLONG_MAX, &L) == SPMVP_OK);
    spmvp_plan_release(&p);
    const cl_ulong saved = ctx->info.max_alloc;
    spmvp_bench_options opt = {.spmv = spmvp_spmv_defaults(4), .runs = 1, .batch = 1};
    spmvp_bench_result r;
    ctx->info.max_alloc = L.total - 1;
    CHECK(spmvp_bench_format(ctx, A, SPMVP_CSR_SCALAR, &opt, &r) == SPMVP_OK);
    CHECK(r.state == SPMVP_BENCH_UNSUITABLE);
    CHECK_MSG(strstr(r.note, "in one buffer") != NULL, "note: %s", r.note);
    ctx->info.max_alloc = L.total;
    CHECK(spmvp_bench_format(ctx, A, SPMVP_CSR_SCALAR, &opt, &r) == SPMVP_OK);
    CHECK_MSG(r.state == SPMVP_BENCH_OK, "note: %s", r.note);
    ctx->info.max_alloc = saved;
    spmvp_csr_free(A);
}

/* COO's, CSR-adaptive's and BRC's one-launch reductions keep counters on the device that must
 * be 0 again after every product, and COO and BRC zero their empty rows in every product: three products,
 * each with a new x into a y full of NaN, each against the CPU. (A counter left behind would
 * keep the next product from summing; the stale y of the product before would hide that if
 * x and y stayed the same.) Empty rows, a long row and tiles enough for carries. COO and HYB
 * again with persistent work-groups, as on GPUs (the device info faked to one compute unit:
 * 4 groups of 256 take the 41 tiles in turn, cl/coo.cl). */
static void counters_and_empty_rows_should_hold_product_after_product(void)
{
    static spmvp_idx lens[6000];
    for (int i = 0; i < 6000; i++)
        lens[i] = i % 5 == 0 ? 0 : 1 + i % 4;
    lens[123] = 30000; /* above CSR-adaptive's 4 shares (8,192 at 256 x 8): chunks */
    spmvp_csr *A = from_lengths(6000, 40000, lens);
    const size_t n = A ? (size_t)A->nrows : 0, m = A ? (size_t)A->ncols : 0;
    double *x = malloc((m + 1) * sizeof *x), *want = malloc((n + 1) * sizeof *want);
    float *xf = malloc((m + 1) * sizeof *xf), *yf = malloc((n + 1) * sizeof *yf);
    /* BRC twice: at its model's B, and at B = 1, where the row of 30,000 has thousands of
     * tiles, summed in two levels with a counter per group (brc.h) */
    const spmvp_format fs[] = {SPMVP_COO, SPMVP_HYB, SPMVP_CSR_ADAPTIVE, SPMVP_BRC, SPMVP_BRC,
                               SPMVP_COO, SPMVP_HYB};
    const int brc_block[] = {0, 0, 0, 0, 1, 0, 0};
    const cl_uint cus[] = {0, 0, 0, 0, 0, 1, 1}, saved_cus = ctx->info.persistent_cus;
    CHECK(A && x && want && xf && yf);
    for (size_t i = 0; A && x && want && xf && yf && i < sizeof fs / sizeof fs[0]; i++) {
        spmvp_spmv_options o = spmvp_spmv_defaults(4);
        o.map.brc_block = brc_block[i];
        spmvp_spmv *sp = NULL;
        cl_int e1 = CL_SUCCESS, e2 = CL_SUCCESS;
        cl_mem xb = clCreateBuffer(ctx->context, CL_MEM_READ_ONLY, m * sizeof *xf, NULL, &e1);
        cl_mem yb = clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, n * sizeof *yf, NULL, &e2);
        CHECK(e1 == CL_SUCCESS && e2 == CL_SUCCESS);
        ctx->info.persistent_cus = cus[i];
        CHECK(spmvp_spmv_create(ctx, A, fs[i], &o, &sp) == SPMVP_OK);
        ctx->info.persistent_cus = saved_cus;
        for (int round = 0; sp && e1 == CL_SUCCESS && e2 == CL_SUCCESS && round < 3; round++) {
            for (size_t j = 0; j < m; j++)
                xf[j] = (float)(x[j] = 1.0 / (1 + (j + (size_t)round * 7) % 11) - 0.2 * round);
            for (size_t j = 0; j < n; j++)
                yf[j] = NAN;
            spmvp_csr_spmv(A, x, want);
            CHECK(clEnqueueWriteBuffer(ctx->queue, xb, CL_TRUE, 0, m * sizeof *xf, xf, 0, NULL, NULL) == CL_SUCCESS);
            CHECK(clEnqueueWriteBuffer(ctx->queue, yb, CL_TRUE, 0, n * sizeof *yf, yf, 0, NULL, NULL) == CL_SUCCESS);
            CHECK(spmvp_spmv_enqueue_on(sp, xb, yb, NULL, NULL) == SPMVP_OK);
            CHECK(clEnqueueReadBuffer(ctx->queue, yb, CL_TRUE, 0, n * sizeof *yf, yf, 0, NULL, NULL) == CL_SUCCESS);
            size_t bad = 0;
            for (size_t j = 0; j < n; j++)
                bad += !(fabs(yf[j] - want[j]) <= 1e-4 * (1 + fabs(want[j])));
            CHECK_MSG(bad == 0, "%s (B %d, %u compute units), product %d: %zu rows wrong",
                      spmvp_format_name(fs[i]), brc_block[i], cus[i], round + 1, bad);
        }
        spmvp_spmv_free(sp);
        clReleaseMemObject(xb);
        clReleaseMemObject(yb);
    }
    free(x);
    free(want);
    free(xf);
    free(yf);
    spmvp_csr_free(A);
}

/* cl/l2.cl's unpin kernel (run by a freed plan that kept lines in L2; on NVIDIA from compute
 * capability 8.0 it is PTX's applypriority, elsewhere nothing) builds on every device and
 * leaves the buffer's bytes as they were. */
static void the_l2_unpin_kernel_should_build_and_change_no_byte(void)
{
    enum { N = 4096 };
    static unsigned char host[N], back[N];
    char types[128];
    cl_kernel k = NULL;
    cl_mem b = NULL;
    cl_int err;
    for (int i = 0; i < N; i++)
        host[i] = (unsigned char)(i * 7 + 3);
    spmvp_type_options(4, types, sizeof types);
    CHECK_MSG(!spmvp_kernel_create(ctx, "l2.cl", types, "spmvp_l2_unpin", &k), "%s", spmvp_last_error());
    b = clCreateBuffer(ctx->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, N, host, &err);
    CHECK(err == CL_SUCCESS);
    if (!k || !b)
        goto out;
    const cl_ulong lines = N / 128;
    const size_t global = 64, local = 32; /* more work-items than lines: the rest do nothing */
    CHECK(clSetKernelArg(k, 0, sizeof b, &b) == CL_SUCCESS);
    CHECK(clSetKernelArg(k, 1, sizeof lines, &lines) == CL_SUCCESS);
    CHECK(clEnqueueNDRangeKernel(ctx->queue, k, 1, NULL, &global, &local, 0, NULL, NULL) == CL_SUCCESS);
    CHECK(clEnqueueReadBuffer(ctx->queue, b, CL_TRUE, 0, N, back, 0, NULL, NULL) == CL_SUCCESS);
    CHECK(!memcmp(host, back, N));
out:
    if (b)
        clReleaseMemObject(b);
    if (k)
        clReleaseKernel(k);
}

int main(void)
{
    if (spmvp_cli_open(getenv("SPMVP_TEST_DEVICE"), NULL, &ctx)) {
        fprintf(stderr, "no OpenCL device: %s\n", spmvp_last_error());
        return 1;
    }
    printf("device: %s (%s), fp64 %s\n", ctx->info.name, ctx->info.platform_name,
           ctx->info.fp64 ? "yes" : "no");
    RUN(verify_should_reject_a_wrong_row);
    RUN(every_format_should_match_the_cpu_on_edge_cases);
    RUN(every_format_should_match_the_cpu_on_stencils);
    RUN(every_format_should_match_the_cpu_on_rows_of_multiples_of_4);
    RUN(every_format_should_match_the_cpu_on_real_matrices);
    RUN(every_format_should_match_the_cpu_on_long_rows_and_graphs);
    RUN(single_precision_should_upload_millions_of_values);
    RUN(staged_writes_should_land_every_byte_and_every_product);
    RUN(csr_adaptive_should_match_the_cpu_on_wide_rows);
    RUN(csr_adaptive_should_match_the_cpu_with_one_v);
    RUN(coo_hyb_and_csr_adaptive_should_give_the_same_bits_every_run);
    RUN(counters_and_empty_rows_should_hold_product_after_product);
    RUN(kernel_parameters_should_not_change_the_result);
    RUN(ell_should_be_unsuitable_for_one_very_long_row);
    RUN(arrays_past_max_alloc_together_should_be_unsuitable);
    RUN(the_l2_unpin_kernel_should_build_and_change_no_byte);
    spmvp_context_free(ctx);
    return test_report();
}
