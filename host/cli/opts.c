/* opts.c: the option grammar of every command, its errors and its help (opts.h). */
#include "opts.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "spmvp_sparse.h"

#define MAX_OPTS 64
#define EXIT_USAGE 2

/* What the last parse saw, for spmvp_opts_given: a command parses once per process. */
static const spmvp_cmd *given_cmd;
static unsigned char given[MAX_OPTS];

static int usage_error(const spmvp_cmd *c, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "spmvp: %s: ", c->name);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

/* Edit distance counting a swap of two neighbours as one edit (optimal string alignment),
 * case-insensitive: "rnus" is one edit from "runs". (size_t)-1 for words over 63 bytes. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), d[64][64];
    if (la >= 64 || lb >= 64)
        return (size_t)-1;
    for (size_t i = 0; i <= la; i++)
        for (size_t j = 0; j <= lb; j++) {
            if (!i || !j) {
                d[i][j] = i + j;
                continue;
            }
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + (ca != cb);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

const char *spmvp_opts_nearest(const char *word, const char *const *cands, size_t n)
{
    const char *best = NULL;
    size_t best_d = (size_t)-1, len = strlen(word);
    for (size_t i = 0; i < n; i++) {
        if (len >= 2 && !strncmp(cands[i], word, len))
            return cands[i]; /* an abbreviation */
        size_t d = edit_distance(word, cands[i]);
        if (d < best_d) {
            best_d = d;
            best = cands[i];
        }
    }
    size_t limit = len / 3 > 1 ? len / 3 : 1;
    return best_d <= limit ? best : NULL;
}

size_t spmvp_opts_list(const spmvp_cmd *c, spmvp_opt *out, size_t cap)
{
    size_t n = 0;
    for (const spmvp_opt *o = c->opts; o && o->name && n < cap; o++) {
        if (o->kind != SPMVP_OPT_MAPPING) {
            out[n++] = *o;
            continue;
        }
        size_t np;
        const spmvp_mapping_param *const *p = spmvp_mapping_params(&np);
        for (size_t i = 0; i < np && n < cap; i++)
            out[n++] = (spmvp_opt){SPMVP_INT(p[i]->name, spmvp_mapping_value(o->dest, p[i]), p[i]->metavar,
                                             p[i]->help, p[i]->def, p[i]->lo, p[i]->hi),
                                   .pow2 = p[i]->pow2};
    }
    return n;
}

/* The flat options of the command being parsed (spmvp_opts_list). */
static spmvp_opt flat[MAX_OPTS];
static size_t nflat;

static const spmvp_opt *find_long(const char *name, size_t len)
{
    for (size_t i = 0; i < nflat; i++)
        if (strlen(flat[i].name) == len && !strncmp(flat[i].name, name, len))
            return &flat[i];
    return NULL;
}

static const spmvp_opt *find_alias(char alias)
{
    for (size_t i = 0; i < nflat; i++)
        if (flat[i].alias && flat[i].alias == alias)
            return &flat[i];
    return NULL;
}

static int unknown_option(const spmvp_cmd *c, const char *arg, size_t len)
{
    const char *names[MAX_OPTS + 1];
    size_t n = 0;
    char word[64];
    for (size_t i = 0; i < nflat; i++)
        names[n++] = flat[i].name;
    names[n++] = "help";
    snprintf(word, sizeof word, "%.*s", (int)(len < 63 ? len : 63), arg);
    const char *near = spmvp_opts_nearest(word, names, n);
    if (near) {
        char hint[96];
        snprintf(hint, sizeof hint, " (did you mean --%s?)", near);
        return usage_error(c, "unknown option --%s%s", word, hint);
    }
    char hint[96];
    snprintf(hint, sizeof hint, " (see spmvp %s --help)", c->name);
    return usage_error(c, "unknown option --%s%s", word, hint);
}

static int is_pow2(long v) { return v > 0 && !(v & (v - 1)); }

