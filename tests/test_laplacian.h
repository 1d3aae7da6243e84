/* test_laplacian.h: the 5-point Laplacian of an n x n grid as the caller's CSR arrays (4 on the
 * diagonal, -1 beside it; columns increasing in each row), for the tests that use libspmvp as
 * a user does (test_lib_*.c: spmvp.h only). rp has n*n + 1 entries, ci and v 5*n*n; returns
 * the non-zeros. */
#ifndef SPMVP_TEST_LAPLACIAN_H
#define SPMVP_TEST_LAPLACIAN_H

#include <stdint.h>

static int32_t laplacian5(int32_t n, int32_t *rp, int32_t *ci, double *v)
{
    int32_t k = 0;
    rp[0] = 0;
    for (int32_t i = 0; i < n * n; i++) {
        int32_t r = i / n, c = i % n;
        int32_t nb[5] = {r > 0 ? i - n : -1, c > 0 ? i - 1 : -1, i, c < n - 1 ? i + 1 : -1,
                         r < n - 1 ? i + n : -1};
        for (int j = 0; j < 5; j++)
            if (nb[j] >= 0)
                ci[k] = nb[j], v[k++] = nb[j] == i ? 4 : -1;
        rp[i + 1] = k;
    }
    return k;
}

#endif
