/* cli.h: the subcommands of the spmvp executable and what they share. Each command returns
 * the process exit status: 0 success, 1 runtime failure, 2 usage error; errors are printed
 * as one line on stderr by spmvp_cli_error(). */
#ifndef SPMVP_CLI_H
#define SPMVP_CLI_H

#include <cjson/cJSON.h>

#include "opts.h"
#include "spmvp_ocl.h" /* and the layers below it */

#define SPMVP_EXIT_OK 0
#define SPMVP_EXIT_FAIL 1
#define SPMVP_EXIT_USAGE 2

/* Runs the command line argv[0] COMMAND [options]: the exit status. */
int spmvp_cli_main(int argc, char **argv);

/* The commands with an option table (opts.h), by which main.c dispatches and prints help. */
extern const spmvp_cmd spmvp_command_bench, spmvp_command_devices, spmvp_command_microbench,
    spmvp_command_predict, spmvp_command_compare, spmvp_command_calibrate, spmvp_command_refit,
    spmvp_command_evaluate, spmvp_command_gen, spmvp_command_features, spmvp_command_train,
    spmvp_command_cv, spmvp_command_rank, spmvp_command_advise, spmvp_command_cg;

/* Options that mean the same in every command, with the same name, help and default. */
extern const char *const spmvp_precision_choices[]; /* "single", "double": index 1 = double */
#define SPMVP_OPT_DEVICE(dest)                                                                 \
    {SPMVP_STRING("device", dest, "D", "OpenCL device: an index P:D from `spmvp devices`, or a part " \
                  "of its platform, name or vendor (any case)", "the first GPU, else the first CPU")}
#define SPMVP_OPT_PRECISION(dest)                                                              \
    {SPMVP_CHOICE("precision", dest, "P", "single or double", "single", spmvp_precision_choices)}
#define SPMVP_OPT_JSON(dest) {SPMVP_FLAG("json", dest, "print JSON on standard output (docs/json.md)")}
#define SPMVP_OPT_CL_DIR(dest)                                                                 \
    {SPMVP_STRING("cl-dir", dest, "DIR", "read the kernels from DIR, not the copies built into " \
                  "spmvp", NULL)}

/* --formats F,F,...: format names (any case) into a list (see spmvp_format_list_arg). */
typedef struct spmvp_format_list_arg {
    int formats[SPMVP_NFORMATS]; /* spmvp_format ids in the order given (all by default) */
    int n;
} spmvp_format_list_arg;
int spmvp_cli_parse_formats(const char *value, void *dest);
void spmvp_cli_format_names(char *buf, size_t size);
#define SPMVP_OPT_FORMATS(dest)                                                                \
    {SPMVP_CUSTOM("formats", dest, "F,F,...", "the formats to run, in this order, any case", "all", \
                  spmvp_cli_parse_formats), .values = spmvp_cli_format_names}

/* --format F: one format name (any case) into an int holding its spmvp_format id. */
int spmvp_cli_parse_format(const char *value, void *dest);
#define SPMVP_OPT_FORMAT(dest, def)                                                            \
    {SPMVP_CUSTOM("format", dest, "F", "the format of the matrix on the device, any case", def, \
                  spmvp_cli_parse_format), .values = spmvp_cli_format_names}

/* What MATRIX may be, for the help of every command that reads one. */
#define SPMVP_HELP_MATRIX                                                                      \
    "MATRIX is a Matrix Market file (.mtx, or gzip-compressed .mtx.gz) or a generated family:\n" \
    "  laplace2d:N                          5-point Laplacian on an N x N grid\n"             \
    "  laplace3d:N                          7-point Laplacian on N^3 (laplace3d:100 = pde100)\n" \
    "  laplace3d27:N                        27-point Laplacian on N^3\n"                      \
    "  random:ROWS[xCOLS]:PNZ:DIST[:SEED]   random columns, mean row length PNZ, DIST fixed,\n" \
    "                                       normal or uniform\n"                              \
    "  bench:ROWS:PNZ:DIST[:SEED]           seed 000's benchmark matrices (square random rows)\n" \
    "  rmat:SCALE[:EDGEFACTOR[:SEED]]       R-MAT power-law graph with 2^SCALE rows\n"

