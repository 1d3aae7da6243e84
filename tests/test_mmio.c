/* test_mmio.c: Matrix Market reading and writing (model/sparse/mmio.c). */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include "sparse.h"
#include "test.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Internals of mmio.c that are not in sparse.h (see there). */
extern size_t spmvp_mm_entry_limit;
int spmvp_mm_fast_double(const char *s, size_t len, double *out);

#define DATA SPMVP_SOURCE_DIR "/tests/data/mm/"
#define MATRICES SPMVP_SOURCE_DIR "/matrices/"

/* ---- helpers ---- */

/* Parses a copy of text held in exactly strlen(text) bytes, so that reading past the end is
 * caught by AddressSanitizer. */
static spmvp_status parse(const char *text, spmvp_csr **A)
{
    size_t len = strlen(text);
    char *copy = malloc(len ? len : 1);
    memcpy(copy, text, len);
    *A = (spmvp_csr *)(uintptr_t)1; /* must come back NULL on failure */
    spmvp_status st = spmvp_mm_parse("text.mtx", copy, len, A);
    free(copy);
    return st;
}

/* The CSR of 1-based triplets (i, j, v), built independently of the parser. */
static spmvp_csr *from_entries(spmvp_idx m, spmvp_idx n, size_t k, const double (*e)[3])
{
    spmvp_idx *ri = malloc((k ? k : 1) * sizeof *ri), *ci = malloc((k ? k : 1) * sizeof *ci);
    double *v = malloc((k ? k : 1) * sizeof *v);
    for (size_t p = 0; p < k; p++) {
        ri[p] = (spmvp_idx)e[p][0] - 1;
        ci[p] = (spmvp_idx)e[p][1] - 1;
        v[p] = e[p][2];
    }
    spmvp_csr *A = spmvp_csr_from_triplets(m, n, k, ri, ci, v);
    free(ri);
    free(ci);
    free(v);
    return A;
}

static int bits_equal(double a, double b) { return !memcmp(&a, &b, sizeof a); }

static int one_line(const char *msg) { return *msg && !strchr(msg, '\n'); }

/* A fresh name in /tmp; the file mkstemp made is removed so callers choose the suffix. */
static void temp_name(char *buf, size_t size)
{
    snprintf(buf, size, "/tmp/spmvp_test_mmio_XXXXXX");
    int fd = mkstemp(buf);
    if (fd >= 0) {
        close(fd);
        remove(buf);
    }
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    *len = 0;
    if (f && !fseek(f, 0, SEEK_END)) {
        long size = ftell(f);
        rewind(f);
        buf = malloc(size > 0 ? (size_t)size : 1);
        *len = fread(buf, 1, size > 0 ? (size_t)size : 0, f);
    }
    if (f)
        fclose(f);
    return buf;
}

static void spill(const char *path, const char *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(buf, 1, len, f);
        fclose(f);
    }
}

/* xorshift64*: reproducible random numbers */
static uint64_t rng = 0x2545f4914f6cdd1du;
static uint64_t next_random(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545f4914f6cdd1du;
}

/* A random m x n matrix with about k entries of varied magnitudes. */
static spmvp_csr *random_matrix(spmvp_idx m, spmvp_idx n, size_t k)
{
    double(*e)[3] = malloc(k * sizeof *e);
    for (size_t p = 0; p < k; p++) {
        e[p][0] = (double)(next_random() % (uint64_t)m + 1);
        e[p][1] = (double)(next_random() % (uint64_t)n + 1);
        e[p][2] = ((double)(next_random() >> 11) * 0x1p-53 - 0.5) *
                  pow(10.0, (double)(next_random() % 40) - 20.0);
    }
    spmvp_csr *A = from_entries(m, n, k, (const double(*)[3])e);
    free(e);
    return A;
}

/* ---- well-formed input ---- */

static void general_file_should_sum_duplicates_keep_zeros_and_stay_rectangular(void)
{
    /* good_general.mtx: mixed-case banner, CRLF, comments and blank lines between entries,
     * tabs, a duplicate (1,4), an explicit 0.0, ".25", and no final newline */
    const double e[][3] = {{1, 1, 1.0}, {1, 4, 3.0}, {2, 2, 0.0}, {3, 1, -100.0}, {3, 4, 0.25}};
    spmvp_csr *want = from_entries(3, 4, 5, e), *A = NULL;
    spmvp_status st = spmvp_mm_read(DATA "good_general.mtx", &A);
    CHECK_MSG(st == SPMVP_OK, "%s", spmvp_last_error());
    CHECK(A && spmvp_csr_equal(A, want));
    CHECK(A && A->nrows == 3 && A->ncols == 4 && A->nnz == 5);
    spmvp_csr_free(A);
    spmvp_csr_free(want);
}

