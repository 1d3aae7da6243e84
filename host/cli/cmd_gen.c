/* cmd_gen.c: `spmvp gen MATRIX -o OUT`: writes a generated matrix (or converts a file) to
 * Matrix Market, and prints its row-length statistics. The output is checked to be writable
 * before the matrix is built, and written through a temporary file (atomic_file.h), so an
 * interrupted run leaves no truncated matrix. */
#include <stdio.h>
#include <string.h>

#include "atomic_file.h"
#include "cli.h"

typedef struct gen_args {
    const char *matrix, *output, *seed;
    int stats, json;
} gen_args;

static gen_args args;

static const spmvp_opt options[] = {
    {SPMVP_STRING("output", &args.output, "FILE", "Matrix Market output (gzip-compressed when FILE "
                  "ends in .gz; - for standard output)", NULL), .alias = 'o'},
    {SPMVP_STRING("seed", &args.seed, "S", "seed of random, bench, rmat, longrows, powerlaw and perm "
                  "(the same as their SEED field)", "1")},
    {SPMVP_FLAG("print-stats", &args.stats, "rows, cols, nnz and the mean, sd, min and max row "
                "length on standard output")},
    SPMVP_OPT_JSON(&args.json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_gen = {
    "gen", spmvp_cmd_gen, "write a generated matrix (stencils, bands, random rows, R-MAT, permutations)",
    "MATRIX", 1, 1, options,
    "Writes MATRIX (generated, or a Matrix Market file to convert) with -o, or prints its row\n"
    "statistics; at least one of -o, --print-stats and --json is needed. The output is checked\n"
    "to be writable before the matrix is built and written through a temporary file.\n\n"
    SPMVP_HELP_MATRIX
    "  longrows:ROWS:SHORT:NLONG:LONG[:SEED] ROWS rows of SHORT entries, NLONG of them of LONG\n"
    "  band:ROWS:WIDTH                      row i holds columns i-WIDTH .. i+WIDTH\n"
    "  blockdiag:ROWS:BLOCK                 dense BLOCK x BLOCK blocks along the diagonal\n"
    "  blocks3d:N:B                         27-point stencil on N^3, B unknowns a point\n"
    "  arrow:ROWS:WIDTH:K                   band of WIDTH, the last K rows and columns dense\n"
    "  powerlaw:ROWS:MIN:MAX[:SEED]         row lengths of a power law (shape 1.5) from MIN,\n"
    "                                       cut at MAX, columns uniform\n"
    "  perm:[SEED:]SPEC                     SPEC (generated or a file) with rows and columns\n"
    "                                       renumbered by one random permutation (P A P^T)\n",
    "  spmvp gen laplace3d:100 -o pde100.mtx.gz\n"
    "  spmvp gen rmat:16 --seed 7 --print-stats\n"
    "  spmvp gen perm:laplace3d:100 -o pde100-scattered.mtx.gz\n",
};

/* Parses argv into *a; returns -1 to go on, else the exit status. */
static int parse(int argc, char **argv, gen_args *a)
{
    int n;
    memset(a, 0, sizeof *a);
    int rc = spmvp_opts_parse(&spmvp_command_gen, argc, argv, &a->matrix, &n);
    if (rc >= 0)
        return rc;
    if (!a->output && !a->stats && !a->json)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "gen: nothing to do: give -o FILE, --print-stats or --json");
    if (a->output && !strcmp(a->output, "-"))
        a->output = "/dev/stdout"; /* written in place (atomic_file.h) */
    if (a->output && spmvp_cli_refuse_input("gen", a->output, &a->matrix, 1))
        return SPMVP_EXIT_USAGE;
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
    spmvp_csr *A = NULL;
    int rc = parse(argc, argv, &args);
    if (rc >= 0)
        return rc;
    gen_args a = args;
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
                                   "bench, rmat, longrows and perm", a.matrix);
        if (spmvp_mm_read(a.matrix, &A))
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    rc = SPMVP_EXIT_OK;
    if (a.output && spmvp_mm_write(a.output, A))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    else if (a.output && strcmp(a.output, "/dev/stdout"))
        fprintf(stderr, "spmvp: wrote %s\n", a.output);
    if (!rc && a.json) {
        spmvp_rowlen_stats *s = spmvp_rowlen_stats_from_csr(A);
        if (!s) {
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        } else {
            cJSON *doc = spmvp_json_doc("gen");
            cJSON *m = spmvp_json_matrix(a.matrix, s);
            cJSON_AddNumberToObject(m, "min_row_length", (double)s->min);
            cJSON_AddNumberToObject(m, "sd_row_length", s->sd);
            cJSON_AddItemToObject(doc, "matrix", m);
            if (a.output && strcmp(a.output, "/dev/stdout"))
                cJSON_AddStringToObject(doc, "output", a.output);
            rc = spmvp_cli_emit_json(doc);
            spmvp_rowlen_stats_free(s);
        }
    }
    if (!rc && a.stats && !a.json) {
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
