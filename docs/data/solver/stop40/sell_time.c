/* stop 40: SELL-C-sigma's conversion time (its plan from CSR, automatic mapping), R times per
 * matrix, after one untimed plan. Prints matrix, rows, nnz, params, µs. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "format.h"
#include "gen.h"
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec * 1e-3; }
int main(int argc, char **argv)
{
    const int R = atoi(argv[1]);
    for (int i = 2; i < argc; i++) {
        spmvp_csr *A;
        if (spmvp_matrix_load(argv[i], &A)) continue;
        spmvp_target t = {8, 256, 32, 49152, 132};
        for (int r = -1; r < R; r++) {
            spmvp_mapping m = spmvp_mapping_auto();
            spmvp_plan p;
            double t0 = now();
            int st = spmvp_format_plan(SPMVP_SELL, A, &m, &t, &p);
            double t1 = now();
            if (r >= 0) printf("%s\t%d\t%d\t%s\t%.0f\n", argv[i], (int)A->nrows, (int)A->nnz, st ? "fail" : p.params, t1 - t0);
            if (!st) spmvp_plan_release(&p);
        }
        fflush(stdout);
        spmvp_csr_free(A);
    }
    return 0;
}