static void symmetric_file_should_be_expanded(void)
{
    const double e[][3] = {{1, 1, 4}, {2, 1, -1}, {1, 2, -1}, {3, 2, -2}, {2, 3, -2}, {3, 3, 6}};
    spmvp_csr *want = from_entries(3, 3, 6, e), *A = NULL;
    CHECK(spmvp_mm_read(DATA "good_symmetric.mtx", &A) == SPMVP_OK);
    CHECK(A && spmvp_csr_equal(A, want));
    spmvp_csr_free(A);
    spmvp_csr_free(want);
}

static void skew_symmetric_file_should_be_expanded_with_negated_mirror(void)
{
    const double e[][3] = {{2, 1, 5}, {1, 2, -5}, {3, 1, -7}, {1, 3, 7}};
    spmvp_csr *want = from_entries(3, 3, 4, e), *A = NULL;
    CHECK(spmvp_mm_read(DATA "good_skew.mtx", &A) == SPMVP_OK);
    CHECK(A && spmvp_csr_equal(A, want));
    spmvp_csr_free(A);
    spmvp_csr_free(want);
}

static void pattern_entries_should_have_value_one(void)
{
    const double e[][3] = {{1, 1, 1}, {3, 2, 1}, {2, 3, 1}, {4, 1, 1}, {1, 4, 1}};
    spmvp_csr *want = from_entries(4, 4, 5, e), *A = NULL;
    CHECK(spmvp_mm_read(DATA "good_pattern.mtx", &A) == SPMVP_OK);
    CHECK(A && spmvp_csr_equal(A, want));
    spmvp_csr_free(A);
    spmvp_csr_free(want);
}

static void symmetric_entries_in_the_upper_triangle_should_be_mirrored_too(void)
{
    spmvp_csr *A = NULL;
    const double e[][3] = {{1, 2, 3}, {2, 1, 3}};
    spmvp_csr *want = from_entries(2, 2, 2, e);
    CHECK(parse("%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n1 2 3\n", &A) == 0);
    CHECK(A && spmvp_csr_equal(A, want));
    spmvp_csr_free(A);
    spmvp_csr_free(want);
}

static void integer_values_should_be_exact(void)
{
    spmvp_csr *A = NULL;
    CHECK(parse("%%MatrixMarket matrix coordinate integer general\n1 4 4\n"
                "1 1 -42\n1 2 +7\n1 3 9007199254740993\n1 4 123456789012345678901234\n",
                &A) == SPMVP_OK);
    CHECK(A && A->nnz == 4);
    if (A) {
        CHECK(A->val[0] == -42.0 && A->val[1] == 7.0);
        CHECK(bits_equal(A->val[2], strtod("9007199254740993", NULL)));
        CHECK(bits_equal(A->val[3], strtod("123456789012345678901234", NULL)));
    }
    spmvp_csr_free(A);
}

static void empty_matrix_should_have_no_entries(void)
{
    spmvp_csr *A = NULL;
    CHECK(spmvp_mm_read(DATA "good_empty.mtx", &A) == SPMVP_OK);
    CHECK(A && A->nrows == 5 && A->ncols == 7 && A->nnz == 0 && A->rowptr[5] == 0);
    spmvp_csr_free(A);
}

static void zero_by_zero_matrix_should_be_valid(void)
{
    spmvp_csr *A = NULL;
    CHECK(parse("%%MatrixMarket matrix coordinate real general\n0 0 0\n", &A) == SPMVP_OK);
    CHECK(A && A->nrows == 0 && A->ncols == 0 && A->nnz == 0 && A->rowptr[0] == 0);
    spmvp_csr_free(A);
    CHECK(parse("%%MatrixMarket matrix coordinate real general\n0 0 1\n1 1 1.0\n", &A) ==
          SPMVP_ERR_PARSE);
    CHECK(
        strstr(spmvp_last_error(), "text.mtx:3: row index 1 out of range: the matrix has no rows"));
}

static void banner_keywords_should_be_case_insensitive(void)
{
    spmvp_csr *A = NULL;
    CHECK(parse("%%matrixmarket MATRIX COORDINATE PATTERN SKEW-symmetric\n1 1 0\n", &A) ==
          SPMVP_ERR_PARSE); /* read, then refused as pattern skew-symmetric */
    CHECK(strstr(spmvp_last_error(), "cannot be skew-symmetric"));
    CHECK(parse("%%MATRIXMARKET Matrix Coordinate Integer Skew-Symmetric\n2 2 1\n2 1 3\n", &A) ==
          SPMVP_OK);
    CHECK(A && A->nnz == 2 && A->val[0] == -3.0 && A->val[1] == 3.0);
    spmvp_csr_free(A);
}

