/* atomic_file.h: writing an output file so that it appears whole or not at all.
 *
 * Every file spmvp writes (matrices, profiles, CSV and JSON, plots) goes through this: the
 * data goes to a new temporary file in the same directory as the final path, and only a
 * complete file is renamed over it (rename within one directory is atomic on POSIX file
 * systems), so an interrupted run, a full disk or a failed write leaves the previous file as it
 * was and no partial one. spmvp never removes a path it did not create: a failed write removes
 * only its own temporary file.
 *
 *   spmvp_atomic *a;
 *   if (spmvp_atomic_open("out.mtx", &a)) return ...;   (message names the path and why)
 *   FILE *f = fopen(a->tmp, "wb");  ... write, fclose ...
 *   return ok ? spmvp_atomic_commit(a) : (spmvp_atomic_abort(a), error);
 *
 * a->tmp is a path, so anything that writes by name (gzopen, gnuplot's "set output") can use
 * it. An existing path that is not a regular file (/dev/null, /dev/stdout, a FIFO) is written
 * in place: a->tmp is the path itself, commit and abort leave it alone. A symbolic link is
 * followed: its target is replaced, the link stays. A new file gets the mode fopen would give
 * it (0666 less the umask); a replaced one keeps its mode.
 *
 * Errors are one line, "PATH: what failed: strerror" (SPMVP_ERR_IO), or SPMVP_ERR_NOMEM. */
#ifndef SPMVP_ATOMIC_FILE_H
#define SPMVP_ATOMIC_FILE_H

#include <stddef.h>

#include "status.h"

typedef struct spmvp_atomic {
    char *path;   /* the final path (symbolic links resolved) */
    char *tmp;    /* where to write: a new file beside path, or path itself (in_place) */
    int in_place; /* 1: path is not a regular file; written directly */
    int mode;     /* permissions given to the file on commit */
} spmvp_atomic;

/* Creates the temporary file (empty) for `path` into *out (NULL on failure). The caller opens,
 * writes and closes a->tmp, then calls spmvp_atomic_commit or spmvp_atomic_abort, which free
 * *out. */
spmvp_status spmvp_atomic_open(const char *path, spmvp_atomic **out);

/* Flushes the temporary file to disk and renames it to the final path; frees a. On failure
 * the temporary file is removed and the final path is left as it was. */
spmvp_status spmvp_atomic_commit(spmvp_atomic *a);

/* Removes the temporary file (never the final path); frees a. Accepts NULL. */
void spmvp_atomic_abort(spmvp_atomic *a);

/* Writes data[0..len) to path through a temporary file (open, write, commit): the whole of it
 * or nothing. Errors as above. */
spmvp_status spmvp_atomic_write(const char *path, const void *data, size_t len);

/* Whether `path` could be written, asked before long work: SPMVP_OK, or SPMVP_ERR_IO with
 * "PATH: cannot write there: REASON" (no such directory, permission, read-only file system,
 * a directory). Creates nothing. */
spmvp_status spmvp_atomic_check(const char *path);

#endif
