/* test_plan_pack.c: the packed device buffer (model/sparse/format.h: spmvp_plan_pack), which
 * holds every array of a plan at 128-byte aligned offsets, checked without a device: every
 * format's layout is aligned and its arrays apart, the arithmetic matches a hand count, and a
 * buffer past the allocation limit or past size_t is unsuitable, never wrapped; conversions and
 * the narrowing of values give the same bits on any number of threads. */
#include "format.h"
#include "gen.h"
#include "test.h"

#ifdef _OPENMP
#include <omp.h>
#endif
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t elem_size(const spmvp_plan_array *a, size_t vs)
{
    return a->kind == SPMVP_ARRAY_INDEX ? sizeof(spmvp_idx) : a->kind == SPMVP_ARRAY_INDEX16 ? 2 : vs;
}

/* An array's slot: its bytes (at least one line when empty) rounded up to a line. */
static size_t slot(size_t bytes)
{
    return bytes ? (bytes + SPMVP_PLAN_ALIGN - 1) / SPMVP_PLAN_ALIGN * SPMVP_PLAN_ALIGN
                 : SPMVP_PLAN_ALIGN;
}

/* The invariants of a layout L of plan p. */
static void check_layout(const spmvp_plan *p, const spmvp_plan_layout *L, size_t vs,
                         const char *what)
{
    size_t sum = 0;
    for (int i = 0; i < p->narrays; i++) {
        const spmvp_plan_array *a = &p->array[i];
        CHECK_MSG(L->offset[i] % SPMVP_PLAN_ALIGN == 0, "%s: %s at %zu", what, a->what,
                  L->offset[i]);
        CHECK_MSG(L->bytes[i] == a->n * elem_size(a, vs), "%s: %s %zu bytes", what, a->what,
                  L->bytes[i]);
        CHECK_MSG(L->offset[i] + L->bytes[i] <= L->total, "%s: %s ends past the buffer", what,
                  a->what);
        /* no two arrays overlap, an empty one counting as one byte */
        for (int j = 0; j < i; j++) {
            size_t ei = L->offset[i] + (L->bytes[i] ? L->bytes[i] : 1);
            size_t ej = L->offset[j] + (L->bytes[j] ? L->bytes[j] : 1);
            CHECK_MSG(ei <= L->offset[j] || ej <= L->offset[i], "%s: %s and %s overlap", what,
                      a->what, p->array[j].what);
        }
        sum += slot(L->bytes[i]);
    }
    CHECK_MSG(L->total % SPMVP_PLAN_ALIGN == 0 && L->total == sum, "%s: %zu bytes, slots %zu",
              what, L->total, sum);
}

static void every_format_packs_its_arrays_aligned_and_apart(void)
{
    const char *specs[] = {"laplace2d:20", "longrows:3000:3:2:2500:5", "random:700x90:6:normal:2",
                           "band:300:4", "rmat:9"};
    size_t wgs[] = {32, 256};
    for (size_t s = 0; s < sizeof specs / sizeof *specs + 2; s++) {
        spmvp_csr *A = NULL;
        if (s < sizeof specs / sizeof *specs)
            CHECK_MSG(spmvp_matrix_load(specs[s], &A) == SPMVP_OK, "%s", spmvp_last_error());
        else /* 5 x 7 without entries, and 0 x 0: empty arrays */
            A = spmvp_csr_alloc(s == sizeof specs / sizeof *specs ? 5 : 0,
                                s == sizeof specs / sizeof *specs ? 7 : 0, 0);
        for (size_t w = 0; A && w < 2; w++)
            for (size_t vs = 4; vs <= 8; vs += 4)
                for (int f = 0; f < SPMVP_NFORMATS; f++) {
                    spmvp_target t = {vs, wgs[w], 32, 48 * 1024, 0, 0};
                    spmvp_mapping m = spmvp_mapping_auto();
                    spmvp_plan p;
                    spmvp_plan_layout L;
                    char what[128];
                    snprintf(what, sizeof what, "%s %s wg %zu vs %zu", spmvp_format_name(f),
                             s < sizeof specs / sizeof *specs ? specs[s] : "empty", wgs[w], vs);
                    if (spmvp_format_plan((spmvp_format)f, A, &m, &t, &p) != SPMVP_OK)
                        continue; /* unsuitable here (test_format_table covers plans) */
                    CHECK_MSG(spmvp_plan_pack(&p, vs, ULLONG_MAX, &L) == SPMVP_OK, "%s: %s", what,
                              spmvp_last_error());
                    check_layout(&p, &L, vs, what);
                    spmvp_plan_release(&p);
                }
        spmvp_csr_free(A);
    }
}