static void values_should_equal_strtod_in_every_notation(void)
{
    static const char *tokens[] = {
        "0",
        "-0",
        "+0.0",
        "1",
        "-1",
        "1.",
        ".5",
        "-.5",
        "0.1",
        "1e0",
        "1E+2",
        "1e-2",
        "-2.5e-3",
        "123456789012345678",
        "1234567890123456789",
        "12345678901234567890", /* 20 digits */
        "0.30000000000000004",
        "0.1000000000000000055511151231257827",
        "9007199254740993",
        "9007199254740993e-5",
        "18014398509481986",
        "9223372036854776832",
        "1e22",
        "1e23",
        "1.7976931348623157e308",
        "2.2250738585072014e-308",
        "4.9e-324",
        "1e-400",
        "1e400",
        "-1e400",
        "inf",
        "-inf",
        "nan",
        "Infinity",
        "0x1.8p1",
        "000000000000000000000001.5",
        "0.000000000000000000000000000000000001",
        "1e-22",
        "1e-27",
        "1e-28",
        "123e27",
        "1234567890123456789e-27",
        "-1.2345678901234e-01",
        "1996.02681822",
        "3.14159265358979323846",
    };
    size_t n = sizeof tokens / sizeof tokens[0];
    char *text = malloc(64 * n + 128), *p = text;
    p += sprintf(p, "%%%%MatrixMarket matrix coordinate real general\n1 %zu %zu\n", n, n);
    for (size_t k = 0; k < n; k++)
        p += sprintf(p, "1 %zu %s\n", k + 1, tokens[k]);
    spmvp_csr *A = NULL;
    spmvp_mm_allow_nonfinite = 1; /* inf, nan and 1e400 too, as strtod gives them */
    spmvp_status st = parse(text, &A);
    spmvp_mm_allow_nonfinite = 0;
    CHECK_MSG(st == SPMVP_OK, "%s", spmvp_last_error());
    for (size_t k = 0; A && k < n; k++) {
        double want = strtod(tokens[k], NULL);
        CHECK_MSG(bits_equal(A->val[k], want) || (isnan(want) && isnan(A->val[k])),
                  "%s: got %.17g, strtod %.17g", tokens[k], A->val[k], want);
    }
    spmvp_csr_free(A);
    free(text);
}

/* One random decimal: nd digits, a point somewhere or none, maybe an exponent. */
static int random_decimal(char *s, int max_digits, int max_exp)
{
    int nd = 1 + (int)(next_random() % (uint64_t)max_digits), k = 0;
    int point = (int)(next_random() % (uint64_t)(nd + 2)) - 1; /* -1: no point */
    if (next_random() & 1)
        s[k++] = '-';
    for (int d = 0; d < nd; d++) {
        if (d == point)
            s[k++] = '.';
        s[k++] = (char)('0' + (d == 0 && nd > 1 ? 1 + next_random() % 9 : next_random() % 10));
    }
    if (point == nd)
        s[k++] = '.';
    if (max_exp && next_random() % 4)
        k += sprintf(s + k, "e%d", (int)(next_random() % (uint64_t)(2 * max_exp + 1)) - max_exp);
    s[k] = '\0';
    return k;
}

static void fast_double_should_equal_strtod_on_random_values(void)
{
    long accepted = 0, tried = 0, mismatches = 0, fast17 = 0, n17 = 0;
    char s[96];
    double v;
    for (int round = 0; round < 4; round++) {
        for (int t = 0; t < 500000; t++) {
            int len;
            switch (round) {
            case 0:
                len = random_decimal(s, 19, 30);
                break; /* the fast paths' domain */
            case 1:
                len = random_decimal(s, 25, 340);
                break; /* and well beyond it */
            case 2: {  /* what writers print: %.17g and %.Ne of random doubles */
                uint64_t bits = next_random();
                memcpy(&v, &bits, sizeof v);
                if (!isfinite(v) || fabs(v) > 1e30 || fabs(v) < 1e-30)
                    v = ((double)(next_random() >> 11) * 0x1p-53 - 0.5) * 1e3;
                if (t & 1)
                    len = sprintf(s, "%.17g", v);
                else
                    len = sprintf(s, "%.*e", (int)(next_random() % 19), v);
                break;
            }
            default: { /* halfway points between neighbouring doubles in [2^53, 2^64) */
                int e = 53 + (int)(next_random() % 11);
                uint64_t d = (UINT64_C(1) << e) |
                             ((next_random() >> (64 - e)) & ~((UINT64_C(1) << (e - 52)) - 1));
                uint64_t mid = d + (UINT64_C(1) << (e - 53)) + (next_random() % 3) - 1;
                len = sprintf(s, "%llu", (unsigned long long)mid);
                break;
            }
            }
            tried++;
            int ok = spmvp_mm_fast_double(s, (size_t)len, &v);
            int is17 = round == 2 && (t & 1);
            n17 += is17;
            if (ok) {
                accepted++;
                fast17 += is17;
                if (!bits_equal(v, strtod(s, NULL)) && mismatches++ < 10)
                    CHECK_MSG(0, "%s: fast %.17g, strtod %.17g", s, v, strtod(s, NULL));
            }
        }
    }
    CHECK_MSG(mismatches == 0, "%ld of %ld accepted values differ from strtod", mismatches,
              accepted);
    /* the fast path must carry most of the work, %.17g output included (x87 path) */
    CHECK_MSG(accepted > tried / 2, "fast path accepted only %ld of %ld", accepted, tried);
#if (defined(__x86_64__) || defined(__i386__))
    CHECK_MSG(fast17 > n17 * 9 / 10, "fast path accepted %ld of %ld %%.17g values", fast17, n17);
#endif
}

