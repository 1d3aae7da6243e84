/* sparse.h: host-side sparse matrix formats (CSR, COO, ELL, JAD, HYB) and Matrix Market input.
 *
 * OpenCL-free. Values are held in double on the host whatever the device precision; the
 * host side converts to float on upload for single precision. Indices are 32-bit (spmvp_idx),
 * the kernels' INDEX_TYPE; every size that would overflow them is refused with SPMVP_ERR_RANGE.
 *
 * Ownership: every *_from_* / *_alloc / spmvp_mm_read function returns a new object that the
 * caller frees with the matching *_free, which accepts NULL and returns NULL
 * (`A = spmvp_csr_free(A);`). On failure they return NULL (or a status with *out = NULL) and
 * record a one-line message readable with spmvp_last_error(). */
#ifndef SPMVP_SPARSE_H
#define SPMVP_SPARSE_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

typedef int32_t spmvp_idx; /* index type of host arrays and of the kernels (-DINDEX_TYPE=int) */
#define SPMVP_IDX_MAX INT32_MAX

/* Compressed sparse rows; column indices sorted within each row, duplicates summed. */
typedef struct spmvp_csr {
    spmvp_idx nrows;   /* number of rows */
    spmvp_idx ncols;   /* number of columns */
    spmvp_idx nnz;     /* stored entries (explicit zeros included) */
    spmvp_idx *rowptr; /* row pointers (size nrows+1) */
    spmvp_idx *colidx; /* column indices, 0-based (size nnz) */
    double *val;       /* values (size nnz) */
} spmvp_csr;

/* Coordinates, sorted by row then column. */
typedef struct spmvp_coo {
    spmvp_idx nrows, ncols;
    spmvp_idx nnz;     /* entries (size of the arrays below) */
    spmvp_idx *rowidx; /* row index of each entry, non-decreasing (size nnz) */
    spmvp_idx *colidx; /* column index of each entry (size nnz) */
    double *val;       /* values (size nnz) */
} spmvp_coo;

/* ELLPACK, column-major: entry j of row i is at [j*pitch + i]. Rows shorter than width are
 * padded with colidx = -1 and val = 0 (cl/ell.cl skips them: on NVIDIA it runs the full width,
 * elsewhere it stops a row at its first -1). */
typedef struct spmvp_ell {
    spmvp_idx nrows, ncols;
    spmvp_idx nnz;     /* real entries (padding excluded) */
    spmvp_idx width;   /* K: entries stored per row (max row length for plain ELL) */
    spmvp_idx pitch;   /* padded column length >= nrows: a multiple of the row alignment and
                          of 128 bytes for 4- and 8-byte elements (see spmvp_ell_from_csr) */
    spmvp_idx *colidx; /* column indices or -1 (size width*pitch) */
    double *val;       /* values or 0 (size width*pitch) */
} spmvp_ell;

/* Jagged diagonals: rows permuted by decreasing length; diagonal d holds entry d of every
 * permuted row that has more than d entries, stored contiguously. */
typedef struct spmvp_jad {
    spmvp_idx nrows, ncols;
    spmvp_idx nnz;
    spmvp_idx ndiags;  /* number of jagged diagonals = longest row length */
    spmvp_idx *perm;   /* perm[p] = original row of permuted row p (size nrows) */
    spmvp_idx *jdptr;  /* start of diagonal d in colidx/val (size ndiags+1) */
    spmvp_idx *colidx; /* (size nnz) */
    double *val;       /* (size nnz) */
} spmvp_jad;

/* Hybrid: the first K entries of each row in ELL, the rest in COO. */
typedef struct spmvp_hyb {
    spmvp_ell *ell;    /* width = K (owned) */
    spmvp_coo *coo;    /* the entries beyond K (owned; nnz may be 0) */
} spmvp_hyb;

/* ---- CSR ---- */

/* New CSR with arrays for nrows+1 pointers and nnz entries, zero-initialised. NULL on failure. */
spmvp_csr *spmvp_csr_alloc(spmvp_idx nrows, spmvp_idx ncols, spmvp_idx nnz);
spmvp_csr *spmvp_csr_free(spmvp_csr *A);
/* y = A*x in double, the CPU reference (x size ncols, y size nrows). */
void spmvp_csr_spmv(const spmvp_csr *A, const double *x, double *y);
/* Length of the longest row (0 for a matrix with no rows). */
spmvp_idx spmvp_csr_max_row(const spmvp_csr *A);
/* Structural and numerical equality (same rowptr, colidx and val, bit for bit). 1 if equal. */
int spmvp_csr_equal(const spmvp_csr *A, const spmvp_csr *B);
/* Builds a CSR from unsorted triplets (0-based), summing duplicates and sorting columns.
 * Does not take ownership of the arrays. NULL on failure. */
spmvp_csr *spmvp_csr_from_triplets(spmvp_idx nrows, spmvp_idx ncols, size_t n,
                                   const spmvp_idx *ri, const spmvp_idx *ci, const double *v);

