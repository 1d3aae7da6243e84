/* commands.c: the table of commands (as git.c has), its dispatch, `spmvp help`, and what the
 * option tables give for free: the bash completion and the man page. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static int cmd_completion(int argc, char **argv);

static const char *shell;
static const spmvp_opt completion_options[] = {{.name = NULL}};
static const spmvp_cmd completion = {
    "completion", cmd_completion, "print the bash completion script", "bash", 1, 1,
    completion_options,
    "Install it as /usr/share/bash-completion/completions/spmvp (cmake --install does), or\n"
    "source it: . <(spmvp completion bash)\n",
    "  spmvp completion bash > ~/.local/share/bash-completion/completions/spmvp\n",
};

static const spmvp_cmd *const commands[] = {
    &spmvp_command_devices, &spmvp_command_bench, &spmvp_command_microbench, &spmvp_command_gen, &spmvp_command_features,
    &spmvp_command_rank, &spmvp_command_advise, &spmvp_command_calibrate, &spmvp_command_train, &spmvp_command_refit, &spmvp_command_predict, &spmvp_command_compare,
    &spmvp_command_evaluate, &spmvp_command_cg, &spmvp_command_cv,
    &completion,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void print_usage(FILE *f)
{
    fprintf(f, "usage: spmvp COMMAND [options]   (spmvp help COMMAND for its options)\n\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(f, "\n  spmvp --version     the version\n  spmvp help --usage  every command with its options\n"
               "  spmvp help --man    the manual page (roff)\n");
}

static const spmvp_cmd *find(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, commands[i]->name))
            return commands[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i]->name;
    const char *near = spmvp_opts_nearest(name, names, NCOMMANDS);
    if (near)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "unknown command \"%s\" (did you mean %s?)", name, near);
    return spmvp_cli_error(SPMVP_EXIT_USAGE, "unknown command \"%s\" (try spmvp --help)", name);
}

/* roff with its special characters escaped: backslash, and a leading dot or quote. */
static void roff(FILE *f, const char *s)
{
    int bol = 1;
    for (; *s; s++) {
        if (bol && (*s == '.' || *s == '\''))
            fputs("\\&", f);
        if (*s == '\\')
            fputs("\\e", f);
        else if (*s == '-')
            fputs("\\-", f);
        else
            fputc(*s, f);
        bol = *s == '\n';
    }
}

static void print_man(FILE *f)
{
    fprintf(f, ".TH SPMVP 1 \"\" \"spmvp %s\" \"User Commands\"\n.SH NAME\nspmvp \\- predict and "
            "measure sparse matrix-vector multiplication on OpenCL devices\n.SH SYNOPSIS\n"
            ".B spmvp\n.I COMMAND\n[options]\n.SH COMMANDS\n", SPMVP_VERSION);
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const spmvp_cmd *c = commands[i];
        fprintf(f, ".SS \"spmvp %s", c->name);
        if (c->args[0])
            fprintf(f, " %s", c->args);
        fprintf(f, "\"\n");
        roff(f, c->summary);
        fprintf(f, "\n");
        spmvp_opt list[64];
        size_t n = spmvp_opts_list(c, list, 64);
        for (const spmvp_opt *o = list; o < list + n; o++) {
            fprintf(f, ".TP\n");
            if (o->alias)
                fprintf(f, "\\fB\\-%c\\fR, ", o->alias);
            fprintf(f, "\\fB\\-\\-");
            roff(f, o->name);
            fprintf(f, "\\fR");
            if (o->kind != SPMVP_OPT_FLAG)
                fprintf(f, " \\fI%s\\fR", o->metavar ? o->metavar : "VALUE");
            fprintf(f, "\n");
            roff(f, o->help);
            if (o->def) {
                fprintf(f, " (default: ");
                roff(f, o->def);
                fprintf(f, ")");
            }
            fprintf(f, "\n");
        }
        if (c->details) {
            fprintf(f, ".PP\n.nf\n");
            roff(f, c->details);
            fprintf(f, ".fi\n");
        }
        if (c->example) {
            fprintf(f, ".PP\nExample:\n.nf\n");
            roff(f, c->example);
            fprintf(f, ".fi\n");
        }
    }
    fprintf(f, ".SH EXIT STATUS\n0 success, 1 runtime failure, 2 usage error; an error is one line "
            "on standard error.\n.SH SEE ALSO\nThe README and docs/ of the spmvp sources.\n");
}

/* One line per command, every option with its value (optional ones in brackets), wrapped
 * under the first argument: the README's usage block. */