static void random_values_in_a_file_should_equal_strtod(void)
{
    /* the same kinds of values inside a file, where the fast path reads 8 bytes at a time
     * across what follows the number (blanks, CR, newline, the next line) */
    enum { N = 60000 };
    static const char *after[] = {"", " ", "\t", "\r", "  \r"};
    char(*tok)[96] = malloc(N * sizeof *tok);
    char *text = malloc((size_t)N * 128 + 128), *p = text;
    p += sprintf(p, "%%%%MatrixMarket matrix coordinate real general\n1 %d %d\n", N, N);
    for (int k = 0; k < N; k++) {
        double v;
        if (k % 3 == 0) {
            random_decimal(tok[k], 19, 30);
        } else if (k % 3 == 1) {
            random_decimal(tok[k], 25, 340);
        } else {
            v = ((double)(next_random() >> 11) * 0x1p-53 - 0.5) * pow(10.0, (double)(k % 41) - 20);
            sprintf(tok[k], (k & 4) ? "%.17g" : "%.13e", v);
        }
        p += sprintf(p, "%d %d %s%s\n", 1, k + 1, tok[k], after[k % 5]);
    }
    spmvp_csr *A = NULL;
    spmvp_mm_allow_nonfinite = 1; /* exponents up to 340 overflow: compared with strtod too */
    CHECK_MSG(parse(text, &A) == SPMVP_OK, "%s", spmvp_last_error());
    spmvp_mm_allow_nonfinite = 0;
    long bad = 0;
    for (int k = 0; A && k < N; k++)
        if (!bits_equal(A->val[k], strtod(tok[k], NULL)) && bad++ < 10)
            CHECK_MSG(0, "%s: got %.17g, strtod %.17g", tok[k], A->val[k], strtod(tok[k], NULL));
    CHECK(bad == 0);
    spmvp_csr_free(A);
    free(text);
    free(tok);
}

static void fast_double_should_decline_exact_halfway_cases(void)
{
    /* ties between two doubles: rounding twice could break them, so strtod decides */
    static const char *ties[] = {"9007199254740993", "18014398509481986", "9223372036854776832",
                                 "9007199254740993.0", "900719925474099.3e1"};
    double v;
    for (size_t k = 0; k < sizeof ties / sizeof ties[0]; k++)
        CHECK_MSG(!spmvp_mm_fast_double(ties[k], strlen(ties[k]), &v), "%s accepted", ties[k]);
    CHECK(spmvp_mm_fast_double("-1.2345678901234e-01", 20, &v) && v == -1.2345678901234e-01);
    CHECK(spmvp_mm_fast_double("1.2345678901234567e-01", 22, &v) && v == 1.2345678901234567e-01);
    CHECK(!spmvp_mm_fast_double("inf", 3, &v) && !spmvp_mm_fast_double("1e", 2, &v));
}

static void parse_should_not_read_past_the_given_length(void)
{
    const char *text = "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1.5\n2 2 2.5";
    spmvp_csr *A = NULL;
    /* every prefix: parsed or refused as malformed, never read beyond (ASan watches) */
    for (size_t len = 0; len <= strlen(text); len++) {
        char *copy = malloc(len ? len : 1);
        memcpy(copy, text, len);
        A = (spmvp_csr *)(uintptr_t)1;
        spmvp_status st = spmvp_mm_parse("prefix.mtx", copy, len, &A);
        CHECK_MSG(st == SPMVP_OK || st == SPMVP_ERR_PARSE, "length %zu: %s", len,
                  spmvp_last_error());
        CHECK(st == SPMVP_OK ? A != NULL : A == NULL);
        CHECK(st == SPMVP_OK || one_line(spmvp_last_error()));
        if (st == SPMVP_OK) /* "2 2 2" only parses once the last value has a digit */
            CHECK(len >= strlen(text) - 2 && A->nnz == 2);
        spmvp_csr_free(A);
        free(copy);
    }
}

