#define _POSIX_C_SOURCE 200809L
/* stop 40 A/B driver (device only): single-precision setup of each matrix in several formats,
 * each narrowing variant (SPMVP_NARROW) in a rotating order, R rounds. Prints TSV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "context.h"
#include "spmv.h"
#include "gen.h"
#include "format.h"
int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    spmvp_context *ctx;
    if (spmvp_context_open(argv[1], &ctx)) { fprintf(stderr, "no device\n"); return 1; }
    const int R = atoi(argv[2]);
    const char *var[8], *fmt[8];
    int nv = 0, nf = 0;
    char vs[256], fs[256];
    snprintf(vs, sizeof vs, "%s", getenv("VARS") ? getenv("VARS") : "old,block,async,blockser");
    snprintf(fs, sizeof fs, "%s", getenv("FMTS") ? getenv("FMTS") : "csr_vector,ell,coo,sell,csr_adaptive");
    for (char *t = strtok(vs, ","); t && nv < 8; t = strtok(NULL, ",")) var[nv++] = t;
    for (char *t = strtok(fs, ","); t && nf < 8; t = strtok(NULL, ",")) fmt[nf++] = t;
    printf("matrix\tnnz\tformat\tvariant\tround\tconvert_us\tupload_us\n");
    for (int i = 3; i < argc; i++) {
        spmvp_csr *A;
        if (spmvp_matrix_load(argv[i], &A)) { fprintf(stderr, "load %s failed\n", argv[i]); continue; }
        for (int r = 0; r < R; r++)
            for (int f = 0; f < nf; f++)
                for (int j = 0; j < nv; j++) {
                    const char *v = var[(j + r + f) % nv];
                    setenv(getenv("VARNAME") ? getenv("VARNAME") : "SPMVP_NARROW", v, 1);
                    if (getenv("GAP_US")) usleep((useconds_t)atoi(getenv("GAP_US")));
                    spmvp_spmv_options o = spmvp_spmv_defaults(getenv("PREC") ? (size_t)atoi(getenv("PREC")) : 4);
                    spmvp_spmv *s;
                    if (spmvp_spmv_create(ctx, A, spmvp_format_parse(fmt[f]), &o, &s)) { fprintf(stderr, "%s %s: %s\n", argv[i], fmt[f], spmvp_last_error()); continue; }
                    double c, u;
                    spmvp_spmv_setup_us(s, &c, &u);
                    printf("%s\t%lld\t%s\t%s\t%d\t%.1f\t%.1f\n", argv[i], (long long)A->nnz, fmt[f], v, r, c, u);
                    spmvp_spmv_free(s);
                }
        fflush(stdout);
        spmvp_csr_free(A);
    }
    spmvp_context_free(ctx);
    return 0;
}
