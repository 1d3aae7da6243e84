/* test.h: a minimal assertion harness shared by the test executables. */
#ifndef SPMVP_TEST_H
#define SPMVP_TEST_H

#include <stdio.h>

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

/* Runs one named test function. */
#define RUN(fn)                                                                                \
    do {                                                                                       \
        int before_ = test_failures;                                                           \
        fn();                                                                                  \
        printf("%s %s\n", test_failures == before_ ? "ok  " : "FAIL", #fn);                   \
    } while (0)

static inline int test_report(void)
{
    printf("%d checks, %d failed\n", test_checks, test_failures);
    return test_failures ? 1 : 0;
}

#endif