static void random_corruption_should_fail_cleanly(void)
{
    const char *text = "%%MatrixMarket matrix coordinate real symmetric\n% c\n4 4 5\n1 1 1.0\n"
                       "2 1 -2.5e-1\n3 2 3\n4 4 4e0\n4 3 .5\n";
    size_t len = strlen(text);
    char *copy = malloc(len);
    static const char bytes[] = "0123456789 \n\t%.-+eEx\r";
    for (int t = 0; t < 20000; t++) {
        memcpy(copy, text, len);
        for (int k = 0; k < 1 + t % 3; k++)
            copy[next_random() % len] =
                (t & 1) ? (char)next_random() : bytes[next_random() % (sizeof bytes - 1)];
        spmvp_csr *A = (spmvp_csr *)(uintptr_t)1;
        spmvp_status st = spmvp_mm_parse("fuzz.mtx", copy, len, &A);
        CHECK(st == SPMVP_OK || st == SPMVP_ERR_PARSE || st == SPMVP_ERR_UNSUPPORTED ||
              st == SPMVP_ERR_RANGE);
        CHECK(st == SPMVP_OK ? A != NULL : A == NULL);
        if (st)
            CHECK_MSG(one_line(spmvp_last_error()) && !strncmp(spmvp_last_error(), "fuzz.mtx:", 9),
                      "%s", spmvp_last_error());
        spmvp_csr_free(A);
    }
    free(copy);
}

/* ---- shipped matrices ---- */

static void shipped_matrices_should_read_with_their_known_sizes(void)
{
    /* sizes after expansion and sum |a_ij|, computed independently with Python */
    static const struct {
        const char *name;
        int m, n, nnz;
        double abs_sum;
    } known[] = {
        {"1138_bus.mtx.gz", 1138, 1138, 4054, 1946340.7791787002},
        {"Erdos971.mtx.gz", 472, 472, 2628, 2628},
        {"Harvard500.mtx.gz", 500, 500, 2636, 2636},
        {"Journals.mtx.gz", 124, 124, 12068, 1646336},
        {"add32.mtx.gz", 4960, 4960, 23884, 139.65391372644467},
        {"bcspwr10.mtx.gz", 5300, 5300, 21842, 21842},
        {"bcsstk04.mtx.gz", 132, 132, 3648, 511794780.0609237},
        {"cage8.mtx.gz", 1015, 1015, 11003, 1015.0000000001456},
        {"lp_e226.mtx.gz", 223, 472, 2768, 37533.866759999954},
        {"rajat14.mtx.gz", 180, 180, 1503, 302741.8312409998},
        {"tomography.mtx.gz", 500, 500, 28726, 2082948879.6187108},
        {"west0381.mtx.gz", 381, 381, 2157, 14366.02409172103},
    };
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        char path[1024];
        snprintf(path, sizeof path, MATRICES "%s", known[k].name);
        spmvp_csr *A = NULL;
        spmvp_status st = spmvp_mm_read(path, &A);
        CHECK_MSG(st == SPMVP_OK, "%s", spmvp_last_error());
        if (!A)
            continue;
        double s = 0;
        for (spmvp_idx p = 0; p < A->nnz; p++)
            s += fabs(A->val[p]);
        CHECK_MSG(A->nrows == known[k].m && A->ncols == known[k].n && A->nnz == known[k].nnz,
                  "%s: %d x %d, %d entries", known[k].name, (int)A->nrows, (int)A->ncols,
                  (int)A->nnz);
        CHECK_MSG(fabs(s - known[k].abs_sum) <= 1e-12 * known[k].abs_sum, "%s: sum %.17g",
                  known[k].name, s);
        spmvp_csr_free(A);
    }
}

/* ---- writing ---- */

