/* mm_reader.h: the lines of a Matrix Market text, from memory or streamed from a plain or gzip
 * file (internal to model/sparse and its tests and fuzz targets).
 *
 * Streaming is what keeps a hostile file from deciding how much memory the reader takes: a
 * 3 MB gzip file that inflates to 3 GB, or /dev/zero, is read through one window of
 * MM_WINDOW bytes, never held whole. A line longer than the window (no '\n' in 1 MiB: binary
 * data, CR-only line ends) is malformed input. */
#ifndef SPMVP_MM_READER_H
#define SPMVP_MM_READER_H

#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

#include "status.h"

#define MM_WINDOW (1u << 20) /* bytes: the longest line a streamed file may have */

typedef struct mm_reader {
    const char *name; /* for messages */
    const char *p;    /* next unread byte of the window */
    const char *end;  /* end of the text read so far */
    long line;        /* number of the line last returned (0 before the first) */
    gzFile g;         /* the stream, NULL for text in memory */
    char *buf;        /* the window of a stream (size MM_WINDOW) */
    int eof;          /* the stream has no more bytes (always 1 in memory) */
    uint64_t left;    /* bytes of text not yet returned when known (memory, plain files), else 0 */
    spmvp_status st;  /* the error when spmvp_mm_next_line returned -1 */
} mm_reader;

/* A reader over text[0..len) (not copied; must outlive the reader). */
void spmvp_mm_reader_memory(mm_reader *r, const char *name, const char *text, size_t len);
/* A reader streaming the file at path, inflated if it starts with the gzip magic 1f 8b.
 * SPMVP_ERR_IO (message "path: cannot open: ...") or SPMVP_ERR_NOMEM. */
spmvp_status spmvp_mm_reader_open(mm_reader *r, const char *path);
/* Closes the stream and frees the window; accepts a memory reader. */
void spmvp_mm_reader_close(mm_reader *r);
/* The next line as [*b, *e) without its '\n', valid until the next call: 1. At the end of the
 * text: 0. On a read error, corrupt gzip data or a line longer than the window: -1, with the
 * status in r->st and its message recorded ("name:line: ..."). */
int spmvp_mm_next_line(mm_reader *r, const char **b, const char **e);

#endif
