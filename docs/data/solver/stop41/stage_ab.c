#define _POSIX_C_SOURCE 200809L
/* stop 41 A/B driver (device only): each matrix's plan created again and again in several
 * formats and both precisions, each upload path in a rotating order, R rounds, one process:
 * `pageable` (the device's stage_bytes set to 0: the code before staging) and `staged` (the
 * device's own stage_bytes, stage.h). Prints TSV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
    const size_t own = ctx->info.stage_bytes;
    fprintf(stderr, "%s: stage_bytes %zu\n", ctx->info.name, own);
    static const char *fmt[] = {"csr_vector", "ell", "coo", "sell", "csr_adaptive"};
    const int nf = 5;
    printf("matrix\tnnz\tprec\tformat\tvariant\tround\tconvert_us\tupload_us\tstage_us\n");
    for (int i = 3; i < argc; i++) {
        spmvp_csr *A;
        if (spmvp_matrix_load(argv[i], &A)) { fprintf(stderr, "load %s failed\n", argv[i]); continue; }
        for (int r = 0; r < R; r++)
            for (int vs = 4; vs <= 8; vs += 4)
                for (int f = 0; f < nf; f++)
                    for (int j = 0; j < 2; j++) {
                        const int v = (j + r + f) % 2;
                        ctx->info.stage_bytes = v ? own : 0;
                        spmvp_spmv_options o = spmvp_spmv_defaults((size_t)vs);
                        spmvp_spmv *s;
                        if (spmvp_spmv_create(ctx, A, spmvp_format_parse(fmt[f]), &o, &s)) { fprintf(stderr, "%s %s: %s\n", argv[i], fmt[f], spmvp_last_error()); continue; }
                        double c, u;
                        spmvp_spmv_setup_us(s, &c, &u);
                        printf("%s\t%lld\t%d\t%s\t%s\t%d\t%.1f\t%.1f\t%.1f\n", argv[i], (long long)A->nnz, vs, fmt[f],
                               v ? "staged" : "pageable", r, c, u, ctx->stage_us);
                        spmvp_spmv_free(s);
                    }
        fflush(stdout);
        spmvp_csr_free(A);
    }
    spmvp_context_free(ctx);
    return 0;
}
