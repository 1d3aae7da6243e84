/* test_opts.c: the option grammar every command shares (host/cli/opts.h). */
#define _POSIX_C_SOURCE 200809L /* dup, fileno */
#include "opts.h"
#include "status.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *device, *output;
static int runs, width;
static int json, precision, hyb_sweep;
static double tol;

static const char *const precisions[] = {"single", "double", NULL};

static int parse_even(const char *value, void *dest)
{
    long v = strtol(value, NULL, 10);
    if (v % 2) {
        spmvp_fail(SPMVP_ERR_ARG, "an even number, not %s", value);
        return -1;
    }
    *(long *)dest = v;
    return 0;
}
static long even;

static const spmvp_opt opts[] = {
    {SPMVP_STRING("device", &device, "D", "the device", "first GPU")},
    {SPMVP_INT("runs", &runs, "N", "timed runs", "50", 1, 1000)},
    {SPMVP_POW2("vector-width", &width, "V", "work-items per row", "auto", 1, 64)},
    {SPMVP_CHOICE("precision", &precision, "P", "single or double", "single", precisions)},
    {SPMVP_DOUBLE("tol", &tol, "T", "relative tolerance", "1e-8", 0, 1)},
    {SPMVP_FLAG("json", &json, "JSON on stdout")},
    {SPMVP_STRING("output", &output, "FILE", "write to FILE (- for stdout)", NULL), .alias = 'o'},
    {SPMVP_FLAG("hyb-widths", &hyb_sweep, "a sweep"), .conflicts = "vector-width"},
    {SPMVP_CUSTOM("even", &even, "E", "an even number", NULL, parse_even)},
    {.name = NULL},
};

static const spmvp_cmd cmd = {"bench", NULL, "time it", "MATRIX", 1, 1, opts, "MATRIX: a file\n",
                              "  spmvp bench a.mtx\n"};

/* Runs the parser on a command line given as one string; stderr's line lands in err. */
static int parse_line(const char *line, const char **args, int *nargs, char *err, size_t errsize)
{
    static char buf[512];
    static char *argv[32];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok(buf, " "); t && argc < 31; t = strtok(NULL, " "))
        argv[argc++] = t;
    device = output = NULL;
    runs = width = even = 0;
    json = precision = hyb_sweep = 0;
    tol = -1;
    fflush(stderr);
    FILE *tmp = tmpfile();
    int saved = dup(2);
    dup2(fileno(tmp), 2);
    int rc = spmvp_opts_parse(&cmd, argc, argv, args, nargs);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    err[0] = 0;
    if (!fgets(err, (int)errsize, tmp))
        err[0] = 0;
    fclose(tmp);
    return rc;
}

static void equals_and_space_forms_are_the_same(void)
{
    const char *args[32];
    int n;
    char err[256];
    CHECK(parse_line("bench a.mtx --runs=7 --device=pocl", args, &n, err, sizeof err) == -1);
    CHECK(runs == 7 && device && !strcmp(device, "pocl") && n == 1 && !strcmp(args[0], "a.mtx"));
    CHECK(parse_line("bench --runs 7 --device pocl a.mtx", args, &n, err, sizeof err) == -1);
    CHECK(runs == 7 && !strcmp(device, "pocl") && n == 1);
    CHECK(parse_line("bench a.mtx -o - --json", args, &n, err, sizeof err) == -1);
    CHECK(output && !strcmp(output, "-") && json == 1);
    CHECK(parse_line("bench a.mtx -o=x", args, &n, err, sizeof err) == 2); /* no = on aliases */
}

static void double_dash_ends_the_options_and_dash_is_an_argument(void)
{
    const char *args[32];
    int n;
    char err[256];
    CHECK(parse_line("bench -- --json", args, &n, err, sizeof err) == -1);
    CHECK(n == 1 && !strcmp(args[0], "--json") && json == 0);
    CHECK(parse_line("bench -", args, &n, err, sizeof err) == -1 && n == 1 && !strcmp(args[0], "-"));
}

static void unknown_options_name_the_nearest(void)
{
    const char *args[32];
    int n;
    char err[256];
    CHECK(parse_line("bench a.mtx --rnus 3", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "unknown option --rnus (did you mean --runs?)") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx --vector 3", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "did you mean --vector-width?") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx --frobnicate", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "unknown option --frobnicate (see spmvp bench --help)") != NULL, "%s", err);
    /* the last option, unknown, is unknown (not "needs a value") */
    CHECK(parse_line("bench a.mtx --bogus", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "unknown option --bogus") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx -x", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "unknown option -x") != NULL, "%s", err);
}

