/* test_hostile.c: input chosen by a hostile user (issue 11): sizes that decide allocations,
 * gzip bombs and endless streams, non-finite values, symmetric files with both triangles,
 * CR-only line ends. Each case is also a file under tests/data/mm/ or made here. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "bench.h"
#include "budget.h"
#include "sparse.h"
#include "test.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#define DATA SPMVP_SOURCE_DIR "/tests/data/mm/"

static int one_line(const char *msg) { return *msg && !strchr(msg, '\n'); }

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Reads DATA file, expects status st and a one-line message starting "path:line: " that
 * holds phrase. */
static void expect_file(const char *file, spmvp_status st, int line, const char *phrase)
{
    char path[1024], where[1100];
    snprintf(path, sizeof path, DATA "%s", file);
    snprintf(where, sizeof where, "%s:%d: ", path, line);
    spmvp_csr *A = (spmvp_csr *)(uintptr_t)1;
    spmvp_status got = spmvp_mm_read(path, &A);
    const char *msg = spmvp_last_error();
    CHECK_MSG(got == st && A == NULL, "%s: %s (%s)", file, spmvp_strerror(got), msg);
    CHECK_MSG(!strncmp(msg, where, strlen(where)) && strstr(msg, phrase) && one_line(msg),
              "%s: message '%s', want '%s' and '%s'", file, msg, where, phrase);
    if (got == SPMVP_OK)
        spmvp_csr_free(A);
}

/* A gzip file at path holding head, then `repeat` copies of unit. */
static void gzip_file(const char *path, const char *head, const char *unit, size_t ul,
                      size_t repeat)
{
    gzFile g = gzopen(path, "wb9");
    gzputs(g, head);
    char *chunk = malloc(ul * 4096);
    for (size_t k = 0; k < 4096; k++)
        memcpy(chunk + k * ul, unit, ul);
    for (size_t done = 0; done < repeat; done += 4096)
        gzwrite(g, chunk, (unsigned)(ul * (repeat - done < 4096 ? repeat - done : 4096)));
    gzclose(g);
    free(chunk);
}

static void temp_path(char *buf, size_t size, const char *suffix)
{
    char base[64] = "/tmp/spmvp_test_hostile_XXXXXX";
    int fd = mkstemp(base);
    if (fd >= 0) {
        close(fd);
        remove(base);
    }
    snprintf(buf, size, "%s%s", base, suffix);
}

/* ---- 1: sizes decide allocations ---- */

static void size_line_beyond_the_host_limit_should_be_refused_before_allocating(void)
{
    /* 2,000,000,000 rows x 1 column and one entry: 8 GB of row pointers for 69 bytes */
    setenv("SPMVP_MAX_HOST_BYTES", "1G", 1);
    double t0 = now();
    expect_file("bad_huge_rows.mtx", SPMVP_ERR_NOMEM, 2, "the matrix: 8000000036 bytes of host "
                "memory needed, above the limit of 1073741824 bytes (SPMVP_MAX_HOST_BYTES)");
    CHECK(now() - t0 < 1.0);
    /* the same from memory, and a generator asking for too much */
    spmvp_csr *A = (spmvp_csr *)(uintptr_t)1;
    const char *text = "%%MatrixMarket matrix coordinate real general\n2000000000 1 1\n1 1 1\n";
    CHECK(spmvp_mm_parse("m.mtx", text, strlen(text), &A) == SPMVP_ERR_NOMEM && !A);
    CHECK(spmvp_csr_alloc(2000000000, 1, 1) == NULL &&
          strstr(spmvp_last_error(), "host memory"));
    unsetenv("SPMVP_MAX_HOST_BYTES");
}

static void host_limit_should_read_units_and_default_to_half_the_memory(void)
{
    setenv("SPMVP_MAX_HOST_BYTES", "3M", 1);
    CHECK(spmvp_host_limit() == 3u << 20);
    setenv("SPMVP_MAX_HOST_BYTES", "12345", 1);
    CHECK(spmvp_host_limit() == 12345);
    setenv("SPMVP_MAX_HOST_BYTES", "lots", 1); /* malformed: the default */
    uint64_t def = spmvp_host_limit();
    unsetenv("SPMVP_MAX_HOST_BYTES");
    CHECK(def == spmvp_host_limit() && def > (64u << 20));
    CHECK(spmvp_bytes_mul(UINT64_MAX / 2, 3) == UINT64_MAX);
    CHECK(spmvp_bytes_add(UINT64_MAX - 1, 2) == UINT64_MAX);
}