static void write_then_read_should_give_an_equal_matrix(void)
{
    char path[64];
    temp_name(path, sizeof path);
    spmvp_csr *A = random_matrix(37, 23, 300), *B = NULL;
    CHECK_MSG(spmvp_mm_write(path, A) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK_MSG(spmvp_mm_read(path, &B) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK(B && spmvp_csr_equal(A, B));
    size_t len;
    char *text = slurp(path, &len);
    CHECK(text && len > 46 &&
          !memcmp(text, "%%MatrixMarket matrix coordinate real general\n37 23 ", 52));
    free(text);
    remove(path);
    spmvp_csr_free(A);
    spmvp_csr_free(B);
}

static void gzip_write_then_read_should_give_an_equal_matrix(void)
{
    char base[64], path[80];
    temp_name(base, sizeof base);
    snprintf(path, sizeof path, "%s.mtx.gz", base);
    spmvp_csr *A = random_matrix(50, 60, 500), *B = NULL;
    CHECK_MSG(spmvp_mm_write(path, A) == SPMVP_OK, "%s", spmvp_last_error());
    size_t len;
    unsigned char *raw = (unsigned char *)slurp(path, &len);
    CHECK(raw && len > 2 && raw[0] == 0x1f && raw[1] == 0x8b); /* really compressed */
    free(raw);
    CHECK_MSG(spmvp_mm_read(path, &B) == SPMVP_OK, "%s", spmvp_last_error());
    CHECK(B && spmvp_csr_equal(A, B));
    spmvp_csr_free(B);
    /* detected by the magic bytes, not by the name */
    char renamed[96];
    snprintf(renamed, sizeof renamed, "%s.mtx", base);
    CHECK(rename(path, renamed) == 0);
    CHECK(spmvp_mm_read(renamed, &B) == SPMVP_OK && B && spmvp_csr_equal(A, B));
    spmvp_csr_free(B);
    remove(renamed);
    /* and a plain file called .gz is read as plain text */
    CHECK(spmvp_mm_write(renamed, A) == SPMVP_OK && rename(renamed, path) == 0);
    CHECK(spmvp_mm_read(path, &B) == SPMVP_OK && B && spmvp_csr_equal(A, B));
    spmvp_csr_free(B);
    remove(path);
    spmvp_csr_free(A);
}

static void empty_and_rectangular_matrices_should_survive_a_round_trip(void)
{
    char path[64];
    temp_name(path, sizeof path);
    spmvp_csr *E = spmvp_csr_alloc(4, 9, 0), *B = NULL;
    CHECK(spmvp_mm_write(path, E) == SPMVP_OK);
    CHECK(spmvp_mm_read(path, &B) == SPMVP_OK && B && spmvp_csr_equal(E, B));
    spmvp_csr_free(B);
    remove(path);
    spmvp_csr_free(E);
}

/* ---- failures ---- */

static void truncated_gzip_should_fail_naming_the_line(void)
{
    char base[64], path[80];
    temp_name(base, sizeof base);
    snprintf(path, sizeof path, "%s.mtx.gz", base);
    spmvp_csr *A = random_matrix(200, 200, 5000), *B = NULL;
    CHECK(spmvp_mm_write(path, A) == SPMVP_OK);
    size_t len;
    char *raw = slurp(path, &len);
    spill(path, raw, len / 2);
    B = (spmvp_csr *)(uintptr_t)1;
    spmvp_status st = spmvp_mm_read(path, &B);
    const char *msg = spmvp_last_error();
    long line = 0;
    CHECK_MSG(st == SPMVP_ERR_PARSE && B == NULL, "%s", msg);
    CHECK_MSG(!strncmp(msg, path, strlen(path)) &&
                  sscanf(msg + strlen(path), ":%ld:", &line) == 1 && line > 100 &&
                  strstr(msg, "truncated or corrupt gzip data") && one_line(msg),
              "%s", msg);
    /* a flipped byte in the compressed data */
    raw[len / 2] ^= 0x55;
    spill(path, raw, len);
    B = (spmvp_csr *)(uintptr_t)1;
    st = spmvp_mm_read(path, &B);
    CHECK_MSG(st == SPMVP_ERR_PARSE && B == NULL && strstr(spmvp_last_error(), "gzip data"), "%s",
              spmvp_last_error());
    free(raw);
    remove(path);
    spmvp_csr_free(A);
}

static void unreadable_paths_should_be_io_errors(void)
{
    spmvp_csr *A = (spmvp_csr *)(uintptr_t)1;
    CHECK(spmvp_mm_read(DATA "no_such_file.mtx", &A) == SPMVP_ERR_IO && A == NULL);
    CHECK_MSG(strstr(spmvp_last_error(), "no_such_file.mtx: cannot open: No such file"), "%s",
              spmvp_last_error());
    A = (spmvp_csr *)(uintptr_t)1;
    CHECK(spmvp_mm_read(DATA, &A) == SPMVP_ERR_IO && A == NULL); /* a directory */
    CHECK_MSG(strstr(spmvp_last_error(), "cannot read"), "%s", spmvp_last_error());
    spmvp_csr *B = random_matrix(3, 3, 3);
    CHECK(spmvp_mm_write("/nonexistent_spmvp_dir/a.mtx", B) == SPMVP_ERR_IO);
    CHECK(strstr(spmvp_last_error(), "/nonexistent_spmvp_dir/a.mtx: cannot open for writing"));
    CHECK(spmvp_mm_write("/nonexistent_spmvp_dir/a.mtx.gz", B) == SPMVP_ERR_IO);
    spmvp_csr_free(B);
}

static void symmetric_expansion_beyond_32_bit_indices_should_be_a_range_error(void)
{
    /* the limit is lowered so that 4 entries expanding to 6 cross it */
    spmvp_mm_entry_limit = 5;
    spmvp_csr *A = (spmvp_csr *)(uintptr_t)1;
    spmvp_status st = spmvp_mm_read(DATA "good_symmetric.mtx", &A);
    CHECK(st == SPMVP_ERR_RANGE && A == NULL);
    CHECK_MSG(
        strstr(spmvp_last_error(), "good_symmetric.mtx:2: symmetric expansion gives 6 entries"),
        "%s", spmvp_last_error());
    spmvp_mm_entry_limit = 4; /* exactly fits a general file of 4 */
    CHECK(
        parse("%%MatrixMarket matrix coordinate real general\n2 2 4\n1 1 1\n1 2 1\n2 1 1\n2 2 1\n",
              &A) == SPMVP_OK);
    spmvp_csr_free(A);
    spmvp_mm_entry_limit = SPMVP_IDX_MAX;
}

static void malformed_files_should_fail_naming_line_and_reason(void)
{
    static const struct {
        const char *file;
        spmvp_status st;
        int line;
        const char *phrase;
    } bad[] = {
        {"bad_empty.mtx", SPMVP_ERR_PARSE, 1, "empty file: missing %%MatrixMarket banner"},
        {"bad_no_banner.mtx", SPMVP_ERR_PARSE, 1, "missing %%MatrixMarket banner"},
        {"bad_object.mtx", SPMVP_ERR_PARSE, 1, "unknown object 'vector'"},
        {"bad_format.mtx", SPMVP_ERR_PARSE, 1, "unknown format 'coordinat'"},
        {"bad_field.mtx", SPMVP_ERR_PARSE, 1, "unknown field 'double'"},
        {"bad_symmetry.mtx", SPMVP_ERR_PARSE, 1, "unknown symmetry 'symmetrical'"},
        {"bad_banner_short.mtx", SPMVP_ERR_PARSE, 1, "incomplete banner"},
        {"bad_banner_long.mtx", SPMVP_ERR_PARSE, 1, "unexpected words after the symmetry"},
        {"bad_array.mtx", SPMVP_ERR_UNSUPPORTED, 1, "array (dense) format is not supported"},
        {"bad_complex.mtx", SPMVP_ERR_UNSUPPORTED, 1, "complex field is not supported"},
        {"bad_hermitian.mtx", SPMVP_ERR_UNSUPPORTED, 1, "hermitian symmetry is not supported"},
        {"bad_pattern_skew.mtx", SPMVP_ERR_PARSE, 1, "pattern matrix cannot be skew-symmetric"},
        {"bad_no_size.mtx", SPMVP_ERR_PARSE, 4, "missing size line"},
        {"bad_size_two_fields.mtx", SPMVP_ERR_PARSE, 3, "size line has 2 fields, expected 3"},
        {"bad_size_four_fields.mtx", SPMVP_ERR_PARSE, 2, "size line has more than 3 fields"},
        {"bad_size_negative.mtx", SPMVP_ERR_PARSE, 2, "negative size -3 on the size line"},
        {"bad_size_nonnumeric.mtx", SPMVP_ERR_PARSE, 2,
         "non-numeric size 'three' on the size line"},
        {"bad_rows_overflow.mtx", SPMVP_ERR_RANGE, 2, "3000000000 rows exceed 32-bit indices"},
        {"bad_cols_overflow.mtx", SPMVP_ERR_RANGE, 2, "2147483648 columns exceed 32-bit indices"},
        {"bad_nnz_overflow.mtx", SPMVP_ERR_RANGE, 2, "99999999999 entries exceed 32-bit indices"},
        {"bad_huge_size.mtx", SPMVP_ERR_RANGE, 2, "entries exceed 32-bit indices"},
        {"bad_nonsquare_symmetric.mtx", SPMVP_ERR_PARSE, 2,
         "symmetric matrix must be square, not 3 x 4"},
        {"bad_row_zero.mtx", SPMVP_ERR_PARSE, 4, "row index 0 out of range 1..5"},
        {"bad_row_too_big.mtx", SPMVP_ERR_PARSE, 4, "row index 6 out of range 1..5"},
        {"bad_col_range.mtx", SPMVP_ERR_PARSE, 17, "column index 900 out of range 1..800"},
        {"bad_negative_index.mtx", SPMVP_ERR_PARSE, 3, "row index -1 out of range 1..5"},
        {"bad_huge_index.mtx", SPMVP_ERR_PARSE, 3,
         "column index 99999999999999999999 out of range"},
        {"bad_few_entries.mtx", SPMVP_ERR_PARSE, 5,
         "file ends after 2 of the 4 entries declared on line 2"},
        {"bad_many_entries.mtx", SPMVP_ERR_PARSE, 6, "more entries than the 2 declared on line 2"},
        {"bad_value.mtx", SPMVP_ERR_PARSE, 4, "non-numeric value 'abc'"},
        {"bad_value_suffix.mtx", SPMVP_ERR_PARSE, 3, "non-numeric value '1.5x'"},
        {"bad_value_exponent.mtx", SPMVP_ERR_PARSE, 3, "non-numeric value '1e'"},
        {"bad_index_nonnumeric.mtx", SPMVP_ERR_PARSE, 3, "non-numeric column index 'b'"},
        {"bad_index_decimal.mtx", SPMVP_ERR_PARSE, 3, "non-numeric row index '1.0'"},
        {"bad_missing_value.mtx", SPMVP_ERR_PARSE, 4, "missing value (field is real)"},
        {"bad_missing_column.mtx", SPMVP_ERR_PARSE, 3, "missing column index"},
        {"bad_garbage.mtx", SPMVP_ERR_PARSE, 3, "unexpected 'junk' after the value"},
        {"bad_pattern_value.mtx", SPMVP_ERR_PARSE, 4, "unexpected '4.0' after the column index"},
        {"bad_integer_value.mtx", SPMVP_ERR_PARSE, 3, "non-integer value '1.5' (field is integer)"},
        {"bad_skew_diagonal.mtx", SPMVP_ERR_PARSE, 4,
         "diagonal entry (2,2) in a skew-symmetric matrix"},
        {"bad_control_chars.mtx", SPMVP_ERR_PARSE, 3, "non-numeric value '\?\?\?'"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char path[1024], where[128];
        snprintf(path, sizeof path, DATA "%s", bad[k].file);
        snprintf(where, sizeof where, "/%s:%d: ", bad[k].file, bad[k].line);
        spmvp_csr *A = (spmvp_csr *)(uintptr_t)1;
        spmvp_status st = spmvp_mm_read(path, &A);
        const char *msg = spmvp_last_error();
        CHECK_MSG(st == bad[k].st && A == NULL, "%s: %s (%s)", bad[k].file, spmvp_strerror(st),
                  msg);
        CHECK_MSG(!strncmp(msg, path, strlen(path)) && strstr(msg, where) &&
                      strstr(msg, bad[k].phrase) && one_line(msg),
                  "%s: message '%s', want '%s' and '%s'", bad[k].file, msg, where, bad[k].phrase);
    }
}

int main(void)
{
    RUN(general_file_should_sum_duplicates_keep_zeros_and_stay_rectangular);
    RUN(symmetric_file_should_be_expanded);
    RUN(skew_symmetric_file_should_be_expanded_with_negated_mirror);
    RUN(pattern_entries_should_have_value_one);
    RUN(symmetric_entries_in_the_upper_triangle_should_be_mirrored_too);
    RUN(integer_values_should_be_exact);
    RUN(empty_matrix_should_have_no_entries);
    RUN(zero_by_zero_matrix_should_be_valid);
    RUN(banner_keywords_should_be_case_insensitive);
    RUN(values_should_equal_strtod_in_every_notation);
    RUN(fast_double_should_equal_strtod_on_random_values);
    RUN(random_values_in_a_file_should_equal_strtod);
    RUN(fast_double_should_decline_exact_halfway_cases);
    RUN(parse_should_not_read_past_the_given_length);
    RUN(random_corruption_should_fail_cleanly);
    RUN(shipped_matrices_should_read_with_their_known_sizes);
    RUN(write_then_read_should_give_an_equal_matrix);
    RUN(gzip_write_then_read_should_give_an_equal_matrix);
    RUN(empty_and_rectangular_matrices_should_survive_a_round_trip);
    RUN(truncated_gzip_should_fail_naming_the_line);
    RUN(unreadable_paths_should_be_io_errors);
    RUN(symmetric_expansion_beyond_32_bit_indices_should_be_a_range_error);
    RUN(malformed_files_should_fail_naming_line_and_reason);
    return test_report();
}