/* A 31 x 40 CSR: its 32 row pointers fill one line exactly. */
static void csr_layout_matches_a_hand_count(void)
{
    spmvp_csr *A = spmvp_gen_random_rows(31, 40, 3, SPMVP_DIST_FIXED, 1); /* 93 entries */
    spmvp_target t = {8, 64, 32, 48 * 1024, 0, 0};
    spmvp_mapping m = spmvp_mapping_auto();
    spmvp_plan p;
    spmvp_plan_layout L;
    CHECK(A && A->nnz == 93);
    if (!A)
        return;
    CHECK(spmvp_format_plan(SPMVP_CSR_SCALAR, A, &m, &t, &p) == SPMVP_OK && p.narrays == 3);
    CHECK(spmvp_plan_pack(&p, 8, ULLONG_MAX, &L) == SPMVP_OK);
    /* row pointers 128 bytes at 0 (1 line); column indices 372 at 128 (3 lines); values 744
     * at 512 (6 lines) */
    CHECK(L.offset[0] == 0 && L.bytes[0] == 128);
    CHECK(L.offset[1] == 128 && L.bytes[1] == 372);
    CHECK(L.offset[2] == 512 && L.bytes[2] == 744);
    CHECK(L.total == 512 + 768);
    CHECK(spmvp_plan_pack(&p, 4, ULLONG_MAX, &L) == SPMVP_OK); /* values 372 bytes in single */
    CHECK(L.offset[2] == 512 && L.bytes[2] == 372 && L.total == 512 + 384);
    spmvp_plan_release(&p);
    spmvp_csr_free(A);
}

static void a_buffer_past_the_allocation_limit_is_unsuitable(void)
{
    spmvp_csr *A = NULL;
    spmvp_target t = {8, 256, 32, 48 * 1024, 0, 0};
    spmvp_mapping m = spmvp_mapping_auto();
    spmvp_plan p;
    spmvp_plan_layout L;
    char total[32], limit[32];
    CHECK(spmvp_matrix_load("laplace2d:30", &A) == SPMVP_OK);
    if (!A)
        return;
    CHECK(spmvp_format_plan(SPMVP_CSR_VECTOR, A, &m, &t, &p) == SPMVP_OK);
    CHECK(spmvp_plan_pack(&p, 8, ULLONG_MAX, &L) == SPMVP_OK);
    size_t need = L.total;
    /* the limit itself fits */
    CHECK(spmvp_plan_pack(&p, 8, need, &L) == SPMVP_OK && L.total == need);
    /* every array fits alone, not all together: one line naming both sizes */
    CHECK(spmvp_plan_pack(&p, 8, need - 1, &L) == SPMVP_ERR_UNSUITABLE);
    snprintf(total, sizeof total, "%zu bytes", need);
    snprintf(limit, sizeof limit, "%zu bytes", need - 1);
    CHECK_MSG(strstr(spmvp_last_error(), "in one buffer") && strstr(spmvp_last_error(), total) &&
              strstr(spmvp_last_error(), limit) && !strchr(spmvp_last_error(), '\n'), "%s",
              spmvp_last_error());
    CHECK(L.total == 0 && L.offset[1] == 0); /* zeroed on failure */
    /* an array alone above the limit is named */
    CHECK(spmvp_plan_pack(&p, 8, (size_t)A->nnz * 8 - 1, &L) == SPMVP_ERR_UNSUITABLE);
    CHECK_MSG(strstr(spmvp_last_error(), "CSR values needs"), "%s", spmvp_last_error());
    spmvp_plan_release(&p);
    spmvp_csr_free(A);
}

static void sizes_past_size_t_are_unsuitable_not_wrapped(void)
{
    spmvp_plan p;
    spmvp_plan_layout L;
    memset(&p, 0, sizeof p);
    /* one array whose bytes overflow size_t */
    spmvp_plan_add_array(&p, "huge values", SPMVP_ARRAY_VALUE, NULL, SIZE_MAX / 8);
    CHECK(spmvp_plan_pack(&p, 8, ULLONG_MAX, &L) == SPMVP_ERR_UNSUITABLE);
    CHECK_MSG(strstr(spmvp_last_error(), "huge values") && strstr(spmvp_last_error(), "size_t"),
              "%s", spmvp_last_error());
    /* two arrays that fit size_t alone, not together */
    memset(&p, 0, sizeof p);
    spmvp_plan_add_array(&p, "half", SPMVP_ARRAY_SCRATCH, NULL, SIZE_MAX / 16 + 1);
    spmvp_plan_add_array(&p, "other half", SPMVP_ARRAY_SCRATCH, NULL, SIZE_MAX / 16 + 1);
    CHECK(spmvp_plan_pack(&p, 8, ULLONG_MAX, &L) == SPMVP_ERR_UNSUITABLE && L.total == 0);
    CHECK_MSG(strstr(spmvp_last_error(), "size_t"), "%s", spmvp_last_error());
    /* in single precision the same two fit */
    CHECK(spmvp_plan_pack(&p, 4, ULLONG_MAX, &L) == SPMVP_OK &&
          L.offset[1] % SPMVP_PLAN_ALIGN == 0 && L.total > L.offset[1]);
    CHECK(spmvp_plan_pack(&p, 3, ULLONG_MAX, &L) == SPMVP_ERR_ARG);
    /* no arrays: an empty buffer */
    memset(&p, 0, sizeof p);
    CHECK(spmvp_plan_pack(&p, 8, 0, &L) == SPMVP_OK && L.total == 0);
}


