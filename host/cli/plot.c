/* plot.c: gnuplot scripts for evaluate: data files beside the scripts, so both can be edited
 * and rerun by hand. */
#define _POSIX_C_SOURCE 200809L /* popen, pclose */
#include "plot.h"

#include "spmvp_sparse.h"

#include <errno.h>
#include <gsl/gsl_sort.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs gnuplot on `script`, whose image goes to `out` through a temporary file (the script
 * reads its output name from the variable out, set here): the image appears whole or not. */
static spmvp_status run_gnuplot(const char *script, const char *out)
{
    spmvp_atomic *a;
    spmvp_status st = spmvp_atomic_open(out, &a);
    if (st)
        return st;
    char cmd[8600];
    snprintf(cmd, sizeof cmd, "gnuplot -e \"out='%s'\" '%s' 2>&1", a->tmp, script);
    FILE *p = popen(cmd, "r");
    if (!p) {
        spmvp_atomic_abort(a);
        return spmvp_fail(SPMVP_ERR_IO, "cannot run gnuplot: %s", strerror(errno));
    }
    char line[512], first[512] = "";
    while (fgets(line, sizeof line, p))
        if (!first[0])
            snprintf(first, sizeof first, "%s", line);
    if (pclose(p) != 0) {
        spmvp_atomic_abort(a);
        first[strcspn(first, "\n")] = '\0';
        return spmvp_fail(SPMVP_ERR_IO, "gnuplot %s failed (is gnuplot installed?): %s", script, first);
    }
    return spmvp_atomic_commit(a);
}

/* A text file built in memory and written whole at the end (atomic_file.h). */
typedef struct sink {
    FILE *f;
    char *buf;
    size_t len;
    const char *path;
} sink;

static FILE *sink_open(sink *s, const char *path, spmvp_status *st)
{
    s->path = path;
    s->buf = NULL;
    s->f = open_memstream(&s->buf, &s->len);
    if (!s->f)
        *st = spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", path);
    return s->f;
}

/* Writes the sink's text to its path (keep = 1) or drops it; frees it. */
static spmvp_status sink_close(sink *s, int keep)
{
    spmvp_status st = SPMVP_OK;
    if (!s->f)
        return SPMVP_OK;
    if (fclose(s->f))
        st = spmvp_fail(SPMVP_ERR_NOMEM, "%s: out of memory", s->path);
    else if (keep)
        st = spmvp_atomic_write(s->path, s->buf, s->len);
    free(s->buf);
    s->f = NULL;
    return st;
}

/* The script's first lines: its output, by default the final path (to rerun by hand). */
static void script_output(FILE *gp, const char *out)
{
    fprintf(gp, "if (!exists('out')) out = '%s'\nset output out\n", out);
}

/* gnuplot's terminal line for a panel grid of w x h pixels */
static void terminal(FILE *gp, const char *term, int w, int h)
{
    if (!strcmp(term, "svg"))
        fprintf(gp, "set terminal svg size %d,%d dynamic enhanced font 'sans,12'\n", w, h);
    else
        fprintf(gp, "set terminal pngcairo size %d,%d enhanced font 'sans,11'\n", w, h);
}

/* Okabe and Ito's colour-blind safe palette (2008), black last; point types differ too, so
 * series stay apart in grey print. */
static const char *const palette[] = {"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
                                      "#56B4E9", "#F0E442", "#000000"};
#define NPALETTE (sizeof palette / sizeof palette[0])
static const int point_types[] = {7, 5, 9, 11, 13, 15, 1, 2};

