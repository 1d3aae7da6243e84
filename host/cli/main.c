/* main.c: the spmvp command line: a table of subcommands (as git.c has). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} commands[] = {
    {"devices", spmvp_cmd_devices, "list OpenCL devices, their parameters and strip sizes"},
    {"bench", spmvp_cmd_bench, "verify and time SpMV in every format on one device"},
    {"microbench", spmvp_cmd_microbench, "copy bandwidth, launch overhead, host-to-device bandwidth"},
    {"gen", spmvp_cmd_gen, "write a generated matrix (stencils, random rows, R-MAT, benchmark matrices)"},
    {"calibrate", spmvp_cmd_calibrate, "time the benchmark grid on a device and write its profile"},
    {"refit", spmvp_cmd_refit, "fit a profile's models again from its raw points"},
    {"predict", spmvp_cmd_predict, "predict every format's time from a profile (no device)"},
    {"compare", spmvp_cmd_compare, "compare two profiles, and their predictions for matrices"},
    {"evaluate", spmvp_cmd_evaluate, "measure and predict, then score the models (CSV, JSON, plots)"},
};

static void print_usage(FILE *f)
{
    fprintf(f, "usage: spmvp COMMAND [options]   (spmvp COMMAND --help for its options)\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "no command given (try spmvp --help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        print_usage(stdout);
        return SPMVP_EXIT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("spmvp %s\n", SPMVP_VERSION);
        return SPMVP_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    return spmvp_cli_error(SPMVP_EXIT_USAGE, "unknown command \"%s\" (try spmvp --help)", argv[1]);
}
