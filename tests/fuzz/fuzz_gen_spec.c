/* fuzz_gen_spec.c: libFuzzer target: the generator-spec parser (spmvp_gen_parse), and building
 * the matrices of the specs it accepts when they are small. */
#include "fuzz_common.h"
#include "gen.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_limit_memory();
    return 0;
}

/* Small enough to build in a few milliseconds. */
static int small(const spmvp_gen_spec *g)
{
    switch (g->family) {
    case SPMVP_FAMILY_LAPLACE2D:
        return g->n <= 300;
    case SPMVP_FAMILY_LAPLACE3D:
    case SPMVP_FAMILY_LAPLACE3D27:
        return g->n <= 40;
    case SPMVP_FAMILY_RANDOM:
    case SPMVP_FAMILY_BENCH:
        return g->rows <= 20000 && g->cols <= 1000000 && g->pnz <= 64 &&
               g->rows * g->pnz <= 200000;
    case SPMVP_FAMILY_RMAT:
        return g->scale <= 12 && g->edge_factor <= 32;
    case SPMVP_FAMILY_LONGROWS:
        return g->rows <= 20000 && g->pnz <= 64 && g->nlong <= 16 && g->longlen <= 20000 &&
               g->rows * g->pnz + g->nlong * g->longlen <= 400000;
    case SPMVP_FAMILY_BAND:
        return g->rows <= 200000 && g->rows * (2 * g->width + 1) <= 400000;
    case SPMVP_FAMILY_BLOCKDIAG:
        return g->rows <= 200000 && g->rows * g->width <= 400000;
    case SPMVP_FAMILY_BLOCKS3D:
        return g->n <= 20 && g->n * g->n * g->n * 27 * g->width * g->width <= 400000;
    case SPMVP_FAMILY_ARROW:
        return g->rows <= 200000 && g->rows * (2 * g->width + 1 + 2 * g->nlong) <= 400000;
    case SPMVP_FAMILY_POWERLAW:
        return g->rows <= 20000 && g->rows * g->pnz * 3 <= 200000 && g->longlen <= 20000;
    case SPMVP_FAMILY_PERM: {
        /* a generated SPEC only: a file name from the fuzzer would read whatever lies there */
        spmvp_gen_spec in;
        return spmvp_gen_is_spec(g->inner) && !spmvp_gen_parse(g->inner, &in) && small(&in);
    }
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *spec = fuzz_cstring(data, size);
    spmvp_gen_spec g;
    if (spmvp_gen_is_spec(spec) && !spmvp_gen_parse(spec, &g) && small(&g)) {
        spmvp_csr *A = NULL;
        spmvp_status st = spmvp_gen_build(&g, &A);
        if (st ? A != NULL : A == NULL)
            abort();
        spmvp_csr_free(A);
    }
    free(spec);
    return 0;
}
