/* mm_write.c: writing a CSR as a Matrix Market coordinate file (.mtx, or gzip when the name
 * ends in .gz), through a temporary file renamed into place (atomic_file.h): a failed or
 * interrupted write leaves what was at the path before, and removes only its own file. */
#include "sparse.h"

#include "atomic_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Buffered output to a plain or gzip file. */
typedef struct writer {
    FILE *f; /* one of f and g is open */
    gzFile g;
    int failed; /* a write failed */
    int err;    /* its errno */
    size_t n;   /* bytes in buf */
    char buf[1 << 16];
} writer;

static void flush(writer *w)
{
    if (w->n && !w->failed) {
        errno = 0;
        w->failed = w->g ? gzwrite(w->g, w->buf, (unsigned)w->n) != (int)w->n
                         : fwrite(w->buf, 1, w->n, w->f) != w->n;
        w->err = w->failed ? (errno ? errno : EIO) : 0;
    }
    w->n = 0;
}

static void put(writer *w, const char *s, size_t len)
{
    if (w->n + len > sizeof w->buf)
        flush(w);
    memcpy(w->buf + w->n, s, len);
    w->n += len;
}

spmvp_status spmvp_mm_write(const char *path, const spmvp_csr *A)
{
    if (!path || !A)
        return spmvp_fail(SPMVP_ERR_ARG, "spmvp_mm_write: NULL path or matrix");
    size_t plen = strlen(path);
    int gz = plen >= 3 && !strcmp(path + plen - 3, ".gz");
    spmvp_atomic *at;
    spmvp_status st = spmvp_atomic_open(path, &at);
    if (st)
        return st;
    writer *w = calloc(1, sizeof *w);
    if (!w) {
        spmvp_atomic_abort(at);
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", path);
    }
    errno = 0;
    if (gz)
        w->g = gzopen(at->tmp, "wb6");
    else
        w->f = fopen(at->tmp, "wb");
    if (!w->f && !w->g) {
        st = spmvp_fail(SPMVP_ERR_IO, "%s: cannot open for writing: %s", path,
                        errno ? strerror(errno) : "out of memory");
        spmvp_atomic_abort(at);
        free(w);
        return st;
    }
    char line[96];
    int k =
        snprintf(line, sizeof line, "%%%%MatrixMarket matrix coordinate real general\n%d %d %d\n",
                 (int)A->nrows, (int)A->ncols, (int)A->nnz);
    put(w, line, (size_t)k);
    for (spmvp_idx i = 0; i < A->nrows && !w->failed; i++) {
        for (spmvp_idx p = A->rowptr[i]; p < A->rowptr[i + 1]; p++) {
            k = snprintf(line, sizeof line, "%d %d %.17g\n", (int)i + 1, (int)A->colidx[p] + 1,
                         A->val[p]);
            put(w, line, (size_t)k);
        }
    }
    flush(w);
    int err = w->err;
    errno = 0;
    if (w->g ? gzclose(w->g) != Z_OK : fclose(w->f) != 0) /* the last buffer reaches the disk */
        err = err ? err : (errno ? errno : EIO);
    free(w);
    if (err) {
        spmvp_atomic_abort(at); /* our temporary file only: what was at path stays */
        return spmvp_fail(SPMVP_ERR_IO, "%s: write failed: %s", path, strerror(err));
    }
    return spmvp_atomic_commit(at);
}