/* Stores `value` for option o; 0, or the usage exit status after printing why not. */
static int store(const spmvp_cmd *c, const spmvp_opt *o, const char *value)
{
    char what[96];
    snprintf(what, sizeof what, "--%s", o->name);
    switch (o->kind) {
    case SPMVP_OPT_FLAG:
        *(int *)o->dest = 1;
        return 0;
    case SPMVP_OPT_STRING:
        if (!*value)
            return usage_error(c, "%s needs a non-empty %s", what, o->metavar ? o->metavar : "value");
        *(const char **)o->dest = value;
        return 0;
    case SPMVP_OPT_INT: {
        char *end, range[96];
        errno = 0;
        long v = strtol(value, &end, 10);
        if (errno || end == value || *end || v < o->lo || v > o->hi || (o->pow2 && !is_pow2(v))) {
            snprintf(range, sizeof range, "a whole number in %ld..%ld%s, not \"%.40s\"", o->lo,
                     o->hi, o->pow2 ? " (a power of two)" : "", value);
            return usage_error(c, "%s takes %s", what, range);
        }
        *(int *)o->dest = (int)v;
        return 0;
    }
    case SPMVP_OPT_DOUBLE: {
        char *end, range[128];
        errno = 0;
        double v = strtod(value, &end);
        if (errno || end == value || *end || !(v >= o->dlo && v <= o->dhi)) {
            snprintf(range, sizeof range, "a number in %g..%g, not \"%.40s\"", o->dlo, o->dhi, value);
            return usage_error(c, "%s takes %s", what, range);
        }
        *(double *)o->dest = v;
        return 0;
    }
    case SPMVP_OPT_CHOICE: {
        char list[160] = "";
        size_t len = 0;
        for (int i = 0; o->choices[i]; i++) {
            if (!strcasecmp(value, o->choices[i])) {
                *(int *)o->dest = i;
                return 0;
            }
            int k = snprintf(list + len, sizeof list - len, "%s%s", i ? " or " : "", o->choices[i]);
            len += k > 0 && (size_t)k < sizeof list - len ? (size_t)k : 0;
        }
        char msg[256];
        snprintf(msg, sizeof msg, "%s, not \"%.40s\"", list, value);
        return usage_error(c, "%s takes %s", what, msg);
    }
    case SPMVP_OPT_CUSTOM:
        if (o->parse(value, o->dest))
            return usage_error(c, "%s: %s", what, spmvp_last_error());
        return 0;
    case SPMVP_OPT_MAPPING: /* expanded by spmvp_opts_list */
        break;
    }
    return usage_error(c, "%s: option of unknown kind%s", what, "");
}

/* The conflicts between options given together: 0, or the usage status after naming both. */
static int check_conflicts(const spmvp_cmd *c)
{
    for (size_t i = 0; i < nflat; i++) {
        const spmvp_opt *o = &flat[i];
        if (!given[i] || !o->conflicts || !spmvp_opts_given(c, o->conflicts))
            continue;
        char a[64];
        snprintf(a, sizeof a, "--%s", o->name);
        return usage_error(c, "%s and --%s cannot be given together", a, o->conflicts);
    }
    return 0;
}

int spmvp_opts_given(const spmvp_cmd *c, const char *name)
{
    if (c != given_cmd)
        return 0;
    for (size_t i = 0; i < nflat; i++)
        if (!strcmp(flat[i].name, name))
            return given[i];
    return 0;
}