static void assembly_should_need_no_scratch_per_row(void)
{
    /* 500,000,000 rows and one entry: 2 GB of row pointers are the CSR itself; the old
     * per-row size_t scratch added 4 GB more. A limit of 2.1 GB lets only the CSR through. */
    setenv("SPMVP_MAX_HOST_BYTES", "2100000000", 1);
    CHECK(spmvp_csr_from_triplets_bytes(500000000, 1) < 2100000000u);
    unsetenv("SPMVP_MAX_HOST_BYTES");
    spmvp_idx ri[] = {2, 0, 2, 1}, ci[] = {1, 0, 1, 2};
    double v[] = {1, 2, 3, 4};
    spmvp_csr *A = spmvp_csr_from_triplets(3, 3, 4, ri, ci, v);
    CHECK(A && A->nnz == 3 && A->rowptr[3] == 3 && A->val[2] == 4.0);
    spmvp_csr_free(A);
}

/* ---- 2: gzip bombs and endless input ---- */

static void endless_comments_after_the_entries_should_stop_after_one_mib(void)
{
    char path[128];
    temp_path(path, sizeof path, ".mtx.gz");
    /* 64 MiB of "%\n" after the entries: 128 KB compressed */
    gzip_file(path, "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\n", "%\n",
              2, 32u << 20);
    double t0 = now();
    spmvp_csr *A = (spmvp_csr *)(uintptr_t)1;
    CHECK(spmvp_mm_read(path, &A) == SPMVP_ERR_PARSE && !A);
    CHECK_MSG(strstr(spmvp_last_error(), "goes on for more than 1 MiB after the last of the 1 "
                     "entries declared on line 2") && one_line(spmvp_last_error()),
              "%s", spmvp_last_error());
    CHECK_MSG(now() - t0 < 2.0, "%.2f s", now() - t0); /* stopped early, not after 64 MiB */
    remove(path);
    /* the same as regression files: 2 MiB of "%\n" after the entries, 2 MiB of zeros */
    expect_file("bad_gzip_endless_comments.mtx.gz", SPMVP_ERR_PARSE, 524292,
                "goes on for more than 1 MiB after the last of the 1 entries declared on line 2");
    expect_file("bad_gzip_zeros.mtx.gz", SPMVP_ERR_PARSE, 1, "line longer than 1 MiB");
}

static void a_line_without_end_should_stop_after_one_mib(void)
{
    char path[128];
    temp_path(path, sizeof path, ".mtx.gz");
    gzip_file(path, "", "\0", 1, 64u << 20); /* zeros: what /dev/zero gives */
    double t0 = now();
    spmvp_csr *A = (spmvp_csr *)(uintptr_t)1;
    CHECK(spmvp_mm_read(path, &A) == SPMVP_ERR_PARSE && !A);
    CHECK_MSG(strstr(spmvp_last_error(), ":1: line longer than 1 MiB"), "%s",
              spmvp_last_error());
    CHECK(now() - t0 < 2.0);
    remove(path);
    if (access("/dev/zero", R_OK) == 0) {
        A = (spmvp_csr *)(uintptr_t)1;
        CHECK(spmvp_mm_read("/dev/zero", &A) == SPMVP_ERR_PARSE && !A);
        CHECK_MSG(strstr(spmvp_last_error(), "/dev/zero:1: line longer than 1 MiB"), "%s",
                  spmvp_last_error());
    }
}

