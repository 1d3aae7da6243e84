/* opts.h: one option grammar for every command, driven by a table per command (as git's
 * parse-options): the same table parses argv, prints --help with every default, names the
 * nearest option or command on a typo, and feeds the bash completion and the man page.
 *
 * Grammar (GNU style): options and positional arguments in any order; `--opt value` and
 * `--opt=value`; a short alias takes `-o value`; `--` ends the options; `-` alone is a
 * positional argument (standard input or output where a command says so). A flag takes no
 * value (`--json=1` is an error). The last of a repeated option wins.
 *
 * Ownership: the tables are static data of each command; parsing stores pointers into argv,
 * which lives as long as the process. Nothing here allocates. */
#ifndef SPMVP_OPTS_H
#define SPMVP_OPTS_H

#include <stddef.h>
#include <stdio.h>

typedef enum spmvp_opt_kind {
    SPMVP_OPT_FLAG,   /* no value: *(int *)dest = 1 */
    SPMVP_OPT_STRING, /* *(const char **)dest = the value */
    SPMVP_OPT_INT,    /* *(int *)dest = the value, a whole number in [lo, hi] (a power of two
                         when pow2) */
    SPMVP_OPT_DOUBLE, /* *(double *)dest = the value, a finite number in [dlo, dhi] */
    SPMVP_OPT_CHOICE, /* *(int *)dest = the index of the value in choices (case-insensitive) */
    SPMVP_OPT_CUSTOM, /* parse(value, dest): 0, or -1 with a message in spmvp_last_error() */
    SPMVP_OPT_MAPPING /* stands for one SPMVP_OPT_INT per thread-mapping parameter of the
                         formats (spmvp_mapping_params), storing into the spmvp_mapping *dest:
                         a format's new parameter becomes an option of every command that
                         runs formats, with no edit here */
} spmvp_opt_kind;

typedef struct spmvp_opt {
    const char *name;   /* long name without the dashes: "runs" (NULL ends a table) */
    char alias;         /* one-letter alias ('o' for -o), or 0 */
    spmvp_opt_kind kind;
    void *dest;         /* where the value goes (see the kinds) */
    const char *metavar; /* the value's name in help: "N", "FILE" */
    const char *help;   /* what it does, one line */
    const char *def;    /* the default as help shows it ("50"), NULL: none */
    long lo, hi;        /* SPMVP_OPT_INT's range */
    int pow2;           /* SPMVP_OPT_INT: a power of two */
    double dlo, dhi;    /* SPMVP_OPT_DOUBLE's range */
    const char *const *choices; /* SPMVP_OPT_CHOICE: NULL-terminated names */
    int (*parse)(const char *value, void *dest); /* SPMVP_OPT_CUSTOM */
    const char *conflicts; /* the long name of an option that may not be given with this one */
    void (*values)(char *buf, size_t size); /* writes the accepted values for help, when they
                                               come from a table (the formats), or NULL */
    int required;       /* 1: the command needs it ("needs --profile P.json") */
} spmvp_opt;

/* Option table rows: designated fields, to write inside braces, with more fields after them
 * where needed: {SPMVP_STRING("output", &out, "FILE", "write to FILE", NULL), .alias = 'o'}. */
#define SPMVP_FLAG(n, d, h) .name = n, .kind = SPMVP_OPT_FLAG, .dest = d, .help = h
#define SPMVP_STRING(n, d, m, h, df) .name = n, .kind = SPMVP_OPT_STRING, .dest = d, .metavar = m, \
    .help = h, .def = df
#define SPMVP_INT(n, d, m, h, df, l, u) .name = n, .kind = SPMVP_OPT_INT, .dest = d, .metavar = m, \
    .help = h, .def = df, .lo = l, .hi = u
#define SPMVP_DOUBLE(n, d, m, h, df, l, u) .name = n, .kind = SPMVP_OPT_DOUBLE, .dest = d, \
    .metavar = m, .help = h, .def = df, .dlo = l, .dhi = u
#define SPMVP_POW2(n, d, m, h, df, l, u) SPMVP_INT(n, d, m, h, df, l, u), .pow2 = 1
#define SPMVP_CHOICE(n, d, m, h, df, c) .name = n, .kind = SPMVP_OPT_CHOICE, .dest = d, .metavar = m, \
    .help = h, .def = df, .choices = c
#define SPMVP_MAPPING(d) .name = "", .kind = SPMVP_OPT_MAPPING, .dest = d
#define SPMVP_CUSTOM(n, d, m, h, df, p) .name = n, .kind = SPMVP_OPT_CUSTOM, .dest = d, .metavar = m, \
    .help = h, .def = df, .parse = p

/* A command: its name, arguments and options, and the text of its help. */
typedef struct spmvp_cmd {
    const char *name;      /* "bench" */
    int (*run)(int argc, char **argv);
    const char *summary;   /* one line: what it does */
    const char *args;      /* the positional arguments in usage: "MATRIX", "" for none */
    int min_args, max_args; /* how many positional arguments (max_args -1: any number) */
    const spmvp_opt *opts; /* the options, ended by {NULL} (--help is implicit) */
    const char *details;   /* paragraphs after the options (matrix families, models), or NULL */
    const char *example;   /* one or more example lines, or NULL */
} spmvp_cmd;

/* Parses argv[1..argc) (argv[0] is the command's name) by c's table: values into the options'
 * dest, positional arguments into args[0..*nargs) (args has room for c->max_args entries, or
 * argc when max_args is -1). Returns -1
 * to go on; 0 after printing the help on stdout for --help or -h; 2 (usage) after printing one
 * line on stderr: an unknown option with the nearest one ("unknown option --formts (did you
 * mean --formats?)"), a missing or invalid value naming the option and what it takes, two
 * options that conflict (naming both), or too few or too many positional arguments. */
int spmvp_opts_parse(const spmvp_cmd *c, int argc, char **argv, const char **args, int *nargs);

/* 1 when the option `name` (long name) appeared on the command line of the last
 * spmvp_opts_parse of c, 0 otherwise. */
int spmvp_opts_given(const spmvp_cmd *c, const char *name);

/* c's options as a flat list, SPMVP_OPT_MAPPING rows expanded, into out[0..cap): the count. */
size_t spmvp_opts_list(const spmvp_cmd *c, spmvp_opt *out, size_t cap);

/* Writes c's help: usage, summary, every option with its value, meaning and default, the
 * details and the example. */
void spmvp_opts_help(const spmvp_cmd *c, FILE *f);

/* Writes text from column `indent` on (the caller has written that far), broken at spaces
 * before column `width`, continuation lines indented to `indent`, and a newline. */
void spmvp_text_wrap(FILE *f, const char *text, int indent, int width);

/* The candidate closest to `word` by edit distance, if close enough to be a likely typo
 * (at most a third of its length, at least 1, or `word` a prefix of it); NULL otherwise. */
const char *spmvp_opts_nearest(const char *word, const char *const *cands, size_t n);

#endif
