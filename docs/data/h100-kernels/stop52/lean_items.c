#include <stdio.h>
#include <string.h>
#include "gen.h"
#include "csr_adaptive.h"
#include "format.h"
#include "stats.h"
/* lean_items.c (stop 52): the entries a work-item of CSR-adaptive's program for each matrix
 * named, at work-groups of 64 / 128 / 256 / 512 on a GPU whose local memory is L1's (the lean
 * share, csr_adaptive.h's SPMVP_ADAPTIVE_LEAN_FILL). From the project root, after a build:
 *   gcc -O2 -std=c11 -Imodel/sparse docs/data/h100-kernels/stop52/lean_items.c \
 *       build/libspmvp_sparse.a -lgsl -lgslcblas -lz -lm -fopenmp -o /tmp/lean_items
 *   /tmp/lean_items rmat:20 ../shared/matrices/cage11.mtx.gz ... */
int main(int argc, char **argv)
{
    for (int a = 1; a < argc; a++) {
        spmvp_csr *A = NULL;
        if (spmvp_matrix_load(argv[a], &A)) { fprintf(stderr, "%s: fail\n", argv[a]); continue; }
        printf("%s", argv[a]);
        for (size_t wg = 64; wg <= 512; wg *= 2) {
            spmvp_target t = {8, wg, 32, 48 * 1024, 0, 1};
            spmvp_mapping m = spmvp_mapping_auto();
            spmvp_plan p;
            int items = -1;
            if (spmvp_format_plan(SPMVP_CSR_ADAPTIVE, A, &m, &t, &p) == SPMVP_OK) {
                const char *s = strstr(p.launch[0].options, "-DITEMS=");
                if (s) sscanf(s, "-DITEMS=%d", &items);
                spmvp_plan_release(&p);
            }
            printf(" %d", items);
        }
        printf("\n");
        spmvp_csr_free(A);
    }
    return 0;
}
