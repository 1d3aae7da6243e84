/* gen_spec.c: the named matrix specs ("laplace3d:100", "random:1000:8:normal", "rmat:20"),
 * loading a matrix by name (a file or a spec), and row statistics. */
#include "gen.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_rng.h"
#include "stencil.h"

/* ---- named specs ---- */

static const struct {
    const char *name;
    spmvp_family family;
    const char *syntax;
} families[] = {
    {"laplace2d", SPMVP_FAMILY_LAPLACE2D, "laplace2d:N"},
    {"laplace3d", SPMVP_FAMILY_LAPLACE3D, "laplace3d:N"},
    {"laplace3d27", SPMVP_FAMILY_LAPLACE3D27, "laplace3d27:N"},
    {"random", SPMVP_FAMILY_RANDOM, "random:ROWS[xCOLS]:PNZ:DIST[:SEED]"},
    {"bench", SPMVP_FAMILY_BENCH, "bench:ROWS:PNZ:DIST[:SEED]"},
    {"rmat", SPMVP_FAMILY_RMAT, "rmat:SCALE[:EDGEFACTOR[:SEED]]"},
    {"longrows", SPMVP_FAMILY_LONGROWS, "longrows:ROWS:SHORT:NLONG:LONG[:SEED]"},
    {"band", SPMVP_FAMILY_BAND, "band:ROWS:WIDTH"},
    {"blockdiag", SPMVP_FAMILY_BLOCKDIAG, "blockdiag:ROWS:BLOCK"},
    {"perm", SPMVP_FAMILY_PERM, "perm:[SEED:]SPEC"},
    {"blocks3d", SPMVP_FAMILY_BLOCKS3D, "blocks3d:N:B"},
    {"arrow", SPMVP_FAMILY_ARROW, "arrow:ROWS:WIDTH:K"},
    {"powerlaw", SPMVP_FAMILY_POWERLAW, "powerlaw:ROWS:MIN:MAX[:SEED]"},
};
#define NFAMILIES (sizeof families / sizeof families[0])

static int find_family(const char *spec)
{
    for (size_t i = 0; i < NFAMILIES; i++) {
        size_t l = strlen(families[i].name);
        if (!strncmp(spec, families[i].name, l) && spec[l] == ':')
            return (int)i;
    }
    return -1;
}

int spmvp_gen_is_spec(const char *spec) { return spec && find_family(spec) >= 0; }

int spmvp_gen_family_seeded(spmvp_family f)
{
    return f == SPMVP_FAMILY_RANDOM || f == SPMVP_FAMILY_BENCH || f == SPMVP_FAMILY_RMAT ||
           f == SPMVP_FAMILY_LONGROWS || f == SPMVP_FAMILY_PERM || f == SPMVP_FAMILY_POWERLAW;
}