static void values_are_checked_and_the_error_says_what_is_taken(void)
{
    const char *args[32];
    int n;
    char err[256];
    CHECK(parse_line("bench a.mtx --runs", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "--runs needs a value (N)") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx --runs 0", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "--runs takes a whole number in 1..1000, not \"0\"") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx --runs 3x", args, &n, err, sizeof err) == 2);
    CHECK(parse_line("bench a.mtx --vector-width 3", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "(a power of two)") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx --vector-width 4", args, &n, err, sizeof err) == -1 && width == 4);
    CHECK(parse_line("bench a.mtx --precision DOUBLE", args, &n, err, sizeof err) == -1 && precision == 1);
    CHECK(parse_line("bench a.mtx --precision quad", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "--precision takes single or double, not \"quad\"") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx --tol 1e-4", args, &n, err, sizeof err) == -1 && tol == 1e-4);
    CHECK(parse_line("bench a.mtx --tol=0", args, &n, err, sizeof err) == -1 && tol == 0);
    CHECK(parse_line("bench a.mtx --tol 2", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "--tol takes a number in 0..1, not \"2\"") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx --tol nan", args, &n, err, sizeof err) == 2);
    CHECK(parse_line("bench a.mtx --tol 1e-3x", args, &n, err, sizeof err) == 2);
    CHECK(parse_line("bench a.mtx --json=1", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "--json takes no value") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx --device=", args, &n, err, sizeof err) == 2);
    CHECK(parse_line("bench a.mtx --even 3", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "--even: an even number, not 3") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx --even 4", args, &n, err, sizeof err) == -1 && even == 4);
}

static void conflicting_options_are_an_error_naming_both(void)
{
    const char *args[32];
    int n;
    char err[256];
    CHECK(parse_line("bench a.mtx --hyb-widths --vector-width 2", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "--hyb-widths and --vector-width cannot be given together") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx --hyb-widths", args, &n, err, sizeof err) == -1);
    CHECK(spmvp_opts_given(&cmd, "hyb-widths") && !spmvp_opts_given(&cmd, "vector-width"));
}

static void positional_arguments_are_counted(void)
{
    const char *args[32];
    int n;
    char err[256];
    CHECK(parse_line("bench", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "bench: needs MATRIX") != NULL, "%s", err);
    CHECK(parse_line("bench a.mtx b.mtx", args, &n, err, sizeof err) == 2);
    CHECK_MSG(strstr(err, "unexpected argument \"b.mtx\"") != NULL, "%s", err);
}

static void help_lists_every_option_with_its_default(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    spmvp_opts_help(&cmd, f);
    fclose(f);
    CHECK(strstr(text, "usage: spmvp bench MATRIX [options]") != NULL);
    for (const spmvp_opt *o = opts; o->name; o++) {
        char want[64];
        snprintf(want, sizeof want, "--%s", o->name);
        CHECK_MSG(strstr(text, want) != NULL, "%s", want);
        if (o->def) {
            snprintf(want, sizeof want, "(default: %s)", o->def);
            CHECK_MSG(strstr(text, want) != NULL, "%s", want);
        }
    }
    CHECK(strstr(text, "-o, --output FILE") && strstr(text, "-h, --help"));
    CHECK(strstr(text, "MATRIX: a file") && strstr(text, "example:\n  spmvp bench a.mtx"));
    free(text);
}

static void nearest_finds_typos_and_abbreviations_only(void)
{
    const char *cands[] = {"bench", "calibrate", "compare", "predict", "evaluate"};
    const char *n1 = spmvp_opts_nearest("bnech", cands, 5), *n2 = spmvp_opts_nearest("cal", cands, 5);
    const char *n3 = spmvp_opts_nearest("predcit", cands, 5);
    CHECK(n1 && !strcmp(n1, "bench"));
    CHECK(n2 && !strcmp(n2, "calibrate"));
    CHECK(n3 && !strcmp(n3, "predict"));
    CHECK(spmvp_opts_nearest("frobnicate", cands, 5) == NULL);
    CHECK(spmvp_opts_nearest("x", cands, 5) == NULL);
}

int main(void)
{
    RUN(equals_and_space_forms_are_the_same);
    RUN(double_dash_ends_the_options_and_dash_is_an_argument);
    RUN(unknown_options_name_the_nearest);
    RUN(values_are_checked_and_the_error_says_what_is_taken);
    RUN(conflicting_options_are_an_error_naming_both);
    RUN(positional_arguments_are_counted);
    RUN(help_lists_every_option_with_its_default);
    RUN(nearest_finds_typos_and_abbreviations_only);
    return test_report();
}