/* Conversions run on OpenMP's threads from SPMVP_PAR_MIN entries (plan_parts.h), each thread
 * writing slots no other writes: every array of every format's plan is the same bits on one
 * thread as on four. The matrix has long rows (HYB's COO part, BRC's tiles, JAD's diagonals,
 * SELL's sorted windows) and empty ones, 3.4 x 10^5 entries and more than SPMVP_PAR_MIN rows
 * (loops over rows, such as SELL's window sorts, on threads too). */
static void conversions_on_threads_give_the_same_bits_as_on_one(void)
{
#ifdef _OPENMP
    spmvp_gen_spec g;
    spmvp_csr *A = NULL;
    CHECK(spmvp_gen_parse("longrows:70000:4:20:3000", &g) == SPMVP_OK &&
          spmvp_gen_build(&g, &A) == SPMVP_OK && A && A->nrows > 65536 && A->nnz > 3 * 65536);
    for (int f = 0; A && f < SPMVP_NFORMATS; f++)
        for (size_t vs = 4; vs <= 8; vs += 4) {
            spmvp_target t = {vs, 256, 32, 48 * 1024, 132, 0};
            spmvp_mapping m = spmvp_mapping_auto();
            spmvp_plan one, four;
            memset(&one, 0, sizeof one);
            memset(&four, 0, sizeof four);
            omp_set_num_threads(1);
            spmvp_status s1 = spmvp_format_plan((spmvp_format)f, A, &m, &t, &one);
            omp_set_num_threads(4);
            spmvp_status s4 = spmvp_format_plan((spmvp_format)f, A, &m, &t, &four);
            CHECK_MSG(s1 == SPMVP_OK && s4 == SPMVP_OK && one.narrays == four.narrays, "%s: planned",
                      spmvp_format_name((spmvp_format)f));
            if (f == SPMVP_SELL && s1 == SPMVP_OK) /* the windows were sorted */
                CHECK_MSG(strstr(one.params, "sigma=") && !strstr(one.params, "sigma=1,"),
                          "SELL's plan: %s", one.params);
            for (int i = 0; s1 == SPMVP_OK && s4 == SPMVP_OK && i < one.narrays; i++) {
                const spmvp_plan_array *a = &one.array[i], *b = &four.array[i];
                CHECK_MSG(a->n == b->n && a->kind == b->kind &&
                              (!a->host || !memcmp(a->host, b->host, a->n * elem_size(a, 8))),
                          "%s: %s differs on four threads", spmvp_format_name((spmvp_format)f),
                          a->what);
            }
            spmvp_plan_release(&one);
            spmvp_plan_release(&four);
        }
    spmvp_csr_free(A);
#endif
}

/* spmvp_narrow_values (the upload's single-precision values, host/ocl/spmv.c) rounds each
 * value as a cast does, on four threads past SPMVP_NARROW_PAR_MIN values and on one below:
 * rounding, overflow to infinity and subnormals included. */
static void narrowed_values_are_each_values_cast(void)
{
    const size_t sizes[] = {0, 1, 1000, SPMVP_NARROW_PAR_MIN + 7};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        const size_t n = sizes[k];
        double *a = malloc((n ? n : 1) * sizeof *a);
        float *f = malloc((n ? n : 1) * sizeof *f);
        CHECK(a && f);
        if (!a || !f) {
            free(a);
            free(f);
            return;
        }
        for (size_t i = 0; i < n; i++)
            a[i] = i % 7 == 0 ? 1e300 * (i % 2 ? -1 : 1) : i % 7 == 1 ? 1e-320 : (double)i / 3.0;
#ifdef _OPENMP
        omp_set_num_threads(4);
#endif
        spmvp_narrow_values(f, a, n);
        size_t bad = 0;
        for (size_t i = 0; i < n; i++) {
            const float want = (float)a[i];
            bad += memcmp(&f[i], &want, sizeof want) != 0;
        }
        CHECK_MSG(bad == 0, "%zu values: %zu differ from a cast", n, bad);
        free(a);
        free(f);
    }
}

int main(void)
{
    RUN(every_format_packs_its_arrays_aligned_and_apart);
    RUN(csr_layout_matches_a_hand_count);
    RUN(a_buffer_past_the_allocation_limit_is_unsuitable);
    RUN(sizes_past_size_t_are_unsuitable_not_wrapped);
    RUN(conversions_on_threads_give_the_same_bits_as_on_one);
    RUN(narrowed_values_are_each_values_cast);
    return test_report();
}
