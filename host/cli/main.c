/* main.c: the spmvp command line: a table of subcommands (as git.c has), each with its option
 * table (opts.h), so `spmvp help CMD` is `spmvp CMD --help` and a typo names the nearest. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* Commands that still parse their own options: help runs them with --help. */
static const spmvp_cmd own_parsers[] = {
    {"gen", spmvp_cmd_gen, "write a generated matrix (stencils, random rows, R-MAT, benchmark matrices)", "", 0, 0, NULL, NULL, NULL},
    {"calibrate", spmvp_cmd_calibrate, "time the benchmark grid on a device and write its profile", "", 0, 0, NULL, NULL, NULL},
    {"refit", spmvp_cmd_refit, "fit a profile's models again from its raw points", "", 0, 0, NULL, NULL, NULL},
    {"predict", spmvp_cmd_predict, "predict every format's time from a profile (no device)", "", 0, 0, NULL, NULL, NULL},
    {"compare", spmvp_cmd_compare, "compare two profiles, and their predictions for matrices", "", 0, 0, NULL, NULL, NULL},
    {"evaluate", spmvp_cmd_evaluate, "measure and predict, then score the models (CSV, JSON, plots)", "", 0, 0, NULL, NULL, NULL},
};

static const spmvp_cmd *const commands[] = {
    &spmvp_command_devices, &spmvp_command_bench, &spmvp_command_microbench, &own_parsers[0],
    &own_parsers[1], &own_parsers[2], &own_parsers[3], &own_parsers[4], &own_parsers[5],
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void print_usage(FILE *f)
{
    fprintf(f, "usage: spmvp COMMAND [options]   (spmvp help COMMAND, or spmvp COMMAND --help, for its options)\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
}

static const spmvp_cmd *find(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, commands[i]->name))
            return commands[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i]->name;
    const char *near = spmvp_opts_nearest(name, names, NCOMMANDS);
    if (near)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "unknown command \"%s\" (did you mean %s?)", name, near);
    return spmvp_cli_error(SPMVP_EXIT_USAGE, "unknown command \"%s\" (try spmvp --help)", name);
}

/* `spmvp help [COMMAND]` */
static int help(int argc, char **argv)
{
    if (argc < 3) {
        print_usage(stdout);
        return SPMVP_EXIT_OK;
    }
    const spmvp_cmd *c = find(argv[2]);
    if (!c)
        return unknown_command(argv[2]);
    if (c->opts) {
        spmvp_opts_help(c, stdout);
        return SPMVP_EXIT_OK;
    }
    char *args[] = {argv[2], "--help", NULL};
    return c->run(2, args);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "no command given (try spmvp --help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        return print_usage(stdout), SPMVP_EXIT_OK;
    if (!strcmp(argv[1], "help"))
        return help(argc, argv);
    if (!strcmp(argv[1], "--version")) {
        printf("spmvp %s\n", SPMVP_VERSION);
        return SPMVP_EXIT_OK;
    }
    const spmvp_cmd *c = find(argv[1]);
    return c ? c->run(argc - 1, argv + 1) : unknown_command(argv[1]);
}