/* The name of a file without its folders, for titles. */
static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static spmvp_status scatter(const char *stem, const char *out, const char *title,
                            const spmvp_plot_point *pts, size_t n, const char *const *models, int nm,
                            const char *const *formats, int nf)
{
    spmvp_status st = SPMVP_OK;
    char dat[4200], gpn[4200];
    snprintf(dat, sizeof dat, "%s.dat", stem);
    snprintf(gpn, sizeof gpn, "%s.gp", stem);
    sink sd = {0}, sg = {0};
    FILE *d = sink_open(&sd, dat, &st), *gp = d ? sink_open(&sg, gpn, &st) : NULL;
    if (!gp) {
        sink_close(&sd, 0);
        return st;
    }
    /* one gnuplot data block per (model, format), separated by two blank lines (index) */
    for (int m = 0; m < nm; m++)
        for (int f = 0; f < nf; f++) {
            fprintf(d, "# model %s format %s: measured_us predicted_us\n", models[m], formats[f]);
            int any = 0;
            for (size_t i = 0; i < n; i++)
                if (pts[i].model == m && pts[i].format == f && pts[i].measured_us > 0 &&
                    pts[i].predicted_us > 0) {
                    fprintf(d, "%.6g %.6g\n", pts[i].measured_us, pts[i].predicted_us);
                    any = 1;
                }
            if (!any)
                fprintf(d, "nan nan\n");
            fprintf(d, "\n\n");
        }
    if ((st = sink_close(&sd, 1))) {
        sink_close(&sg, 0);
        return st;
    }
    /* a grid of panels, at most three across, each large enough to read, the key outside */
    int cols = nm < 3 ? nm : 3, rows = (nm + cols - 1) / cols;
    terminal(gp, out + strlen(out) - 3, 620 * cols, 480 * rows + 40);
    script_output(gp, out);
    fprintf(gp, "set multiplot layout %d,%d title '%s: predicted against measured SpMV time (µs)' noenhanced\n",
            rows, cols, base_name(title));
    fprintf(gp, "set logscale xy\nset xlabel 'measured µs'\nset ylabel 'predicted µs'\n"
                "set key outside right top font ',9'\nset grid\n");
    for (int m = 0; m < nm; m++) {
        fprintf(gp, "set title '%s' noenhanced\nplot x title 'y = x' lc rgb 'gray' dt 2", models[m]);
        for (int f = 0; f < nf; f++)
            fprintf(gp, ", '%s' index %d using 1:2 with points pt %d ps 0.7 lc rgb '%s' title '%s' noenhanced",
                    dat, m * nf + f, point_types[f % NPALETTE], palette[f % NPALETTE], formats[f]);
        fprintf(gp, "\n");
    }
    fprintf(gp, "unset multiplot\n");
    if ((st = sink_close(&sg, 1)))
        return st;
    return run_gnuplot(gpn, out);
}

static spmvp_status errors(const char *stem, const char *out, const char *title,
                           const spmvp_plot_point *pts, size_t n, const char *const *models, int nm)
{
    spmvp_status st = SPMVP_OK;
    char dat[4200], gpn[4200];
    snprintf(dat, sizeof dat, "%s.dat", stem);
    snprintf(gpn, sizeof gpn, "%s.gp", stem);
    double *dr = malloc((n ? n : 1) * sizeof *dr);
    sink sd = {0}, sg = {0};
    FILE *d = dr ? sink_open(&sd, dat, &st) : NULL, *gp = d ? sink_open(&sg, gpn, &st) : NULL;
    if (!gp) {
        sink_close(&sd, 0);
        free(dr);
        return dr ? st : spmvp_fail(SPMVP_ERR_NOMEM, "out of memory");
    }
    for (int m = 0; m < nm; m++) {
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (pts[i].model == m && pts[i].measured_us > 0)
                dr[k++] = 100.0 * fabs(pts[i].predicted_us - pts[i].measured_us) / pts[i].measured_us;
        gsl_sort(dr, 1, k);
        fprintf(d, "# model %s: D_r (%%) cumulative_fraction\n", models[m]);
        for (size_t i = 0; i < k; i++)
            fprintf(d, "%.6g %.6g\n", dr[i] > 0.01 ? dr[i] : 0.01, (double)(i + 1) / k);
        if (!k)
            fprintf(d, "nan nan\n");
        fprintf(d, "\n\n");
    }
    free(dr);
    if ((st = sink_close(&sd, 1))) {
        sink_close(&sg, 0);
        return st;
    }
    terminal(gp, out + strlen(out) - 3, 960, 540);
    script_output(gp, out);
    fprintf(gp, "set title '%s: distribution of D_r = |predicted - measured| / measured (seed 000 eq. 7)' noenhanced\n"
                "set logscale x\nset xlabel 'D_r (%%)'\nset ylabel 'fraction of cases'\n"
                "set yrange [0:1]\nset key outside right top\nset grid\n"
                "set arrow from 20, graph 0 to 20, graph 1 nohead dt 2 lc rgb 'gray'\n"
                "set label '20 %%' at 20, graph 1.03 center\nplot ", base_name(title));
    for (int m = 0; m < nm; m++)
        fprintf(gp, "%s'%s' index %d using 1:2 with steps lw 2 lc rgb '%s' title '%s' noenhanced",
                m ? ", " : "", dat, m, palette[m % NPALETTE], models[m]);
    fprintf(gp, "\n");
    if ((st = sink_close(&sg, 1)))
        return st;
    return run_gnuplot(gpn, out);
}

