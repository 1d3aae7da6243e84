/* test.h: a minimal assertion harness shared by the test executables. */
#ifndef SPMVP_TEST_H
#define SPMVP_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_failures, test_checks;

#define CHECK(cond)                                                                            \
    do {                                                                                       \
        test_checks++;                                                                         \
        if (!(cond)) {                                                                         \
            test_failures++;                                                                   \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);           \
        }                                                                                      \
    } while (0)

#define CHECK_MSG(cond, ...)                                                                   \
    do {                                                                                       \
        test_checks++;                                                                         \
        if (!(cond)) {                                                                         \
            test_failures++;                                                                   \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);           \
            fprintf(stderr, __VA_ARGS__);                                                      \
            fputc('\n', stderr);                                                               \
        }                                                                                      \
    } while (0)

/* Whether test `name` runs: every one, unless SPMVP_TEST_ONLY holds a comma-separated list of
 * words, when those whose names contain one of them (e.g. the GPU's compiler is too slow for
 * all of test_cl_kernels in one call of the device tool: scripts/gpu_verify.sh picks some). */
static inline int test_selected(const char *name)
{
    const char *only = getenv("SPMVP_TEST_ONLY");
    if (!only || !*only)
        return 1;
    for (const char *w = only; *w;) {
        size_t n = strcspn(w, ",");
        for (const char *p = name; n && *p; p++)
            if (!strncmp(p, w, n))
                return 1;
        w += n + (w[n] == ',');
    }
    return 0;
}

/* Runs one named test function (flushing its line: a run cut short still shows how far it
 * got). */
#define RUN(fn)                                                                                \
    do {                                                                                       \
        if (!test_selected(#fn)) {                                                             \
            printf("skip %s\n", #fn);                                                         \
            break;                                                                             \
        }                                                                                      \
        int before_ = test_failures;                                                           \
        fn();                                                                                  \
        printf("%s %s\n", test_failures == before_ ? "ok  " : "FAIL", #fn);                   \
        fflush(stdout);                                                                        \
    } while (0)

static inline int test_report(void)
{
    printf("%d checks, %d failed\n", test_checks, test_failures);
    return test_failures ? 1 : 0;
}

#endif
