/* train_table.h: the training table: one row per measured configuration (a matrix in one
 * format under one thread mapping, at one precision) with its feature vector (featvec.h) and
 * its measured times. `spmvp train` writes it beside the profile it trains (TSV, one row per
 * line, appended as measured so that an interrupted run resumes); the learned models fit from
 * it and `spmvp cv` cross-validates them on it.
 *
 * The file: a first line "# spmvp-train 1", then a tab and "device=NAME" (the device it was
 * measured on, which a resumed run must match) and a tab and "gather=B:R,B:R,..." (the gather
 * curve its rows' sectors were priced by, matrix_features.h: windows in bytes, rates in 10^9
 * gathers/s; absent in tables before 2026-11-24), a header line of the column names (matrix, family,
 * precision, format, mapping, the spmvp_fv_names, us, us_event, us_repeat, convert_us,
 * upload_us, kernel; a table without kernel, as spmvp wrote them before 2026-11-28, is read
 * with every row's digest unrecorded, and one without convert_us and upload_us too, as spmvp
 * wrote them first, with those times NaN), then rows. Numbers are written so that they read
 * back bit for bit; a time not measured is "nan", a digest not recorded "-".
 *
 * Ownership: a table owns its rows; spmvp_train_table_free frees them and accepts a zeroed
 * table. Errors: one line through spmvp_fail naming the file and line: "t.tsv:12: field 7
 * (maxNnz): not a number \"x\"". */
#ifndef SPMVP_TRAIN_TABLE_H
#define SPMVP_TRAIN_TABLE_H

#include <stdio.h>

#include "featvec.h"
#include "profile.h"

#define SPMVP_TRAIN_MAGIC "# spmvp-train 1"

typedef struct spmvp_train_row {
    char matrix[96];   /* the matrix: a generator spec or a file's base name */
    char family[48];   /* its family: cross-validation never puts one family on both sides */
    char mapping[64];  /* the configuration's label (spmvp_config_label), "wg=256 V=4" */
    spmvp_precision prec;
    spmvp_format format;
    double x[SPMVP_FV_N]; /* the features */
    double us;         /* measured µs per product: bench's back-to-back batch (what a solver
                          sees; the models' target) */
    double us_event;   /* bench's median of event-timed single products */
    double us_repeat;  /* a second batch on the same upload (the noise floor); NaN if none */
    double convert_us; /* the host conversion from CSR, once (spmvp_spmv_setup_us); NaN if
                          not measured (a table of spmvp before 0.2 has no such column) */
    double upload_us;  /* the upload of the format's arrays, once; NaN if not measured */
    char kernel[16];   /* the digest of the kernels that measured it (host/ocl/kernel_digest.h:
                          8 hex digits), "" when not recorded (rows from before 2026-11-28) */
} spmvp_train_row;

typedef struct spmvp_train_table {
    size_t n, cap;
    spmvp_train_row *row;
    char device[128];  /* the device measured on ("": not recorded) */
    spmvp_gather_curve gather; /* the curve the rows' features were priced by (n 0: none
                                  recorded; cache_bytes is not kept) */
    int all_columns;   /* 1: the file read had every column this spmvp writes (one without
                          the setup times' or the kernel digest's is rewritten whole before
                          rows are appended) */
} spmvp_train_table;

/* Appends a copy of r. SPMVP_ERR_NOMEM. */
spmvp_status spmvp_train_table_add(spmvp_train_table *t, const spmvp_train_row *r);
void spmvp_train_table_free(spmvp_train_table *t);

/* Reads the table at path and appends its rows to t. A last line without its newline (an
 * interrupted write) is dropped and counted in *dropped (may be NULL). SPMVP_ERR_IO when it
 * cannot be read, SPMVP_ERR_PARSE naming the line and field, SPMVP_ERR_NOMEM. */
spmvp_status spmvp_train_table_read(const char *path, spmvp_train_table *t, int *dropped);

/* The first two lines (t's device, "" for none, and gather curve); one row as a line. 0, or
 * -1 on a write error (errno set). */
int spmvp_train_table_write_header(FILE *f, const spmvp_train_table *t);
int spmvp_train_table_write_row(FILE *f, const spmvp_train_row *r);
/* The whole table to path, atomically (atomic_file.h). SPMVP_ERR_IO. */
spmvp_status spmvp_train_table_save(const spmvp_train_table *t, const char *path);

/* The index of the row of this matrix, precision, format and mapping, or -1 (resuming). */
long spmvp_train_table_find(const spmvp_train_table *t, const char *matrix, spmvp_precision k,
                            spmvp_format f, const char *mapping);

/* Sorts the row indices idx[0..n) of t by matrix, then precision, then index, so that each
 * matrix's rows (at one precision) are consecutive, in table order (cv.c, model_rel.c). Not
 * reentrant: qsort has no context argument. */
void spmvp_train_table_sort_by_matrix(const spmvp_train_table *t, size_t *idx, size_t n);

/* The distinct families of t in order of first appearance: *n of them, family[i] a pointer
 * into t's rows; fam_of[r] (if not NULL, t->n entries) the index of row r's family.
 * SPMVP_ERR_NOMEM. The caller frees *family. */
spmvp_status spmvp_train_table_families(const spmvp_train_table *t, const char ***family,
                                        int *n, int *fam_of);

/* For each format (out: SPMVP_NFORMATS records), the kernel digest most of its rows were
 * measured with (the first to lead on a tie; "" when none of them recorded one), how many rows
 * have it, and how many rows the format has: the profile's "training.kernels". */
void spmvp_train_table_kernels(const spmvp_train_table *t, struct spmvp_kernel_record *out);

#endif