/* a whole plain decimal integer in lo..hi */
static int parse_ll(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* ROWS of a spec, 1..SPMVP_IDX_MAX-1 (one row more still fits the row pointers); 0, or -1
 * with the message naming the spec */
static int parse_rows(const char *spec, const char *field, long long *rows)
{
    if (!parse_ll(field, 1, SPMVP_IDX_MAX - 1, rows))
        return 0;
    spmvp_fail(SPMVP_ERR_ARG, "%s: ROWS must be an integer in 1..%d", spec, SPMVP_IDX_MAX - 1);
    return -1;
}

int spmvp_gen_parse_seed(const char *s, unsigned long long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

/* The error of a SEED field that is not a plain decimal integer in 0..2^64-1. */
static spmvp_status bad_seed(const char *spec)
{
    return spmvp_fail(SPMVP_ERR_ARG, "%s: SEED must be an integer in 0..%llu", spec,
                      (unsigned long long)UINT64_MAX);
}

/* A family's last field, SEED, when the spec has all `with` of its fields (field[with - 1]),
 * into out->seed and out->has_seed; SPMVP_OK, or the error naming the spec. */
static spmvp_status optional_seed(const char *spec, int nf, int with, char **field,
                                  spmvp_gen_spec *out)
{
    if (nf == with && spmvp_gen_parse_seed(field[with - 1], &out->seed))
        return bad_seed(spec);
    out->has_seed = nf == with;
    return SPMVP_OK;
}

/* "perm:[SEED:]SPEC" after "perm:" (rest): not split at ':' like the others, since SPEC has
 * colons of its own. A generated SPEC is parsed now, so that its errors are the spec's errors
 * (SPMVP_ERR_ARG) rather than the build's; a file is read when built. */
static spmvp_status parse_perm(const char *spec, const char *rest, spmvp_gen_spec *out)
{
    const char *p = rest;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p > rest && *p == ':') {
        char digits[32];
        if (p - rest >= (long)sizeof digits ||
            (memcpy(digits, rest, (size_t)(p - rest)), digits[p - rest] = '\0',
             spmvp_gen_parse_seed(digits, &out->seed)))
            return bad_seed(spec);
        out->has_seed = 1;
        rest = p + 1;
    } else if (p > rest && !*p) {
        /* "perm:7": a seed without a SPEC is likelier than a file named 7 (write ./7) */
        return spmvp_fail(SPMVP_ERR_ARG, "%s: SPEC is missing (expected perm:[SEED:]SPEC)", spec);
    }
    if (!*rest)
        return spmvp_fail(SPMVP_ERR_ARG, "%s: SPEC is missing (expected perm:[SEED:]SPEC)", spec);
    if (!strncmp(rest, "perm:", 5))
        return spmvp_fail(SPMVP_ERR_ARG, "%s: SPEC cannot be another perm: (a permutation of a "
                          "permutation is one permutation)", spec);
    strcpy(out->inner, rest); /* fits: spec is shorter than SPMVP_GEN_SPEC_MAX */
    if (spmvp_gen_is_spec(rest)) {
        spmvp_gen_spec in;
        char why[512];
        if (spmvp_gen_parse(rest, &in)) {
            /* the inner message starts with the inner spec: prefixing "perm:[SEED:]" makes it
             * start with the whole spec */
            snprintf(why, sizeof why, "%s", spmvp_last_error());
            return spmvp_fail(SPMVP_ERR_ARG, "%.*s%s", (int)(rest - spec), spec, why);
        }
    }
    return SPMVP_OK;
}

spmvp_status spmvp_gen_parse(const char *spec, spmvp_gen_spec *out)
{
    char buf[256], *field[8];
    int nf = 0;
    long long v;
    memset(out, 0, sizeof *out);
    out->seed = SPMVP_GEN_SEED;
    int fi = find_family(spec);
    if (fi < 0)
        return spmvp_fail(SPMVP_ERR_ARG, "%.200s: not a generated matrix (laplace2d:, laplace3d:, "
                          "laplace3d27:, random:, bench:, rmat:, longrows:, band:, blockdiag:, perm:, blocks3d:, "
                          "arrow:, powerlaw:)", spec);
    const char *syntax = families[fi].syntax;
    if (strlen(spec) >= sizeof buf)
        return spmvp_fail(SPMVP_ERR_ARG, "%.60s...: too long for %s", spec, syntax);
    out->family = families[fi].family;
    if (out->family == SPMVP_FAMILY_PERM)
        return parse_perm(spec, spec + strlen(families[fi].name) + 1, out);
    strcpy(buf, spec + strlen(families[fi].name) + 1);
    for (char *p = buf;; p++) {
        if (nf == 8)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: too many fields for %s", spec, syntax);
        field[nf++] = p;
        p = strchr(p, ':');
        if (!p)
            break;
        *p = '\0';
    }
    switch (out->family) {
    case SPMVP_FAMILY_LAPLACE2D:
    case SPMVP_FAMILY_LAPLACE3D:
    case SPMVP_FAMILY_LAPLACE3D27:
        if (nf != 1)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        if (parse_ll(field[0], 1, 100000, &out->n))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: the grid size N must be an integer in 1..100000", spec);
        return SPMVP_OK;
    case SPMVP_FAMILY_RANDOM:
    case SPMVP_FAMILY_BENCH: {
        if (nf < 3 || nf > 4)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        char *x = out->family == SPMVP_FAMILY_RANDOM ? strchr(field[0], 'x') : NULL;
        if (x)
            *x = '\0';
        if (parse_rows(spec, field[0], &out->rows))
            return SPMVP_ERR_ARG;
        out->cols = out->rows;
        if (x && parse_ll(x + 1, 1, SPMVP_IDX_MAX, &out->cols))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: COLS must be an integer in 1..%d", spec,
                              SPMVP_IDX_MAX);
        if (parse_ll(field[1], 1, SPMVP_IDX_MAX, &v))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: PNZ must be an integer in 1..%d", spec,
                              SPMVP_IDX_MAX);
        out->pnz = (int)v;
        int d = spmvp_dist_parse(field[2]);
        if (d < 0)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: DIST must be fixed, normal or uniform, not "
                              "\"%s\"", spec, field[2]);
        out->dist = (spmvp_dist)d;
        return optional_seed(spec, nf, 4, field, out);
    }
    case SPMVP_FAMILY_RMAT:
        if (nf > 3)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        if (parse_ll(field[0], 1, 30, &v))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: SCALE must be an integer in 1..30", spec);
        out->scale = (int)v;
        out->edge_factor = 16;
        if (nf >= 2) {
            if (parse_ll(field[1], 1, SPMVP_IDX_MAX, &v))
                return spmvp_fail(SPMVP_ERR_ARG, "%s: EDGEFACTOR must be an integer in 1..%d",
                                  spec, SPMVP_IDX_MAX);
            out->edge_factor = (int)v;
        }
        return optional_seed(spec, nf, 3, field, out);
    case SPMVP_FAMILY_LONGROWS: {
        static const char *what[4] = {"ROWS", "SHORT", "NLONG", "LONG"};
        long long f[4];
        if (nf < 4 || nf > 5)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        for (int i = 0; i < 4; i++)
            if (parse_ll(field[i], i == 0, SPMVP_IDX_MAX - 1, &f[i]))
                return spmvp_fail(SPMVP_ERR_ARG, "%s: %s must be an integer in %d..%d", spec,
                                  what[i], i == 0, SPMVP_IDX_MAX - 1);
        if (f[1] > f[0] || f[3] > f[0] || f[2] > f[0])
            return spmvp_fail(SPMVP_ERR_ARG, "%s: SHORT, NLONG and LONG must be at most ROWS", spec);
        out->rows = out->cols = f[0];
        out->pnz = (int)f[1];
        out->nlong = f[2];
        out->longlen = f[3];
        return optional_seed(spec, nf, 5, field, out);
    }
    case SPMVP_FAMILY_BAND:
    case SPMVP_FAMILY_BLOCKDIAG: {
        int band = out->family == SPMVP_FAMILY_BAND;
        const char *what = band ? "WIDTH" : "BLOCK";
        if (nf != 2)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        if (parse_rows(spec, field[0], &out->rows))
            return SPMVP_ERR_ARG;
        out->cols = out->rows;
        /* band: WIDTH 0..ROWS-1 (a wider band is the same full matrix); blockdiag: 1..ROWS */
        if (parse_ll(field[1], !band, out->rows - band, &out->width))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: %s must be an integer in %d..%lld (%s)", spec,
                              what, !band, out->rows - band, band ? "ROWS-1" : "ROWS");
        return SPMVP_OK;
    }
    case SPMVP_FAMILY_BLOCKS3D:
        if (nf != 2)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        if (parse_ll(field[0], 1, 100000, &out->n))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: the grid size N must be an integer in 1..100000", spec);
        if (parse_ll(field[1], 1, 64, &out->width))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: B must be an integer in 1..64", spec);
        return SPMVP_OK;
    case SPMVP_FAMILY_ARROW:
        if (nf != 3)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        if (parse_rows(spec, field[0], &out->rows))
            return SPMVP_ERR_ARG;
        out->cols = out->rows;
        if (parse_ll(field[1], 0, out->rows - 1, &out->width))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: WIDTH must be an integer in 0..%lld (ROWS-1)",
                              spec, out->rows - 1);
        if (parse_ll(field[2], 0, out->rows, &out->nlong))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: K must be an integer in 0..%lld (ROWS)", spec,
                              out->rows);
        return SPMVP_OK;
    case SPMVP_FAMILY_POWERLAW: {
        long long f[3];
        if (nf < 3 || nf > 4)
            return spmvp_fail(SPMVP_ERR_ARG, "%s: expected %s", spec, syntax);
        if (parse_rows(spec, field[0], &f[0]))
            return SPMVP_ERR_ARG;
        if (parse_ll(field[1], 1, f[0], &f[1]) || parse_ll(field[2], f[1], f[0], &f[2]))
            return spmvp_fail(SPMVP_ERR_ARG, "%s: MIN and MAX must be integers with 1 <= MIN <= "
                              "MAX <= ROWS", spec);
        out->rows = out->cols = f[0];
        out->pnz = (int)f[1];
        out->longlen = f[2];
        return optional_seed(spec, nf, 4, field, out);
    }
    case SPMVP_FAMILY_PERM:
        break; /* parsed above */
    }
    return spmvp_fail(SPMVP_ERR_ARG, "%s: unknown family", spec);
}