static void print_synopsis(FILE *f)
{
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const spmvp_cmd *c = commands[i];
        int indent = (int)strlen(c->name) + 7, col;
        col = fprintf(f, "spmvp %s%s%s", c->name, c->args[0] ? " " : "", c->args);
        spmvp_opt list[64];
        size_t n = spmvp_opts_list(c, list, 64);
        for (size_t k = 0; k < n; k++) {
            char tok[96];
            snprintf(tok, sizeof tok, "%s%s%s%s%s%s", list[k].required ? "" : "[",
                     list[k].alias ? "-" : "--", list[k].alias ? (char[2]){list[k].alias, 0} : list[k].name,
                     list[k].kind == SPMVP_OPT_FLAG ? "" : " ",
                     list[k].kind == SPMVP_OPT_FLAG ? "" : (list[k].metavar ? list[k].metavar : "VALUE"),
                     list[k].required ? "" : "]");
            int w = (int)strlen(tok);
            if (col + 1 + w > 100) {
                fprintf(f, "\n%*s%s", indent, "", tok);
                col = indent + w;
            } else {
                col += fprintf(f, " %s", tok);
            }
        }
        fputc('\n', f);
    }
}

/* `spmvp help [COMMAND | --man | --usage]` */
static int help(int argc, char **argv)
{
    if (argc < 3) {
        print_usage(stdout);
        return SPMVP_EXIT_OK;
    }
    if (!strcmp(argv[2], "--man")) {
        print_man(stdout);
        return SPMVP_EXIT_OK;
    }
    if (!strcmp(argv[2], "--usage")) {
        print_synopsis(stdout);
        return SPMVP_EXIT_OK;
    }
    const spmvp_cmd *c = find(argv[2]);
    if (!c)
        return unknown_command(argv[2]);
    spmvp_opts_help(c, stdout);
    return SPMVP_EXIT_OK;
}

/* What bash offers after option o: its choices, the formats, nothing for a number, else files. */
static void complete_values(FILE *f, const spmvp_opt *o)
{
    char values[256] = "";
    if (o->choices)
        for (int i = 0; o->choices[i]; i++)
            snprintf(values + strlen(values), sizeof values - strlen(values), "%s%s", i ? " " : "", o->choices[i]);
    else if (o->values) {
        o->values(values, sizeof values);
        for (char *p = values; *p; p++) /* "a, b, c" -> "a b c" */
            if (*p == ',')
                memmove(p, p + 1, strlen(p));
    }
    fprintf(f, "            --%s) ", o->name);
    if (values[0])
        fprintf(f, "COMPREPLY=($(compgen -W \"%s\" -- \"$cur\"))", values);
    else if (o->kind == SPMVP_OPT_INT || o->kind == SPMVP_OPT_DOUBLE)
        fprintf(f, "COMPREPLY=()");
    else
        fprintf(f, "COMPREPLY=($(compgen -f -- \"$cur\"))");
    fprintf(f, "; return ;;\n");
}

static void print_bash(FILE *f)
{
    fprintf(f, "# bash completion for spmvp, generated by `spmvp completion bash` from its option "
            "tables\n_spmvp() {\n    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
            "    local cmd=${COMP_WORDS[1]} opts=\"\"\n    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
            "        COMPREPLY=($(compgen -W \"");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "%s ", commands[i]->name);
    fprintf(f, "help --help --version\" -- \"$cur\"))\n        return\n    fi\n    case \"$cmd\" in\n");
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const spmvp_cmd *c = commands[i];
        spmvp_opt list[64];
        size_t n = spmvp_opts_list(c, list, 64);
        fprintf(f, "    %s)\n        opts=\"--help", c->name);
        for (const spmvp_opt *o = list; o < list + n; o++)
            fprintf(f, " --%s", o->name);
        fprintf(f, "\"\n        case \"$prev\" in\n");
        for (const spmvp_opt *o = list; o < list + n; o++)
            if (o->kind != SPMVP_OPT_FLAG)
                complete_values(f, o);
        fprintf(f, "        esac ;;\n");
    }
    fprintf(f, "    help) COMPREPLY=($(compgen -W \"");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "%s ", commands[i]->name);
    fprintf(f, "--man\" -- \"$cur\")); return ;;\n    esac\n"
            "    if [[ $cur == -* ]]; then\n        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
            "    else\n        COMPREPLY=($(compgen -f -- \"$cur\"))\n    fi\n}\n"
            "complete -o filenames -F _spmvp spmvp\n");
}

static int cmd_completion(int argc, char **argv)
{
    int n;
    int rc = spmvp_opts_parse(&completion, argc, argv, &shell, &n);
    if (rc >= 0)
        return rc;
    if (strcmp(shell, "bash"))
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "completion: only bash is supported, not \"%s\"", shell);
    print_bash(stdout);
    return SPMVP_EXIT_OK;
}

int spmvp_cli_main(int argc, char **argv)
{
    if (argc < 2)
        return spmvp_cli_error(SPMVP_EXIT_USAGE, "no command given (try spmvp --help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        return print_usage(stdout), SPMVP_EXIT_OK;
    if (!strcmp(argv[1], "help"))
        return help(argc, argv);
    if (!strcmp(argv[1], "--version")) {
        printf("spmvp %s\n", SPMVP_VERSION);
        return SPMVP_EXIT_OK;
    }
    const spmvp_cmd *c = find(argv[1]);
    return c ? c->run(argc - 1, argv + 1) : unknown_command(argv[1]);
}