/* ---- Matrix Market ---- */

/* Reads a Matrix Market coordinate file (.mtx, or gzip-compressed .mtx.gz, detected by its
 * magic bytes) into *out: real, integer or pattern (values 1.0); general, symmetric or
 * skew-symmetric (one triangle stored, expanded). Duplicates are summed, explicit zeros kept.
 * The file is streamed, and what its size line asks for is checked against the host budget
 * (budget.h: SPMVP_ERR_NOMEM) before anything is allocated. On failure *out is NULL and the
 * message names the file and line: "a.mtx:17: column index 900 out of range 1..800". */
spmvp_status spmvp_mm_read(const char *path, spmvp_csr **out);
/* 0 (the default): values that are NaN, Inf or overflow double (1e999), in the text or as a
 * sum of duplicates, are SPMVP_ERR_PARSE naming file and line. 1: they are kept (for callers
 * that study such matrices; bench then compares non-finite results by equality). */
extern int spmvp_mm_allow_nonfinite;
/* Same, from a buffer in memory; `name` is used in messages. */
spmvp_status spmvp_mm_parse(const char *name, const char *text, size_t len, spmvp_csr **out);
/* Writes A as "matrix coordinate real general" (gzip-compressed if path ends in .gz) through
 * a temporary file renamed into place (atomic_file.h): on failure what was at path stays. */
spmvp_status spmvp_mm_write(const char *path, const spmvp_csr *A);

/* ---- formats from and to CSR ---- */

spmvp_coo *spmvp_coo_from_csr(const spmvp_csr *A);
/* COO of the entries of each row past its first K (HYB's COO part; K = 0: all of A, as
 * spmvp_coo_from_csr). K < 0 is SPMVP_ERR_ARG. */
spmvp_coo *spmvp_coo_from_csr_tail(const spmvp_csr *A, spmvp_idx K);
spmvp_coo *spmvp_coo_free(spmvp_coo *C);
spmvp_csr *spmvp_coo_to_csr(const spmvp_coo *C);

/* ELL of width spmvp_csr_max_row(A) whose pitch is nrows rounded up to a multiple of row_align (the work-group size) and of 32 elements
 * (128 bytes of 4-byte, 256 of 8-byte data: both 128-byte aligned). SPMVP_ERR_RANGE through
 * spmvp_last_error() and NULL when width*pitch exceeds 32-bit indices; row_align must be
 * positive (SPMVP_ERR_ARG). */
spmvp_ell *spmvp_ell_from_csr(const spmvp_csr *A, spmvp_idx row_align);
/* The same of the first min(K, length) entries of each row (HYB's ELL part): width min(K,
 * spmvp_csr_max_row(A)), nnz the entries kept. K < 0 is SPMVP_ERR_ARG. */
spmvp_ell *spmvp_ell_from_csr_head(const spmvp_csr *A, spmvp_idx K, spmvp_idx row_align);
spmvp_ell *spmvp_ell_free(spmvp_ell *E);
spmvp_csr *spmvp_ell_to_csr(const spmvp_ell *E);

spmvp_jad *spmvp_jad_from_csr(const spmvp_csr *A);
spmvp_jad *spmvp_jad_free(spmvp_jad *J);
spmvp_csr *spmvp_jad_to_csr(const spmvp_jad *J);

/* Default HYB width: the largest K such that at least a third of the rows have K or more
 * entries (CUSP's rule with relative ELL/COO speed 3, without its 4096-row break-even so
 * small matrices keep an ELL part). 0 for a matrix with no entries; -1 when out of memory. */
spmvp_idx spmvp_hyb_default_width(const spmvp_csr *A);
/* The same rule from a row-length histogram (hist[l] = rows of length l, size maxlen+1). */
spmvp_idx spmvp_hyb_width_from_hist(const long long *hist, long long maxlen, long long nrows);
/* HYB with ELL width K >= 0 (K larger than the longest row is clamped to it); K < 0 is
 * SPMVP_ERR_ARG, and the ELL part can fail with SPMVP_ERR_RANGE as plain ELL does. */
spmvp_hyb *spmvp_hyb_from_csr(const spmvp_csr *A, spmvp_idx K, spmvp_idx row_align);
spmvp_hyb *spmvp_hyb_free(spmvp_hyb *H);
spmvp_csr *spmvp_hyb_to_csr(const spmvp_hyb *H);

/* ---- device memory footprints in bytes (value_size 4 or 8, 4-byte indices) ----
 * What each format uploads: its arrays, plus x (ncols) and y (nrows) values. */
size_t spmvp_csr_bytes(const spmvp_csr *A, size_t value_size);
size_t spmvp_coo_bytes(const spmvp_coo *C, size_t value_size);
size_t spmvp_ell_bytes(const spmvp_ell *E, size_t value_size);
size_t spmvp_jad_bytes(const spmvp_jad *J, size_t value_size);
size_t spmvp_hyb_bytes(const spmvp_hyb *H, size_t value_size);

#endif
