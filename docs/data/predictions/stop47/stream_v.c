/* stream_v.c (stop 47): for each matrix named on standard input (a generator spec, or a name of
 * ../shared/matrices/NAME.mtx.gz), the constant v its CSR-adaptive program takes at work-groups
 * of 64, 128, 256 and 512 (8 entries a work-item; spmvp_csr_adaptive_stream_v, 0: none), and
 * whether it is direct-only: "MATRIX\twg=64\tV" lines. Which training rows b015f4a's kernel
 * changed. Built against the tree's static libraries:
 *   cc -O2 -Imodel/sparse docs/data/predictions/stop47/stream_v.c build/libspmvp_sparse.a -fopenmp -lgsl -lgslcblas -lz -lm */
#include <stdio.h>
#include <string.h>

#include "csr_adaptive.h"
#include "gen.h"
#include "mm_reader.h"

int main(void)
{
    char name[512];
    while (fgets(name, sizeof name, stdin)) {
        name[strcspn(name, "\n")] = 0;
        spmvp_csr *A = NULL;
        char path[600];
        snprintf(path, sizeof path, "../shared/matrices/%s.mtx.gz", name);
        if ((strchr(name, ':') ? spmvp_matrix_load(name, &A) : spmvp_mm_read(path, &A)) != SPMVP_OK) {
            fprintf(stderr, "%s: %s\n", name, spmvp_last_error());
            continue;
        }
        for (int wg = 64; wg <= 512; wg *= 2)
            printf("%s\twg=%d\t%d\t%d\n", name, wg, spmvp_csr_adaptive_stream_v(A->rowptr, A->nrows, wg, 8),
                   spmvp_csr_adaptive_direct_only(A));
        spmvp_csr_free(A);
    }
    return 0;
}
