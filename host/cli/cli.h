/* cli.h: the subcommands of the spmvp executable and what they share. Each command returns
 * the process exit status: 0 success, 1 runtime failure, 2 usage error; errors are printed
 * as one line on stderr by spmvp_cli_error(). */
#ifndef SPMVP_CLI_H
#define SPMVP_CLI_H

#include <cjson/cJSON.h>

#include "calib.h"
#include "context.h"
#include "predict_all.h"
#include "profile.h"
#include "status.h"

#define SPMVP_EXIT_OK 0
#define SPMVP_EXIT_FAIL 1
#define SPMVP_EXIT_USAGE 2

int spmvp_cmd_devices(int argc, char **argv);
int spmvp_cmd_bench(int argc, char **argv);
int spmvp_cmd_microbench(int argc, char **argv);
int spmvp_cmd_gen(int argc, char **argv);
int spmvp_cmd_calibrate(int argc, char **argv);
int spmvp_cmd_refit(int argc, char **argv);
int spmvp_cmd_predict(int argc, char **argv);
int spmvp_cmd_compare(int argc, char **argv);
int spmvp_cmd_evaluate(int argc, char **argv);

/* Prints "spmvp: <message>" (printf-style) on one line of stderr and returns `code`. */
int spmvp_cli_error(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Parses a whole decimal integer in [lo, hi] into *out; 0 on success. */
int spmvp_cli_int(const char *s, long lo, long hi, long *out);

/* Opens the device chosen by spec (see spmvp_device_select) with kernels from cl_dir (NULL:
 * embedded). On failure returns non-zero with the message in spmvp_last_error(). */
spmvp_status spmvp_cli_open(const char *spec, const char *cl_dir, spmvp_context **ctx);

/* The description of a device as a JSON object (new; the caller deletes it). */
cJSON *spmvp_device_json(const spmvp_device_info *di);

/* Prints a cJSON document on stdout followed by a newline; 1 on success. */
int spmvp_cli_print_json(cJSON *doc);

/* "single" -> 4, "double" -> 8 into *value_size; 0 on success, -1 otherwise. */
int spmvp_cli_precision(const char *s, size_t *value_size);

/* Loads a profile and sets up its predictor for value_size (which borrows from *p). Fails
 * when the profile has neither a calibration at that precision nor PMF hardware parameters;
 * on failure *p is NULL and spmvp_last_error() names the file and field. */
spmvp_status spmvp_cli_load_profile(const char *path, size_t value_size, spmvp_profile **p,
                                    spmvp_predictor *pred);

#endif
