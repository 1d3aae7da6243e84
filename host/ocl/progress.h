/* progress.h: progress of a long run (calibrate, evaluate): on a terminal a bar with N of M,
 * the elapsed time and an estimate of what is left, redrawn in place; elsewhere (a log, CI) a
 * plain "spmvp: progress:" line every 5 %. */
#ifndef SPMVP_PROGRESS_H
#define SPMVP_PROGRESS_H

#include <stdio.h>
#include <time.h>

typedef struct spmvp_progress {
    FILE *out;          /* where it goes (stderr), NULL: nowhere */
    const char *what;   /* "points", "matrices" */
    size_t total;
    time_t start;
    int tty;            /* out is a terminal: draw the bar */
} spmvp_progress;

/* Starts a progress report of `total` steps on `out` (may be NULL: silent). */
spmvp_progress spmvp_progress_start(FILE *out, const char *what, size_t total);
/* Reports that `done` of the steps are finished (the bar ends its line at total). */
void spmvp_progress_step(spmvp_progress *p, size_t done);

#endif