spmvp_status spmvp_plot_evaluation(const char *path, const char *title,
                                   const spmvp_plot_point *pts, size_t n,
                                   const char *const *model_names, int nmodels,
                                   const char *const *format_names, int nformats)
{
    const char *ext = strrchr(path, '.');
    if (!ext || (strcmp(ext, ".png") && strcmp(ext, ".svg")))
        return spmvp_fail(SPMVP_ERR_ARG, "%s: the plot's name must end in .png or .svg", path);
    char stem[4096], err_stem[4096], err_out[4096];
    int len = (int)(ext - path);
    snprintf(stem, sizeof stem, "%.*s", len, path);
    snprintf(err_stem, sizeof err_stem, "%.*s-error", len, path);
    snprintf(err_out, sizeof err_out, "%.*s-error%s", len, path, ext);
    spmvp_status st = scatter(stem, path, title, pts, n, model_names, nmodels, format_names, nformats);
    if (!st)
        st = errors(err_stem, err_out, title, pts, n, model_names, nmodels);
    return st;
}

spmvp_status spmvp_plot_hyb_curve(const char *path, const char *title, long long k0, size_t n,
                                  const double *const *series, const char *const *names,
                                  int nseries, const spmvp_plot_mark *marks, int nmarks)
{
    const char *ext = strrchr(path, '.');
    if (!ext || (strcmp(ext, ".png") && strcmp(ext, ".svg")))
        return spmvp_fail(SPMVP_ERR_ARG, "%s: the plot's name must end in .png or .svg", path);
    spmvp_status st = SPMVP_OK;
    char dat[4200], gpn[4200];
    int stem = (int)(ext - path);
    snprintf(dat, sizeof dat, "%.*s.dat", stem, path);
    snprintf(gpn, sizeof gpn, "%.*s.gp", stem, path);
    sink sd = {0}, sg = {0};
    FILE *d = sink_open(&sd, dat, &st), *gp = d ? sink_open(&sg, gpn, &st) : NULL;
    if (!gp) {
        sink_close(&sd, 0);
        return st;
    }
    fprintf(d, "# K");
    for (int k = 0; k < nseries; k++)
        fprintf(d, " %s_us", names[k]);
    fprintf(d, "\n");
    for (size_t j = 0; j < n; j++) {
        fprintf(d, "%lld", k0 + (long long)j);
        for (int k = 0; k < nseries; k++)
            fprintf(d, " %.6g", series[k][j]); /* nan: gnuplot leaves the point out */
        fprintf(d, "\n");
    }
    if ((st = sink_close(&sd, 1))) {
        sink_close(&sg, 0);
        return st;
    }
    terminal(gp, ext + 1, 1000, 560);
    script_output(gp, path);
    fprintf(gp, "set title '%s' noenhanced\n", title);
    /* log y: T (with the transfer) and CT differ by orders of magnitude; the K each rule
     * chooses is a dashed line with its name */
    fprintf(gp, "set xlabel 'HYB threshold K (ELL width)'\nset ylabel 'estimated time (µs)'\n"
                "set logscale y\nset key outside right top\nset grid\nset datafile missing 'nan'\n");
    for (int i = 0; i < nmarks; i++)
        fprintf(gp, "set arrow from %lld, graph 0 to %lld, graph 1 nohead dt 3 lc rgb '%s'\n"
                    "set label '%s K=%lld' at %lld, graph %.3f rotate by 90 right font ',9' noenhanced\n",
                marks[i].K, marks[i].K, palette[(nseries + i) % NPALETTE], marks[i].name, marks[i].K,
                marks[i].K, 0.98 - 0.0 * i);
    fprintf(gp, "plot ");
    for (int k = 0; k < nseries; k++)
        fprintf(gp, "%s'%s' using 1:%d with lines lw 2 lc rgb '%s' title '%s' noenhanced", k ? ", " : "",
                dat, k + 2, palette[k % NPALETTE], names[k]);
    fprintf(gp, "\n");
    if ((st = sink_close(&sg, 1)))
        return st;
    return run_gnuplot(gpn, path);
}
