/* kernel_digest.c: a format's kernels as one CRC-32 (kernel_digest.h). */
#include "kernel_digest.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "context.h"

/* The CRC so far, and a space held back: it is written only before the next character that
 * is not white space, so that runs collapse and none ends the text. */
typedef struct normal {
    unsigned long crc;
    int space;   /* a space is pending */
    int started; /* a character was written (no space before the first) */
} normal;

/* c into the CRC as it is (a literal's characters), after the space held back if any. */
static void put_raw(normal *n, char c)
{
    if (n->space) {
        n->crc = crc32(n->crc, (const Bytef *)" ", 1);
        n->space = 0;
    }
    n->crc = crc32(n->crc, (const Bytef *)&c, 1);
    n->started = 1;
}

/* c into the CRC, white space held back as one space (none before the first character). */
static void put(normal *n, char c)
{
    if (isspace((unsigned char)c))
        n->space = n->started;
    else
        put_raw(n, c);
}

unsigned long spmvp_source_crc(unsigned long crc, const char *text)
{
    normal n = {crc, 0, 0};
    for (const char *p = text; p && *p;) {
        if (p[0] == '/' && p[1] == '*') { /* a block comment: one space */
            const char *end = strstr(p + 2, "*/");
            p = end ? end + 2 : p + strlen(p);
            put(&n, ' ');
        } else if (p[0] == '/' && p[1] == '/') { /* a line comment: to the newline, kept */
            p += strcspn(p, "\n");
            put(&n, ' ');
        } else if (*p == '"' || *p == '\'') { /* a literal, escapes and all, as it is */
            const char q = *p;
            put_raw(&n, *p++);
            while (*p && *p != q) {
                if (*p == '\\' && p[1])
                    put_raw(&n, *p++);
                put_raw(&n, *p++);
            }
            if (*p)
                put_raw(&n, *p++);
        } else {
            put(&n, *p++);
        }
    }
    return n.crc;
}

spmvp_status spmvp_kernel_digest(spmvp_format f, const char *cl_dir, char out[SPMVP_DIGEST_LEN + 1])
{
    const spmvp_format_desc *d = spmvp_format_get(f);
    out[0] = '\0';
    if (!d || d->version < 3 || !d->kernels || !d->kernels[0])
        return spmvp_fail(SPMVP_ERR_ARG, "format %d names no kernels", (int)f);
    unsigned long crc = 0;
    /* the prelude first, then the format's sources in the descriptor's order, each ended by a
     * newline so that two files never read as one */
    for (int i = -1; i < 0 || d->kernels[i]; i++) {
        char *src = spmvp_kernel_source(cl_dir, i < 0 ? "prelude.cl" : d->kernels[i]);
        if (!src)
            return SPMVP_ERR_IO; /* spmvp_kernel_source said why */
        crc = spmvp_source_crc(crc, src);
        crc = crc32(crc, (const Bytef *)"\n", 1);
        free(src);
    }
    char rev[24];
    int len = snprintf(rev, sizeof rev, "revision %d", d->revision);
    crc = crc32(crc, (const Bytef *)rev, (uInt)len);
    snprintf(out, SPMVP_DIGEST_LEN + 1, "%08lx", crc & 0xffffffffUL);
    return SPMVP_OK;
}

void spmvp_profile_stale_kernels(const spmvp_profile *p, unsigned char stale[SPMVP_NFORMATS])
{
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        char mine[SPMVP_DIGEST_LEN + 1];
        const char *theirs = p ? p->training.kernels[f].digest : "";
        stale[f] = theirs[0] && !spmvp_kernel_digest((spmvp_format)f, NULL, mine) && strcmp(mine, theirs);
    }
}