int spmvp_opts_parse(const spmvp_cmd *c, int argc, char **argv, const char **args, int *nargs)
{
    int options_end = 0, rc, cap = c->max_args >= 0 ? c->max_args : argc;
    const char *extra = NULL; /* the first argument past max_args */
    given_cmd = c;
    memset(given, 0, sizeof given);
    nflat = spmvp_opts_list(c, flat, MAX_OPTS);
    *nargs = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options_end || a[0] != '-' || !a[1]) { /* "-" alone is an argument */
            if (*nargs < cap)
                args[(*nargs)++] = a;
            else if (!extra)
                extra = a;
            continue;
        }
        if (!strcmp(a, "--")) {
            options_end = 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            spmvp_opts_help(c, stdout);
            return 0;
        }
        const spmvp_opt *o;
        const char *value = NULL;
        char shown[64];
        if (a[1] == '-') {
            const char *name = a + 2, *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            if (!(o = find_long(name, len)))
                return unknown_option(c, name, len);
            value = eq ? eq + 1 : NULL;
            snprintf(shown, sizeof shown, "--%s", o->name);
        } else {
            if (a[2] || !(o = find_alias(a[1])))
                return usage_error(c, "unknown option %s (see spmvp %s --help)", a, c->name);
            snprintf(shown, sizeof shown, "-%c", o->alias);
        }
        if (o->kind == SPMVP_OPT_FLAG) {
            if (value)
                return usage_error(c, "%s takes no value (got \"%s\")", shown, value);
        } else if (!value) {
            if (i + 1 >= argc)
                return usage_error(c, "%s needs a value (%s)", shown, o->metavar ? o->metavar : "see --help");
            value = argv[++i];
        }
        if ((rc = store(c, o, value)))
            return rc;
        given[o - flat] = 1;
    }
    if ((rc = check_conflicts(c)))
        return rc;
    for (size_t i = 0; i < nflat; i++)
        if (flat[i].required && !given[i]) {
            char need[96];
            snprintf(need, sizeof need, "%s%s %s", flat[i].alias ? "-" : "--",
                     flat[i].alias ? (char[2]){flat[i].alias, 0} : flat[i].name,
                     flat[i].metavar ? flat[i].metavar : "VALUE");
            return usage_error(c, "needs %s%s", need, " (see --help)");
        }
    if (*nargs < c->min_args)
        return usage_error(c, "needs %s (see spmvp %s --help)", c->args, c->name);
    if (extra)
        return usage_error(c, "unexpected argument \"%s\" (usage: %s)", extra,
                           c->args[0] ? c->args : "no arguments");
    return -1;
}

#define HELP_WIDTH 100 /* columns of --help */

/* Writes text from column `indent` on, broken at spaces before column `width`, continuation
 * lines indented to `indent`; ends with a newline. */
void spmvp_text_wrap(FILE *f, const char *text, int indent, int width)
{
    int col = indent;
    const char *p = text;
    while (*p) {
        const char *sp = strchr(p, ' ');
        int len = sp ? (int)(sp - p) : (int)strlen(p);
        if (col > indent && col + 1 + len > width) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', f);
            col++;
        }
        fwrite(p, 1, (size_t)len, f);
        col += len;
        p += len;
        while (*p == ' ')
            p++;
    }
    fputc('\n', f);
}

void spmvp_opts_help(const spmvp_cmd *c, FILE *f)
{
    fprintf(f, "usage: spmvp %s%s%s [options]\n\n%s\n", c->name, c->args[0] ? " " : "", c->args,
            c->summary);
    fprintf(f, "\noptions:\n");
    spmvp_opt list[MAX_OPTS];
    size_t n = spmvp_opts_list(c, list, MAX_OPTS);
    for (const spmvp_opt *o = list; o < list + n; o++) {
        char left[64], alias[8] = "    ";
        if (o->alias)
            snprintf(alias, sizeof alias, "-%c, ", o->alias);
        snprintf(left, sizeof left, "%s--%s%s%s", alias, o->name, o->kind == SPMVP_OPT_FLAG ? "" : " ",
                 o->kind == SPMVP_OPT_FLAG ? "" : (o->metavar ? o->metavar : "VALUE"));
        char text[768], values[256] = "";
        if (o->values)
            o->values(values, sizeof values);
        snprintf(text, sizeof text, "%s%s%s%s%s%s", o->help, values[0] ? ": " : "", values,
                 o->def ? " (default: " : "", o->def ? o->def : "", o->def ? ")" : "");
        fprintf(f, "  %-26s ", left);
        spmvp_text_wrap(f, text, 2 + 26 + 1, HELP_WIDTH);
    }
    fprintf(f, "  %-26s %s\n", "-h, --help", "this help");
    if (c->details)
        fprintf(f, "\n%s", c->details);
    if (c->example)
        fprintf(f, "\nexample:\n%s", c->example);
}
