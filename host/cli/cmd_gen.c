/* cmd_gen.c: `spmvp gen MATRIX -o OUT`: writes a generated matrix (or converts a file) to
 * Matrix Market, and prints its row-length statistics. The output is checked to be writable
 * before the matrix is built, and written through a temporary file (atomic_file.h), so an
 * interrupted run leaves no truncated matrix. */
#include <stdio.h>
#include <string.h>

#include "atomic_file.h"
#include "cli.h"

static const char usage[] =
    "usage: spmvp gen MATRIX [-o OUT.mtx[.gz]] [--seed S] [--print-stats]\n"
    "  MATRIX  laplace2d:N, laplace3d:N, laplace3d27:N (5-, 7-, 27-point stencils),\n"
    "          random:ROWS[xCOLS]:PNZ:DIST[:SEED], bench:ROWS:PNZ:DIST[:SEED]\n"
    "          (DIST fixed, normal or uniform; mean row length PNZ), rmat:SCALE[:EDGEFACTOR[:SEED]],\n"
    "          or a Matrix Market file (converted or inspected)\n"
    "  -o, --output OUT  Matrix Market output, gzip-compressed when OUT ends in .gz\n"
    "  --seed S          seed of random, bench and rmat (the same as the :SEED field)\n"
    "  --print-stats     rows, cols, nnz and the mean, sd, min and max row length on stdout\n"
    "At least one of -o and --print-stats is needed.\n";

typedef struct gen_args {
    const char *matrix, *output, *seed;
    int stats;
} gen_args;

/* Parses argv into *a; returns -1 to go on, else the exit status. */
static int parse(int argc, char **argv, gen_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
            fputs(usage, stdout);
            return SPMVP_EXIT_OK;
        }
        if (!strcmp(o, "--print-stats")) {
            a->stats = 1;
            continue;
        }
        if (o[0] != '-') {
            if (a->matrix)
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: more than one matrix (%s)", o);
            a->matrix = o;
            continue;
        }
        if (strcmp(o, "-o") && strcmp(o, "--output") && strcmp(o, "--seed"))
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: unknown option %s", o);
        if (i + 1 >= argc)
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: %s needs a value", o);
        if (!strcmp(o, "--seed"))
            a->seed = argv[++i];
        else
            a->output = argv[++i];
    }
    if (!a->matrix)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: no MATRIX given (see spmvp gen --help)");
    if (!a->output && !a->stats)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: nothing to do: give -o OUT or --print-stats");
    return -1;
}

/* Parses a generated spec and applies --seed; returns -1 to go on, else the exit status. */
static int parse_spec(const gen_args *a, spmvp_gen_spec *g)
{
    if (spmvp_gen_parse(a->matrix, g))
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: %s", spmvp_last_error());
    if (!a->seed)
        return -1;
    if (!spmvp_gen_family_seeded(g->family))
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: %s takes no seed", a->matrix);
    if (g->has_seed)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: %s already gives a seed; drop --seed",
                               a->matrix);
    unsigned long long seed;
    if (spmvp_gen_parse_seed(a->seed, &seed))
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: invalid value \"%s\" for --seed (an "
                               "integer in 0..18446744073709551615)", a->seed);
    g->seed = seed;
    g->has_seed = 1;
    return -1;
}

int spmvp_cmd_gen(int argc, char **argv)
{
    gen_args a;
    spmvp_csr *A = NULL;
    int rc = parse(argc, argv, &a);
    if (rc >= 0)
        return rc;
    /* before generating: a matrix of minutes must not be lost to a typo in -o's directory */
    if (a.output && spmvp_atomic_check(a.output))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    if (spmvp_gen_is_spec(a.matrix)) {
        spmvp_gen_spec g;
        if ((rc = parse_spec(&a, &g)) >= 0)
            return rc;
        if (spmvp_gen_build(&g, &A))
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", a.matrix, spmvp_last_error());
    } else {
        if (a.seed)
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: %s is a file; --seed is for random, "
                                   "bench and rmat", a.matrix);
        if (spmvp_mm_read(a.matrix, &A))
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    rc = SPMVP_EXIT_OK;
    if (a.output && spmvp_mm_write(a.output, A))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    if (!rc && a.stats) {
        spmvp_row_stats st = spmvp_csr_row_stats(A);
        printf("matrix   %s\nrows     %d\ncols     %d\nnnz      %d\nrow_mean %.4f\nrow_sd   %.4f\n"
               "row_min  %d\nrow_max  %d\n", a.matrix, (int)A->nrows, (int)A->ncols,
               (int)A->nnz, st.mean, st.sd, (int)st.min, (int)st.max);
        if (fflush(stdout))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "cannot write to stdout");
    }
    spmvp_csr_free(A);
    return rc;
}
