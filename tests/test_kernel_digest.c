/* test_kernel_digest.c: the digest of a format's kernels (host/ocl/kernel_digest.h), without a
 * device: blind to comments and white space, not to code; one per format; the sources read
 * from --cl-dir as programs are built from them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "context.h"
#include "kernel_digest.h"
#include "test.h"

static void comments_and_white_space_do_not_count_code_does(void)
{
    unsigned long plain = spmvp_source_crc(0, "int a = b + c;\nreturn a;");
    CHECK(spmvp_source_crc(0, "int a = b + c;\nreturn a;") == plain);
    CHECK(spmvp_source_crc(0, "/* why */\nint  a = b +\tc; // sum\n\n   return a;  \n") == plain);
    CHECK(spmvp_source_crc(0, "int a = b + c;/* a\n * long comment\n */\nreturn a; /* end") == plain);
    /* a comment is a space, as C reads it: it keeps tokens apart */
    CHECK(spmvp_source_crc(0, "int/**/a = b + c; return a;") == plain);
    CHECK(spmvp_source_crc(0, "int a = b - c;\nreturn a;") != plain);
    CHECK(spmvp_source_crc(0, "int a = b + c;\nreturn b;") != plain);
    CHECK(spmvp_source_crc(0, "inta = b + c; return a;") != plain);
    /* inside a literal nothing is a comment and white space counts */
    unsigned long lit = spmvp_source_crc(0, "s = \"a /* b */ c\";");
    CHECK(lit != spmvp_source_crc(0, "s = \"a c\";"));
    CHECK(lit != spmvp_source_crc(0, "s = \"a  /* b */ c\";"));
    CHECK(spmvp_source_crc(0, "c = '\\'';  // x") == spmvp_source_crc(0, "c = '\\'';"));
    CHECK(spmvp_source_crc(0, "") == spmvp_source_crc(0, " \n\t/* only a comment */ "));
    CHECK(spmvp_source_crc(0, NULL) == 0);
    /* continuing a CRC is the CRC of the normal forms one after the other */
    CHECK(spmvp_source_crc(spmvp_source_crc(0, "int a =/* x */"), "b + c;") ==
          spmvp_source_crc(0, "int a =b + c;"));
}

static int is_digest(const char *d)
{
    return strlen(d) == SPMVP_DIGEST_LEN && strspn(d, "0123456789abcdef") == SPMVP_DIGEST_LEN;
}

static void every_format_has_its_own_digest(void)
{
    char d[SPMVP_NFORMATS][SPMVP_DIGEST_LEN + 1], again[SPMVP_DIGEST_LEN + 1];
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        CHECK_MSG(spmvp_kernel_digest((spmvp_format)f, NULL, d[f]) == SPMVP_OK, "%s: %s",
                  spmvp_format_name((spmvp_format)f), spmvp_last_error());
        CHECK_MSG(is_digest(d[f]), "%s: \"%s\"", spmvp_format_name((spmvp_format)f), d[f]);
        CHECK(spmvp_kernel_digest((spmvp_format)f, NULL, again) == SPMVP_OK && !strcmp(again, d[f]));
        for (int g = 0; g < f; g++) /* each format's sources are its own (HYB's are two) */
            CHECK_MSG(strcmp(d[f], d[g]), "%s and %s", spmvp_format_name((spmvp_format)f),
                      spmvp_format_name((spmvp_format)g));
    }
    strcpy(again, "x");
    CHECK(spmvp_kernel_digest(SPMVP_NFORMATS, NULL, again) == SPMVP_ERR_ARG && again[0] == 0);
    CHECK(spmvp_kernel_digest((spmvp_format)-1, NULL, again) == SPMVP_ERR_ARG);
}

static int write_file(const char *path, const char *a, const char *b)
{
    FILE *f = fopen(path, "wb");
    int ok = f && fputs(a, f) >= 0 && fputs(b, f) >= 0;
    return (f && fclose(f) == 0) && ok;
}

/* --cl-dir: the digest of the sources a program is built from there. */
static void sources_from_a_folder_are_digested_as_built(void)
{
    const char *dir = "test_kernel_digest.d";
    char path[256], embedded[SPMVP_DIGEST_LEN + 1], d[SPMVP_DIGEST_LEN + 1];
    mkdir(dir, 0777);
    char *coo = spmvp_kernel_source(NULL, "coo.cl");
    CHECK(coo != NULL && spmvp_kernel_digest(SPMVP_COO, NULL, embedded) == SPMVP_OK);
    snprintf(path, sizeof path, "%s/coo.cl", dir);
    /* a comment reworded and a line re-indented: the same kernel */
    CHECK(coo && write_file(path, "/* a new first comment */\n   ", coo));
    CHECK(spmvp_kernel_digest(SPMVP_COO, dir, d) == SPMVP_OK && !strcmp(d, embedded));
    /* one more line of code: another kernel (cl/prelude.cl still the built-in one) */
    CHECK(coo && write_file(path, coo, "\n#define SPMVP_TEST_ONE_MORE 1\n"));
    CHECK(spmvp_kernel_digest(SPMVP_COO, dir, d) == SPMVP_OK && is_digest(d) && strcmp(d, embedded));
    /* HYB's digest reads coo.cl from the folder too */
    char hyb[SPMVP_DIGEST_LEN + 1], hyb_dir[SPMVP_DIGEST_LEN + 1];
    snprintf(path, sizeof path, "%s/ell.cl", dir);
    char *ell = spmvp_kernel_source(NULL, "ell.cl");
    CHECK(ell && write_file(path, ell, ""));
    CHECK(spmvp_kernel_digest(SPMVP_HYB, NULL, hyb) == SPMVP_OK);
    CHECK(spmvp_kernel_digest(SPMVP_HYB, dir, hyb_dir) == SPMVP_OK && strcmp(hyb, hyb_dir));
    /* a source the folder lacks: an error naming it, no digest */
    strcpy(d, "x");
    CHECK(spmvp_kernel_digest(SPMVP_SELL, dir, d) == SPMVP_ERR_IO && d[0] == 0);
    CHECK_MSG(strstr(spmvp_last_error(), "sell.cl"), "%s", spmvp_last_error());
    remove(path);
    snprintf(path, sizeof path, "%s/coo.cl", dir);
    remove(path);
    rmdir(dir);
    free(coo);
    free(ell);
}

int main(void)
{
    RUN(comments_and_white_space_do_not_count_code_does);
    RUN(every_format_has_its_own_digest);
    RUN(sources_from_a_folder_are_digested_as_built);
    return test_report();
}
