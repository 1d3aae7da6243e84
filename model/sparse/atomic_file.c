/* atomic_file.c: output through a temporary file renamed into place (atomic_file.h). */
#define _XOPEN_SOURCE 700 /* mkstemp, realpath, fchmod, fsync */
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The directory part of path ("." when it has none) into a new string. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : 1;
    char *d = malloc(n + 2);
    if (!d)
        return NULL;
    if (!slash)
        strcpy(d, ".");
    else if (n == 0)
        strcpy(d, "/");
    else {
        memcpy(d, path, n);
        d[n] = '\0';
    }
    return d;
}

static char *dup_str(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    return d ? strcpy(d, s) : NULL;
}

static void release(spmvp_atomic *a)
{
    if (a) {
        if (a->tmp != a->path)
            free(a->tmp);
        free(a->path);
        free(a);
    }
}

spmvp_status spmvp_atomic_check(const char *path)
{
    struct stat sb;
    if (!path || !*path)
        return spmvp_fail(SPMVP_ERR_ARG, "empty output path");
    if (stat(path, &sb) == 0) {
        if (S_ISDIR(sb.st_mode))
            return spmvp_fail(SPMVP_ERR_IO, "%s: cannot write there: %s", path, strerror(EISDIR));
        if (!S_ISREG(sb.st_mode))
            return access(path, W_OK) ? spmvp_fail(SPMVP_ERR_IO, "%s: cannot write there: %s",
                                                   path, strerror(errno))
                                      : SPMVP_OK;
    }
    char real[PATH_MAX];
    const char *p = realpath(path, real) ? real : path; /* a link's target directory */
    char *dir = dir_of(p);
    if (!dir)
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", path);
    spmvp_status st = SPMVP_OK;
    if (access(dir, W_OK | X_OK))
        st = spmvp_fail(SPMVP_ERR_IO, "%s: cannot write there: %s: %s", path, dir,
                        strerror(errno));
    free(dir);
    return st;
}

spmvp_status spmvp_atomic_open(const char *path, spmvp_atomic **out)
{
    struct stat sb;
    char real[PATH_MAX];
    *out = NULL;
    if (!path || !*path)
        return spmvp_fail(SPMVP_ERR_ARG, "empty output path");
    spmvp_atomic *a = calloc(1, sizeof *a);
    if (!a)
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", path);
    int exists = stat(path, &sb) == 0;
    if (exists && S_ISDIR(sb.st_mode)) {
        free(a);
        return spmvp_fail(SPMVP_ERR_IO, "%s: cannot open for writing: %s", path, strerror(EISDIR));
    }
    a->path = dup_str(exists && realpath(path, real) ? real : path);
    if (!a->path)
        goto nomem;
    if (exists && !S_ISREG(sb.st_mode)) { /* a device or a FIFO: nothing to replace */
        a->in_place = 1;
        a->tmp = a->path;
        *out = a;
        return SPMVP_OK;
    }
    if (exists) {
        a->mode = (int)(sb.st_mode & 07777);
    } else {
        mode_t mask = umask(0); /* there is no other way to read it */
        umask(mask);
        a->mode = (int)(0666 & ~mask);
    }
    char *dir = dir_of(a->path);
    const char *slash = strrchr(a->path, '/'), *base = slash ? slash + 1 : a->path;
    size_t n = (dir ? strlen(dir) : 0) + strlen(base) + 16;
    if (!dir || !(a->tmp = malloc(n))) {
        free(dir);
        goto nomem;
    }
    /* hidden, beside the final file: same file system, so rename is atomic */
    snprintf(a->tmp, n, "%s/.%s.XXXXXX", dir, base);
    int fd = mkstemp(a->tmp);
    if (fd < 0) {
        spmvp_status st = spmvp_fail(SPMVP_ERR_IO, "%s: cannot open for writing: %s (a new "
                                     "temporary file in %s)", path, strerror(errno), dir);
        free(dir);
        free(a->tmp);
        a->tmp = NULL;
        release(a);
        return st;
    }
    free(dir);
    close(fd);
    *out = a;
    return SPMVP_OK;
nomem:
    release(a);
    return spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", path);
}

spmvp_status spmvp_atomic_commit(spmvp_atomic *a)
{
    spmvp_status st = SPMVP_OK;
    if (!a || a->in_place) {
        release(a);
        return SPMVP_OK;
    }
    int fd = open(a->tmp, O_RDONLY);
    const char *what = NULL;
    if (fd < 0)
        what = "cannot reopen";
    else if (fchmod(fd, (mode_t)a->mode))
        what = "cannot set the mode of";
    else if (fsync(fd) && errno != EINVAL && errno != EROFS) /* EINVAL: cannot be synced */
        what = "cannot flush";
    int err = errno;
    if (fd >= 0)
        close(fd);
    if (!what && rename(a->tmp, a->path)) {
        what = "cannot rename into place";
        err = errno;
    }
    if (what) {
        st = spmvp_fail(SPMVP_ERR_IO, "%s: %s its temporary file %s: %s", a->path, what, a->tmp,
                        strerror(err));
        remove(a->tmp);
    }
    release(a);
    return st;
}

void spmvp_atomic_abort(spmvp_atomic *a)
{
    if (a && !a->in_place)
        remove(a->tmp); /* ours: created by spmvp_atomic_open */
    release(a);
}

spmvp_status spmvp_atomic_write(const char *path, const void *data, size_t len)
{
    spmvp_atomic *a;
    spmvp_status st = spmvp_atomic_open(path, &a);
    if (st)
        return st;
    FILE *f = fopen(a->tmp, "wb");
    if (!f) {
        st = spmvp_fail(SPMVP_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
        spmvp_atomic_abort(a);
        return st;
    }
    int bad = len && fwrite(data, 1, len, f) != len;
    int err = errno;
    if (fclose(f) && !bad) {
        bad = 1;
        err = errno;
    }
    if (bad) {
        spmvp_atomic_abort(a);
        return spmvp_fail(SPMVP_ERR_IO, "%s: write failed: %s", path, strerror(err ? err : EIO));
    }
    return spmvp_atomic_commit(a);
}