int spmvp_cmd_devices(int argc, char **argv);
int spmvp_cmd_bench(int argc, char **argv);
int spmvp_cmd_microbench(int argc, char **argv);
int spmvp_cmd_gen(int argc, char **argv);
int spmvp_cmd_calibrate(int argc, char **argv);
int spmvp_cmd_refit(int argc, char **argv);
int spmvp_cmd_predict(int argc, char **argv);
int spmvp_cmd_compare(int argc, char **argv);
int spmvp_cmd_evaluate(int argc, char **argv);
int spmvp_cmd_features(int argc, char **argv);
int spmvp_cmd_train(int argc, char **argv);
int spmvp_cmd_cv(int argc, char **argv);
int spmvp_cmd_rank(int argc, char **argv);
int spmvp_cmd_advise(int argc, char **argv);
int spmvp_cmd_cg(int argc, char **argv);

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

/* ---- JSON output: one schema for every command (docs/json.md) ---- */
#define SPMVP_OUTPUT_SCHEMA_VERSION 1

/* A new document of `command` with the members every document starts with: "schema"
 * ("spmvp-output"), "schema_version", "spmvp_version", "command". The caller deletes it (or
 * hands it to spmvp_cli_emit_json). */
cJSON *spmvp_json_doc(const char *command);
/* The matrix object: name, rows, cols, nnz, max_row_length, mean_row_length (new). */
cJSON *spmvp_json_matrix(const char *name, const spmvp_rowlen_stats *s);
/* The device object of a live device ("source": "opencl", the query) or of a profile
 * ("source": "profile", "profile": path, the profile's device parameters); new. */
cJSON *spmvp_device_json(const spmvp_device_info *di);
cJSON *spmvp_json_profile_device(const spmvp_profile *p, const char *path);
/* Adds key: v, or key: null when v is not finite (JSON has no NaN). */
void spmvp_json_add_number(cJSON *o, const char *key, double v);
/* Prints doc on stdout and deletes it: the exit status (1 when out of memory). */
int spmvp_cli_emit_json(cJSON *doc);


/* 1 when paths a and b name the same existing file (same device and inode), else 0: an
 * output that is one of the inputs is refused. */
int spmvp_cli_same_file(const char *a, const char *b);
/* 0 when `out` is none of inputs[0..n) (NULLs skipped), else the usage status after one line
 * naming both. */
int spmvp_cli_refuse_input(const char *cmd, const char *out, const char *const *inputs, int n);


/* Loads a profile and sets up its predictor for value_size (which borrows from *p). Fails
 * when the profile has neither a calibration at that precision nor PMF hardware parameters;
 * on failure *p is NULL and spmvp_last_error() names the file and field. */
spmvp_status spmvp_cli_load_profile(const char *path, size_t value_size, spmvp_profile **p,
                                    spmvp_predictor *pred);

/* The model a ranking uses: `model` (NULL: the profile's best cross-validated learned model,
 * spmvp_rank_default_model); -1 with the error printed and *rc its exit status (usage for an
 * unknown name). */
int spmvp_cli_rank_model(const spmvp_predictor *pred, const char *model, const char *profile,
                         int *rc);
/* What rank, advise and cg --profile share: a profile at one precision, the model ranked by, a
 * matrix and every configuration of it best first (rank.h). */
typedef struct spmvp_cli_ranked {
    spmvp_profile *profile;   /* (owned) */
    spmvp_predictor pred;     /* (owned) */
    spmvp_csr *A;             /* the matrix (owned when loaded here) */
    int own_A;
    spmvp_rowlen_stats *s;    /* (owned) */
    spmvp_rank_entry *e;      /* n entries, best first (owned) */
    int n, model;
    double features_us, predict_us;
} spmvp_cli_ranked;

/* Loads `profile` at value_size, picks `model` (NULL: the profile's trusted learned one), loads
 * `matrix` unless A is given (then borrowed), and ranks it into *out. 0, or the exit status
 * after one line on stderr; release *out either way. */
int spmvp_cli_rank(const char *profile, const char *model, const char *matrix, spmvp_csr *A,
                   size_t value_size, spmvp_cli_ranked *out);
void spmvp_cli_ranked_release(spmvp_cli_ranked *r);

/* A document of `command` (rank, advise) with the members it begins with: matrix (name, rows,
 * cols, nnz), profile_device, precision and model (the one ranked by). */
cJSON *spmvp_json_ranked_doc(const char *command, const char *name, const spmvp_csr *A,
                             const spmvp_predictor *pred, const char *profile, int model);

#endif
