/* mm_reader.c: Matrix Market lines from memory or a streamed plain or gzip file (mm_reader.h). */
#define _POSIX_C_SOURCE 200809L /* stat */
#include "mm_reader.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void spmvp_mm_reader_memory(mm_reader *r, const char *name, const char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    r->name = name;
    r->p = text;
    r->end = text + len;
    r->eof = 1;
    r->left = len;
}

spmvp_status spmvp_mm_reader_open(mm_reader *r, const char *path)
{
    struct stat sb;
    memset(r, 0, sizeof *r);
    r->name = path;
    errno = 0;
    if (!(r->g = gzopen(path, "rb")))
        return spmvp_fail(SPMVP_ERR_IO, "%s: cannot open: %s", path,
                          errno ? strerror(errno) : "out of memory");
    if (!(r->buf = malloc(MM_WINDOW))) {
        spmvp_mm_reader_close(r);
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory for a read buffer", path);
    }
    gzbuffer(r->g, 1 << 18);
    r->p = r->end = r->buf;
    if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode))
        r->left = (uint64_t)sb.st_size; /* exact for plain text; gzip: replaced below */
    return SPMVP_OK;
}

void spmvp_mm_reader_close(mm_reader *r)
{
    if (r->g)
        gzclose(r->g);
    free(r->buf);
    r->g = NULL;
    r->buf = NULL;
}

/* Records "name:line: message" and returns -1. */
static int fail_line(mm_reader *r, spmvp_status st, const char *msg, const char *detail)
{
    r->st = spmvp_fail(st, "%s:%ld: %s%s", r->name, r->line + 1, msg, detail);
    return -1;
}

/* Moves the unread bytes to the front of the window and reads more after them. -1 on error. */
static int refill(mm_reader *r)
{
    size_t keep = (size_t)(r->end - r->p);
    if (keep == MM_WINDOW) {
        if (memchr(r->p, '\r', keep))
            return fail_line(r, SPMVP_ERR_PARSE, "no line end in 1 MiB, but CR characters: "
                             "lines must end in LF or CR LF, not CR alone (convert the file "
                             "with: tr '\\r' '\\n')", "");
        return fail_line(r, SPMVP_ERR_PARSE, "line longer than 1 MiB (no line end): not a "
                         "Matrix Market text", "");
    }
    memmove(r->buf, r->p, keep);
    r->p = r->buf;
    r->end = r->buf + keep;
    int n = gzread(r->g, r->buf + keep, (unsigned)(MM_WINDOW - keep));
    if (n > 0) {
        if (r->line == 0 && keep == 0 && !gzdirect(r->g))
            r->left = 0; /* inflated: the file's size says nothing of the text's */
        r->end += n;
        return 0;
    }
    int zerr;
    const char *zmsg = gzerror(r->g, &zerr);
    if (n == 0 && (zerr == Z_OK || zerr == Z_STREAM_END)) {
        r->eof = 1;
        return 0;
    }
    if (zerr == Z_ERRNO) {
        r->st = spmvp_fail(SPMVP_ERR_IO, "%s: cannot read: %s", r->name, strerror(errno));
        return -1;
    }
    size_t plen = strlen(r->name); /* zlib's message repeats "path: " */
    if (!strncmp(zmsg, r->name, plen) && !strncmp(zmsg + plen, ": ", 2))
        zmsg += plen + 2;
    char detail[256];
    snprintf(detail, sizeof detail, " (%s)", zmsg);
    return fail_line(r, SPMVP_ERR_PARSE, "truncated or corrupt gzip data", detail);
}

int spmvp_mm_next_line(mm_reader *r, const char **b, const char **e)
{
    const char *nl;
    while (!(nl = r->p < r->end ? memchr(r->p, '\n', (size_t)(r->end - r->p)) : NULL)) {
        if (r->eof) {
            if (r->p == r->end)
                return 0;
            break; /* the last line, without its '\n' */
        }
        if (refill(r) < 0)
            return -1;
    }
    *b = r->p;
    *e = nl ? nl : r->end;
    r->p = nl ? nl + 1 : r->end;
    size_t used = (size_t)(r->p - *b);
    r->left = r->left > used ? r->left - used : 0;
    r->line++;
    return 1;
}
