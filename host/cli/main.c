/* main.c: the spmvp executable: the command table of commands.c. */
#include "cli.h"

int main(int argc, char **argv) { return spmvp_cli_main(argc, argv); }