static void gzip_with_many_entries_should_read_as_it_streams(void)
{
    /* a valid gzip file whose text is 40 MiB: read through the window, entries grown */
    char path[128];
    temp_path(path, sizeof path, ".mtx.gz");
    gzip_file(path, "%%MatrixMarket matrix coordinate real general\n1 1 5000000\n", "1 1 1.0\n",
              8, 5000000);
    spmvp_csr *A = NULL;
    CHECK_MSG(spmvp_mm_read(path, &A) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK(A && A->nnz == 1 && A->val[0] == 5000000.0);
    spmvp_csr_free(A);
    remove(path);
}

/* ---- 4, 5, 7: values, triangles, line ends ---- */

static void non_finite_values_should_be_refused_naming_the_line(void)
{
    expect_file("bad_nan.mtx", SPMVP_ERR_PARSE, 4, "value 'nan' is not a finite double");
    expect_file("bad_inf.mtx", SPMVP_ERR_PARSE, 3, "value '-Inf' is not a finite double");
    expect_file("bad_overflow.mtx", SPMVP_ERR_PARSE, 5, "value '1e999' is not a finite double");
    expect_file("bad_duplicates_overflow.mtx", SPMVP_ERR_PARSE, 2,
                "the entries at (1,1) sum to inf: duplicates overflow double");
    /* the option keeps them */
    spmvp_mm_allow_nonfinite = 1;
    spmvp_csr *A = NULL;
    CHECK(spmvp_mm_read(DATA "bad_nan.mtx", &A) == SPMVP_OK && A && A->val[1] != A->val[1]);
    spmvp_csr_free(A);
    spmvp_mm_allow_nonfinite = 0;
}

static void verification_should_take_equal_non_finite_results_as_equal(void)
{
    /* rows: Inf, -Inf, NaN (Inf - Inf), and a finite row whose magnitude overflows */
    spmvp_idx ri[] = {0, 1, 2, 2, 3, 3}, ci[] = {0, 1, 0, 1, 0, 1};
    double v[] = {INFINITY, -INFINITY, INFINITY, INFINITY, 1.5e308, -1.5e308};
    spmvp_csr *A = spmvp_csr_from_triplets(4, 2, 6, ri, ci, v);
    double x[] = {1.0, 1.0}, y[4], got, want;
    spmvp_csr_spmv(A, x, y);
    spmvp_idx worst;
    CHECK_MSG(spmvp_verify(A, x, y, 8, &worst, &got, &want) <= 1.0, "row %d: %g vs %g",
              (int)worst, got, want);
    y[0] = -INFINITY; /* a different infinity is still wrong */
    CHECK(!(spmvp_verify(A, x, y, 8, &worst, &got, &want) <= 1.0) && worst == 0);
    y[0] = INFINITY;
    y[2] = 1.0; /* a number where the reference is NaN too */
    CHECK(!(spmvp_verify(A, x, y, 8, &worst, &got, &want) <= 1.0) && worst == 2);
    spmvp_csr_free(A);
}

static void symmetric_files_with_both_triangles_should_be_refused(void)
{
    expect_file("bad_symmetric_both_triangles.mtx", SPMVP_ERR_PARSE, 6,
                "entry (1,2) is in the upper triangle, but line 4 has one in the lower: a "
                "symmetric file stores one triangle only");
    expect_file("bad_skew_both_triangles.mtx", SPMVP_ERR_PARSE, 4,
                "entry (3,1) is in the lower triangle, but line 3 has one in the upper: a "
                "skew-symmetric file stores one triangle only");
    expect_file("bad_pattern_both_triangles.mtx", SPMVP_ERR_PARSE, 5, "(2,3) is in the upper");
    /* either triangle alone is fine, and so is a general file with both */
    const char *upper = "%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n1 2 1\n2 3 1\n";
    const char *general = "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 1\n2 1 1\n";
    spmvp_csr *A = NULL;
    CHECK(spmvp_mm_parse("u.mtx", upper, strlen(upper), &A) == SPMVP_OK && A->nnz == 4);
    spmvp_csr_free(A);
    CHECK(spmvp_mm_parse("g.mtx", general, strlen(general), &A) == SPMVP_OK && A->nnz == 2);
    spmvp_csr_free(A);
}

static void cr_only_line_ends_should_be_named(void)
{
    expect_file("bad_cr_only.mtx", SPMVP_ERR_PARSE, 1, "lines end in CR alone");
    /* CRLF still reads */
    const char *crlf = "%%MatrixMarket matrix coordinate real general\r\n1 1 1\r\n1 1 2\r\n";
    spmvp_csr *A = NULL;
    CHECK(spmvp_mm_parse("crlf.mtx", crlf, strlen(crlf), &A) == SPMVP_OK && A->val[0] == 2.0);
    spmvp_csr_free(A);
}

int main(void)
{
    RUN(size_line_beyond_the_host_limit_should_be_refused_before_allocating);
    RUN(host_limit_should_read_units_and_default_to_half_the_memory);
    RUN(assembly_should_need_no_scratch_per_row);
    RUN(endless_comments_after_the_entries_should_stop_after_one_mib);
    RUN(a_line_without_end_should_stop_after_one_mib);
    RUN(gzip_with_many_entries_should_read_as_it_streams);
    RUN(non_finite_values_should_be_refused_naming_the_line);
    RUN(verification_should_take_equal_non_finite_results_as_equal);
    RUN(symmetric_files_with_both_triangles_should_be_refused);
    RUN(cr_only_line_ends_should_be_named);
    return test_report();
}