spmvp_status spmvp_gen_build(const spmvp_gen_spec *s, spmvp_csr **out)
{
    static const int points[] = {5, 7, 27};
    *out = NULL;
    switch (s->family) {
    case SPMVP_FAMILY_LAPLACE2D:
    case SPMVP_FAMILY_LAPLACE3D:
    case SPMVP_FAMILY_LAPLACE3D27: {
        int p = points[s->family - SPMVP_FAMILY_LAPLACE2D];
        long long n = s->n, nz = p == 5 ? 1 : n;
        if (n < 1 || n > 100000)
            return spmvp_fail(SPMVP_ERR_ARG, "stencil grid size %lld is not in 1..100000", n);
        if (n * n * nz >= SPMVP_IDX_MAX || n * n * nz * p > SPMVP_IDX_MAX)
            return spmvp_fail(SPMVP_ERR_RANGE, "a %d-point stencil on %lld points needs more "
                              "than 32-bit indices", p, n * n * nz);
        *out = spmvp_stencil((spmvp_idx)n, (spmvp_idx)n, (spmvp_idx)nz, p);
        return *out ? SPMVP_OK : SPMVP_ERR_NOMEM;
    }
    case SPMVP_FAMILY_RANDOM:
        return spmvp_gen_random_rows_st(s->rows, s->cols, s->pnz, s->dist, s->seed, out);
    case SPMVP_FAMILY_BENCH:
        return spmvp_gen_random_rows_st(s->rows, s->rows, s->pnz, s->dist, s->seed, out);
    case SPMVP_FAMILY_RMAT:
        return spmvp_gen_rmat_st(s->scale, s->edge_factor, 0.57, 0.19, 0.19, s->seed, out);
    case SPMVP_FAMILY_LONGROWS:
        return spmvp_gen_longrows_st(s->rows, s->pnz, s->nlong, s->longlen, s->seed, out);
    case SPMVP_FAMILY_BAND:
        return spmvp_gen_band_st(s->rows, s->width, out);
    case SPMVP_FAMILY_BLOCKDIAG:
        return spmvp_gen_blockdiag_st(s->rows, s->width, out);
    case SPMVP_FAMILY_BLOCKS3D:
        return spmvp_gen_blocks3d_st(s->n, s->width, out);
    case SPMVP_FAMILY_ARROW:
        return spmvp_gen_arrow_st(s->rows, s->width, s->nlong, out);
    case SPMVP_FAMILY_POWERLAW:
        return spmvp_gen_powerlaw_st(s->rows, s->pnz, s->longlen, s->seed, out);
    case SPMVP_FAMILY_PERM: {
        spmvp_csr *A;
        spmvp_status st = spmvp_matrix_load(s->inner, &A);
        if (st)
            return st;
        st = spmvp_gen_perm_st(A, s->seed, out);
        spmvp_csr_free(A);
        return st;
    }
    }
    return spmvp_fail(SPMVP_ERR_ARG, "unknown matrix family %d", (int)s->family);
}

spmvp_status spmvp_matrix_load(const char *spec, spmvp_csr **out)
{
    spmvp_gen_spec g;
    *out = NULL;
    if (!spmvp_gen_is_spec(spec))
        return spmvp_mm_read(spec, out);
    spmvp_status st = spmvp_gen_parse(spec, &g);
    if (!st && (st = spmvp_gen_build(&g, out)))
        spmvp_fail(st, "%s: %s", spec, spmvp_last_error());
    return st;
}

/* ---- statistics ---- */

spmvp_row_stats spmvp_csr_row_stats(const spmvp_csr *A)
{
    spmvp_row_stats st = {0.0, 0.0, 0, 0};
    if (A->nrows < 1)
        return st;
    st.mean = (double)A->nnz / A->nrows;
    st.min = SPMVP_IDX_MAX;
    double ss = 0.0;
    for (spmvp_idx i = 0; i < A->nrows; i++) {
        spmvp_idx l = A->rowptr[i + 1] - A->rowptr[i];
        st.min = l < st.min ? l : st.min;
        st.max = l > st.max ? l : st.max;
        ss += (l - st.mean) * (l - st.mean);
    }
    st.sd = sqrt(ss / A->nrows);
    return st;
}
